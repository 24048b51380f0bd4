/**
 * `cli ct600 submit` holds every answer to this submission's identity, and
 * what it reads back from its own record to the rules a fresh answer is
 * held to, through real processes and the real transport:
 * - a business rejection answering the submission but naming another
 *   submission's CorrelationID is never taken as the verdict on this one;
 * - a stored next poll time (a clock that ran fast, a date edited in) never
 *   makes it wait past the protocol's longest interval, nor spin;
 * - a record edited to send elsewhere sends nothing there.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startPeer } from '../filing/filing-support.js';
import { gatewayEnv, killedWhilePolling, setUpReturn } from './interrupted-filing.js';
import { startCli } from './run-cli.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function until(what: string, check: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('every answer judged against this submission', () => {
  for (const transactionId of ['ours', 'none'] as const) {
    it(`a 3001 business rejection answering the submission with another submission's CorrelationID (TransactionID ${transactionId === 'ours' ? "this submission's" : 'empty'}) is not the verdict: HMRC is asked, and the return ends accepted, sent once`, async () => {
      const { file, data } = setUpReturn();
      const { peer, url } = await startPeer();
      cleanups.push(() => peer.close());
      peer.faults.add({ fault: { kind: 'rejection-of-another', transactionId }, on: 'submission', times: 1 });
      const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data], { env: gatewayEnv }).done;
      expect(`${r.stdout}${r.stderr}`).not.toMatch(/rejected|nothing was filed/);
      expect(r.code, r.stderr).toBe(0);
      const outcome = JSON.parse(r.stdout);
      expect(outcome.outcome).toBe('accepted');
      expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
      expect(peer.requests.map((q) => q.route)).toContain('list');
      const record = JSON.parse(readFileSync(`${data}/submissions/${outcome.transactionId}.json`, 'utf8'));
      expect(record.log.some((e: { what: string }) => e.what === 'answer to the submission: error')).toBe(true);
    }, 60_000);
  }
});

describe('a record read back is held to the rules of a fresh answer', () => {
  /** The next run of a killed one, its record's next poll time set to `nextPollAt`: what it says it waits, and its stderr after a moment. */
  async function waitingFor(nextPollAt: string) {
    const { args, editRecord } = await killedWhilePolling(cleanups);
    editRecord((r) => ({ ...r, nextPollAt }));
    const run = startCli(args, { env: gatewayEnv });
    cleanups.push(() => void run.child.kill('SIGKILL'));
    let stderr = '';
    run.child.stderr.on('data', (d: string) => (stderr += d));
    await until('the wait to be announced', () => /next check in \d+ s/.test(stderr));
    // A timer that overflowed fires at once and again: a second is enough to see it spin.
    await new Promise((r) => setTimeout(r, 1000));
    run.child.kill('SIGKILL');
    return { seconds: Number(/next check in (\d+) s/.exec(stderr)![1]), stderr };
  }

  it('a next poll time one day ahead (a clock that ran fast) waits at most 600 s, the longest PollInterval, from now', async () => {
    const { seconds } = await waitingFor(new Date(Date.now() + 86_400_000).toISOString());
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
  }, 60_000);

  it('a next poll time of 9999-12-31 waits at most 600 s: no timer overflow, no spinning', async () => {
    const { seconds, stderr } = await waitingFor('9999-12-31T00:00:00.000Z');
    expect(seconds).toBeLessThanOrEqual(600);
    expect(stderr).not.toContain('TimeoutOverflowWarning');
    expect(stderr.split('\n').filter((l) => l.includes('next check in')).length).toBe(1);
  }, 60_000);

  it('a record whose submission address and ResponseEndPoint were edited to another host sends nothing there, nor anywhere: refused by name, exit 2', async () => {
    const { peer, args, editRecord } = await killedWhilePolling(cleanups);
    // 0.0.0.0 reaches a server on this computer on Linux, but is not an address the password may go to: a server there counts what arrives.
    const { peer: elsewhere, url: elsewhereUrl } = await startPeer();
    cleanups.push(() => elsewhere.close());
    const port = new URL(elsewhereUrl).port;
    for (const origin of [`http://0.0.0.0:${port}`, 'http://evil.example']) {
      editRecord((r) => ({ ...r, submissionUrl: `${origin}/submission`, responseEndPoint: `${origin}/poll` }));
      const before = peer.requests.length;
      const r = await startCli(args, { env: gatewayEnv }).done;
      expect(r.code, r.stderr).toBe(2);
      const refusal = JSON.parse(r.stderr).errors[0];
      expect(refusal.field).toBe('submissionUrl');
      expect(refusal.message).toContain(`${origin}/submission`);
      expect(refusal.message).toMatch(/changed outside Filing Desk, so nothing was sent/);
      expect(r.stderr).not.toContain('checking with HMRC');
      expect(elsewhere.requests).toHaveLength(0);
      expect(peer.requests.length).toBe(before);
    }
  }, 60_000);

  it('a record whose ResponseEndPoint alone was edited to another host polls where the rule allows: the engine\'s own /poll', async () => {
    const { peer, args, editRecord } = await killedWhilePolling(cleanups);
    const { peer: elsewhere, url: elsewhereUrl } = await startPeer();
    cleanups.push(() => elsewhere.close());
    editRecord((r) => ({ ...r, responseEndPoint: `http://0.0.0.0:${new URL(elsewhereUrl).port}/poll` }));
    const r = await startCli(args, { env: gatewayEnv }).done;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).outcome).toBe('accepted');
    expect(elsewhere.requests).toHaveLength(0);
    expect(peer.requests.filter((q) => q.route === 'poll').length).toBeGreaterThan(1);
  }, 60_000);
});
