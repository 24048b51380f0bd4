/** Filing against the Transaction Engine peer: outcomes, HMRC's interval, and exactly once through every fault. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCt600, verifyIrmark } from '../../main/engine/ct600/index.js';
import { fullReturn } from '../fixtures/ct600-requests.js';
import { FilingRefusal } from '../../main/filing/filing-desk.js';
import { builtReturn, GATEWAY, makeDesk, rejectedReturn, startPeer, virtualTime } from './filing-support.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

/**
 * One clock for the peer and the desk, moved on by every wait: HMRC's intervals (2 s at the least) are kept
 * and checked, and cost the suite nothing.
 */
let time = virtualTime();
beforeEach(() => {
  time = virtualTime();
});
const deskOn = (overrides: Parameters<typeof makeDesk>[0] = {}) => makeDesk({ clock: time.clock, sleep: time.sleep, ...overrides });

async function setUp(options: Parameters<typeof startPeer>[0] = {}) {
  const started = await startPeer({ clock: time.clock, ...options });
  peers.push(started.peer);
  return started;
}

function filesText(dir: string): string {
  let out = '';
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile()) out += readFileSync(path, 'utf8');
  }
  return out;
}

describe('filing a return with the Transaction Engine', () => {
  it('an accepted return ends with the receipt, its IRmark proven ours, the record owner-only and HMRC\'s copy deleted', async () => {
    const { peer, environment } = await setUp();
    const { desk, store, dataDir } = deskOn();
    const built = builtReturn();
    const outcome = await desk.submit(built, { environment });
    expect(outcome.outcome).toBe('accepted');
    expect(outcome.receipt).toMatchObject({ matchesOurIrmark: true });
    expect(outcome.irmark).toBe(verifyIrmark(built).expected);
    expect(outcome.receipt!.irmarkBase32).toBe(outcome.irmarkBase32);
    const record = await store.load(outcome.transactionId);
    expect(record.deletedAtHmrc).toBe(true);
    expect(record.outcome?.kind === 'accepted' && record.outcome.responseXml).toContain('IRmarkReceipt');
    // The record holds the exact bytes sent, less the sender's credentials.
    expect(verifyIrmark(Buffer.from(record.message, 'base64')).matches).toBe(true);
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
    const file = join(dataDir, 'submissions', `${outcome.transactionId}.json`);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    const stored = filesText(dataDir);
    expect(stored).not.toContain(GATEWAY.password);
    expect(stored).not.toContain(GATEWAY.senderId);
  });

  it('a business rejection lists HMRC\'s error numbers with the box location; nothing is filed', async () => {
    const { environment } = await setUp();
    const { desk } = deskOn();
    const outcome = await desk.submit(rejectedReturn(), { environment });
    expect(outcome.outcome).toBe('rejected');
    // HMRC's sample is a members' club (box 4 code 6): its rate rule is 9145.
    expect(outcome.errors?.map((e) => e.number)).toContain('9145');
    expect(outcome.errors?.find((e) => e.number === '9145')).toMatchObject({ location: expect.stringMatching(/TaxRate/), box: '340', message: expect.stringContaining('(box 340)') });
    expect(outcome.message).toMatch(/rejected the return/);
  });

  it('a return without a vendor ID is filed with the one given for the channel', async () => {
    const { peer, environment } = await setUp();
    const { desk } = deskOn();
    const built = Buffer.from(rejectedReturn().toString('utf8').replace('<URI>1234</URI>', '<URI>Enter your 4 digit vendor ID</URI>'));
    const outcome = await desk.submit(built, { environment, channel: { vendorId: '1234' } });
    expect(outcome.outcome).toBe('rejected');
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  });

  it('wrong Government Gateway credentials are an authentication failure (1046) that points at the credentials', async () => {
    const { peer, environment } = await setUp();
    const { desk } = deskOn({ credentials: async () => ({ senderId: GATEWAY.senderId, password: 'not-the-password' }) });
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('authentication-failed');
    expect(outcome.errors?.[0]).toMatchObject({ number: '1046' });
    expect(outcome.errors?.[0]?.message).toMatch(/Government Gateway user ID and password/);
    expect(peer.submissionsByTransactionId.size).toBe(0);
  });

  it('polls keep the interval HMRC asks for, through slow answers', async () => {
    const { peer, environment } = await setUp({ pollIntervalSeconds: 1 });
    peer.faults.add({ fault: { kind: 'slow-poll', polls: 2, intervalSeconds: 1 }, on: 'poll', times: 1 });
    const steps: string[] = [];
    const { desk } = deskOn({ onProgress: (p) => steps.push(p.step) });
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    expect([...peer.held.values()][0]!.polls).toBe(3);
    expect(peer.earlyPolls).toBe(0);
    expect(steps).toContain('waiting');
  });

  it.each([
    ['the acknowledgement is lost', { kind: 'lost-response' } as const],
    ['no acknowledgement comes', { kind: 'no-acknowledgement' } as const],
    ['HMRC answers 503 after holding it is unknown', { kind: 'server-error', status: 503 } as const],
    ['HMRC says it already holds the TransactionID', { kind: 'duplicate-transaction-id' } as const],
  ])('when %s, the return is found with a data request and sent exactly once', async (_name, fault) => {
    const { peer, environment } = await setUp();
    peer.faults.add({ fault, on: 'submission', times: 1 });
    const { desk, store } = deskOn();
    const outcome = await desk.submit(builtReturn(), { environment });
    const record = await store.load(outcome.transactionId);
    if (fault.kind === 'server-error') {
      // A 503 before anything was held: HMRC has none, so nothing is sent again without the user's word.
      expect(outcome.outcome).toBe('not-at-hmrc');
      expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBeUndefined();
      const again = await desk.file(outcome.transactionId, { sendAgain: true });
      expect(again.outcome).toBe('accepted');
    } else {
      expect(outcome.outcome).toBe('accepted');
      expect(record.log.some((e) => e.what.startsWith('data request'))).toBe(true);
    }
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  });

  it('polls lost on the way or answered 5xx are retried, and the response is stored once', async () => {
    const { peer, environment } = await setUp();
    peer.faults.add({ fault: { kind: 'server-error', status: 500 }, on: 'poll', times: 2 }).add({ fault: { kind: 'lost-response' }, on: 'poll', times: 1 });
    const { desk } = deskOn();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  });

  it('a response delivered a second time (in place of the delete answer) changes nothing stored; the delete is tried again', async () => {
    const { peer, environment } = await setUp();
    peer.faults.add({ fault: { kind: 'response-twice' }, on: 'delete', times: 1 });
    const { desk, store } = deskOn();
    const first = await desk.submit(builtReturn(), { environment });
    const before = await store.load(first.transactionId);
    expect(before.deletedAtHmrc).toBeUndefined();
    const again = await desk.file(first.transactionId);
    const after = await store.load(first.transactionId);
    expect(again).toEqual(first);
    expect(after.outcome).toEqual(before.outcome);
    expect(after.deletedAtHmrc).toBe(true);
    expect(peer.submissionsByTransactionId.get(first.transactionId)).toBe(1);
  });

  it('a return HMRC accepted cannot be sent again as a new return for the same UTR and period', async () => {
    const { peer, environment } = await setUp();
    const { desk } = deskOn();
    const first = await desk.submit(builtReturn(), { environment });
    expect(first.outcome).toBe('accepted');
    await expect(desk.submit(builtReturn(), { environment })).rejects.toThrow(FilingRefusal);
    await expect(desk.submit(builtReturn(), { environment })).rejects.toThrow(/already accepted a return for UTR/);
    expect(peer.submissionsByTransactionId.size).toBe(1);
  });

  it('the same return filed twice at once is sent once: the later submission steps back before sending', async () => {
    const { peer, environment } = await setUp();
    const { desk } = deskOn();
    const results = await Promise.allSettled([desk.submit(builtReturn(), { environment }), desk.submit(builtReturn(), { environment })]);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.outcome === 'accepted')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused && (refused as PromiseRejectedResult).reason).toBeInstanceOf(FilingRefusal);
    expect([...peer.submissionsByTransactionId.values()]).toEqual([1]);
  });

  it('an amended return for an accepted period is sent only with the user\'s confirmation, and both show in the draft\'s history', async () => {
    const { peer, environment } = await setUp();
    const { desk } = deskOn();
    const original = await desk.submit(builtReturn(), { environment, draftId: 'draft-1', clientId: 'client-9' });
    const amended = Buffer.from(buildCt600({ ...fullReturn(), returnType: 'amended' }, { vendorId: '1234' }).xmlDoc, 'base64');
    await expect(desk.submit(amended, { environment, draftId: 'draft-1', clientId: 'client-9' })).rejects.toThrow(/amended return, sent with your confirmation/);
    const second = await desk.submit(amended, { environment, draftId: 'draft-1', clientId: 'client-9', confirmAmendment: true });
    expect(second.outcome).toBe('accepted');
    expect(peer.submissionsByTransactionId.size).toBe(2);
    expect([original.transactionId, second.transactionId].every((id) => peer.submissionsByTransactionId.has(id))).toBe(true);
    expect(await desk.unfinished()).toEqual([]);
  });

  it('a poll HMRC answers with 2000 (CorrelationID not found) is never taken for a rejection', async () => {
    const { deleteMessage } = await import('../../main/filing/submission-message.js');
    let url = '';
    const started = await setUp({
      onPoll: async ({ correlationId, polls }) => {
        // HMRC lets go of the submission under the client's feet.
        if (polls === 1) await fetch(`${url}/submission`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: new Uint8Array(deleteMessage({ messageClass: 'HMRC-CT-CT600-TIL', gatewayTest: false, correlationId, transactionId: '' })) });
      },
    });
    url = started.url;
    const { desk } = deskOn();
    const outcome = await desk.submit(builtReturn(), { environment: started.environment });
    expect(outcome.outcome).toBe('pending');
    expect(outcome.message).toMatch(/2000/);
    expect(started.peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  });

  it('one submission driven from two places at once is sent once; the second says another Filing Desk is filing it', async () => {
    const { peer, environment } = await setUp({ pollIntervalSeconds: 1 });
    const { desk, dataDir } = deskOn();
    const record = await desk.prepare(builtReturn(), { environment });
    const other = deskOn({ dataDir }).desk;
    const [a, b] = await Promise.all([desk.file(record.transactionId), other.file(record.transactionId)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['accepted', 'pending']);
    expect([a, b].find((o) => o.outcome === 'pending')!.message).toMatch(/another Filing Desk/);
    expect(peer.submissionsByTransactionId.get(record.transactionId)).toBe(1);
    expect((await desk.file(record.transactionId)).outcome).toBe('accepted');
  });

  it('HMRC down for good leaves the submission pending and resumable, never sent twice', async () => {
    const { peer, environment } = await setUp();
    peer.faults.add({ fault: { kind: 'server-error', status: 502 }, on: 'poll', times: 5 });
    const { desk } = deskOn();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('pending');
    expect(outcome.message).toMatch(/never sends it twice/);
    expect((await desk.unfinished()).map((r) => r.transactionId)).toEqual([outcome.transactionId]);
    const resumed = await desk.submit(builtReturn(), { environment });
    expect(resumed.outcome).toBe('accepted');
    expect(resumed.transactionId).toBe(outcome.transactionId);
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  });
});
