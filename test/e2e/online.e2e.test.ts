/**
 * End to end: working with the filing service from the window. The built
 * renderer in Chromium (test/e2e/harness.ts) talks to the real IPC handlers
 * and the real OnlineDesk over a temporary data folder, with secrets in the
 * private keychain session `npm test` starts; the service is the local
 * contract server on 127.0.0.1 with the real engine and its fault switches.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretAccount, type CredentialStore } from '../../main/credentials/credential-store.js';
import { KeyringCredentialStore } from '../../main/credentials/keyring-credential-store.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { createHandlers, type HandlerDeps } from '../../main/ipc/create-handlers.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { OnlineDesk } from '../../main/online/online-desk.js';
import { FaultSwitches } from '../../main/server/faults.js';
import { axiosTransport, type Transport } from '../../main/service/remote/http-transport.js';
import { ClientBook } from '../../main/store/client-book.js';
import { DraftStore } from '../../main/store/draft-store.js';
import type { DraftServiceResults, OnlineStatus } from '../../preload/contract.js';
import { runKeychainTests } from '../credentials/secret-service.js';
import { b64, sampleInlineReport } from '../engine/package/package-helpers.js';
import { handlerDepsOverDesk } from '../online/online-support.js';
import { validForm } from '../renderer/ct600/fake-main.js';
import { credentials, startServer, type RunningServer } from '../server/support.js';
import { artifactsDir, checkAccessibility, chromiumPath, screenshot, shared, startHarness, type E2eHarness, type OpenedPage, filingAsMainWiresIt } from './harness.js';

interface RequestRecord {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The HTTP status, or null when the connection was dropped before an answer. */
  status: number | null;
  replay: boolean;
}

let harness: E2eHarness;
let server: RunningServer;
let dataDir: string;
let store: CredentialStore;
let desk: OnlineDesk;
let drafts: DraftStore;
let current: OpenedPage | null = null;
const faults = new FaultSwitches();
const records: RequestRecord[] = [];
/** Every answer a page got over the bridge, for the secret scan. */
const answers: unknown[] = [];
/** Refresh tokens the token endpoint handed out (the scan looks for each). */
const refreshTokens = new Set<string>();

// Every request the app makes, with what came back: the server's own log sees arrivals only.
const base = axiosTransport();
const transport: Transport = async (exchange) => {
  const record: RequestRecord = { method: exchange.method, path: new URL(exchange.url).pathname, idempotencyKey: Object.entries(exchange.headers).find(([k]) => k.toLowerCase() === 'idempotency-key')?.[1] ?? null, status: null, replay: false };
  records.push(record);
  const answer = await base(exchange);
  record.status = answer.status;
  record.replay = answer.headers['idempotent-replayed'] === 'true';
  if (record.path.endsWith('/connect/token') && answer.status === 200) {
    const token = (JSON.parse(answer.text) as { refresh_token?: string }).refresh_token;
    if (token) refreshTokens.add(token);
  }
  return answer;
};

/** Main as the app starts it: stores, the OnlineDesk and every handler, over the one data folder. */
async function startMain(): Promise<void> {
  drafts = new DraftStore({ dataDir, log: () => undefined });
  const clients = new ClientBook({ dataDir, log: () => undefined });
  desk = new OnlineDesk({
    dataDir,
    credentials: store,
    drafts,
    clients,
    transport,
    random: () => 0,
    log: () => undefined,
    // What the preload does in the app: main's status pushes reach the window.
    onStatus: (status: OnlineStatus) =>
      void current?.page
        .evaluate((s) => {
          const push = (globalThis as { __filingDeskOnlineStatus?: (s: unknown) => void }).__filingDeskOnlineStatus;
          if (!push) throw new Error('the page has no status channel');
          push(s);
        }, status)
        // A page closing for the restart cannot take a push; the next page asks for the status when it opens.
        .catch(() => undefined),
  });
  await desk.open();
  harness.ipc.listeners.clear();
  registerHandlers(
    harness.ipc,
    createHandlers(withFiling(handlerDepsOverDesk({ desk, dataDir, clients, drafts }, createCt600Engine({ productVersion: '0.1.0' }), process.platform), dataDir, drafts)),
    { isTrustedSender: harness.isTrustedSender },
  );
}

