/** A `ct600 submit` run killed outright (SIGKILL) while polling: the claim and the record it leaves behind, for tests of what the next run makes of them. */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { builtReturn, GATEWAY, startPeer } from '../filing/filing-support.js';
import { startCli } from './run-cli.js';

export const gatewayEnv = { FILING_DESK_GATEWAY_USER_ID: GATEWAY.senderId, FILING_DESK_GATEWAY_PASSWORD: GATEWAY.password };

export function setUpReturn() {
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-interrupted-'));
  const file = join(dir, 'return.xml');
  writeFileSync(file, builtReturn());
  return { dir, file, data: join(dir, 'data') };
}

export const claimFiles = (data: string) => readdirSync(join(data, 'submissions')).filter((n) => n.endsWith('.claim'));

/** Killed at its first poll: HMRC (the peer) acknowledged the return, the record says so, and the run's claim is left behind. */
export async function killedWhilePolling(cleanups: (() => unknown)[]) {
  const { dir, file, data } = setUpReturn();
  let victim: ReturnType<typeof startCli> | undefined;
  let killed = false;
  const { peer, url } = await startPeer({
    pollIntervalSeconds: 1,
    onPoll: async () => {
      if (killed || !victim) return;
      killed = true;
      victim.child.kill('SIGKILL');
      await victim.done;
    },
  });
  cleanups.push(() => peer.close());
  const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data];
  victim = startCli(args, { env: gatewayEnv });
  expect((await victim.done).signal).toBe('SIGKILL');
  expect(claimFiles(data)).toHaveLength(1);
  const records = readdirSync(join(data, 'submissions')).filter((n) => n.endsWith('.json'));
  expect(records).toHaveLength(1);
  const recordFile = join(data, 'submissions', records[0]!);
  return {
    peer,
    url,
    dir,
    args,
    data,
    claim: join(data, 'submissions', claimFiles(data)[0]!),
    victimPid: victim.child.pid!,
    recordFile,
    /** The record on disk changed as a test needs, as a hand or another program would. */
    editRecord: (change: (record: Record<string, unknown>) => Record<string, unknown>) => writeFileSync(recordFile, JSON.stringify(change(JSON.parse(readFileSync(recordFile, 'utf8'))))),
  };
}
