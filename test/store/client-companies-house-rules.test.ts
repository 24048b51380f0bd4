/** What a client records for Companies House, checked with each error naming its field and rule. */
import { describe, expect, it } from 'vitest';
import { clientDetailsErrors, normaliseClientDetails } from '../../main/store/client-rules.js';
import type { ClientDetails } from '../../preload/contract.js';

const base: ClientDetails = { companyName: 'Acme Ltd', registrationNumber: '01234567', utr: '', periodEnd: '03-31', serviceClientName: '', serviceClientId: '' };
const errorsOf = (details: ClientDetails) => clientDetailsErrors(normaliseClientDetails(details));

describe('a client’s Companies House facts', () => {
  it('accepts an incorporation date, the first period starting that day, delivery after the end and a notice during the period', () => {
    expect(
      errorsOf({
        ...base,
        incorporatedOn: '2025-01-10',
        accountsLateBefore: false,
        periods: [{ start: '2025-01-10', end: '2026-01-31', filedOn: null, accepted: false, accountsDeliveredOn: '2026-09-01', shortenedByNoticeOn: '2025-12-01' }],
      }),
    ).toEqual([]);
  });

  it('names each field and rule broken', () => {
    const errors = errorsOf({
      ...base,
      incorporatedOn: '2025-02-30',
      periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: null, accepted: false, accountsDeliveredOn: '2025-03-31', shortenedByNoticeOn: '31/12/2024' }],
    });
    expect(errors).toEqual([
      { field: 'details.incorporatedOn', message: 'must be a real date written as YYYY-MM-DD: the day the company was incorporated, or left empty when not known' },
      { field: 'details.periods.0.accountsDeliveredOn', message: 'must be after the end of the period (2025-03-31): accounts are delivered once their period has ended' },
      { field: 'details.periods.0.shortenedByNoticeOn', message: 'must be a real date written as YYYY-MM-DD, or left empty when the period was not shortened by notice' },
    ]);
  });

  it('refuses a period starting before the company was incorporated, and a notice before the period began', () => {
    const errors = errorsOf({
      ...base,
      incorporatedOn: '2025-01-10',
      periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: null, accepted: false, shortenedByNoticeOn: '2024-03-01' }],
    });
    expect(errors.map((e) => e.field)).toEqual(['details.periods.0.start', 'details.periods.0.shortenedByNoticeOn']);
    expect(errors[0]!.message).toBe('must not be before the company was incorporated (2025-01-10): its first period starts that day');
  });

  it('keeps an empty incorporation date as not known', () => {
    expect(normaliseClientDetails({ ...base, incorporatedOn: '  ' }).incorporatedOn).toBeNull();
  });
});