/** Filing with HMRC wired as main wires it (its keychain in memory), so the side bar and the wizard show what a user sees. */
function withFiling(deps: HandlerDeps, dataDir: string, drafts: DraftStore): HandlerDeps {
  return { ...deps, filing: filingAsMainWiresIt(dataDir, drafts, deps.fileSaver) };
}

beforeAll(async () => {
  harness = await startHarness();
  const invoke = harness.ipc.invoke.bind(harness.ipc);
  harness.ipc.invoke = async (...args) => {
    const answer = await invoke(...args);
    answers.push(answer);
    return answer;
  };
  server = await startServer({ engine: undefined, faults });
  dataDir = await mkdtemp(join(tmpdir(), 'fd-online-e2e-'));
  store = runKeychainTests ? new KeyringCredentialStore({ service: `Filing Desk e2e ${randomUUID()}` }) : new MemoryCredentialStore();
  if (!runKeychainTests) console.warn('online e2e: no Secret Service reachable, so secrets are kept in memory and the keychain checks are skipped (npm test provides one).');
  await startMain();
}, 180_000);

afterAll(async () => {
  await desk?.stop(0);
  await server?.stop();
  await harness?.close();
});

async function openApp(): Promise<OpenedPage> {
  current = await harness.openApp();
  await current.page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
  return current;
}

