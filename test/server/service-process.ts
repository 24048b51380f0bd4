/** The service CLI as a real child process over a given data folder, with its output collected. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const cli = join(repoRoot, 'main', 'server', 'cli.ts');
export const processCredentials = { clientId: 'proc-client', clientSecret: 'proc-secret', username: 'proc@example.co.uk', password: 'proc-password' };

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output: { stdout: string; stderr: string };
  token(): Promise<string>;
}

export async function startServiceProcess(dataDir: string): Promise<ServiceProcess> {
  const c = processCredentials;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', cli, '--port', '0', '--data', dataDir, '--client-id', c.clientId, '--client-secret', c.clientSecret, '--user', c.username, '--password', c.password],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = { stdout: '', stderr: '' };
  child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.stdout += chunk.toString();
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output.stdout);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`service exited early (${code}): ${output.stdout}${output.stderr}`)));
  });
  return {
    child,
    url,
    output,
    async token() {
      const res = await fetch(`${url}/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', client_id: c.clientId, client_secret: c.clientSecret, username: c.username, password: c.password }),
      });
      if (res.status !== 200) throw new Error(`token request failed: ${res.status}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
  };
}
