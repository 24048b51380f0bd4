/**
 * An outbox item is done only on the reply Filing Desk recorded when the
 * service answered it: a state file that merely says `done` (typed in, left
 * by an earlier version, or carrying a record that does not match) is sent
 * again under its own key while its request is still kept, and otherwise
 * shown as failed with the reason, never as done.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../main/outbox/outbox.js';
import { UNRECORDED_DONE } from '../../main/outbox/outbox-reply.js';
import { outboxFor } from './outbox-support.js';
import { ct600, editState, queueWhileOffline, readState, recordingSend, settled, type Sent } from './outbox-tamper-support.js';

const outboxes: Outbox[] = [];
afterEach(async () => {
  for (const o of outboxes.splice(0)) await o.stop(0);
});

/** The next start: opened, its items as the load left them, then let run. */
async function start(dataDir: string, sent: Sent[], onDone?: () => Promise<{ jobId: string }>) {
  const outbox = outboxFor(dataDir, { send: recordingSend(sent), ...(onDone ? { onDone } : {}) });
  outboxes.push(outbox);
  await outbox.open();
  const loaded = new Map(outbox.list().map((v) => [v.id, v]));
  outbox.kick();
  await settled(outbox);
  return { outbox, loaded };
}

/** An item sent and answered in one run (the service gave a job id), then that run closed. */
async function doneItem(company: string) {
  const { dataDir, queued } = await queueWhileOffline([ct600(company)]);
  const id = queued[0]!.id;
  const first = await start(dataDir, [], async () => ({ jobId: `job-${company}` }));
  expect(first.outbox.get(id)?.state).toBe('done');
  await first.outbox.stop(0);
  return { dataDir, id };
}

describe('an outbox item is done only on its recorded reply', () => {
  it('sends, under its own key, an item whose state file was edited to done before it was ever sent', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await editState(dataDir, id, (s) => void (s.state = 'done'));

    const sent: Sent[] = [];
    const { outbox, loaded } = await start(dataDir, sent);
    expect(loaded.get(id)).toMatchObject({ state: 'queued', reason: UNRECORDED_DONE.resend });
    expect(sent.map((s) => s.key)).toEqual([id]);
    expect(outbox.get(id)).toMatchObject({ state: 'done', attempts: 1, reason: null });
    expect((await readState(dataDir, id)).reply).toMatchObject({ seal: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('keeps a done item done after a restart, with its job id, and never sends it again', async () => {
    const { dataDir, id } = await doneItem('Alpha');
    const sent: Sent[] = [];
    const { outbox } = await start(dataDir, sent);
    expect(sent).toEqual([]);
    expect(outbox.get(id)).toMatchObject({ state: 'done', reason: null, jobId: 'job-Alpha' });
  });

  it('sends an item whose state file says done with a made-up reply record', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await editState(dataDir, id, (s) => Object.assign(s, { state: 'done', reply: { at: '2025-06-01T09:00:00.000Z', answer: '0'.repeat(64), seal: '1'.repeat(64) } }));

    const sent: Sent[] = [];
    const { outbox, loaded } = await start(dataDir, sent);
    expect(loaded.get(id)).toMatchObject({ state: 'queued', reason: UNRECORDED_DONE.resend });
    expect(sent.map((s) => s.key)).toEqual([id]);
    expect(outbox.get(id)?.state).toBe('done');
  });

  it('does not believe a reply record copied from another done item', async () => {
    const done = await doneItem('Alpha');
    const reply = (await readState(done.dataDir, done.id)).reply;
    const { queued } = await queueWhileOffline([ct600('Beta')], done.dataDir);
    const beta = queued[0]!.id;
    await editState(done.dataDir, beta, (s) => Object.assign(s, { state: 'done', reply, jobId: 'job-Alpha' }));

    const sent: Sent[] = [];
    const { outbox } = await start(done.dataDir, sent);
    expect(sent.map((s) => s.key)).toEqual([beta]);
    expect(outbox.get(beta)).toMatchObject({ state: 'done' });
    expect(outbox.get(beta)?.jobId).toBeUndefined();
    expect(outbox.get(done.id)?.state).toBe('done');
  });

  it('does not believe a done item whose job id was changed after the reply was recorded; its request is gone, so it fails and Retry refuses', async () => {
    const { dataDir, id } = await doneItem('Alpha');
    await editState(dataDir, id, (s) => void (s.jobId = 'job-Other'));

    const sent: Sent[] = [];
    const { outbox } = await start(dataDir, sent);
    expect(sent).toEqual([]);
    expect(outbox.get(id)).toMatchObject({ state: 'failed', reason: UNRECORDED_DONE.cannotResend });
    expect(outbox.get(id)?.jobId).toBeUndefined();
    await expect(outbox.retry(id)).rejects.toMatchObject({ kind: 'invalid', message: UNRECORDED_DONE.cannotResend });
  });

  it('shows as failed, not done, an item an earlier version marked done without recording the reply', async () => {
    const { dataDir, id } = await doneItem('Alpha');
    await editState(dataDir, id, (s) => void delete s.reply);
    const { dataDir: olderDir, id: older } = await doneItem('Beta');
    await editState(olderDir, older, (s) => {
      delete s.request;
      delete s.reply;
    });

    for (const [dir, item] of [[dataDir, id], [olderDir, older]] as const) {
      const sent: Sent[] = [];
      const { outbox } = await start(dir, sent);
      expect(sent).toEqual([]);
      expect(outbox.get(item)).toMatchObject({ state: 'failed', reason: UNRECORDED_DONE.cannotResend });
      expect(outbox.list().find((v) => v.id === item)).toMatchObject({ state: 'failed', cannotBeSent: true });
    }
  });
});
