import { describe, expect, it } from 'vitest';
import { SecretAccount } from '../../main/credentials/credential-store.js';
import { createAppLog, type LogLevel } from '../../main/log/app-log.js';
import type { Draft, FollowedJob, SendDraftResponse } from '../../preload/contract.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { ManualTimers, MovableClock, until } from '../outbox/outbox-support.js';
import { credentials, startServer } from '../server/support.js';
import { handlersFor, openDesk, settingsFor, stopAfterEachTest } from '../online/online-support.js';

/**
 * What the online part of main writes to the app's log, through the real
 * redacting layer, while it talks to the real local server: one line per
 * outbox step, sign-in and sign-out, Test connection and followed job.
 */
const opened = stopAfterEachTest();

function recordingLog() {
  const lines: { level: LogLevel; line: string }[] = [];
  const log = createAppLog({ sink: { write: (level, line) => lines.push({ level, line }) }, file: 'memory', echo: null });
  const text = () => lines.map((l) => `${l.level} ${l.line}`).join('\n');
  return { log, lines, text };
}

async function deskWithLog() {
  opened.server = await startServer();
  const recorded = recordingLog();
  const timers = new ManualTimers();
  const clock = new MovableClock();
  opened.desk = await openDesk({ logger: recorded.log, timers, clock: clock.now, random: () => 0 });
  const ipc = handlersFor(opened.desk);
  await opened.desk.desk.saveSettings(settingsFor(opened.server.url));
  const newDraft = async (title: string) => (await ipc.value<Draft>('drafts.create', { kind: 'ct600', clientId: null, title, form: {} })).id;
  return { ...recorded, timers, clock, ipc, desk: opened.desk.desk, server: opened.server, newDraft };
}

const host = (url: string) => new URL(url).host;

