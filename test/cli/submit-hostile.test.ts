/**
 * `cli ct600 submit` against a Transaction Engine that cannot be trusted:
 * the exit code, what is printed, and what is kept, as a user running it
 * from a script sees them.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PeerReplyContext } from '../../main/server/transaction-engine/peer-faults.js';
import { errorReplyXml, successResponseXml } from '../../main/server/transaction-engine/peer-replies.js';
import { builtReturn, everyFileText, GATEWAY, held, startPeer } from '../filing/filing-support.js';
import { repoRoot } from '../helpers/shared.js';
import { startCli } from './run-cli.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

const gatewayEnv = { FILING_DESK_GATEWAY_USER_ID: GATEWAY.senderId, FILING_DESK_GATEWAY_PASSWORD: GATEWAY.password };

async function setUp(options: Parameters<typeof startPeer>[0] = {}) {
  const started = await startPeer(options);
  peers.push(started.peer);
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-hostile-'));
  const file = join(dir, 'return.xml');
  writeFileSync(file, builtReturn());
  return { ...started, dir, file, data: join(dir, 'data') };
}



describe('cli ct600 submit against a hostile Transaction Engine', () => {
  it('a poll answered with an error about the poll after the acknowledgement exits 4 and never says "nothing was filed"; run again, it finishes', async () => {
    const { peer, url, file, data } = await setUp();
    peer.faults.add({ fault: { kind: 'reply', body: (c) => errorReplyXml({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: held(c).correlationId, errors: [{ raisedBy: 'Gateway', number: '2005', type: 'fatal', text: 'No acknowledgement.' }], at: new Date() }) }, on: 'poll' });
    const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data, '--tries', '2'];
    const r = await startCli(args, { env: gatewayEnv }).done;
    expect(r.code, r.stderr).toBe(4);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/nothing was filed/);
    const outcome = JSON.parse(r.stdout);
    expect(outcome).toMatchObject({ outcome: 'pending', message: expect.stringMatching(/error 2005.*do not file it again/s) });
    expect(peer.requests.map((q) => q.route)).not.toContain('delete');
    peer.faults.clear();
    const again = await startCli(args, { env: gatewayEnv }).done;
    expect(again.code, again.stderr).toBe(0);
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  });

  it('a receipt for another return exits non-zero, is said not to match, and the return is not taken as filed; run again, HMRC\'s real receipt is accepted', async () => {
    const { peer, url, file, data } = await setUp();
    peer.faults.add({ fault: { kind: 'reply', body: (c) => successResponseXml({ messageClass: held(c).messageClass, transactionId: 'A'.repeat(32), correlationId: 'B'.repeat(32), irmark: 'YrgW02ybxWOff7gHrELynhp1gRw=', utr: '8596148860', at: new Date() }) }, on: 'poll' });
    const args = ['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data, '--tries', '1'];
    const r = await startCli(args, { env: gatewayEnv }).done;
    expect(r.code, r.stderr).toBe(4);
    const outcome = JSON.parse(r.stdout);
    expect(outcome).toMatchObject({ outcome: 'pending', mismatch: true, message: expect.stringContaining("HMRC's answer does not match this return") });
    expect(JSON.parse(readFileSync(join(data, 'submissions', `${outcome.transactionId}.json`), 'utf8')).state).toBe('acknowledged');
    peer.faults.clear();
    const again = await startCli(args, { env: gatewayEnv }).done;
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ outcome: 'accepted', transactionId: outcome.transactionId });
  });

  it('PollInterval 0 gives at most one poll per 2 seconds', async () => {
    const { peer, url, file, data } = await setUp({ pollIntervalSeconds: 0 });
    peer.faults.add({ fault: { kind: 'slow-poll', polls: 3, intervalSeconds: 0 }, on: 'poll', times: 1 });
    const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data], { env: gatewayEnv }).done;
    expect(r.code, r.stderr).toBe(0);
    const times = peer.requests.filter((q) => q.route === 'poll' || q.route === 'submission').map((q) => q.at.getTime());
    expect(times.length).toBe(5);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1950);
  }, 30_000);

  for (const environment of ['live', 'til', 'ets']) {
    it(`${environment}: the password is never sent over http to anything but loopback — exit 2 and no request made`, async () => {
      const { peer, url, file, data } = await setUp();
      // 0.0.0.0 reaches this very peer on Linux, but it is not a loopback address: refused before connecting.
      const port = new URL(url).port;
      for (const endpoint of [`http://0.0.0.0:${port}/submission`, 'http://192.0.2.7/submission', 'https://example.com/submission']) {
        const r = await startCli(['ct600', 'submit', file, '--environment', environment, '--endpoint', endpoint, '--data', data], { env: gatewayEnv }).done;
        expect(r.code, r.stderr).toBe(2);
        expect(JSON.parse(r.stderr).errors[0]).toMatchObject({ field: 'endpoint', message: expect.stringMatching(/only sent over https to HMRC/) });
        expect(`${r.stdout}${r.stderr}`).not.toContain(GATEWAY.password);
      }
      expect(peer.requests).toHaveLength(0);
      expect(everyFileText(data)).toBe('');
    });
  }

  it("the server's words reach the terminal escaped, and an echoed password masked", async () => {
    const { peer, url, file, data } = await setUp();
    // Characters XML allows and a terminal obeys: a C1 control sequence introducer, a bidi override, a line separator.
    const hostile = `\u009b2J\u202e\u2028${GATEWAY.password}`;
    const header = (c: PeerReplyContext) => ({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: held(c).correlationId, at: new Date() });
    peer.faults.add({ fault: { kind: 'reply', body: (c) => errorReplyXml({ ...header(c), errors: [{ raisedBy: 'Gateway', number: `1000${hostile}`, type: 'fatal', text: hostile }] }) }, on: 'poll', times: 1 });
    peer.faults.add({
      fault: { kind: 'reply', body: (c) => errorReplyXml({ ...header(c), errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: hostile }], businessErrors: [{ raisedBy: 'ChRIS', number: '9200', type: 'business', text: `You sent ${hostile}`, location: hostile }] }) },
      on: 'poll',
      times: 1,
    });
    const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data], { env: gatewayEnv }).done;
    expect(r.code, r.stderr).toBe(1);
    // The XML reader takes the line separator for a line end: shown as \n, never as a line break.
    expect(r.stderr).toMatch(/no usable answer yet \(HMRC answered the poll with error 1000\\x9b2J\\u202e\\(u2028|n)\[masked\]/);
    for (const out of [r.stdout, r.stderr]) expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e\u2028]/);
    expect(JSON.parse(r.stdout).errors[0]).toMatchObject({ number: '9200', text: expect.stringMatching(/^You sent \u009b2J\u202e[\u2028\n]\[masked\]$/) });
    expect([r.stdout, r.stderr, everyFileText(data)].join('\n')).not.toContain(GATEWAY.password);
  });

  const time = '/usr/bin/time';
  it.skipIf(!existsSync(time) || process.platform !== 'linux')('a 200 MB reply without Content-Length is cut off at the limit while reading: peak memory under 300 MB, and the return still filed once', async () => {
    const { peer, url, file, data } = await setUp();
    peer.faults.add({ fault: { kind: 'endless-reply', bytes: 200 * 1024 * 1024 }, on: 'submission', times: 1 });
    const { spawn } = await import('node:child_process');
    const child = spawn(time, ['-f', 'maxrss-kb=%M', process.execPath, join(repoRoot, 'scripts', 'cli.mjs'), 'ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data], {
      cwd: repoRoot,
      env: { ...process.env, ...gatewayEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    const peakKb = Number(/maxrss-kb=(\d+)/.exec(stderr)?.[1]);
    console.log(`peak memory of ct600 submit with a 200 MB reply: ${(peakKb / 1024).toFixed(0)} MB`);
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb).toBeLessThan(300 * 1024);
    expect(JSON.parse(stdout).outcome).toBe('accepted');
    expect(peer.submissionsByTransactionId.size).toBe(1);
  }, 60_000);

  it('no reply crashes the run (exit 3): HTML 403, DOCTYPE, a 5,000-character error, a 3 MB acknowledgement', async () => {
    const bodies: [string, { status?: number; contentType?: string; body: (c: PeerReplyContext) => string }][] = [
      ['403', { status: 403, contentType: 'text/html', body: () => `<!DOCTYPE html><html><body>${'Forbidden '.repeat(600)}</body></html>` }],
      ['doctype', { body: () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "e">]><x>&e;</x>' }],
      ['long error', { body: (c) => errorReplyXml({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, errors: [{ raisedBy: 'Gateway', number: '1000', type: 'fatal', text: 'y'.repeat(5000) }], at: new Date() }) }],
      ['3 MB ack', { body: (c) => errorReplyXml({ messageClass: held(c).messageClass, errors: [{ raisedBy: 'Gateway', number: '1000', type: 'fatal', text: 'z'.repeat(3 * 1024 * 1024) }], at: new Date() }) }],
    ];
    for (const [what, fault] of bodies) {
      const { peer, url, file, data } = await setUp();
      peer.faults.add({ fault: { kind: 'reply', ...fault }, on: 'submission', times: 1 });
      const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data], { env: gatewayEnv }).done;
      expect(r.code, `${what}: ${r.stderr}`).toBe(0);
      expect(peer.submissionsByTransactionId.size).toBe(1);
    }
  }, 60_000);
});
