/** The Transaction Engine runs only when its port switch is given, and `cli ct600 submit` files against it. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtReturn, GATEWAY } from '../../filing/filing-support.js';
import { startCli } from '../../cli/run-cli.js';
import { repoRoot } from '../../helpers/shared.js';

function startService(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'main', 'server', 'cli.ts'), ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)(\/submission)?\n/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`service exited (${code}): ${out}${err}`)));
  });
  return { child, ready, output: () => out + err };
}

describe('npm run service -- --transaction-engine-port', () => {
  it('runs the Transaction Engine on its own port; ct600 submit files against it and exits 0 with the receipt', async () => {
    const service = startService(['--transaction-engine-port', '0', '--gateway-user', GATEWAY.senderId, '--poll-interval', '0'], { FILING_DESK_GATEWAY_PASSWORD: GATEWAY.password });
    try {
      const url = await service.ready;
      expect(service.output()).toContain('Transaction Engine for tests (not HMRC)');
      const dir = mkdtempSync(join(tmpdir(), 'fd-te-process-'));
      const file = join(dir, 'return.xml');
      writeFileSync(file, builtReturn());
      const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', join(dir, 'data')], {
        env: { FILING_DESK_GATEWAY_USER_ID: GATEWAY.senderId, FILING_DESK_GATEWAY_PASSWORD: GATEWAY.password },
      }).done;
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'accepted', receipt: { matchesOurIrmark: true } });
      expect(service.output()).not.toContain(GATEWAY.password);
    } finally {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit');
    }
  });

  it('the filing service started as usual has no Transaction Engine routes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fd-te-default-'));
    const service = startService(['--port', '0', '--data', dataDir, '--client-id', 'c', '--client-secret', 'cs', '--user', 'u@example.co.uk', '--password', 'pw'], {});
    try {
      const url = await service.ready;
      const res = await fetch(`${url}/submission`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<GovTalkMessage/>' });
      expect([404, 415]).toContain(res.status);
      expect(service.output()).not.toContain('Transaction Engine');
    } finally {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit');
    }
  });
});