describe("the log's lines about the outbox, the session and followed jobs", () => {
  it('logs sign-in, each outbox step with id, kind and attempts, a retry with its reason and delay, and done with status and replay', async () => {
    const { desk, server, text, timers, clock, newDraft } = await deskWithLog();
    await desk.signIn(credentials);
    expect(text()).toContain(`info [session] signed in { user: "${credentials.username}", host: ${host(server.url)} }`);

    server.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'status', status: 503 }, times: 1 });
    const id = (await desk.sendCt600Draft({ draftId: await newDraft('Acme Widgets Ltd'), request: minimumReturn() })).id;
    await until(() => desk.outbox.get(id)?.state === 'queued' && desk.outbox.get(id)?.attempts === 1, 'the 503');
    await until(() => text().includes('retry scheduled'), 'the retry line');
    clock.advance(60 * 60_000);
    timers.fireAll();
    await until(() => desk.outbox.get(id)?.state === 'done', 'the second attempt');
    await until(() => text().includes('[outbox] done'), 'the done line');

    const outbox = text()
      .split('\n')
      .filter((l) => l.includes('[outbox]'));
    expect(outbox).toEqual([
      `info [outbox] queued { outboxId: ${id}, kind: ct600-build, attempts: 0 }`,
      `info [outbox] sending { outboxId: ${id}, kind: ct600-build, attempts: 1 }`,
      expect.stringMatching(new RegExp(`^info \\[outbox\\] retry scheduled \\{ outboxId: ${id}, kind: ct600-build, attempts: 1, delayMs: \\d+ \\} .*(unavailable|503|trouble)`, 'i')),
      `info [outbox] sending { outboxId: ${id}, kind: ct600-build, attempts: 2 }`,
      `info [outbox] done { outboxId: ${id}, kind: ct600-build, attempts: 2, status: 200, replayed: false }`,
    ]);
    // The draft's title (a client's name) and the return's reference are not in the log.
    expect(text()).not.toContain('Acme Widgets');
    expect(text()).not.toContain(minimumReturn().utrValue as string);
  });

  it('says when an answer was a replay of one the service had already given (the first answer was lost)', async () => {
    const { desk, server, text, timers, clock, newDraft } = await deskWithLog();
    await desk.signIn(credentials);
    server.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'drop-response' }, times: 1 });
    const id = (await desk.sendCt600Draft({ draftId: await newDraft('Replay Ltd'), request: minimumReturn() })).id;
    await until(() => text().includes('retry scheduled'), 'the lost answer');
    clock.advance(60 * 60_000);
    timers.fireAll();
    await until(() => text().includes('[outbox] done'), 'the replayed answer');
    expect(text()).toContain(`info [outbox] done { outboxId: ${id}, kind: ct600-build, attempts: 2, status: 200, replayed: true }`);
  });

  it('logs a failure that will not be retried, a cancel, and a pause for sign-in after a 401 the refresh did not cure', async () => {
    const { desk, server, text, newDraft } = await deskWithLog();
    await desk.signIn(credentials);
    server.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'status', status: 400 }, times: 1 });
    const refused = (await desk.sendCt600Draft({ draftId: await newDraft('Refused Ltd'), request: minimumReturn() })).id;
    await until(() => desk.outbox.get(refused)?.state === 'failed', 'the 400');
    await until(() => text().includes('[outbox] failed:'), 'the failed line');
    expect(text()).toMatch(new RegExp(`warn \\[outbox\\] failed: \\{ outboxId: ${refused}, kind: ct600-build, attempts: 1 \\} .+`));
    await desk.outbox.cancel(refused);
    expect(text()).toContain(`info [outbox] cancelled { outboxId: ${refused}, kind: ct600-build, attempts: 1 }`);

    server.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'unauthorized' }, times: 2 });
    const paused = (await desk.sendCt600Draft({ draftId: await newDraft('Paused Ltd'), request: minimumReturn() })).id;
    await until(() => desk.outbox.pausedReason !== null, 'the pause');
    expect(text()).toContain(`warn [outbox] needs sign-in; kept in the queue { outboxId: ${paused}, kind: ct600-build, attempts: 1 }`);
    expect(text()).toMatch(/warn \[outbox\] paused until sign-in: Waiting for sign-in: /);
    expect(text()).toMatch(/warn \[session\] session ended; sign-in needed: /);
  });

  it('logs a refused sign-in, sign-out and both outcomes of Test connection, never a secret', async () => {
    const { desk, server, text, log } = await deskWithLog();
    const wrong = { ...credentials, password: 'not-the-password-Xy7' };
    await expect(desk.signIn(wrong)).rejects.toThrow();
    // The user name of a refused sign-in is left out: it may be a password typed into the wrong box.
    expect(text()).toMatch(new RegExp(`warn \\[session\\] sign-in failed: \\{ host: ${host(server.url).replace('.', '\\.')} \\} .+`));

    await desk.signIn(credentials);
    const ok = await desk.testConnection(settingsFor(server.url));
    expect(ok.ok).toBe(true);
    expect(text()).toContain(`info [session] Test connection: { host: ${host(server.url)}, outcome: ok, triedStored: true, keychainFailed: false }`);
    const down = await desk.testConnection(settingsFor('http://127.0.0.1:9'));
    expect(down.ok).toBe(false);
    expect(text()).toMatch(/warn \[session\] Test connection: \{ host: 127\.0\.0\.1:9, outcome: service-down, triedStored: true, keychainFailed: false \} Nothing is answering/);

    // Every secret main learnt is registered: a careless line holding one is masked.
    const client = (await desk.session.service())!;
    const accessToken = await client.session.accessToken();
    const refreshToken = (await opened.desk!.store.get(SecretAccount.refreshToken(server.url, credentials.username)))!;
    log.scope('careless').info(`access ${accessToken} refresh ${refreshToken} secret ${credentials.clientSecret} passwords ${credentials.password} ${wrong.password}`);
    expect(text()).toMatch(/\[careless\] access \[secret\] refresh \[secret\] secret \[secret\] passwords \[secret\] \[secret\]/);

    await desk.signOut();
    expect(text()).toContain(`info [session] signed out { user: "${credentials.username}" }`);
    for (const secret of [accessToken, refreshToken, credentials.clientSecret, credentials.password, wrong.password]) expect(text(), secret).not.toContain(secret);
  });

  it('logs when following a validation job starts and how it ended, by the job id', async () => {
    const { desk, text, ipc, timers, newDraft } = await deskWithLog();
    await desk.signIn(credentials);
    const draftId = await newDraft('Checked Ltd');
    const sent = await ipc.value<SendDraftResponse>('jobs.send', { draftId, file: { fileName: 'return.xml', bytes: new TextEncoder().encode('<x>4823917</x>') } });
    await until(() => desk.outbox.get(sent.item.id)?.state === 'done', 'the job to be created');
    const jobId = desk.outbox.get(sent.item.id)!.jobId!;
    // The follower's first look waits on the test's timers.
    await until(() => {
      timers.fireAll();
      return (desk.jobs.get(jobId) as FollowedJob).state === 'finished';
    }, 'the job to finish');
    await until(() => text().includes('[jobs] finished'), 'the finished line');
    expect(text()).toContain(`info [outbox] done { outboxId: ${sent.item.id}, kind: validation-create, attempts: 1, status: 202, replayed: false, jobId: ${jobId} }`);
    expect(text()).toContain(`info [jobs] following { jobId: ${jobId} }`);
    expect(text()).toMatch(new RegExp(`info \\[jobs\\] finished \\{ jobId: ${jobId}, polls: 1, outcome: success, results: \\["valid"\\] \\}`));
    expect(text()).not.toContain('4823917');
    expect(text()).not.toContain('return.xml');
  });
});
