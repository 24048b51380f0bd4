/**
 * deadlines.list from everything the firm has: each period with a draft, a
 * built return or a submission to HMRC is listed until HMRC accepts it; a
 * return made without a client counts for the client with its UTR, or is
 * listed by the name and UTR in it; an archived client's returns are not.
 */
import { describe, expect, it } from 'vitest';
import { createDeadlineListHandler, type FullDraft } from '../../main/ipc/deadline-handlers.js';
import type { AcceptedFiling } from '../../main/deadlines/deadline-inputs.js';
import type { Client, DraftForm, DraftSummary } from '../../preload/contract.js';

const client = (id: string, utr: string, over: Partial<Client> = {}): Client => ({
  id,
  companyName: `Company ${id}`,
  registrationNumber: '',
  utr,
  periodEnd: '03-31',
  serviceClientName: '',
  serviceClientId: '',
  associatedCompanies: 0,
  periods: [],
  archived: false,
  createdAt: '2024-01-01T00:00:00Z',
  changedAt: '2024-01-01T00:00:00Z',
  ...over,
});

const draft = (id: string, clientId: string | null, over: Partial<DraftSummary> = {}): DraftSummary => ({
  id,
  kind: 'ct600',
  title: `Return ${id}`,
  clientId,
  clientName: null,
  periodFrom: '2024-04-01',
  periodTo: '2025-03-31',
  state: 'built',
  changedAt: '2026-01-10T10:00:00Z',
  filed: null,
  ...over,
});

/** A return as built, with £5,000.00 in box 525. */
const returnXml = new TextEncoder().encode(
  '<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body><IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><CompanyTaxReturn ReturnType="new"><CalculationOfTaxOutstandingOrOverpaid><TaxPayable>5000.00</TaxPayable></CalculationOfTaxOutstandingOrOverpaid></CompanyTaxReturn></IRenvelope></Body></GovTalkMessage>',
);

const submission = (environment: 'live' | 'ets', utr: string, company: string, state = 'rejected'): AcceptedFiling & { company: string } => ({
  environment,
  utr,
  company,
  periodFrom: '2024-01-01',
  periodTo: '2024-12-31',
  state,
});

function listOf(clients: Client[], drafts: DraftSummary[], forms: Record<string, DraftForm> = {}, submissions: AcceptedFiling[] = []) {
  return createDeadlineListHandler({
    clients: { list: async () => clients },
    drafts: { list: async () => ({ drafts, unreadable: [], trash: [] }) },
    builds: {
      get: async (id): Promise<FullDraft> => {
        const d = drafts.find((x) => x.id === id)!;
        return { ...d, lastBuild: { builtAt: '2026-01-10T10:00:00Z', answeredBy: 'engine', fingerprint: '0'.repeat(64), fileName: 'r.xml', size: 1, sha256: '0'.repeat(64) }, filed: d.filed ?? null, form: forms[id] ?? {} };
      },
      bytes: async () => returnXml,
    },
    submissions: { list: async () => ({ records: submissions }) },
    clock: () => new Date('2026-11-24T12:00:00'),
  });
}

describe('deadlines.list from every return the firm has started', () => {
  it('lists a 2024–25 return drafted and built but never filed as overdue, with its penalty and the interest on its box 525', async () => {
    const { rows } = await listOf([client('a', '1111111111')], [draft('d1', 'a')])();
    const late = rows.find((r) => r.periodStart === '2024-04-01')!;
    expect(late).toMatchObject({ clientId: 'a', group: 'overdue', state: 'built', draftId: 'd1', filingDue: '2026-03-31', daysLeft: -238, penalty: { flat: 200, percentOfUnpaidTax: 10 }, taxPayablePence: 500_000 });
    // Tax due 1 January 2026; 2 January – 8 January 2026 at 8% (Bank Rate 4% + 4%), then 7.75% from 9 January: interest runs.
    expect(late.kind === 'ct600' && late.interest!.pence).toBeGreaterThan(0);
  });

  it('a return HMRC accepted live, known from the draft itself, does not come back as overdue', async () => {
    const filed = draft('d1', 'a', { filed: { transactionId: 'A'.repeat(32), acceptedAt: '2026-02-01T10:00:00Z', environment: 'live' } });
    const { rows } = await listOf([client('a', '1111111111')], [filed])();
    expect(rows.map((r) => [r.periodStart, r.group])).toEqual([
      ['2025-04-01', 'later'],
      ['2026-04-01', 'later'],
    ]);
    // Accepted by HMRC's test service only: nothing is filed, and the period stays overdue.
    const tested = draft('d1', 'a', { filed: { transactionId: 'A'.repeat(32), acceptedAt: '2026-02-01T10:00:00Z', environment: 'til' } });
    expect((await listOf([client('a', '1111111111')], [tested])()).rows[0]).toMatchObject({ periodStart: '2024-04-01', group: 'overdue' });
  });

  it('a draft saved without a client counts for the client with the UTR typed in it', async () => {
    const { rows } = await listOf([client('b', '2222222222')], [draft('d2', null)], { d2: { values: { utr: '22222 22222' } } })();
    expect(rows[0]).toMatchObject({ clientId: 'b', name: 'Company b', periodStart: '2024-04-01', group: 'overdue', inBook: true, draftId: 'd2' });
  });

  it('a draft whose company the book does not have is listed by the name and UTR in it, with its interest', async () => {
    const drafts = [draft('d3', null, { title: 'Walk-in Trading Ltd' }), draft('d4', 'deleted-client', { title: 'Walk-in Trading Ltd', periodFrom: '2025-04-01', periodTo: '2026-03-31', state: 'in-progress' })];
    const { rows } = await listOf([], drafts, { d3: { values: { utr: '3333333333' } }, d4: { values: { utr: '3333333333' } } })();
    expect(rows.map((r) => [r.name, r.utr, r.periodStart, r.state, r.group, r.inBook, r.draftId])).toEqual([
      ['Walk-in Trading Ltd', '3333333333', '2024-04-01', 'built', 'overdue', false, 'd3'],
      ['Walk-in Trading Ltd', '3333333333', '2025-04-01', 'draft', 'later', false, 'd4'],
    ]);
    expect(new Set(rows.map((r) => r.clientId)).size).toBe(1);
    expect(rows[0]!.kind === 'ct600' && rows[0]!.taxPayablePence).toBe(500_000);
  });

  it('an archived client’s returns are not listed, by its id or by its UTR', async () => {
    const gone = client('z', '9999999999', { archived: true });
    const { rows } = await listOf([gone], [draft('d5', 'z'), draft('d6', null)], { d6: { values: { utr: '9999999999' } } })();
    expect(rows).toEqual([]);
  });

  it('a live submission keeps its period listed until HMRC accepts it; one to HMRC’s test service lists no company of its own', async () => {
    const { rows } = await listOf([], [], {}, [submission('live', '4444444444', 'Sent Once Ltd'), submission('ets', '5555555555', 'Test Company Ltd')])();
    expect(rows.map((r) => [r.name, r.utr, r.periodStart, r.group, r.inBook])).toEqual([['Sent Once Ltd', '4444444444', '2024-01-01', 'overdue', false]]);
    const accepted = { ...submission('live', '4444444444', 'Sent Once Ltd', 'accepted'), outcome: { kind: 'accepted', acceptedTime: '2025-09-01T10:00:00Z' } };
    // Accepted: nothing is left to do for a company the book does not have, so nothing is listed for it.
    expect((await listOf([], [], {}, [accepted])()).rows).toEqual([]);
  });
});
