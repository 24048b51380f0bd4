import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { createAppLog, createFileSink, type AppLog } from '../../main/log/app-log.js';
import { axiosTransport, type HttpAnswer, type HttpExchange } from '../../main/service/remote/http-transport.js';
import type { Draft, FollowedJob, SendDraftResponse } from '../../preload/contract.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { ManualTimers, MovableClock, until } from '../outbox/outbox-support.js';
import { credentials, startServer } from '../server/support.js';
import { handlersFor, openDesk, settingsFor, stopAfterEachTest } from '../online/online-support.js';
import { PLANTED, writtenForms } from './secret-forms-support.js';

/**
 * The log file the app really writes (electron-log's file transport behind
 * the redacting layer), while the online part of main signs in with a
 * planted password and client secret, gets tokens, and meets a badly behaved
 * service that quotes every secret it has seen, in every form, in each
 * error it answers with. Each line main writes about that work (sign-in,
 * Test connection, the outbox's retries and failures, the session ending,
 * followed jobs, captured console output, a careless line) is in the file,
 * and no form of any secret is.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-log-sites-'));
});
// Registered before the desk's own hook, so it runs after it (hooks run last-registered first): the desk writes its last lines, then the folder goes.
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const opened = stopAfterEachTest();

/** Planted credentials the local server accepts. */
const planted = { ...credentials, clientSecret: PLANTED.clientSecret, password: PLANTED.password };

interface Echo {
  /** The request path starts with this. */
  path: string;
  method?: 'GET' | 'POST';
  status: number;
  times: number;
  /** Only for requests whose body holds this. */
  bodyHas?: string;
}

/**
 * The real transport to the local server, except that a request matching an
 * echo rule is answered with that status and a body quoting every form of
 * every secret seen so far: the ones the test planted and the tokens the
 * server issued (taken from its token answers as they pass).
 */
function chattyTransport(known: string[]) {
  const real = axiosTransport();
  const echoes: Echo[] = [];
  const chatter = () => known.flatMap((secret) => Object.values(writtenForms(secret))).join(' ');
  const transport = async (exchange: HttpExchange): Promise<HttpAnswer> => {
    const path = new URL(exchange.url).pathname;
    const rule = echoes.find((e) => e.times > 0 && path.startsWith(e.path) && (!e.method || e.method === exchange.method) && (!e.bodyHas || (exchange.body ?? '').includes(e.bodyHas)));
    if (rule) {
      rule.times--;
      const said = chatter();
      return { status: rule.status, headers: {}, text: JSON.stringify({ message: `you sent ${said}`, error_description: said, errors: [{ field: 'password', message: said }, { field: 'request', message: `echo ${said}` }] }) };
    }
    const answer = await real(exchange);
    if (path.endsWith('/connect/token') && answer.status === 200) {
      const body = JSON.parse(answer.text) as { access_token: string; refresh_token: string };
      known.push(body.access_token, body.refresh_token);
    }
    return answer;
  };
  return { transport, echo: (rule: Echo) => echoes.push(rule), quiet: () => echoes.splice(0) };
}

async function deskWithFileLog(known: string[]) {
  opened.server = await startServer({ credentials: planted });
  const { sink, file } = createFileSink(dir, `log-sites-${Math.random()}`);
  const log = createAppLog({ sink, file, echo: null });
  const chatty = chattyTransport(known);
  const timers = new ManualTimers();
  const clock = new MovableClock();
  // Memory keychain: the secrets still pass through the watched store, which is what registers them.
  opened.desk = await openDesk({ logger: log, transport: chatty.transport, store: new MemoryCredentialStore(), timers, clock: clock.now, random: () => 0 });
  await opened.desk.desk.saveSettings(settingsFor(opened.server.url));
  const ipc = handlersFor(opened.desk);
  const newDraft = async (title: string) => (await ipc.value<Draft>('drafts.create', { kind: 'ct600', clientId: null, title, form: {} })).id;
  const text = () => readFileSync(file, 'utf8');
  return { desk: opened.desk.desk, log, ipc, timers, clock, newDraft, text, echo: chatty.echo, quiet: chatty.quiet };
}

function expectNoForm(text: string, secrets: readonly string[]) {
  for (const secret of secrets) {
    for (const [form, written] of Object.entries(writtenForms(secret))) expect(text, `${form} of ${secret.slice(0, 3)}…`).not.toContain(written);
  }
}

function carelessLines(log: AppLog, secrets: readonly string[]) {
  const quiet = () => {};
  const terminal: Pick<Console, 'error' | 'warn' | 'info' | 'log'> = { error: quiet, warn: quiet, info: quiet, log: quiet };
  const restore = log.captureConsole(terminal);
  try {
    for (const secret of secrets) {
      const forms = Object.values(writtenForms(secret));
      terminal.warn('a module of main said', ...forms);
      terminal.error(new Error(`wrapped: ${forms.join(' | ')}`, { cause: new Error(forms.join(',')) }));
      log.scope('careless').info('split', secret.slice(0, 5), secret.slice(5), { a: forms[1]!.slice(0, 6), b: forms[1]!.slice(6) });
      log.scope('careless').warn('keys', { pwd: secret, creds: secret, session: secret, Secret_Key: secret, tokenValue: secret, session_id: secret });
    }
  } finally {
    restore();
  }
}

