import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startCli } from '../cli/run-cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(): Promise<{ database: TestDatabase; dir: string; passwordFile: string }> {
  const database = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'office-cli-'));
  cleanups.push(() => database.drop(), () => rmSync(dir, { recursive: true, force: true }));
  const passwordFile = join(dir, 'alice.txt');
  writeFileSync(passwordFile, 'alice-password-1\n', { mode: 0o600 });
  return { database, dir, passwordFile };
}

/** Starts `cli office serve` and resolves to its URL once it prints that it is listening. */
async function serve(args: string[]): Promise<{ url: string; stop(): Promise<{ code: number | null; stdout: string }> }> {
  const server = startCli(['office', 'serve', '--port', '0', ...args]);
  let stopped = false;
  const stop = async () => {
    if (!stopped) server.child.kill('SIGTERM');
    stopped = true;
    return server.done;
  };
  cleanups.push(async () => void (await stop()));
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the office did not say it was listening within 90 s')), 90_000);
    server.child.stdout.on('data', (chunk: string) => {
      printed += chunk;
      const line = /^office: listening on (\S+)$/m.exec(printed);
      if (line) {
        clearTimeout(timer);
        resolve(line[1]!);
      }
    });
    void server.done.then((result) => {
      clearTimeout(timer);
      reject(new Error(`the office stopped (${result.code}): ${result.stderr}`));
    });
  });
  return { url, stop };
}

/** The field errors the command printed on stderr (after the bundle's build notice, when the source changed during the run). */
function fieldErrors(stderr: string): { field: string; message: string }[] {
  return JSON.parse(stderr.slice(stderr.indexOf('{'))).errors;
}

function signInBody(password: string) {
  return JSON.stringify({ user: 'alice', password, desk: 'test desk' });
}

describe('cli office serve and user add', () => {
  it('adds a user from an owner-only password file, serves http on loopback, and that user signs in', async () => {
    const { database, passwordFile } = await setUp();
    const added = runCli(['office', 'user', 'add', 'alice', '--database', database.url, '--password-file', passwordFile, '--admin']);
    expect(added.stderr.replace(/^Building the command line.*\n/m, '')).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe('office: alice added as an admin\n');

    const office = await serve(['--database', database.url]);
    expect(office.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const reply = await fetch(`${office.url}/office/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signInBody('alice-password-1') });
    expect(reply.status).toBe(201);
    expect((await reply.json()).user).toEqual({ name: 'alice', admin: true });
    const stopped = await office.stop();
    expect(stopped.code).toBe(0);
  });

  it('refuses a password file others can read, and a short password, naming each', async () => {
    const { database, dir } = await setUp();
    const open = join(dir, 'open.txt');
    writeFileSync(open, 'alice-password-1\n');
    chmodSync(open, 0o644);
    const refused = runCli(['office', 'user', 'add', 'alice', '--database', database.url, '--password-file', open]);
    expect(refused.code).toBe(2);
    expect(fieldErrors(refused.stderr)[0]).toMatchObject({ field: 'password-file', message: expect.stringMatching(/can be read by other users .*chmod 600/) });
    const short = join(dir, 'short.txt');
    writeFileSync(short, 'too-short\n', { mode: 0o600 });
    const tooShort = runCli(['office', 'user', 'add', 'alice', '--database', database.url, '--password-file', short]);
    expect(tooShort.code).toBe(2);
    expect(fieldErrors(tooShort.stderr)).toEqual([{ field: 'password', message: 'must be at least 12 characters' }]);
  });

  it('will not serve plain http to other computers', () => {
    const refused = runCli(['office', 'serve', '--database', 'postgres://nobody@127.0.0.1:1/none', '--host', '0.0.0.0']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/--host 0\.0\.0\.0 reaches other computers.*unencrypted/);
  });

  it('says so, naming --database, when the database cannot be reached or is not PostgreSQL', () => {
    const unreachable = runCli(['office', 'serve', '--database', 'postgres://nobody@127.0.0.1:1/none']);
    expect(unreachable.code).toBe(2);
    expect(fieldErrors(unreachable.stderr)[0]).toMatchObject({ field: 'database', message: expect.stringMatching(/could not be reached/) });
    const notPostgres = runCli(['office', 'serve', '--database', 'mysql://office@127.0.0.1/office']);
    expect(notPostgres.code).toBe(2);
    expect(fieldErrors(notPostgres.stderr)[0]).toMatchObject({ field: 'database', message: expect.stringMatching(/--database must be a postgres:\/\//) });
  });

  it("serves https with the office's certificate, and refuses a key others can read", async () => {
    const { database, dir, passwordFile } = await setUp();
    const cert = join(dir, 'office.pem');
    const key = join(dir, 'office-key.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' });
    chmodSync(key, 0o644);
    const openKey = runCli(['office', 'serve', '--database', database.url, '--tls-cert', cert, '--tls-key', key]);
    expect(openKey.code).toBe(2);
    expect(fieldErrors(openKey.stderr)[0]).toMatchObject({ field: 'tls-key', message: expect.stringMatching(/TLS key file .* can be read by other users/) });

    chmodSync(key, 0o600);
    expect(runCli(['office', 'user', 'add', 'alice', '--database', database.url, '--password-file', passwordFile]).code).toBe(0);
    const office = await serve(['--database', database.url, '--tls-cert', cert, '--tls-key', key]);
    expect(office.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await new Promise<{ status: number; body: string; hsts: string | undefined }>((resolve, reject) => {
      const req = httpsRequest(`${office.url}/office/v1/sessions`, { method: 'POST', ca: readFileSync(cert), headers: { 'content-type': 'application/json' } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, hsts: res.headers['strict-transport-security'] }));
      });
      req.on('error', reject);
      req.end(signInBody('alice-password-1'));
    });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).user).toEqual({ name: 'alice', admin: false });
    expect(answer.hsts).toMatch(/max-age=/);
  });
});
