/** What the window is told about a submission HMRC refused: each error beside its box and wizard field, and credentials refused leading to Settings. */
import { afterEach, describe, expect, it } from 'vitest';
import { submissionViewOf } from '../../main/filing/submission-view.js';
import { wizardFieldOfBox } from '../../main/ipc/wizard-fields.js';
import { fieldOfBox } from '../../common/ct600/fields.js';
import { builtReturn, makeDesk, rejectedReturn, startPeer } from './filing-support.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

describe('a submission as the window shows it', () => {
  it('a business rejection lists HMRC’s number and words, the plain line, the box and the wizard field of that box', async () => {
    const { peer, environment } = await startPeer();
    peers.push(peer);
    const { desk, store } = makeDesk();
    const outcome = await desk.submit(rejectedReturn(), { environment });
    const view = submissionViewOf(await store.load(outcome.transactionId), { running: false }, wizardFieldOfBox);
    expect(view.state).toBe('rejected');
    const rate = view.errors.find((e) => e.number === '9145')!;
    // Our words for the rule, as local validation words it, beside HMRC's own (never HMRC's text again).
    expect(rate).toMatchObject({ hmrcText: expect.any(String), message: 'The tax rate in box 340 is not one HMRC allows for this type of company (box 4) and financial year.', boxes: ['340'] });
    // Box 340 is the wizard's rate of tax for the first financial year.
    expect(rate.field).toBe('fy1Rate');
    expect(fieldOfBox('340')?.id).toBe('fy1Rate');
    expect(view.stateText).toMatch(/rejected.*Correct the boxes listed/);
    expect(view.receipt).toBeNull();
  });

  it('an accepted return says when in UK words, that the receipt is ours, and that Test in Live filed nothing', async () => {
    const { peer, environment } = await startPeer();
    peers.push(peer);
    const { desk, store } = makeDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    const view = submissionViewOf(await store.load(outcome.transactionId), { running: false }, wizardFieldOfBox);
    expect(view.stateText).toMatch(/^HMRC accepted the return on \d{1,2} [A-Z][a-z]+ \d{4}(,| at) \d{2}:\d{2}\. HMRC's receipt is for this return.*This was Test in Live .*nothing was filed\.$/);
  });

  it('credentials HMRC refuses make the submission failed with authenticationFailed, nothing filed', async () => {
    const { peer, environment } = await startPeer();
    peers.push(peer);
    const { desk, store } = makeDesk({ credentials: async () => ({ senderId: 'AGENT-USER-8841', password: 'wrong-password-1' }) });
    const outcome = await desk.submit(builtReturn(), { environment });
    const view = submissionViewOf(await store.load(outcome.transactionId), { running: false }, wizardFieldOfBox);
    expect(view).toMatchObject({ state: 'failed', authenticationFailed: true, canSendAgain: false, stateText: expect.stringContaining('Settings › Government Gateway') });
    expect(view.errors.find((e) => e.number === '1046')?.message).toMatch(/^HMRC did not accept the Government Gateway user ID and password: check them in Settings › Government Gateway\.$/);
  });

  it('a stored next check past the protocol’s bounds (a day ahead, 9999) is shown as the desk waits for it: at most 600 seconds from now', async () => {
    const { peer, environment } = await startPeer();
    peers.push(peer);
    const { desk } = makeDesk();
    const record = await desk.prepare(builtReturn(), { environment });
    const now = new Date('2026-12-02T10:00:00.000Z');
    const latest = '2026-12-02T10:10:00.000Z';
    for (const stored of ['2026-12-03T10:00:00.000Z', '9999-12-31T00:00:00.000Z']) {
      const waiting = { ...record, state: 'acknowledged' as const, sendStartedAt: now.toISOString(), correlationId: 'A1B2C3', nextPollAt: stored };
      const view = submissionViewOf(waiting, { running: true }, wizardFieldOfBox, now);
      expect(view.nextCheckAt).toBe(latest);
      expect(view.stateText).not.toMatch(/9999|3 December 2026/);
    }
    const due = { ...record, state: 'acknowledged' as const, sendStartedAt: now.toISOString(), correlationId: 'A1B2C3', nextPollAt: '2026-12-02T10:02:00.000Z' };
    expect(submissionViewOf(due, { running: true }, wizardFieldOfBox, now).nextCheckAt).toBe('2026-12-02T10:02:00.000Z');
  });

  it('a submission sent with no answer stored reads as unknown while nobody is asking HMRC, and sent while a run is', async () => {
    const { peer, environment } = await startPeer();
    peers.push(peer);
    const { desk } = makeDesk();
    const record = await desk.prepare(builtReturn(), { environment });
    const sent = { ...record, sendStartedAt: new Date().toISOString() };
    expect(submissionViewOf(record, { running: false }, wizardFieldOfBox).state).toBe('prepared');
    expect(submissionViewOf(sent, { running: true }, wizardFieldOfBox).state).toBe('sent');
    expect(submissionViewOf(sent, { running: false }, wizardFieldOfBox)).toMatchObject({ state: 'unknown', canSendAgain: false });
    expect(submissionViewOf(record, { running: false, problem: 'Enter the Government Gateway user ID' }, wizardFieldOfBox)).toMatchObject({ state: 'failed', stateText: expect.stringContaining('Nothing reached HMRC') });
  });
});