describe('the log file, over every line main writes about online work', () => {
  it('holds no form of a password typed into the user-name box of a sign-in that failed', async () => {
    const known: string[] = [];
    const { desk, text, echo } = await deskWithFileLog(known);
    // The service quotes the user name it was sent in its refusal, in every form.
    known.push(PLANTED.password);
    echo({ path: '/connect/token', status: 400, times: 1, bodyHas: 'grant_type=password' });
    await expect(desk.signIn({ ...planted, username: PLANTED.password, password: 'typed-in-the-other-box' })).rejects.toThrow();
    // And the service's own refusal, which quotes nothing.
    await expect(desk.signIn({ ...planted, username: PLANTED.password, password: 'typed-in-the-other-box' })).rejects.toThrow();
    const written = text();
    expect(written.match(/\[session\] sign-in failed: \{ host: [^ ]+ \} /g)).toHaveLength(2);
    expect(written).toContain('[user name]');
    expectNoForm(written, [PLANTED.password]);
  });

  it('holds no form of the password, client secret or tokens, however main meets them', async () => {
    const known: string[] = [PLANTED.password, PLANTED.clientSecret];
    const { desk, log, ipc, timers, clock, newDraft, text, echo, quiet } = await deskWithFileLog(known);

    await desk.signIn(planted);
    expect(known.length).toBe(4); // the password, the client secret, and the access and refresh tokens issued

    echo({ path: '/connect/token', status: 500, times: 1 });
    expect((await desk.testConnection(settingsFor(opened.server!.url))).ok).toBe(false);

    // A retry, then a refusal, each with the service quoting everything.
    echo({ path: '/hrmc/build-ct600', status: 503, times: 1 });
    echo({ path: '/hrmc/build-ct600', status: 400, times: 1 });
    const refused = (await desk.sendCt600Draft({ draftId: await newDraft('Refused Ltd'), request: minimumReturn() })).id;
    await until(() => text().includes('retry scheduled'), 'the retry');
    clock.advance(60 * 60_000);
    timers.fireAll();
    await until(() => desk.outbox.get(refused)?.state === 'failed', 'the refusal');
    await until(() => text().includes('[outbox] failed:'), 'the failed line');

    // A followed job whose status the service will not give, then refuses.
    const sent = await ipc.value<SendDraftResponse>('jobs.send', { draftId: await newDraft('Checked Ltd'), file: { fileName: 'return.xml', bytes: new TextEncoder().encode('<x/>') } });
    await until(() => desk.outbox.get(sent.item.id)?.state === 'done', 'the job to be created');
    const jobId = desk.outbox.get(sent.item.id)!.jobId!;
    echo({ path: '/validation/status/', status: 500, times: 1 });
    echo({ path: '/validation/status/', status: 400, times: 1 });
    await until(() => {
      timers.fireAll();
      clock.advance(60 * 60_000);
      return (desk.jobs.get(jobId) as FollowedJob).state === 'failed';
    }, 'the job to end');
    await until(() => text().includes('[jobs] ended: following failed:'), 'the job line');

    // The service refuses the token and the refresh alike: the session ends and the outbox pauses.
    echo({ path: '/hrmc/build-ct600', status: 401, times: 5 });
    echo({ path: '/connect/token', status: 400, times: 5 });
    await desk.sendCt600Draft({ draftId: await newDraft('Paused Ltd'), request: minimumReturn() });
    await until(() => desk.outbox.pausedReason !== null, 'the pause');
    await until(() => text().includes('session ended; sign-in needed:'), 'the session line');

    quiet();
    carelessLines(log, known);
    await desk.signIn(planted); // tokens of a second sign-in join the list
    await desk.signOut();

    const written = text();
    for (const line of [
      '[session] signed in { user: "clerk@example.co.uk"',
      '[session] Test connection:',
      '[outbox] retry scheduled',
      '[outbox] failed:',
      '[jobs] no answer; looking again',
      '[jobs] ended: following failed:',
      '[session] session ended; sign-in needed:',
      '[outbox] paused until sign-in:',
      'a module of main said',
      '[careless] split',
      '[careless] keys { pwd: [redacted], creds: [redacted], session: [redacted], Secret_Key: [redacted], tokenValue: [redacted], session_id: [redacted] }',
      '[session] signed out { user: "clerk@example.co.uk" }',
    ]) {
      expect(written, line).toContain(line);
    }
    expect(known.length).toBeGreaterThanOrEqual(6); // and the tokens of each refresh
    expectNoForm(written, known);
    // Still useful: ids, kinds, statuses and attempts are readable.
    expect(written).toContain(`[outbox] done { outboxId: ${sent.item.id}, kind: validation-create, attempts: 1, status: 202, replayed: false, jobId: ${jobId} }`);
    expect(written).toMatch(new RegExp(`\\[outbox\\] failed: \\{ outboxId: ${refused}, kind: ct600-build, attempts: 2 \\}`));
  });
});
