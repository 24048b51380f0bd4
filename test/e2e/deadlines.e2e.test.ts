/**
 * End to end: the Deadlines screen in the built renderer in Debian's
 * Chromium, over the real IPC handlers, client book and drafts folder, with
 * main's clock on 24 November 2026. Clients with returns overdue, due soon,
 * due later and filed; the list in its order with its days and penalties (the
 * amounts in force for each filing date), the late-payment interest so far on
 * a built return's box 525 and a period marked paid; the calendar export
 * parsed by ical.js and compared with the list on screen. Two 2024–25 returns
 * built and never filed (one for a client with only a usual period end, one
 * saved without a client), older than the periods the usual end makes: both
 * overdue with their penalties; one filed and accepted live: not listed. The
 * list scrolls with the page, each row as tall as its text.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { OnlineDesk } from '../../main/online/online-desk.js';
import { ClientBook } from '../../main/store/client-book.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { recordBuild, sha256Of } from '../../main/store/draft-files.js';
import { markFiled } from '../../main/store/draft-filed.js';
import type { ClientDetails } from '../../preload/contract.js';
import { checkAccessibility, chromiumPath, screenshot, startHarness, type E2eHarness, type OpenedPage, filingAsMainWiresIt } from './harness.js';

let h: E2eHarness;
let saveDir: string;
let current: OpenedPage | null = null;

const base: ClientDetails = { companyName: '', registrationNumber: '', utr: '', periodEnd: '', serviceClientName: '', serviceClientId: '' };
const period = (start: string, end: string, filedOn: string | null = null, accepted = false) => ({ start, end, filedOn, accepted });

beforeAll(async () => {
  h = await startHarness();
  const dataDir = join(h.workDir, 'data');
  saveDir = join(h.workDir, 'chosen-by-the-save-dialog');
  await mkdir(saveDir, { recursive: true });
  const drafts = new DraftStore({ dataDir, log: () => undefined });
  await drafts.open();
  const clients = new ClientBook({ dataDir, log: () => undefined });
  await clients.save(undefined, { ...base, companyName: 'Overdue Widgets Ltd', utr: '1111111111', periods: [period('2024-07-01', '2025-06-30')] });
  await clients.save(undefined, {
    ...base,
    companyName: 'Persistent Latecomer Ltd',
    periods: [period('2022-07-01', '2023-06-30', '2024-08-01'), period('2023-07-01', '2024-06-30', '2025-07-15'), period('2024-07-01', '2025-06-30')],
  });
  const soon = await clients.save(undefined, { ...base, companyName: 'Soon Trading Ltd', utr: '2222222222', periods: [period('2025-01-01', '2025-12-31')] });
  await clients.save(undefined, {
    ...base,
    companyName: 'Filed Early Ltd',
    periods: [{ ...period('2024-04-01', '2025-03-31', '2026-02-01', true), payments: [{ date: '2025-12-15', amount: '5000.00' }] }],
  });
  await clients.save(undefined, { ...base, companyName: 'Usual End Ltd', periodEnd: '03-31' });
  await clients.save(undefined, { ...base, companyName: 'Large Group plc', instalments: 'large', periods: [period('2026-01-01', '2026-12-31')] });
  const draft = await drafts.create({ kind: 'ct600', clientId: soon.id, title: 'Soon Trading Ltd', form: {} });
  await drafts.save({ id: draft.id, clientId: soon.id, title: 'Soon Trading Ltd', periodFrom: '2025-01-01', periodTo: '2025-12-31', form: { values: { companyName: 'Soon Trading Ltd' } } });
  // Built once with £12,000.00 in box 525 (and changed since, so still a draft): interest runs on that figure.
  const xml = new TextEncoder().encode(
    '<?xml version="1.0" encoding="UTF-8"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body><IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><CompanyTaxReturn ReturnType="new"><CalculationOfTaxOutstandingOrOverpaid><TaxChargeable>12000.00</TaxChargeable><TaxPayable>12000.00</TaxPayable></CalculationOfTaxOutstandingOrOverpaid></CompanyTaxReturn></IRenvelope></Body></GovTalkMessage>',
  );
  await recordBuild(drafts, draft.id, {
    xml,
    build: { builtAt: '2026-09-01T10:00:00.000Z', answeredBy: 'engine', fingerprint: '0'.repeat(64), fileName: 'Soon Trading Ltd.xml', size: xml.length, sha256: sha256Of(xml) },
    validation: { validatedAt: '2026-09-01T10:00:01.000Z', answeredBy: 'engine', result: { jobStatus: 'success', startDateTime: null, endDateTime: null, validations: [] } },
  });
  // Two 2024–25 returns built and never filed, due 31 March 2026: one for a client with only a usual period end, one
  // saved without a client; and a third filed and accepted live, which must not come back as overdue.
  const forgotten = await clients.save(undefined, { ...base, companyName: 'Forgotten Return Ltd', utr: '3333333333', periodEnd: '03-31' });
  const acceptedLongAgo = await clients.save(undefined, { ...base, companyName: 'Accepted Long Ago Ltd', utr: '5555555555', periodEnd: '03-31' });
  const built2024 = async (clientId: string | null, name: string, utr: string) => {
    const made = await drafts.create({ kind: 'ct600', clientId, title: name, form: {} });
    await drafts.save({ id: made.id, clientId, title: name, periodFrom: '2024-04-01', periodTo: '2025-03-31', form: { values: { companyName: name, utr } } });
    const bytes = new TextEncoder().encode(
      '<?xml version="1.0" encoding="UTF-8"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body><IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><CompanyTaxReturn ReturnType="new"><CalculationOfTaxOutstandingOrOverpaid><TaxChargeable>10000.00</TaxChargeable><TaxPayable>10000.00</TaxPayable></CalculationOfTaxOutstandingOrOverpaid></CompanyTaxReturn></IRenvelope></Body></GovTalkMessage>',
    );
    await recordBuild(drafts, made.id, {
      xml: bytes,
      build: { builtAt: '2025-12-01T10:00:00.000Z', answeredBy: 'engine', fingerprint: '0'.repeat(64), fileName: `${name}.xml`, size: bytes.length, sha256: sha256Of(bytes) },
      validation: { validatedAt: '2025-12-01T10:00:01.000Z', answeredBy: 'engine', result: { jobStatus: 'success', startDateTime: null, endDateTime: null, validations: [] } },
    });
    return made.id;
  };
  await built2024(forgotten.id, 'Forgotten Return Ltd', '3333333333');
  await built2024(null, 'Walk-in Trading Ltd', '4444444444');
  const filedId = await built2024(acceptedLongAgo.id, 'Accepted Long Ago Ltd', '5555555555');
  await markFiled(drafts, filedId, { transactionId: 'F'.repeat(32), acceptedAt: '2026-03-02T10:00:00.000Z', environment: 'live' });
  const fileSaver = { dialog: { showSaveDialog: async (o: { defaultPath: string }) => ({ canceled: false, filePath: join(saveDir, basename(o.defaultPath)) }) }, defaultDirectory: saveDir };
  registerHandlers(
    h.ipc,
    createHandlers({
      ct600: createCt600Engine(),
      // Filing with HMRC wired as main always wires it, so the side bar and a client's filing history read as in the app.
      filing: filingAsMainWiresIt(dataDir, drafts, fileSaver),
      packages: createPackageEngine(),
      clients,
      drafts,
      online: new OnlineDesk({ dataDir, credentials: new MemoryCredentialStore(), drafts, clients, log: () => undefined }),
      openDialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
      // The dialog keeps the suggested name, in the chosen folder.
      fileSaver,
      appInfo: { version: '0.1.0', platform: process.platform },
      clock: () => new Date('2026-11-24T12:00:00'),
    }),
    { isTrustedSender: h.isTrustedSender },
  );
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current && !current.page.isClosed()) {
    await screenshot(current.page, `deadlines-failed-${context.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => undefined);
    console.log('problems on the failed page:', current.problems);
  }
  if (current && !current.page.isClosed()) await current.page.close();
  current = null;
});

afterAll(async () => {
  await h?.close();
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "30 June 2026" → "2026-06-30". */
function isoOf(uk: string): string {
  const [day, month, year] = uk.split(' ');
  return `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

interface ShownRow {
  name: string;
  days: string;
  facts: string;
}

async function shownRows(opened: OpenedPage): Promise<ShownRow[]> {
  return opened.page.locator('[data-testid="deadline-row"]').evaluateAll((rows) =>
    rows.map((r) => ({
      name: r.querySelector('.deadline-row__name')!.textContent!,
      days: r.querySelector('.deadline-row__days')!.textContent!,
      facts: r.querySelector('.deadline-row__facts')!.textContent!,
    })),
  );
}

describe.skipIf(!existsSync(chromiumPath))('The Deadlines screen in Chromium', () => {
  it('orders overdue, the next 90 days, later and filed, with days, penalties, the overdue count and exports a calendar that matches', async () => {
    current = await h.openApp();
    const { page } = current;
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1280, height: 1000 });
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expect.poll(() => nav.getByTestId('overdue-count').textContent()).toBe('4');
    await nav.getByRole('button', { name: /^Deadlines/ }).click();
    await page.getByRole('list', { name: 'Deadlines' }).waitFor();
    await expect.poll(() => page.locator('.deadline-heading h3').allTextContents()).toEqual(['Overdue (4)', 'Due in the next 90 days (1)', 'Due later (7)', 'Filed (3)']);

    const rows = await shownRows(current);
    expect(rows.map((r) => [r.name, r.days])).toEqual([
      ['Forgotten Return Ltd', '238 days late'],
      ['Walk-in Trading Ltd', '238 days late'],
      ['Overdue Widgets Ltd', '147 days late'],
      ['Persistent Latecomer Ltd', '147 days late'],
      ['Soon Trading Ltd', '37 days left'],
      ['Accepted Long Ago Ltd', '127 days left'],
      ['Forgotten Return Ltd', '127 days left'],
      ['Usual End Ltd', '127 days left'],
      ['Large Group plc', '402 days left'],
      ['Accepted Long Ago Ltd', '493 days left'],
      ['Forgotten Return Ltd', '493 days left'],
      ['Usual End Ltd', '493 days left'],
      ['Persistent Latecomer Ltd', 'Filed 1 August 2024'],
      ['Persistent Latecomer Ltd', 'Filed 15 July 2025'],
      ['Filed Early Ltd', 'Filed 1 February 2026'],
    ]);
    expect(rows[2]!.facts).toContain('Return due 30 June 2026');
    expect(rows[2]!.facts).toContain('Tax due 1 April 2026');
    // Due 30 June 2026, after 1 April 2026: £200, and another £200 once more than 3 months late.
    expect(rows[2]!.facts).toContain('Penalty £400');
    // Third return in a row delivered late, due 30 June 2026: £1,000 each.
    expect(rows[3]!.facts).toContain('Penalty £2,000');
    // Filed 32 days late, due 30 June 2024 before the run of late returns: £100.
    expect(rows[12]!.facts).toContain('Penalty £100');
    // The 2024–25 returns built with £10,000.00 in box 525, tax due 1 January 2026: interest runs on them too.
    expect(rows[0]!.facts).toContain('Penalty £200 + 10% of the tax unpaid');
    // Box 525 £12,000.00, tax due 1 October 2026: 2 October – 24 November, 54 days × 12,000 × 7.75% / 365 = 137.5890… → £137.59
    expect(rows[4]!.facts).toContain('Interest so far £137.59 at 7.75% on tax of £12,000.00');
    // A payment recorded, the tax not known: the row says when it was paid.
    expect(rows[14]!.facts).toContain('Paid 15 December 2025');
    expect(rows[8]!.facts).toContain('Instalments (large company) 14 July 2026, 14 October 2026, 14 January 2027, 14 April 2027');
    await expect.poll(() => page.getByRole('button', { name: /^Continue: Soon Trading Ltd/ }).count()).toBe(1);
    await screenshot(page, 'deadlines-overview');

    await page.getByRole('button', { name: 'Export calendar (.ics)…' }).click();
    await page.getByText(/^Saved Deadlines 24 November 2026\.ics/).waitFor();
    const ics = await readFile(join(saveDir, 'Deadlines 24 November 2026.ics'), 'utf8');
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const filingEvents = events.filter((e) => e.summary.startsWith('Company Tax Return due: ')).map((e) => [e.summary.slice('Company Tax Return due: '.length), e.startDate.toString(), e.startDate.isDate]);
    const table = rows.map((r) => [r.name, isoOf(/Return due (\d+ \w+ \d{4})/.exec(r.facts)![1]!), true]);
    expect(filingEvents).toEqual(table);
    const paymentEvents = events.filter((e) => e.summary.startsWith('Corporation Tax payment due: ')).map((e) => [e.summary.slice('Corporation Tax payment due: '.length), e.startDate.toString()]);
    const paymentsShown = rows.filter((r) => r.facts.includes('Tax due')).map((r) => [r.name, isoOf(/Tax due (\d+ \w+ \d{4})/.exec(r.facts)![1]!)]);
    expect(paymentEvents).toEqual(paymentsShown);
    expect(events.filter((e) => e.summary.includes('instalment')).map((e) => e.startDate.toString())).toEqual(['2026-07-14', '2026-10-14', '2027-01-14', '2027-04-14']);

    await page.getByRole('button', { name: 'Export CSV…' }).click();
    await page.getByText(/^Saved Deadlines 24 November 2026\.csv/).waitFor();
    const csv = (await readFile(join(saveDir, 'Deadlines 24 November 2026.csv'), 'utf8')).split('\r\n');
    expect(csv[0]).toBe('name,utr,periodStart,periodEnd,filingDue,paymentDue,instalments,state,daysLeft,filedOn,penaltyPounds,penaltyPercentOfUnpaidTax,noticeServedOn,taxPayable,paidOn,interestSoFar,interestRate,deadline,companyNumber');
    expect(csv[3]).toBe('Overdue Widgets Ltd,1111111111,2024-07-01,2025-06-30,2026-06-30,2026-04-01,,not-started,-147,,400,0,,,,,,Company Tax Return,');
    expect(csv[5]).toBe('Soon Trading Ltd,2222222222,2025-01-01,2025-12-31,2026-12-31,2026-10-01,,draft,37,,0,0,,12000.00,,137.59,7.75,Company Tax Return,');
    expect(current.problems).toEqual([]);
  });

  it('lists the old unfiled returns as overdue with their penalties, in a list that scrolls with the page, each row as tall as its text', async () => {
    current = await h.openApp();
    const { page } = current;
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Deadlines/ }).click();
    const list = page.getByRole('list', { name: 'Deadlines' });
    await list.waitFor();
    await expect.poll(async () => (await shownRows(current!)).length).toBeGreaterThan(0);

    const rows = await shownRows(current);
    const forgotten = rows.find((r) => r.name === 'Forgotten Return Ltd' && r.facts.includes('Period 1 April 2024 to 31 March 2025'))!;
    expect(forgotten.days).toBe('238 days late');
    expect(forgotten.facts).toContain('Return due 31 March 2026');
    // Due 31 March 2026, before the 2026 amounts: £100, and £100 more after 3 months; still not delivered 18 months
    // after the period ended (from 1 October 2026): 10% of the tax unpaid.
    expect(forgotten.facts).toContain('Penalty £200 + 10% of the tax unpaid');
    expect(forgotten.facts).toContain('on tax of £10,000.00');
    const walkIn = rows.find((r) => r.name === 'Walk-in Trading Ltd')!;
    expect(walkIn).toMatchObject({ days: '238 days late' });
    expect(walkIn.facts).toContain('UTR 4444444444');
    expect(walkIn.facts).toContain('Not in the client book');
    expect(walkIn.facts).toContain('Penalty £200 + 10% of the tax unpaid');
    // Filed and accepted live: its 2024–25 period is not listed at all.
    expect(rows.filter((r) => r.name === 'Accepted Long Ago Ltd').map((r) => r.days)).toEqual(['127 days left', '493 days left']);
    // Built, and changed since (so a draft again): its next step is to go on with it.
    expect(forgotten.name).toBe('Forgotten Return Ltd');
    await expect.poll(() => page.getByRole('button', { name: 'Continue: Forgotten Return Ltd, period ending 31 March 2025' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Continue: Walk-in Trading Ltd, period ending 31 March 2025' }).count()).toBe(1);

    /** The list's boxes, the page's scroll and every drawn row's place, as the browser lays them out. */
    const layout = () =>
      page.evaluate(() => {
        const ul = document.querySelector<HTMLElement>('ul[aria-label="Deadlines"]')!;
        const boxes = [ul, ul.parentElement!].map((e) => ({ overflowY: getComputedStyle(e).overflowY, scrolls: e.scrollHeight > e.clientHeight + 1 }));
        const pane = document.getElementById('content')!;
        const drawn = [...ul.querySelectorAll<HTMLElement>(':scope > li')].map((li) => {
          const r = li.getBoundingClientRect();
          // The row's box holds all its text: nothing spills below it.
          return { top: r.top, bottom: r.bottom, height: r.height, spills: li.scrollHeight > li.clientHeight + 1 };
        });
        drawn.sort((a, b) => a.top - b.top);
        const overlaps = drawn.slice(1).filter((r, i) => r.top < drawn[i]!.bottom - 0.5).length;
        // The list's box reaches past its last drawn row (its border drawn round every row, none hanging below it).
        const holdsRows = drawn.length > 0 && ul.getBoundingClientRect().bottom >= drawn.at(-1)!.bottom - 0.5;
        return { boxes, pageScrolls: pane.scrollHeight > pane.clientHeight, paneTop: pane.scrollTop, heights: drawn.map((r) => Math.round(r.height)), overlaps, spills: drawn.filter((r) => r.spills).length, holdsRows };
      });
    let seen = await layout();
    // No box of its own scrolling inside the page: the list is as tall as its rows and the page scrolls.
    expect(seen.boxes).toEqual([
      { overflowY: 'visible', scrolls: false },
      { overflowY: 'visible', scrolls: false },
    ]);
    expect(seen.pageScrolls).toBe(true);
    expect(seen.overlaps).toBe(0);
    expect(seen.spills).toBe(0);
    // Sized by content: a row with more facts (penalty, interest) is taller than one with fewer, not one fixed height.
    expect(new Set(seen.heights).size).toBeGreaterThan(2);

    // The page's scroll reaches the last row, drawn in view.
    await page.evaluate(() => {
      const pane = document.getElementById('content')!;
      pane.scrollTop = pane.scrollHeight;
    });
    await expect.poll(async () => (await shownRows(current!)).at(-1)?.name).toBe('Filed Early Ltd');
    const last = await page.locator('[data-testid="deadline-row"]').last().boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(800);
    seen = await layout();
    expect(seen.paneTop).toBeGreaterThan(0);
    expect(seen.overlaps).toBe(0);
    expect(seen.holdsRows).toBe(true);
    await checkAccessibility(page, 'deadlines-old-unfiled-returns-scrolled');

    // In a narrower window the rows wrap and grow; still none overlaps another or spills out of its box.
    await page.setViewportSize({ width: 700, height: 800 });
    await expect.poll(async () => (await layout()).overlaps).toBe(0);
    seen = await layout();
    expect(seen.spills).toBe(0);
    expect(seen.holdsRows).toBe(true);
    await screenshot(page, 'deadlines-narrow-rows-by-content');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => (document.getElementById('content')!.scrollTop = 0));
    await screenshot(page, 'deadlines-old-unfiled-returns');
    expect(current.problems).toEqual([]);
  });

  it('filters by state, searches, and starts the overdue return with its own period', async () => {
    current = await h.openApp();
    const { page } = current;
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Deadlines/ }).click();
    await page.getByRole('list', { name: 'Deadlines' }).waitFor();
    await page.getByLabel('State', { exact: true }).selectOption('filed');
    await expect.poll(async () => (await shownRows(current!)).map((r) => r.name)).toEqual(['Persistent Latecomer Ltd', 'Persistent Latecomer Ltd']);
    await checkAccessibility(page, 'deadlines-filtered-filed');
    await page.getByLabel('State', { exact: true }).selectOption('');
    await page.getByLabel('Search clients').fill('overdue');
    await expect.poll(async () => (await shownRows(current!)).map((r) => r.name)).toEqual(['Overdue Widgets Ltd']);
    await screenshot(page, 'deadlines-search');
    await page.getByLabel('Search clients').fill('');

    // Keyboard: the first row's button, then Down to the next row's.
    await page.getByRole('button', { name: /^Start the return: Overdue Widgets Ltd/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Start the return: Persistent Latecomer Ltd/);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Start the return: Overdue Widgets Ltd/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Company and period' }).waitFor();
    expect(await page.getByLabel('Unique Taxpayer Reference (UTR)', { exact: false }).inputValue()).toBe('1111111111');
    await screenshot(page, 'deadlines-started-return');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Deadlines/ }).click();
    await expect.poll(async () => (await shownRows(current!)).find((r) => r.name === 'Overdue Widgets Ltd')).toMatchObject({ days: '147 days late' });
    await expect.poll(() => page.getByRole('button', { name: /^Continue: Overdue Widgets Ltd/ }).count()).toBe(1);
    await checkAccessibility(page, 'deadlines-with-a-draft-started');
    expect(current.problems).toEqual([]);
  });

  it('records a payment in the Periods editor: the row says Paid and the interest stops that day', async () => {
    current = await h.openApp();
    const { page } = current;
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Clients/ }).click();
    await page.getByRole('button', { name: 'Periods and deadlines of Soon Trading Ltd' }).click();
    const panel = page.getByRole('region', { name: 'Periods and deadlines: Soon Trading Ltd' });
    await panel.getByRole('button', { name: 'Record a payment for period 1' }).click();
    const payment = panel.getByRole('group', { name: 'Period 1, payment 1' });
    const paidOn = payment.getByRole('group', { name: /^Paid on/ });
    await paidOn.getByLabel('Day').fill('11');
    await paidOn.getByLabel('Month').fill('10');
    await paidOn.getByLabel('Year').fill('2026');
    await payment.getByLabel('Amount paid').fill('12,000');
    await payment.getByLabel('Amount paid').blur();
    await screenshot(page, 'deadlines-periods-payment');
    await panel.getByRole('button', { name: 'Save periods' }).click();
    await panel.waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Deadlines/ }).click();
    await page.getByRole('list', { name: 'Deadlines' }).waitFor();
    // 2–11 October 2026: 10 days × 12,000 × 7.75% / 365 = 25.4794… → £25.48
    await expect
      .poll(async () => (await shownRows(current!)).find((r) => r.name === 'Soon Trading Ltd')?.facts)
      .toContain('Paid 11 October 2026 · Interest £25.48 at 7.75% on tax of £12,000.00');
    expect(current.problems).toEqual([]);
  });
});
