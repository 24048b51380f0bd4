import { describe, it, expect } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const cli = join(repoRoot, 'main', 'server', 'cli.ts');
const args = ['--client-id', 'cli-client', '--client-secret', 'cli-secret', '--user', 'cli@example.co.uk', '--password', 'cli-password'];

describe('npm run service (main/server/cli.ts)', () => {
  it('prints "listening on http://127.0.0.1:<n>", serves the token endpoint, and stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-cli-'));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--data', dataDir, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`service exited early (${code}): ${out}`)));
      });
      const res = await fetch(`${url}/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: 'cli-client',
          client_secret: 'cli-secret',
          username: 'cli@example.co.uk',
          password: 'cli-password',
        }),
      });
      expect(res.status).toBe(200);
      const { access_token } = (await res.json()) as { access_token: string };
      const status = await fetch(`${url}/validation/filtered-status/00000000-0000-4000-8000-000000000000`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(status.status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start without credentials, naming the missing option', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, '--port', '0'], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--client-id is required');
    expect(r.stderr).toContain('usage: service');
  });

  it('refuses a port that is not a number', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, '--port', 'eighty', ...args], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--port must be a whole number, not "eighty"');
  });
});
