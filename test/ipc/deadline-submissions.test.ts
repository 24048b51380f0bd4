import { describe, expect, it } from 'vitest';
import { createDeadlineListHandler } from '../../main/ipc/deadline-handlers.js';
import { SubmissionStore } from '../../main/filing/submission-store.js';
import type { SubmissionRecord } from '../../main/filing/submission-record.js';
import type { Client } from '../../preload/contract.js';
import { storeDeps } from '../helpers/store-deps.js';

const client = (id: string, utr: string): Client => ({
  id,
  companyName: `Company ${id}`,
  registrationNumber: '',
  utr,
  periodEnd: '03-31',
  serviceClientName: '',
  serviceClientId: '',
  associatedCompanies: 0,
  periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: null, accepted: false }],
  archived: false,
  createdAt: '2024-01-01T00:00:00Z',
  changedAt: '2024-01-01T00:00:00Z',
});

function accepted(transactionId: string, environment: 'live' | 'til', utr: string, extra: Partial<SubmissionRecord> = {}): SubmissionRecord {
  return {
    version: 1,
    transactionId,
    environment,
    submissionUrl: 'https://transaction-engine.tax.service.gov.uk/submission',
    messageClass: environment === 'til' ? 'HMRC-CT-CT600-TIL' : 'HMRC-CT-CT600',
    gatewayTest: false,
    utr,
    periodFrom: '2024-04-01',
    periodTo: '2025-03-31',
    returnType: 'new',
    irmark: `${'A'.repeat(27)}=`,
    bodySha256: '0'.repeat(64),
    message: Buffer.from('<GovTalkMessage/>').toString('base64'),
    createdAt: '2025-12-01T10:00:00.000Z',
    state: 'accepted',
    outcome: { kind: 'accepted', acceptedTime: '2025-12-02T10:30:00.000Z', receiptIrmarkBase32: 'X', receiptMatches: true, receiptStatement: 'ok', responseXml: '<r/>' },
    log: [],
    ...extra,
  };
}

describe('the Deadlines list and HMRC’s acceptances', () => {
  it('shows a period filed and accepted from a live submission HMRC accepted, by the draft’s client or the UTR; a Test in Live acceptance files nothing', async () => {
    const { dataDir } = await storeDeps();
    const submissions = new SubmissionStore({ dataDir });
    await submissions.save(accepted('A'.repeat(32), 'live', '1111111111', { clientId: 'c1' }));
    await submissions.save(accepted('B'.repeat(32), 'live', '2222222222'));
    await submissions.save(accepted('C'.repeat(32), 'til', '3333333333', { clientId: 'c3' }));
    const list = createDeadlineListHandler({
      clients: { list: async () => [client('c1', '9999999999'), client('c2', '2222222222'), client('c3', '3333333333')] },
      drafts: { list: async () => ({ drafts: [], unreadable: [], trash: [] }) },
      submissions,
      clock: () => new Date('2026-01-15T12:00:00'),
    });
    const rows = (await list()).rows.filter((r) => r.periodStart === '2024-04-01');
    const byClient = Object.fromEntries(rows.map((r) => [r.clientId, { state: r.state, filedOn: r.filedOn, group: r.group }]));
    expect(byClient).toEqual({
      c1: { state: 'accepted', filedOn: '2025-12-02', group: expect.any(String) },
      c2: { state: 'accepted', filedOn: '2025-12-02', group: expect.any(String) },
      c3: { state: 'not-started', filedOn: null, group: expect.any(String) },
    });
  });
});
