/**
 * One return filed by one Filing Desk at a time, through real command-line
 * processes and the real transport: the return's claim (an exclusive create
 * of submissions/<UTR>_<from>_<to>_<environment>.claim, naming its owner's
 * PID, start time, host and a token) is taken before the record is stamped.
 * Two runs racing while one run's record write is slow file once; a claim
 * whose owner was killed is given up even when its PID now belongs to
 * another live program; a live owner's claim stops the second run with its
 * holder named and the way to take it over.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPeer } from '../filing/filing-support.js';
import { claimFiles, gatewayEnv, killedWhilePolling, setUpReturn } from './interrupted-filing.js';
import { repoRoot } from '../helpers/shared.js';
import { startCli } from './run-cli.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const env = gatewayEnv;

beforeAll(async () => {
  // Built once before any race: two processes must not both be building the bundle while they race.
  // @ts-expect-error scripts/cli.mjs is plain JavaScript without types
  const { ensureCliBundle } = await import('../../scripts/cli.mjs');
  await ensureCliBundle();
}, 120_000);

/** The command line with test/cli/slow-record-write.mjs loaded: its first record write waits `slowMs`. */
function startSlowCli(args: string[], slowMs: number, marker: string) {
  const child = spawn(process.execPath, ['--import', join(repoRoot, 'test', 'cli', 'slow-record-write.mjs'), join(repoRoot, 'scripts', 'cli.mjs'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env, FILING_DESK_TEST_SLOW_RECORD_WRITE_MS: String(slowMs), FILING_DESK_TEST_SLOW_RECORD_WRITE_MARKER: marker },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

async function until(what: string, check: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The claim file with its owner changed as a test needs; an older plain-PID claim gets the PID only. */
function editClaim(path: string, change: (owner: Record<string, unknown>) => Record<string, unknown>) {
  const text = readFileSync(path, 'utf8');
  if (/^\d+\s*$/.test(text)) writeFileSync(path, String(change({ pid: Number(text) }).pid));
  else writeFileSync(path, JSON.stringify(change(JSON.parse(text))));
}

describe('one claim per return, through real processes', () => {
  it('two runs of one return, the first one\'s record write slow (1.5 s): exactly one submission; the other is refused naming the holder, nothing sent', async () => {
    const { dir, file, data } = setUpReturn();
    const { peer, url } = await startPeer();
    cleanups.push(() => peer.close());
    const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data];
    const marker = join(dir, 'slow-write-started');
    const slow = startSlowCli(args, 1500, marker);
    // The slow run has stamped its record and is writing it: only now does the second start.
    await until('the slow record write', () => existsSync(marker));
    const fast = await startCli(args, { env }).done;
    const first = await slow.done;
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).outcome).toBe('accepted');
    expect(fast.code, fast.stderr).toBe(2);
    const refusal = JSON.parse(fast.stderr).errors[0];
    expect(refusal).toMatchObject({ field: 'claim' });
    expect(refusal.message).toContain(`PID ${slow.child.pid} on "${hostname()}"`);
    expect(refusal.message).toMatch(/the command line, PID .* since \d{4}-\d\d-\d\dT.*--take-over.*nothing was sent/);
    expect([...peer.submissionsByTransactionId.values()]).toEqual([1]);
    expect(peer.requests.filter((r) => r.route === 'submission')).toHaveLength(1);
    // Released once the outcome was written.
    expect(claimFiles(data)).toEqual([]);
  }, 60_000);

  it('two runs started together, both writing slowly (150 ms), three times over: one submission each time', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const { dir, file, data } = setUpReturn();
      const { peer, url } = await startPeer();
      cleanups.push(() => peer.close());
      const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data];
      const runs = await Promise.all([startSlowCli(args, 150, join(dir, 'a')).done, startSlowCli(args, 150, join(dir, 'b')).done]);
      const codes = runs.map((r) => r.code).sort();
      // Either the loser was refused while the winner held the claim (2), or it came after and found the return accepted (2).
      expect(codes, runs.map((r) => r.stderr).join('\n')).toEqual([0, 2]);
      expect([...peer.submissionsByTransactionId.values()]).toEqual([1]);
    }
  }, 120_000);

  it("a killed run's claim whose PID another live program now has is stale (its start time differs): the next run files on", async () => {
    const { peer, args, claim, victimPid } = await killedWhilePolling(cleanups);
    // A live program of this user takes the dead owner's place under its PID, as PIDs are handed out again.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => void other.kill('SIGKILL'));
    await until('the other program', () => other.pid !== undefined);
    editClaim(claim, (owner) => ({ ...owner, pid: other.pid }));
    expect(other.pid).not.toBe(victimPid);
    const rerun = await startCli(args, { env }).done;
    expect(rerun.code, rerun.stderr).toBe(0);
    const outcome = JSON.parse(rerun.stdout);
    expect(outcome.outcome).toBe('accepted');
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
    expect(other.exitCode).toBeNull();
  }, 60_000);

  it("a live owner's claim stops the second run, naming its holder (host, PID, since when) and how to take it over; nothing is sent", async () => {
    const { file, data } = setUpReturn();
    let hold!: () => void;
    const held = new Promise<void>((resolve) => (hold = resolve));
    let paused = false;
    const { peer, url } = await startPeer({
      pollIntervalSeconds: 1,
      onPoll: async () => {
        if (paused) return;
        paused = true;
        await held;
      },
    });
    cleanups.push(() => peer.close());
    const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data];
    const owner = startCli(args, { env });
    cleanups.push(() => void owner.child.kill('SIGKILL'));
    await until('the first poll', () => paused);
    const before = peer.requests.length;
    const second = await startCli(args, { env }).done;
    expect(second.code, second.stderr).toBe(2);
    const message: string = JSON.parse(second.stderr).errors[0].message;
    expect(message).toContain(`another Filing Desk (the command line, PID ${owner.child.pid} on "${hostname()}", since `);
    expect(message).toMatch(/is filing this return \(UTR \d{10}, period .* til\) right now; it is never sent twice/);
    expect(message).toContain('--take-over');
    expect(peer.requests.length).toBe(before);
    hold();
    const first = await owner.done;
    expect(first.code, first.stderr).toBe(0);
    expect([...peer.submissionsByTransactionId.values()]).toEqual([1]);
  }, 60_000);

  it("a claim held on another computer is never judged from here: refused by name until the user takes it over with --take-over", async () => {
    const { peer, args, claim } = await killedWhilePolling(cleanups);
    editClaim(claim, (owner) => ({ ...owner, host: 'office-pc-2' }));
    const refused = await startCli(args, { env }).done;
    expect(refused.code, refused.stderr).toBe(2);
    expect(JSON.parse(refused.stderr).errors[0].message).toMatch(/PID \d+ on "office-pc-2".*--take-over/);
    const before = peer.requests.length;
    expect(before).toBeGreaterThan(0);
    const takenOver = await startCli([...args, '--take-over'], { env }).done;
    expect(takenOver.code, takenOver.stderr).toBe(0);
    const outcome = JSON.parse(takenOver.stdout);
    expect(outcome.outcome).toBe('accepted');
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  }, 60_000);
});
