/** Deadlines and the s455 tax on loans to participators: box 480 of the built return, due with box 525 (which includes it), interest as on the rest. */
import { describe, expect, it } from 'vitest';
import { deadlineJson } from '../../main/cli/deadlines.js';
import { returnTaxes, taxesByPeriod, type BuiltDraft } from '../../main/deadlines/tax-payable.js';
import { createDeadlineListHandler } from '../../main/ipc/deadline-handlers.js';
import type { Client, DeadlineRow, DraftSummary, ReturnDeadlineRow } from '../../preload/contract.js';
import { s455Words, taxWords } from '../../renderer/src/features/deadlines/deadline-view.js';

/** A Company Tax Return's row (the client has no Companies House number, so it has no accounts rows). */
const returnRow = (row: DeadlineRow | undefined): ReturnDeadlineRow => {
  if (row?.kind !== 'ct600') throw new Error(`expected a Company Tax Return's row, got ${row?.kind}`);
  return row;
};

/** A built return as far as the Deadlines need it: boxes 480, 510 and 525. */
const returnXml = (payable: string, s455: string | null) =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body><IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><CompanyTaxReturn ReturnType="new"><CalculationOfTaxOutstandingOrOverpaid><NetCorporationTaxLiability>9000.00</NetCorporationTaxLiability>${
      s455 === null ? '' : `<LoansToParticipators>${s455}</LoansToParticipators>`
    }<TaxChargeable>${payable}</TaxChargeable><TaxPayable>${payable}</TaxPayable></CalculationOfTaxOutstandingOrOverpaid></CompanyTaxReturn></IRenvelope></Body></GovTalkMessage>`,
  );

const built = (id: string): BuiltDraft => ({
  id,
  kind: 'ct600',
  clientId: 'c1',
  periodFrom: '2025-01-01',
  periodTo: '2025-12-31',
  lastBuild: { builtAt: '2026-09-01T00:00:00Z', answeredBy: 'engine', fingerprint: '0'.repeat(64), fileName: 'x.xml', size: 1, sha256: '0'.repeat(64) },
  filed: null,
});

const client: Client = {
  id: 'c1', companyName: 'Owing Ltd', registrationNumber: '', utr: '', periodEnd: '', serviceClientName: '', serviceClientId: '', associatedCompanies: 0,
  archived: false, createdAt: 'x', changedAt: 'x',
  periods: [{ start: '2025-01-01', end: '2025-12-31', filedOn: null, accepted: false, payments: [] }],
};
const summary: DraftSummary = { id: 'd1', kind: 'ct600', title: 'Owing', clientId: 'c1', clientName: 'Owing Ltd', periodFrom: '2025-01-01', periodTo: '2025-12-31', state: 'built', changedAt: 'x' };

const listOn = (today: string, bytes: Uint8Array, c: Client = client) =>
  createDeadlineListHandler({
    clients: { list: async () => [c] },
    drafts: { list: async () => ({ drafts: [summary], unreadable: [], trash: [] }) },
    builds: { get: async () => built('d1'), bytes: async () => bytes },
    clock: () => new Date(`${today}T12:00:00`),
  })();

describe('the s455 tax in Deadlines', () => {
  it('reads box 480 beside box 525 from the built return, once', async () => {
    expect(returnTaxes(returnXml('12375.00', '3375.00'))).toEqual({ payable: 1_237_500, s455: 337_500 });
    expect(returnTaxes(returnXml('9000.00', null))).toEqual({ payable: 900_000, s455: null });
    let reads = 0;
    const taxes = await taxesByPeriod([built('d1')], async () => (reads++, returnXml('12375.00', '3375.00')));
    expect(reads).toBe(1);
    expect(taxes).toEqual({ payable: new Map([['c1/2025-01-01/2025-12-31', 1_237_500]]), s455: new Map([['c1/2025-01-01/2025-12-31', 337_500]]) });
  });

  it('is due on the main tax’s payment date, nine months and a day after the period end, with its share of the interest on box 525', async () => {
    const { rows } = await listOn('2026-11-28', returnXml('12375.00', '3375.00'));
    const row = returnRow(rows[0]);
    // Box 525 £12,375 unpaid from 2 October to 28 November 2026: 58 days × 7.75% / 365 = £152.40; the s455 tax is 3,375/12,375 of it: £41.56.
    expect(row).toMatchObject({ paymentDue: '2026-10-01', taxPayablePence: 1_237_500, interest: { pence: 15240, rateBasisPoints: 775 } });
    expect(row.s455).toEqual({ pence: 337_500, paymentDue: '2026-10-01', interestPence: 4156 });
    expect(s455Words(row)).toBe('s455 tax on loans to participators £3,375.00 (box 480, in box 525) due 1 October 2026, interest so far £41.56 of the above');
    expect(taxWords(row)).toContain('Interest so far £152.40 at 7.75% on tax of £12,375.00');
    expect(deadlineJson(row).s455).toEqual({ tax: 3375, paymentDue: '2026-10-01', interestSoFar: 41.56 });
  });

  it('says nothing of s455 tax for a return without a CT600A, and the command line’s line is as before', async () => {
    const { rows } = await listOn('2026-11-28', returnXml('9000.00', null));
    expect(returnRow(rows[0]).s455).toBeNull();
    expect(s455Words(rows[0]!)).toBe('');
    expect(deadlineJson(rows[0]!)).not.toHaveProperty('s455');
  });

  it('stops its interest when the tax is paid, as for the rest of box 525', async () => {
    const paid = { ...client, periods: [{ ...client.periods![0]!, payments: [{ date: '2026-10-11', amount: '12375.00' }] }] };
    const row = returnRow((await listOn('2026-11-28', returnXml('12375.00', '3375.00'), paid)).rows[0]);
    // 2–11 October: 10 days × £12,375 × 7.75% / 365 = £26.28; the s455 share £7.17.
    expect(row).toMatchObject({ paidOn: '2026-10-11', interest: { pence: 2628 } });
    expect(row.s455).toEqual({ pence: 337_500, paymentDue: '2026-10-01', interestPence: 717 });
    expect(s455Words(row)).toContain(', interest £7.17 of the above');
  });
});