const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true }).click();
const statusLine = (page: Page) => page.getByTestId('online-status');
const rowOf = (page: Page, title: string) => page.getByTestId('outbox-row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${title}`) }) });

async function openCheckStep(page: Page, title: string): Promise<void> {
  await section(page, 'Start');
  await page.getByRole('button', { name: title, exact: true }).click();
  await page.getByTestId('task-check').click({ timeout: 10_000 });
  await page.getByRole('heading', { name: 'Filing service' }).waitFor();
}

/** The report package as the wizard stores it: the answers a bookkeeper gives on the About and Entry points steps. */
const packageForm = {
  about: {
    name: 'Acme annual report 2024',
    identifier: 'http://example.com/acme/2024/package',
    version: '',
    description: '',
    publisher: 'ACME Corp',
    publisherUrl: '',
    publisherCountry: 'GB',
    publicationDate: { day: '15', month: '1', year: '2025' },
    reportPackageLanguage: 'en-GB',
    reportPackageName: 'ACME-2024',
  },
  entryPoints: [{ key: '1', name: 'ACME 2024', description: '', version: '', href: 'http://example.com/acme/2024/acme-2024.xsd', languages: '' }],
  includeHash: true,
  writeHashFile: true,
};

async function openPackageCheckStep(page: Page, title: string): Promise<void> {
  await section(page, 'Start');
  await page.getByRole('button', { name: title, exact: true }).click();
  await page.getByTestId('task-review').click({ timeout: 10_000 });
  await page.getByRole('heading', { name: 'Filing service' }).waitFor();
  await page.getByTestId('build').and(page.locator(':enabled')).waitFor({ timeout: 10_000 });
}

describe.skipIf(!existsSync(chromiumPath))('Online, end to end in Chromium against the local filing service', () => {
  it('settings, sign-in, queued sends through an outage and a restart, agreement, a followed job, a silent token refresh and sign-out — no secret in the page', async () => {
    let { page, problems } = await openApp();
    const allProblems: string[] = [];

    // Settings: filled in, saved, and Test connection in words.
    await section(page, 'Settings');
    await page.getByLabel('Service address').fill(server.url);
    await page.getByLabel('Token address').fill(server.url);
    await page.getByLabel('Customer name').fill('Smith & Co Accountants');
    await page.getByLabel('Customer id').fill('SMITH-001');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-test').textContent()).resolves.toMatch(/^Connection works\. /);
    await screenshot(page, 'online-01-settings-connection-works');
    await expect(statusLine(page).textContent()).resolves.toContain('Signed out');

    // Sign-in: the secrets go in their boxes and straight to main.
    // In its own panel: Settings also holds the HMRC Gateway sign-in, with a Password of its own.
    const signIn = page.getByTestId('signin');
    await signIn.getByLabel('Client id').fill(credentials.clientId);
    await signIn.getByLabel('Client secret').fill(credentials.clientSecret);
    await signIn.getByLabel('User name').fill(credentials.username);
    await signIn.getByLabel('Password').fill(credentials.password);
    await screenshot(page, 'online-02-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('signed-in').textContent()).resolves.toBe(`Signed in as ${credentials.username} at ${server.url}.`);
    await page.getByText(`Online: signed in as ${credentials.username}`).waitFor();
    await screenshot(page, 'online-03-signed-in');

    // Two drafts: a CT600 return built here, and a report package.
    const ct = await drafts.create({ kind: 'ct600', clientId: null, title: 'Acme Widgets 2025', form: validForm as never });
    const pkg = await drafts.create({ kind: 'report-package', clientId: null, title: 'Acme annual report 2024', form: packageForm as never });
    await section(page, 'Start');
    await page.reload();
    current = { page, problems };
    await openCheckStep(page, 'Acme Widgets 2025');
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    await page.getByText(/^Built/).first().waitFor();

    // The service becomes unreachable: both sends are queued, nothing in the window waits.
    faults.add({ fault: { kind: 'drop-connection' }, path: '/hrmc' }).add({ fault: { kind: 'drop-connection' }, path: '/report-package' });
    await page.getByRole('button', { name: 'Send to the filing service' }).click();
    await page.getByText('Put in the outbox.', { exact: false }).waitFor();
    await page.getByTestId('service-request').getByText('Waiting').waitFor();
    await screenshot(page, 'online-04-ct600-queued');
    // The package draft's report is attached as the wizard attaches it; main adds it to the request it sends.
    await expect(
      page.evaluate(
        ({ id, base64 }) =>
          window.filingDesk!.attachToDraft({ draftId: id, role: 'report', fileName: 'acme-2024-12-31-en.xhtml', bytes: Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)) }),
        { id: pkg.id, base64: b64(sampleInlineReport()) },
      ),
    ).resolves.toMatchObject({ ok: true });
    // The package is built here first, then sent from the wizard's Check and build step with the same description.
    await openPackageCheckStep(page, 'Acme annual report 2024');
    await page.getByTestId('build').click();
    await expect(page.getByTestId('built-file-name').textContent()).resolves.toBe('ACME-2024.xbri');
    const localSha256 = (await page.getByTestId('package-sha256').textContent())!.trim();
    const packagePanel = page.getByTestId('service-panel');
    await packagePanel.getByRole('button', { name: 'Send to the filing service' }).click();
    await packagePanel.getByText('Put in the outbox.', { exact: false }).waitFor();
    await packagePanel.getByTestId('service-request').getByText('Waiting').waitFor();
    await packagePanel.scrollIntoViewIfNeeded();
    await screenshot(page, 'online-04-package-queued');
    const sentPackage = desk.outbox.list().find((i) => i.draftId === pkg.id);
    expect(sentPackage).toMatchObject({ kind: 'package-build', title: 'Acme annual report 2024' });
    // Waiting through the outage: the outbox tries again on its back-off, so at any moment the item may be between attempts or in one.
    expect(['queued', 'sending']).toContain(sentPackage!.state);
    await section(page, 'Outbox');
    for (const title of ['Acme Widgets 2025', 'Acme annual report 2024']) {
      await rowOf(page, title).filter({ hasText: 'Waiting' }).filter({ hasText: /could not|dropped|reach|connection/i }).waitFor({ timeout: 20_000 });
    }
    await screenshot(page, 'online-05-outbox-queued');
    const keys = (await desk.outbox.list()).map((i) => i.id);
    expect(keys).toHaveLength(2);

    // The app restarts in the middle of the queue: a new main over the same data folder, a new window.
    allProblems.push(...problems);
    await page.close();
    await desk.stop(0);
    await startMain();
    ({ page, problems } = await openApp());
    await section(page, 'Outbox');
    // The Outbox screen loads when first opened; both requests are listed once it has.
    await page.getByTestId('outbox-row').nth(1).waitFor();
    await expect(page.getByTestId('outbox-row').count()).resolves.toBe(2);
    await screenshot(page, 'online-06-outbox-after-restart');

    // The service comes back.
    faults.clear();
    for (const title of ['Acme Widgets 2025', 'Acme annual report 2024']) {
      const retry = rowOf(page, title).getByRole('button', { name: /^Retry/ });
      // The outbox's own next try may start first, and a request being sent has no Retry: then the button is gone, which is fine.
      if (await retry.count()) {
        await retry.click({ timeout: 5_000 }).catch(async (error: unknown) => {
          if (await retry.count()) throw error;
        });
      }
    }
    for (const title of ['Acme Widgets 2025', 'Acme annual report 2024']) {
      await rowOf(page, title).filter({ hasText: 'Done' }).waitFor({ timeout: 30_000 });
    }
    await screenshot(page, 'online-07-outbox-done');
    for (const key of keys) {
      const worked = records.filter((r) => r.idempotencyKey === key && r.status !== null && r.status < 300 && !r.replay);
      expect(worked, `the service did the work for ${key} once`).toHaveLength(1);
    }

    // The results: who answered, when, and the agreement with the local engine.
    await rowOf(page, 'Acme Widgets 2025').getByRole('button', { name: /^Open the draft/ }).click();
    await page.getByTestId('task-check').click();
    await expect(page.getByTestId('agreement').textContent()).resolves.toContain('Agrees with the local engine');
    await expect(page.getByTestId('service-build').textContent()).resolves.toContain(`The filing service at ${server.url} (API version 1.0)`);
    await page.getByTestId('service-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'online-08-agreement');
    const pkgResults = (await desk.draftResults(pkg.id)) as DraftServiceResults;
    expect(pkgResults.lastServiceBuild).toMatchObject({ answeredBy: 'service', service: server.url, sha256: localSha256 });

    // The package too, on the wizard's Check and build step: the service's bytes are the local build's.
    await section(page, 'Outbox');
    await rowOf(page, 'Acme annual report 2024').getByRole('button', { name: /^Open the draft/ }).click();
    await page.getByTestId('task-review').click();
    const packageService = page.getByTestId('service-panel');
    await expect(packageService.getByTestId('agreement').textContent()).resolves.toContain('Agrees with the local engine');
    await expect(packageService.getByTestId('service-build').textContent()).resolves.toContain(`The filing service at ${server.url} (API version 1.0)`);
    await expect(packageService.getByTestId('service-sha256').textContent()).resolves.toBe(localSha256);
    await packageService.scrollIntoViewIfNeeded();
    await screenshot(page, 'online-08-package-agrees');

    // A validation job: a file sent to our own server, followed to its end, full and filtered.
    await section(page, 'Outbox');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('group', { name: 'Send a file for validation' }).getByRole('button', { name: 'Choose a file to send…' }).click();
    await (await chooser).setFiles(join(shared, 'ct600', 'vectors', 'tpvs-accepted-sample.xml'));
    const job = page.getByTestId('followed-job');
    await job.getByText('Finished').waitFor({ timeout: 30_000 });
    await job.getByRole('heading', { name: /^File is (not )?valid$/ }).waitFor();
    await job.getByLabel('Every message (full)').check();
    await job.getByRole('table').first().waitFor();
    await checkAccessibility(page, 'online-outbox-job-every-message');
    const jobId = (await job.locator('.job__id').textContent())!;
    await page.getByLabel('Job id').fill(jobId);
    await page.getByRole('button', { name: 'Follow the job' }).click();
    await expect(page.getByTestId('followed-job').count()).resolves.toBe(1);
    await screenshot(page, 'online-09-followed-job');

    // A 401 on an access token the app thought was fine: refreshed and resent without the user noticing.
    const before = records.length;
    faults.add({ fault: { kind: 'unauthorized' }, path: '/hrmc/build-ct600', times: 1 });
    await rowOf(page, 'Acme Widgets 2025').getByRole('button', { name: /^Open the draft/ }).click();
    await page.getByTestId('task-check').click();
    await page.getByRole('button', { name: 'Send to the filing service' }).click();
    await page.getByText('Put in the outbox.', { exact: false }).waitFor();
    await checkAccessibility(page, 'online-ct600-put-in-the-outbox-again');
    await expect.poll(() => desk.outbox.list().length).toBe(4);
    await expect.poll(() => desk.outbox.list().at(-1)!.state, { timeout: 20_000 }).toBe('done');
    await page.getByTestId('service-request').getByText('Done').waitFor();
    const after = records.slice(before).map((r) => `${r.path} ${r.status}`);
    expect(after).toEqual(['/hrmc/build-ct600 401', '/connect/token 200', '/hrmc/build-ct600 200']);
    await expect(statusLine(page).textContent()).resolves.toContain('Online');

    // Sign-out removes the keychain items; the user name stays for next time.
    await section(page, 'Settings');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('signin').getByLabel('User name').inputValue()).resolves.toBe(credentials.username);
    await statusLine(page).getByText('Signed out', { exact: true }).waitFor();
    await screenshot(page, 'online-10-signed-out');
    for (const account of [SecretAccount.refreshToken(server.url, credentials.username), SecretAccount.password(credentials.username), SecretAccount.clientSecret(credentials.clientId)]) {
      expect(await store.get(account)).toBeUndefined();
    }

    // The secret scan: DOM, localStorage, sessionStorage, IndexedDB and every bridge answer — after a marker planted in each is found.
    await page.evaluate(async () => {
      localStorage.setItem('planted', 'planted-marker-local');
      sessionStorage.setItem('planted', 'planted-marker-session');
      const div = document.createElement('div');
      div.textContent = 'planted-marker-dom';
      document.body.append(div);
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('planted', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onsuccess = () => {
          const tx = open.result.transaction('s', 'readwrite');
          tx.objectStore('s').put('planted-marker-idb', 'k');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
    });
    await drafts.create({ kind: 'ct600', clientId: null, title: 'planted-marker-answer', form: {} as never });
    await page.evaluate(() => window.filingDesk!.listDrafts());
    const places = await page.evaluate(async () => {
      const idb: string[] = [];
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(info.name!);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const name of [...db.objectStoreNames]) {
          const all = await new Promise<unknown[]>((resolve) => {
            const request = db.transaction(name).objectStore(name).getAll();
            request.onsuccess = () => resolve(request.result);
          });
          idb.push(JSON.stringify(all));
        }
        db.close();
      }
      const inputs = [...document.querySelectorAll('input')].map((i) => i.value).join('\n');
      return { dom: document.documentElement.outerHTML + inputs, local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }), idb: idb.join('\n') };
    });
    const scanned = { ...places, answers: JSON.stringify(answers) };
    const where = (needle: string) => Object.entries(scanned).filter(([, text]) => text.includes(needle)).map(([name]) => name);
    expect(where('planted-marker-dom')).toEqual(['dom']);
    expect(where('planted-marker-local')).toEqual(['local']);
    expect(where('planted-marker-session')).toEqual(['session']);
    expect(where('planted-marker-idb')).toEqual(['idb']);
    expect(where('planted-marker-answer')).toContain('answers');
    const accessTokens = [...new Set(server.seen.map((r) => /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1]).filter((t): t is string => Boolean(t)))];
    expect(accessTokens.length).toBeGreaterThan(1); // the first token and the one after the refresh
    expect(refreshTokens.size).toBeGreaterThan(0);
    for (const [what, secret] of Object.entries({ clientSecret: credentials.clientSecret, password: credentials.password, ...Object.fromEntries(accessTokens.map((t, i) => [`access token ${i}`, t])), ...Object.fromEntries([...refreshTokens].map((t, i) => [`refresh token ${i}`, t])) })) {
      expect(where(secret), `${what} found in the page`).toEqual([]);
    }

    allProblems.push(...problems);
    expect(allProblems).toEqual([]);

    // What the server was asked, and what main left in the data folder.
    await mkdir(artifactsDir, { recursive: true });
    await writeFile(join(artifactsDir, 'online-requests.json'), `${JSON.stringify(records, null, 2)}\n`);
    const files = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => relative(dataDir, join(e.parentPath, e.name))).sort();
    await writeFile(join(artifactsDir, 'online-data-files.txt'), `${files.join('\n')}\n`);
    for (const file of files) {
      const text = await readFile(join(dataDir, file), 'latin1');
      for (const secret of [credentials.clientSecret, credentials.password, ...accessTokens]) expect(text.includes(secret), `${file} holds a secret`).toBe(false);
    }
  }, 150_000);
});

