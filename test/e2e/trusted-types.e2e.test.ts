/**
 * React Aria's live announcer (NumberField, DateField, ComboBox …) clears
 * itself with `innerHTML = ''`. Under the app's real CSP, in Chromium, that
 * must work, while every other string sent to a sink is still refused and no
 * other policy can be created.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicyHeader } from '../../main/window/content-security-policy.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A page script: the renderer's policy module (or not), then the real announcer, as the app's entry loads them. */
async function bundle(withPolicy: boolean): Promise<string> {
  const contents = `
    ${withPolicy ? "import './renderer/src/trusted-types-policy.ts';" : ''}
    import { announce, clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
    const attempt = (run) => { try { run(); return 'ok'; } catch (error) { return String(error); } };
    globalThis.trial = {
      announceAndClear: () => attempt(() => { announce('Draft saved', 'assertive'); announce('Box 145 changed', 'polite'); clearAnnouncer('assertive'); clearAnnouncer('polite'); }),
      emptyElement: () => attempt(() => { const div = document.createElement('div'); div.textContent = 'x'; div.innerHTML = ''; }),
      markup: () => attempt(() => { document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>'; }),
      scriptUrl: () => attempt(() => { document.createElement('script').src = '/evil.js'; }),
      anotherPolicy: () => attempt(() => trustedTypes.createPolicy('escape-hatch', { createHTML: (s) => s })),
      secondDefault: () => attempt(() => trustedTypes.createPolicy('default', { createHTML: (s) => s })),
    };`;
  const out = await build({ stdin: { contents, resolveDir: repoRoot, loader: 'ts' }, bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
  return out.outputFiles[0]!.text;
}

let browser: Browser;
let server: Server;
let origin: string;
const scripts = new Map<string, string>();

beforeAll(async () => {
  scripts.set('/with-policy.js', await bundle(true));
  scripts.set('/without-policy.js', await bundle(false));
  // The app's own policy, as app:// sends it in the header.
  const csp = contentSecurityPolicyHeader();
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const script = scripts.get(path);
    if (script) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': csp });
      res.end(script);
      return;
    }
    const name = path === '/without' ? '/without-policy.js' : '/with-policy.js';
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp });
    res.end(`<!doctype html><html><head><title>t</title></head><body><script type="module" src="${name}"></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => 'trial' in globalThis);
  return page;
}
const run = (page: Page, name: string) => page.evaluate((n) => (globalThis as any).trial[n](), name);

describe('Trusted Types under the app\'s CSP, in Chromium', () => {
  it('without the policy the announcer would throw: the trap is real', async () => {
    const page = await open('/without');
    await expect(run(page, 'announceAndClear')).resolves.toMatch(/TrustedHTML/);
    await page.close();
  });

  it('with the policy, React Aria\'s announcer announces and clears itself', async () => {
    const page = await open('/');
    await expect(run(page, 'announceAndClear')).resolves.toBe('ok');
    await expect(run(page, 'emptyElement')).resolves.toBe('ok');
    await page.close();
  });

  it('every other string is still refused at the sinks, and no other policy can be made', async () => {
    const page = await open('/');
    await expect(run(page, 'markup')).resolves.toMatch(/TrustedHTML|Trusted Type/);
    await expect(run(page, 'scriptUrl')).resolves.toMatch(/TrustedScriptURL|Trusted Type/);
    await expect(run(page, 'anotherPolicy')).resolves.toMatch(/escape-hatch|policy/i);
    await expect(run(page, 'secondDefault')).resolves.toMatch(/default|policy/i);
    await page.close();
  });
});
