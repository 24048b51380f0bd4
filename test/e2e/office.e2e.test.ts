/**
 * End to end: Settings › Office in the built renderer, through the real
 * bridge and handlers, against a real office (the office server over its own
 * database on the run's PostgreSQL, http on 127.0.0.1). The window's desk
 * joins (http on this computer asks no certificate check) and shows who it
 * is signed in as; a client added on a second desk (another data folder,
 * synced by its own OfficeDesk) is in Clients after Sync now; a client
 * changed on both desks is shown side by side and resolved from the
 * keyboard, the other desk's version then on this desk; the Outbox says the
 * office sync is done. Each state pictured and checked with axe.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { OfficeDesk } from '../../main/office/office-desk.js';
import { createRecordAdapters } from '../../main/office/record-adapters/index.js';
import { createOfficeServer } from '../../main/server/office/office-server.js';
import { ClientBook } from '../../main/store/client-book.js';
import type { ClientDetails } from '../../preload/contract.js';
import { addTestUsers, openTestOffice, TEST_PASSWORD, type TestOffice } from '../office/office-test-office.js';
import { screenshot, startHarness, startMainOverDataFolder, type E2eHarness, type MainOverDataFolder } from './harness.js';

let h: E2eHarness;
let office: TestOffice;
let server: FastifyInstance;
let officeUrl: string;
let window: MainOverDataFolder;
let otherBook: ClientBook;
let otherDesk: OfficeDesk;

const details = (over: Partial<ClientDetails>): ClientDetails => ({
  companyName: '',
  registrationNumber: '',
  utr: '',
  periodEnd: '03-31',
  serviceClientName: '',
  serviceClientId: '',
  ...over,
});

beforeAll(async () => {
  h = await startHarness();
  office = await openTestOffice(4);
  await addTestUsers(office.pool, ['sarah', 'tom']);
  server = await createOfficeServer({ pool: office.pool });
  await server.listen({ port: 0, host: '127.0.0.1' });
  officeUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  // The window's desk: its office service over the same data folder as its stores, as main wires it.
  window = await startMainOverDataFolder(h, 'unused.xml', {
    office: ({ dataDir, clients }) => ({ office: new OfficeDesk({ dataDir, credentials: new MemoryCredentialStore(), adapters: createRecordAdapters({ clientBook: clients }) }) }),
  });
  // Tom's desk in the back office: another data folder, joined and synced without a window.
  const otherDir = join(h.workDir, 'back-office');
  await mkdir(otherDir, { recursive: true });
  otherBook = new ClientBook({ dataDir: otherDir, log: () => undefined });
  otherDesk = new OfficeDesk({ dataDir: otherDir, credentials: new MemoryCredentialStore(), adapters: createRecordAdapters({ clientBook: otherBook }) });
  const joined = await otherDesk.join({ url: officeUrl, user: 'tom', password: TEST_PASSWORD, desk: 'BACK-OFFICE' });
  expect(joined.outcome).toBe('joined');
}, 180_000);

afterAll(async () => {
  await h?.close();
  await server?.close();
  await office?.close();
});

describe('Settings › Office', () => {
  it('joins, receives another desk’s client with Sync now, and resolves a conflict side by side from the keyboard', async () => {
    const { page, problems } = await h.openApp();
    page.setDefaultTimeout(20_000);
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('region', { name: 'Office' });
    const form = panel.getByRole('form', { name: 'Join your office' });
    await form.waitFor();
    await screenshot(page, 'settings-office-join');

    await form.getByLabel('Office address').fill(officeUrl);
    await form.getByLabel('Your user name').fill('sarah');
    await form.getByLabel('Office password').fill(TEST_PASSWORD);
    await form.getByLabel('This desk’s name').fill('RECEPTION-PC');
    await form.getByRole('button', { name: 'Join the office' }).click();
    const joined = panel.getByTestId('office-joined');
    await joined.waitFor();
    // http on this computer: no certificate to check, so no confirmation step came first.
    await expect(panel.getByTestId('office-confirm-fingerprint').count()).resolves.toBe(0);
    const row = (key: string) => joined.locator('.summary-list__row', { has: page.locator('dt', { hasText: new RegExp(`^${key}$`) }) }).locator('dd').first();
    await expect(row('Office').textContent()).resolves.toBe(officeUrl);
    await expect(row('Signed in as').textContent()).resolves.toBe('sarah');
    await expect(row('This desk').textContent()).resolves.toBe('RECEPTION-PC');

    // Tom adds a client on his desk and syncs; Sync now brings it here.
    const beta = await otherBook.save(undefined, details({ companyName: 'Beta Holdings Ltd', utr: '1234567890', registrationNumber: '07654321' }));
    await otherDesk.sync();
    await panel.getByRole('button', { name: 'Sync now' }).click();
    await panel.getByTestId('office-sync-note').filter({ hasText: 'Synced with the office.' }).waitFor();
    await expect(row('Last synced').textContent()).resolves.toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} \(0 changes sent, 1 change received\)$/);
    await screenshot(page, 'settings-office-joined');
    await sections.getByRole('button', { name: 'Clients' }).click();
    await page.getByText('Beta Holdings Ltd').first().waitFor();

    // Both desks change the client's UTR apart; Tom's reaches the office first.
    const here = (await window.clients.get(beta.id))!;
    await window.clients.save(beta.id, details({ companyName: here.companyName, registrationNumber: here.registrationNumber, utr: '1111111111', periodEnd: here.periodEnd }));
    await otherBook.save(beta.id, details({ companyName: beta.companyName, registrationNumber: beta.registrationNumber, utr: '2222222222', periodEnd: beta.periodEnd }));
    await otherDesk.sync();

    await sections.getByRole('button', { name: 'Settings' }).click();
    await panel.getByRole('button', { name: 'Sync now' }).click();
    const card = panel.getByRole('article', { name: 'Client: Beta Holdings Ltd' });
    await card.waitFor();
    const table = card.getByRole('table');
    await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual(['Field', 'This desk', expect.stringMatching(/^tom on BACK-OFFICE, \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/)]);
    await expect(table.getByRole('row').filter({ hasText: 'UTR' }).getByRole('cell').allTextContents()).resolves.toEqual(['1111111111', '2222222222']);
    await screenshot(page, 'settings-office-conflict');

    // From the keyboard: Tab from this desk's button to Tom's, and Enter.
    await card.getByRole('button', { name: 'Keep this desk’s version of Beta Holdings Ltd' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Keep tom’s version of Beta Holdings Ltd');
    await page.keyboard.press('Enter');
    await panel.getByText('“Beta Holdings Ltd”: kept tom’s version; it is now on this desk. The other version stays in the office’s history.').waitFor();
    await expect(panel.getByRole('article').count()).resolves.toBe(0);
    expect((await window.clients.get(beta.id))?.utr).toBe('2222222222');
    await screenshot(page, 'settings-office-resolved');

    // The Outbox shows the office sync as it would a request: done, nothing waiting.
    await sections.getByRole('button', { name: 'Outbox' }).click();
    const sync = page.getByRole('region', { name: 'Office sync' });
    await expect(sync.locator('.tag').textContent()).resolves.toBe('Done');
    await expect(sync.getByTestId('outbox-office-sentence').textContent()).resolves.toMatch(/^Everything on this desk is with the office \(last synced \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}\)\.$/);
    await screenshot(page, 'outbox-office-sync');
    expect(problems).toEqual([]);
  }, 180_000);
});
