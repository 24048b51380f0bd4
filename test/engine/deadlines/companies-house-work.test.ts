/** Accounts drafts and live acceptances placed on the Deadlines' accounts rows. */
import { describe, expect, it } from 'vitest';
import { accountsWorkOf } from '../../../main/deadlines/accounts-work.js';
import { accountsProgressOf } from '../../../main/deadlines/accounts-progress.js';

const clients = [{ id: 'c1', registrationNumber: '01234567', archived: false }];
const accepted = (over: object) => ({ companyNumber: '01234567', environment: 'live' as const, state: 'accepted' as const, periodStart: '2024-04-01', madeUpDate: '2025-03-31', outcome: { kind: 'accepted' as const, at: '2025-11-03T10:00:00.000Z', reasons: [] }, ...over });

describe('the accounts the Deadlines count', () => {
  it('takes drafts by their state and a live acceptance as delivery on its day, a command-line filing for the client with its number', () => {
    const work = accountsWorkOf(clients, [{ id: 'a1', clientId: 'c1', periodFrom: '2025-04-01', periodTo: '2026-03-31', state: 'in-progress' }], [accepted({})]);
    const progress = accountsProgressOf(work);
    expect(progress('c1', { start: '2025-04-01', end: '2026-03-31' })).toEqual({ state: 'draft', draftId: 'a1' });
    expect(progress('c1', { start: '2024-04-01', end: '2025-03-31' })).toEqual({ state: 'built', draftId: null, deliveredOn: '2025-11-03' });
  });

  it('never counts a test filing, a rejection or a filing still under way as delivered', () => {
    const work = accountsWorkOf(clients, [], [accepted({ environment: 'test' }), accepted({ state: 'rejected', outcome: { kind: 'rejected', at: '2025-11-03T10:00:00.000Z', reasons: [] } }), accepted({ state: 'received', outcome: undefined })]);
    expect(work).toEqual([]);
  });
});
