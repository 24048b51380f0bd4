/** `cli ct600 submit` against the local Transaction Engine: the receipt, a rejection, and credentials kept out of every log, file and argument. */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyIrmark } from '../../main/engine/ct600/index.js';
import { builtReturn, GATEWAY, rejectedReturn, startPeer } from '../filing/filing-support.js';
import { startCli } from './run-cli.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

const gatewayEnv = { FILING_DESK_GATEWAY_USER_ID: GATEWAY.senderId, FILING_DESK_GATEWAY_PASSWORD: GATEWAY.password };
const noGatewayEnv = { FILING_DESK_GATEWAY_USER_ID: '', FILING_DESK_GATEWAY_PASSWORD: '' };

function everyFileText(dir: string): string {
  let out = '';
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile()) out += readFileSync(path, 'utf8');
  }
  return out;
}

describe('cli ct600 submit', () => {
  it('files with Test in Live, prints the receipt with the IRmark ct600 verify prints, exits 0; no credential in output, files or arguments', async () => {
    const seenArguments: string[] = [];
    let pid = 0;
    const { peer, url } = await startPeer({
      onSubmission: () => {
        // The process's arguments as every user of the machine sees them (ps).
        if (process.platform === 'linux' && pid) seenArguments.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      },
    });
    peers.push(peer);
    const dir = mkdtempSync(join(tmpdir(), 'fd-cli-submit-'));
    const file = join(dir, 'return.xml');
    const built = builtReturn();
    writeFileSync(file, built);
    const secrets = join(dir, 'gateway-secrets');
    writeFileSync(secrets, `gateway_user_id=${GATEWAY.senderId}\ngateway_password=${GATEWAY.password}\n`);
    chmodSync(secrets, 0o600);
    const data = join(dir, 'data');
    const run = startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data, '--secrets-file', secrets], { env: noGatewayEnv });
    pid = run.child.pid!;
    const r = await run.done;
    expect(r.code, r.stderr).toBe(0);
    const outcome = JSON.parse(r.stdout);
    const check = verifyIrmark(built);
    expect(outcome).toMatchObject({ outcome: 'accepted', environment: 'til', irmark: check.expected, irmarkBase32: check.expectedBase32, receipt: { irmarkBase32: check.expectedBase32, matchesOurIrmark: true } });
    expect(outcome.acceptedTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
    if (process.platform === 'linux') expect(seenArguments).toHaveLength(1);
    const everywhere = [r.stdout, r.stderr, everyFileText(data), ...seenArguments].join('\n');
    for (const secret of [GATEWAY.password, GATEWAY.senderId]) expect(everywhere).not.toContain(secret);
  });

  it('a rejected return exits 1 with HMRC\'s errors, each with its number and location', async () => {
    const { peer, url } = await startPeer();
    peers.push(peer);
    const dir = mkdtempSync(join(tmpdir(), 'fd-cli-submit-'));
    const file = join(dir, 'rejected.xml');
    writeFileSync(file, rejectedReturn());
    const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', join(dir, 'data')], { env: gatewayEnv }).done;
    expect(r.code, r.stderr).toBe(1);
    const outcome = JSON.parse(r.stdout);
    expect(outcome.outcome).toBe('rejected');
    expect(outcome.errors).toEqual(expect.arrayContaining([expect.objectContaining({ number: '9145', location: expect.stringMatching(/TaxRate/) })]));
    expect([r.stdout, r.stderr, everyFileText(join(dir, 'data'))].join('\n')).not.toContain(GATEWAY.password);
  });

  it('without Government Gateway credentials nothing is sent: exit 2 naming where they go', async () => {
    const { peer, url } = await startPeer();
    peers.push(peer);
    const dir = mkdtempSync(join(tmpdir(), 'fd-cli-submit-'));
    const file = join(dir, 'return.xml');
    writeFileSync(file, builtReturn());
    const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', join(dir, 'data')], { env: noGatewayEnv }).done;
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).errors[0]).toMatchObject({ field: 'credentials', message: expect.stringContaining('FILING_DESK_GATEWAY_PASSWORD') });
    expect(peer.submissionsByTransactionId.size).toBe(0);
  });

  it('a secrets file other users can read is refused before it is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-cli-submit-'));
    const file = join(dir, 'return.xml');
    writeFileSync(file, builtReturn());
    const secrets = join(dir, 'gateway-secrets');
    writeFileSync(secrets, `gateway_user_id=${GATEWAY.senderId}\ngateway_password=${GATEWAY.password}\n`);
    chmodSync(secrets, 0o644);
    const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', 'http://127.0.0.1:9/submission', '--data', join(dir, 'data'), '--secrets-file', secrets], { env: noGatewayEnv }).done;
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).errors[0]).toMatchObject({ field: 'secrets-file', message: expect.stringContaining('chmod 600') });
    expect(r.stderr).not.toContain(GATEWAY.password);
  });
});
