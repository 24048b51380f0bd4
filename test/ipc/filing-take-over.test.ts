/**
 * Taking a return's claim over from the window: another Filing Desk (here the
 * command line on another computer sharing the data folder, so never provably
 * gone) holds it; the window's filing does nothing and its submission says
 * who holds it; filing.resume with takeOver files it, once. A new send
 * refused for the same reason (the other desk stopped before it wrote its
 * record, so there is no submission to show) is taken over by filing.submit
 * with takeOver.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessTable } from '../../main/filing/process-identity.js';
import { sameReturnKey } from '../../main/filing/submission-record.js';
import { SubmissionStore } from '../../main/filing/submission-store.js';
import { TransportError } from '../../main/filing/transport.js';
import type { SubmissionView } from '../../preload/contract.js';
import { filingSetup } from './filing-setup.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});
async function setup(options: Parameters<typeof filingSetup>[0] = {}) {
  const s = await filingSetup(options);
  peers.push(s.peer);
  return s;
}

/** Another computer: its processes cannot be seen from here, so its claims are never provably gone. */
const officePc2: ProcessTable = { platform: 'linux', host: () => 'office-pc-2', exists: () => false, readText: () => undefined };

describe('taking over a return another Filing Desk holds, from the window', () => {
  it('refuses to file while the claim is held, says who holds it, and files once with takeOver', async () => {
    // A submission whose answer was lost: it stays under way, to be asked about again.
    const first = await setup({ desk: { transport: { post: async () => Promise.reject(new TransportError('connection reset')) } } });
    await first.setUpFiling();
    const draft = await first.builtDraft();
    const { transactionId } = await first.ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    expect((await first.settled(transactionId)).state).toBe('unknown');

    const record = await first.wiring.submissions.load(transactionId);
    const commandLine = new SubmissionStore({ dataDir: first.dataDir, claimedBy: 'the command line', claims: { processes: officePc2 } });
    const held = await commandLine.claimReturn(sameReturnKey(record));
    expect('release' in held).toBe(true);

    const second = await setup({ dataDir: first.dataDir });
    await second.setUpFiling();
    await second.ok('filing.resume', { transactionId });
    const refused = await second.settled(transactionId);
    expect(refused.claimHeldBy).toMatch(/^another Filing Desk \(the command line, PID \d+ on "office-pc-2", since .*\) is filing this return .*choose Take over and file/);
    expect(refused.claimHeldBy).not.toMatch(/--take-over/);
    expect(refused.stateText).toBe(refused.claimHeldBy);
    expect((await second.wiring.submissions.load(transactionId)).log.length).toBe(record.log.length);
    expect(first.peer.submissionsByTransactionId.get(transactionId)).toBeUndefined();
    expect(await second.call('filing.resume', { transactionId, takeOver: 'yes' })).toMatchObject({ ok: false, error: { field: 'takeOver' } });

    await second.ok('filing.resume', { transactionId, takeOver: true });
    const asked = await second.settled(transactionId);
    expect(asked).toMatchObject({ claimHeldBy: null, state: 'unknown', canSendAgain: true });
    await second.ok('filing.resume', { transactionId, sendAgain: true });
    expect((await second.settled(transactionId)).state).toBe('accepted');
    expect(first.peer.submissionsByTransactionId.get(transactionId)).toBe(1);
    expect((await second.ok<SubmissionView[]>('filing.list', { draftId: draft.id })).map((s) => s.transactionId)).toEqual([transactionId]);
  });

  it('a new send refused because another Filing Desk holds the claim names the holder and the window’s button, and filing.submit with takeOver sends it once', async () => {
    const desk = await setup();
    await desk.setUpFiling();
    const draft = await desk.builtDraft();
    const preview = await desk.ok<{ utr: string; periodStart: string; periodEnd: string }>('filing.preview', { draftId: draft.id, environment: 'til' });
    // The other desk took the claim and stopped before writing its record: no submission of this return exists anywhere.
    const commandLine = new SubmissionStore({ dataDir: desk.dataDir, claimedBy: 'the command line', claims: { processes: officePc2 } });
    const held = await commandLine.claimReturn(sameReturnKey({ utr: preview.utr, periodFrom: preview.periodStart, periodTo: preview.periodEnd, environment: 'til' }));
    expect('release' in held).toBe(true);

    const refused = await desk.call('filing.submit', { draftId: draft.id, environment: 'til' });
    expect(refused).toMatchObject({ ok: false, error: { errors: [{ field: 'claim' }] } });
    const message = (refused as { error: { errors: { message: string }[] } }).error.errors[0]!.message;
    expect(message).toMatch(/^another Filing Desk \(the command line, PID \d+ on "office-pc-2", since .*\) is filing this return .*choose Take over and file:/);
    expect(await desk.ok<SubmissionView[]>('filing.list', { draftId: draft.id })).toEqual([]);
    expect(await desk.call('filing.submit', { draftId: draft.id, environment: 'til', takeOver: 1 })).toMatchObject({ ok: false, error: { field: 'takeOver' } });

    const { transactionId } = await desk.ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til', takeOver: true });
    expect((await desk.settled(transactionId)).state).toBe('accepted');
    expect(desk.peer.submissionsByTransactionId.get(transactionId)).toBe(1);
    expect((await desk.ok<SubmissionView[]>('filing.list', { draftId: draft.id })).map((s) => s.transactionId)).toEqual([transactionId]);
  });
});
