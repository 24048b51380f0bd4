/**
 * A filing process killed outright (SIGKILL: no handler runs, nothing is
 * flushed) at the two worst moments: after HMRC has the submission and
 * before its acknowledgement is stored, and while polling. Run again, the
 * same command finishes each return with its receipt, and the Transaction
 * Engine saw each TransactionID exactly once.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyIrmark } from '../../main/engine/ct600/index.js';
import { builtReturn, GATEWAY, startPeer } from '../filing/filing-support.js';
import { startCli } from './run-cli.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

const env = { FILING_DESK_GATEWAY_USER_ID: GATEWAY.senderId, FILING_DESK_GATEWAY_PASSWORD: GATEWAY.password };

function setUpReturn() {
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-crash-'));
  const file = join(dir, 'return.xml');
  writeFileSync(file, builtReturn());
  return { dir, file, data: join(dir, 'data') };
}

const recordOf = (data: string) => {
  const names = readdirSync(join(data, 'submissions')).filter((n) => n.endsWith('.json'));
  expect(names).toHaveLength(1);
  return JSON.parse(readFileSync(join(data, 'submissions', names[0]!), 'utf8'));
};

describe('filing survives a killed process, exactly once', () => {
  it('killed after HMRC has the submission and before the acknowledgement is stored: the rerun finds it with a data request and ends with the receipt', async () => {
    const { file, data } = setUpReturn();
    let victim: ReturnType<typeof startCli> | undefined;
    let killed = false;
    const { peer, url } = await startPeer({
      onSubmission: async () => {
        if (killed || !victim) return;
        killed = true;
        // The submission is held; the acknowledgement has not been written to the client.
        victim.child.kill('SIGKILL');
        await victim.done;
      },
    });
    peers.push(peer);
    const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data];
    victim = startCli(args, { env });
    const first = await victim.done;
    expect(first.signal).toBe('SIGKILL');
    const left = recordOf(data);
    expect(left.sendStartedAt).toBeDefined();
    expect(left.correlationId).toBeUndefined();
    expect(peer.submissionsByTransactionId.get(left.transactionId)).toBe(1);

    const rerun = await startCli(args, { env }).done;
    expect(rerun.code, rerun.stderr).toBe(0);
    const outcome = JSON.parse(rerun.stdout);
    expect(outcome).toMatchObject({ outcome: 'accepted', transactionId: left.transactionId, receipt: { matchesOurIrmark: true, irmarkBase32: verifyIrmark(readFileSync(file)).expectedBase32 } });
    expect(rerun.stderr).toContain('asking HMRC whether it holds this submission');
    expect(peer.submissionsByTransactionId.get(left.transactionId)).toBe(1);
    expect([...peer.submissionsByTransactionId.values()]).toEqual([1]);
  });

  it('killed while polling: the rerun polls on from the record at HMRC\'s interval and ends with the receipt', async () => {
    const { file, data } = setUpReturn();
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
    peers.push(peer);
    const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data];
    victim = startCli(args, { env });
    const first = await victim.done;
    expect(first.signal).toBe('SIGKILL');
    const left = recordOf(data);
    expect(left.state).toBe('acknowledged');
    expect(left.correlationId).toMatch(/^[0-9A-F]{32}$/);

    const rerun = await startCli(args, { env }).done;
    expect(rerun.code, rerun.stderr).toBe(0);
    const outcome = JSON.parse(rerun.stdout);
    expect(outcome).toMatchObject({ outcome: 'accepted', transactionId: left.transactionId, correlationId: left.correlationId, receipt: { matchesOurIrmark: true } });
    expect(rerun.stderr).not.toContain('asking HMRC');
    expect(peer.submissionsByTransactionId.get(left.transactionId)).toBe(1);
    expect(peer.earlyPolls).toBe(0);
  });

  it('a third run after the receipt files nothing: the return is already accepted', async () => {
    const { file, data } = setUpReturn();
    const { peer, url } = await startPeer();
    peers.push(peer);
    const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data];
    expect((await startCli(args, { env }).done).code).toBe(0);
    const again = await startCli(args, { env }).done;
    expect(again.code).toBe(2);
    expect(JSON.parse(again.stderr).errors[0].message).toMatch(/already accepted a return for UTR .*nothing was sent/);
    expect([...peer.submissionsByTransactionId.values()]).toEqual([1]);
  });
});
