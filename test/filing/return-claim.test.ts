/** The return's claim: who holds it, when it is given up, and what a FilingDesk does while another holds it. */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveEnvironment } from '../../main/filing/environments.js';
import { isProvablyGone, processStartTime, type ProcessTable } from '../../main/filing/process-identity.js';
import { ReturnClaims } from '../../main/filing/return-claim.js';
import { sameReturnKey } from '../../main/filing/submission-record.js';
import { SubmissionStore } from '../../main/filing/submission-store.js';
import { TransportError, type GatewayTransport } from '../../main/filing/transport.js';
import { builtReturn, makeDesk } from './filing-support.js';

const KEY = '8596148860 2024-01-01 2024-12-31 til';

/** A computer of the test's making: its name, its processes (PID → start tick), its boot. */
function machine(host: string, processes: Map<number, number>, platform: NodeJS.Platform = 'linux'): ProcessTable {
  return {
    platform,
    host: () => host,
    exists: (pid) => processes.has(pid),
    readText: (path) => {
      if (path === '/proc/sys/kernel/random/boot_id') return 'boot-1\n';
      const pid = Number(/^\/proc\/(\d+)\/stat$/.exec(path)?.[1]);
      const tick = processes.get(pid);
      // A command name with spaces and parentheses in it, as a program may name itself.
      return tick === undefined ? undefined : `${pid} (evil) 1 2 (x) S 1 ${'0 '.repeat(17)}${tick} 0 0\n`;
    },
  };
}

describe('process identity', () => {
  it("reads a process's start time from field 22 of /proc/<pid>/stat, counting fields after the command name's last parenthesis", () => {
    const table = machine('pc', new Map([[500, 123456]]));
    expect(processStartTime(500, table)).toBe('linux boot boot-1 tick 123456');
    expect(processStartTime(501, table)).toBeNull();
    expect(processStartTime(0, table)).toBeNull();
  });

  it('an owner is provably gone only on this computer, with its PID free or held by a process that started at another time', () => {
    const table = machine('pc', new Map([[500, 200]]));
    expect(isProvablyGone({ pid: 501, startTime: 'linux boot boot-1 tick 100', host: 'pc' }, table)).toBe(true);
    expect(isProvablyGone({ pid: 500, startTime: 'linux boot boot-1 tick 100', host: 'pc' }, table)).toBe(true);
    expect(isProvablyGone({ pid: 500, startTime: 'linux boot boot-1 tick 200', host: 'pc' }, table)).toBe(false);
    expect(isProvablyGone({ pid: 501, startTime: null, host: 'other-pc' }, table)).toBe(false);
    // Where start times cannot be read (Windows, macOS), a PID in use is its owner.
    expect(isProvablyGone({ pid: 500, startTime: null, host: 'pc' }, machine('pc', new Map([[500, 1]]), 'win32'))).toBe(false);
    expect(isProvablyGone({ pid: 0, startTime: null, host: 'pc' }, table)).toBe(false);
  });
});

describe('the claim on a return', () => {
  it('is held by one at a time; the holder is named; released, it can be taken again', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'fd-claims-'));
    const table = machine('pc', new Map([[process.pid, 1]]));
    const window = new ReturnClaims({ folder, by: 'the window', processes: table });
    const cli = new ReturnClaims({ folder, by: 'the command line', processes: table });
    const first = await window.take(KEY);
    expect('release' in first).toBe(true);
    const second = await cli.take(KEY);
    expect(second).toMatchObject({ refused: { holder: { by: 'the window', pid: process.pid, host: 'pc', since: expect.any(String) } } });
    if ('release' in first) await first.release();
    expect(readdirSync(folder)).toEqual([]);
    expect('release' in (await cli.take(KEY))).toBe(true);
  });

  it('a damaged claim, or one half written, is never taken as stale; the user may take it over, and a stale one is replaced', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'fd-claims-'));
    const claims = new ReturnClaims({ folder, by: 'the command line', processes: machine('pc', new Map([[process.pid, 1]])) });
    const file = join(folder, '8596148860_2024-01-01_2024-12-31_til.claim');
    writeFileSync(file, '');
    expect(await claims.take(KEY)).toEqual({ refused: { holder: undefined, file } });
    const taken = await claims.take(KEY, { takeOver: true });
    expect('release' in taken).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, by: 'the command line' });
    // Its owner's PID now another process's (another start tick): stale, replaced without asking.
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), startTime: 'linux boot boot-1 tick 999', token: 'f'.repeat(32) }));
    const again = await claims.take(KEY);
    expect('release' in again).toBe(true);
    expect(readdirSync(folder)).toEqual(['8596148860_2024-01-01_2024-12-31_til.claim']);
  });

  it("a FilingDesk resuming a return another Filing Desk holds does nothing and says who holds it and how to take it over", async () => {
    const transport: GatewayTransport = { post: async () => Promise.reject(new TransportError('the connection was refused')) };
    const environment = resolveEnvironment('til', 'http://127.0.0.1:9/submission');
    const { desk, store, dataDir } = makeDesk({ transport, retry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 1 } });
    const pending = await desk.submit(builtReturn(), { environment });
    const record = await store.load(pending.transactionId);
    const other = new SubmissionStore({ dataDir, claimedBy: 'the command line', claims: { processes: machine('office-pc-2', new Map()) } });
    const held = await other.claimReturn(sameReturnKey(record));
    expect('release' in held).toBe(true);
    const before = record.log.length;
    const outcome = await desk.file(pending.transactionId);
    expect(outcome).toMatchObject({ outcome: 'pending', claimHeld: true });
    expect(outcome.message).toMatch(/^another Filing Desk \(the command line, PID \d+ on "office-pc-2", since .*\) is filing this return \(UTR \d{10}, .*--take-over/);
    expect((await store.load(pending.transactionId)).log.length).toBe(before);
    await expect(desk.submit(builtReturn(), { environment })).rejects.toThrow(/another Filing Desk \(the command line/);
  });
});
