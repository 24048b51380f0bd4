/** What the window is told about a submission HMRC refused: each error beside its box and wizard field, and credentials refused leading to Settings. */
import { afterEach, describe, expect, it } from 'vitest';
import { submissionViewOf } from '../../main/filing/submission-view.js';
import { wizardFieldOfBox } from '../../main/ipc/wizard-fields.js';
import { fieldOfBox } from '../../renderer/src/features/ct600/fields.js';
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
    expect(rate).toMatchObject({ hmrcText: expect.any(String), message: expect.stringContaining('(box 340)'), boxes: ['340'] });
    // Box 340 is the wizard's rate of tax for the first financial year.
    expect(rate.field).toBe('fy1Rate');
    expect(fieldOfBox('340')?.id).toBe('fy1Rate');
    expect(view.stateText).toMatch(/rejected.*Correct the boxes listed/);
    expect(view.receipt).toBeNull();
  });

  it('credentials HMRC refuses make the submission failed with authenticationFailed, nothing filed', async () => {
    const { peer, environment } = await startPeer();
    peers.push(peer);
    const { desk, store } = makeDesk({ credentials: async () => ({ senderId: 'AGENT-USER-8841', password: 'wrong-password-1' }) });
    const outcome = await desk.submit(builtReturn(), { environment });
    const view = submissionViewOf(await store.load(outcome.transactionId), { running: false }, wizardFieldOfBox);
    expect(view).toMatchObject({ state: 'failed', authenticationFailed: true, canSendAgain: false, stateText: expect.stringContaining('Settings › Government Gateway') });
    expect(view.errors.map((e) => e.number)).toContain('1046');
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
