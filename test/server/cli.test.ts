import { describe, it, expect } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const cli = join(repoRoot, 'main', 'server', 'cli.ts');
const args = ['--client-id', 'cli-client', '--client-secret', 'cli-secret', '--user', 'cli@example.co.uk', '--password', 'cli-password'];

/** The service CLI started on a free loopback port, with its stderr collected and a signed-in token. */
async function startCli(dataDir: string, cliArgs: string[] = args, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--data', dataDir, ...cliArgs], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr = { text: '' };
  child.stderr.on('data', (chunk: Buffer) => (stderr.text += chunk.toString()));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`service exited early (${code}): ${out}`)));
  });
  const tokenResponse = await fetch(`${url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'cli-client', client_secret: 'cli-secret', username: 'cli@example.co.uk', password: 'cli-password' }),
  });
  return { child, url, stderr, tokenResponse };
}

describe('npm run service (main/server/cli.ts)', () => {
  it('prints "listening on http://127.0.0.1:<n>", serves the token endpoint, and stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-cli-'));
    const { child, url, tokenResponse: res } = await startCli(dataDir);
    try {
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

  it('starts through the npm script as a newcomer types it (its Node options are valid)', () => {
    const r = spawnSync('npm', ['run', '--silent', 'service', '--', '--help'], { cwd: repoRoot, encoding: 'utf8', timeout: 30_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('usage: service --port <n>');
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

  it.each(['token-lifetime', 'body-limit'])('refuses --%s 0 with a usage error', (option) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, '--port', '0', ...args, `--${option}`, '0'], { cwd: repoRoot, encoding: 'utf8', timeout: 10_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--${option} must be at least 1, not "0"`);
    expect(r.stderr).toContain('usage: service');
  });

  it('logs a 500 to stderr with the request line and the error, never the body or headers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-cli-'));
    const { child, url, stderr, tokenResponse: res } = await startCli(dataDir);
    try {
      const { access_token } = (await res.json()) as { access_token: string };
      // The job folder vanishes under the running service: storing the upload fails inside the server.
      await rm(join(dataDir, 'validation-jobs'), { recursive: true, force: true });
      const content = Buffer.from('<return>client-confidential-figures</return>').toString('base64');
      const failed = await fetch(`${url}/validation`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: 'r.xml', contentBase64: content }),
      });
      expect(failed.status).toBe(500);
      await expect.poll(() => stderr.text, { timeout: 5000 }).toMatch(/internal error on POST \/validation: .*ENOENT/);
      for (const secret of [access_token, 'cli-password', 'cli-secret', content, 'client-confidential-figures']) expect(stderr.text).not.toContain(secret);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('--help lists every option, the secret variables and an example, and exits 0', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, '--help'], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status).toBe(0);
    for (const option of ['--port', '--client-id', '--user', '--secrets-file', '--data', '--host', '--token-lifetime', '--body-limit', '--client-secret', '--password']) {
      expect(r.stdout).toContain(option);
    }
    expect(r.stdout).toContain('FILING_DESK_SERVICE_PASSWORD');
    expect(r.stdout).toContain('example:');
  });

  it('takes the secrets from an owner-only file and refuses one that others can read', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-cli-'));
    const secrets = join(dataDir, 'secrets');
    await writeFile(secrets, '# office service\nclient_secret=file-secret\npassword=file-password\n');
    const withFile = ['--client-id', 'cli-client', '--user', 'cli@example.co.uk', '--secrets-file', secrets];
    try {
      await chmod(secrets, 0o640);
      const refused = spawnSync(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--data', dataDir, ...withFile], { cwd: repoRoot, encoding: 'utf8' });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain(`the secrets file ${secrets} can be read by other users (mode 640); run chmod 600`);
      expect(refused.stderr).not.toContain('file-secret');

      await chmod(secrets, 0o600);
      const { child, url, tokenResponse } = await startCli(dataDir, withFile);
      try {
        expect(tokenResponse.status).toBe(401); // startCli signs in with cli-secret, which the file's secret replaced
        const signIn = await fetch(`${url}/connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'password', client_id: 'cli-client', client_secret: 'file-secret', username: 'cli@example.co.uk', password: 'file-password' }),
        });
        expect(signIn.status).toBe(200);
      } finally {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
