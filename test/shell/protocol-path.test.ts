import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../../main/window/app-protocol.js';
import { parseContentSecurityPolicy } from '../../main/window/content-security-policy.js';
import { resolveAppRequest } from '../../main/window/protocol-path.js';

const root = join(sep, 'opt', 'filing-desk', 'dist', 'renderer');

describe('app:// path resolution', () => {
  it('serves index.html for the root and files inside the renderer folder', () => {
    expect(resolveAppRequest('app://filing-desk/', root)).toEqual({
      ok: true,
      filePath: join(root, 'index.html'),
      mimeType: 'text/html; charset=utf-8',
    });
    const asset = resolveAppRequest('app://filing-desk/assets/index-Bx1.js?v=1#x', root);
    expect(asset).toEqual({ ok: true, filePath: join(root, 'assets', 'index-Bx1.js'), mimeType: 'text/javascript; charset=utf-8' });
    expect(resolveAppRequest('app://filing-desk/assets/my%20file.css', root)).toMatchObject({
      ok: true,
      filePath: join(root, 'assets', 'my file.css'),
    });
  });

  const refused = [
    'app://filing-desk/../secret.txt',
    'app://filing-desk/assets/../../secret.txt',
    'app://filing-desk/./index.html',
    'app://filing-desk/%2e%2e/secret.txt',
    'app://filing-desk/%2E%2E/%2e%2E/etc/passwd.txt',
    'app://filing-desk/.%2e/secret.txt',
    'app://filing-desk/assets%2f..%2f..%2fsecret.txt',
    'app://filing-desk/assets/..%2fsecret.txt',
    'app://filing-desk/..%5csecret.txt',
    'app://filing-desk/assets%5c..%5c..%5csecret.txt',
    'app://filing-desk//etc/passwd.txt',
    'app://filing-desk/%2fetc%2fpasswd.txt',
    'app://filing-desk/C:/Windows/win.ini.txt',
    'app://filing-desk/C%3A%5CWindows%5Cwin.ini.txt',
    'app://filing-desk/index.html%00.js',
    'app://filing-desk/assets/',
  ];
  for (const url of refused) {
    it(`refuses ${url}`, () => {
      const result = resolveAppRequest(url, root);
      expect(result.ok).toBe(false);
    });
  }

  it('refuses other hosts, schemes and malformed URLs', () => {
    expect(resolveAppRequest('app://other/index.html', root)).toMatchObject({ ok: false, status: 403 });
    expect(resolveAppRequest('app:///etc/passwd', root)).toMatchObject({ ok: false });
    expect(resolveAppRequest('file:///etc/passwd', root)).toMatchObject({ ok: false, status: 403 });
    expect(resolveAppRequest('::not a url', root)).toMatchObject({ ok: false, status: 400 });
    expect(resolveAppRequest('app://filing-desk/%E0%A4%A.js', root)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses file types it has no business serving', () => {
    expect(resolveAppRequest('app://filing-desk/keys.pem', root)).toMatchObject({ ok: false, status: 404 });
  });
});

describe('app:// protocol handler', () => {
  let dir: string;
  beforeAll(async () => {
    const base = await mkdtemp(join(tmpdir(), 'fd-protocol-'));
    dir = join(base, 'renderer');
    await mkdir(join(dir, 'assets'), { recursive: true });
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(base, 'secret.txt'), 'top secret');
    await mkdir(join(base, 'outside'));
    await writeFile(join(base, 'outside', 'also-secret.txt'), 'top secret too');
    // Links pointing out of the renderer folder: a file and a whole folder.
    await symlink(join(base, 'secret.txt'), join(dir, 'leak.txt'));
    await symlink(join(base, 'outside'), join(dir, 'assets', 'linked'), 'dir');
    // A link that stays inside is fine.
    await symlink(join(dir, 'assets', 'app.js'), join(dir, 'alias.js'));
  });
  afterAll(async () => {
    await rm(join(dir, '..'), { recursive: true, force: true });
  });

  const handler = () => createAppProtocolHandler({ rootDir: dir });

  it('serves a file with its type, the CSP and nosniff', async () => {
    const response = await handler()(new Request('app://filing-desk/assets/app.js'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(1)');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = parseContentSecurityPolicy(response.headers.get('content-security-policy') ?? '');
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('does not serve a file outside the renderer folder, however the path is spelled', async () => {
    // The URL parser folds %2e%2e into ".." and removes it before the handler
    // sees it (as Chromium does for a standard scheme), so that spelling ends
    // up asking for a file that is not in the folder: 404. An encoded slash
    // survives parsing and is refused outright: 403.
    for (const [url, status] of [
      ['app://filing-desk/%2e%2e/secret.txt', 404],
      ['app://filing-desk/..%2fsecret.txt', 403],
      ['app://filing-desk/assets%2f..%2f..%2fsecret.txt', 403],
    ] as const) {
      const response = await handler()(new Request(url));
      expect(response.status, url).toBe(status);
      expect(await response.text()).not.toContain('top secret');
    }
  });

  it.skipIf(process.platform === 'win32')('does not follow a symbolic link out of the renderer folder', async () => {
    for (const url of ['app://filing-desk/leak.txt', 'app://filing-desk/assets/linked/also-secret.txt']) {
      const response = await handler()(new Request(url));
      expect(response.status, url).toBe(403);
      expect(await response.text()).not.toMatch(/top secret/);
    }
    const inside = await handler()(new Request('app://filing-desk/alias.js'));
    expect(inside.status).toBe(200);
    expect(await inside.text()).toBe('console.log(1)');
  });

  it('serves from a root that is itself reached through a symbolic link', async () => {
    const linkedRoot = join(dir, '..', 'linked-root');
    await symlink(dir, linkedRoot, 'dir');
    const response = await createAppProtocolHandler({ rootDir: linkedRoot })(new Request('app://filing-desk/assets/app.js'));
    expect(response.status).toBe(200);
  });

  it('answers 404 for a missing file and 405 for anything but GET/HEAD', async () => {
    expect((await handler()(new Request('app://filing-desk/missing.js'))).status).toBe(404);
    expect((await handler()(new Request('app://filing-desk/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });
});
