import { describe, expect, it } from 'vitest';
import { box525Pence, poundsToPence, taxPayableByPeriod, type BuiltDraft } from '../../main/deadlines/tax-payable.js';
import { createDeadlineListHandler } from '../../main/ipc/deadline-handlers.js';
import type { Client, DraftSummary } from '../../preload/contract.js';

/** A built return as far as the Deadlines need it: the envelope with box 525 (and 510). */
const returnXml = (payable: string | null) =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body><IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><CompanyTaxReturn ReturnType="new"><CalculationOfTaxOutstandingOrOverpaid><TaxChargeable>12500.00</TaxChargeable>${
      payable === null ? '' : `<TaxPayable>${payable}</TaxPayable>`
    }</CalculationOfTaxOutstandingOrOverpaid></CompanyTaxReturn></IRenvelope></Body></GovTalkMessage>`,
  );

const built = (id: string, builtAt: string, over: Partial<BuiltDraft> = {}): BuiltDraft => ({
  id,
  kind: 'ct600',
  clientId: 'c1',
  periodFrom: '2025-01-01',
  periodTo: '2025-12-31',
  lastBuild: { builtAt, answeredBy: 'engine', fingerprint: '0'.repeat(64), fileName: 'x.xml', size: 1, sha256: '0'.repeat(64) },
  filed: null,
  ...over,
});

describe('the tax a period’s interest runs on', () => {
  it('is box 525 of the built return, in pence; a return without box 525 gives none', () => {
    expect(box525Pence(returnXml('12000.00'))).toBe(1_200_000);
    expect(box525Pence(returnXml(null))).toBeNull();
    expect(box525Pence(new TextEncoder().encode('not xml'))).toBeNull();
    expect(poundsToPence('12000.5')).toBe(1_200_050);
  });

  it('comes from the return filed live, else the latest build', async () => {
    const bytes: Record<string, string> = { old: '100.00', newer: '200.00', filed: '300.00' };
    const read = async (d: BuiltDraft) => returnXml(bytes[d.id]!);
    expect(await taxPayableByPeriod([built('old', '2026-01-01T00:00:00Z'), built('newer', '2026-02-01T00:00:00Z')], read)).toEqual(new Map([['c1/2025-01-01/2025-12-31', 20_000]]));
    const filed = built('filed', '2025-12-01T00:00:00Z', { filed: { transactionId: 'A'.repeat(32), acceptedAt: '2026-01-02T00:00:00Z', environment: 'live' } });
    expect(await taxPayableByPeriod([built('newer', '2026-02-01T00:00:00Z'), filed], read)).toEqual(new Map([['c1/2025-01-01/2025-12-31', 30_000]]));
  });
});

describe('deadlines.list with a built return', () => {
  const client: Client = {
    id: 'c1', companyName: 'Owing Ltd', registrationNumber: '', utr: '', periodEnd: '', serviceClientName: '', serviceClientId: '', associatedCompanies: 0,
    archived: false, createdAt: 'x', changedAt: 'x',
    periods: [{ start: '2025-01-01', end: '2025-12-31', filedOn: null, accepted: false, payments: [] }],
  };
  const summary: DraftSummary = { id: 'd1', kind: 'ct600', title: 'Owing', clientId: 'c1', clientName: 'Owing Ltd', periodFrom: '2025-01-01', periodTo: '2025-12-31', state: 'built', changedAt: 'x' };

  it('shows the interest so far on box 525 and the rate in force', async () => {
    const handler = createDeadlineListHandler({
      clients: { list: async () => [client] },
      drafts: { list: async () => ({ drafts: [summary], unreadable: [], trash: [] }) },
      builds: { get: async () => built('d1', '2026-09-01T00:00:00Z'), bytes: async () => returnXml('12000.00') },
      clock: () => new Date('2026-11-28T12:00:00'),
    });
    const { rows } = await handler();
    // Tax due 1 October 2026; 2 October – 28 November: 58 days × £12,000 × 7.75% / 365 = 147.7808… → £147.78
    expect(rows[0]).toMatchObject({ taxPayablePence: 1_200_000, interest: { pence: 14778, rateBasisPoints: 775, to: '2026-11-28' }, paidOn: null });
  });

  it('shows the period paid, with interest stopped on the day, once a payment is recorded', async () => {
    const paid = { ...client, periods: [{ ...client.periods![0]!, payments: [{ date: '2026-10-11', amount: '12000.00' }] }] };
    const handler = createDeadlineListHandler({
      clients: { list: async () => [paid] },
      drafts: { list: async () => ({ drafts: [summary], unreadable: [], trash: [] }) },
      builds: { get: async () => built('d1', '2026-09-01T00:00:00Z'), bytes: async () => returnXml('12000.00') },
      clock: () => new Date('2026-11-28T12:00:00'),
    });
    // 2–11 October: 10 days × £12,000 × 7.75% / 365 = 25.4794… → £25.48
    expect((await handler()).rows[0]).toMatchObject({ paidOn: '2026-10-11', interest: { pence: 2548, to: '2026-10-11' } });
  });
});
