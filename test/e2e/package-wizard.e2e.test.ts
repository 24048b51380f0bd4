/**
 * End to end: a bookkeeper's report package in the built renderer in Debian's
 * Chromium, served with the app's CSP, over the real IPC handlers, the real
 * engine and a real drafts folder in a temporary directory. Only Electron's
 * IPC transport (a Playwright binding) and the native save dialog (answered
 * with a temporary path) are replaced. The tests run in order: the package
 * saved in the first is the one verified, tampered with and broken later.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256FileLine } from '../../main/engine/package/hash-file.js';
import { validatePackage } from '../../main/engine/package/validate-package.js';
import { openZip } from '../../main/engine/package/zip-reader.js';
import { repoRoot } from '../engine/package/shared-paths.js';
import { formatSize } from '../../renderer/src/format/index.js';
import { artifactsDir, checkAccessibility, dropFilesFromDisk, screenshot, startHarness, startMainOverDataFolder, type E2eHarness, type FileToDrop, type OpenedPage } from './harness.js';

/** The hand-written Inline XBRL report (ix:header, ix:references, ix:resources with contexts and a unit, facts) and its extension taxonomy. */
const acmeDir = join(repoRoot, 'test', 'fixtures', 'report-packages', 'acme-2024');
const acmeFile = (path: string) => new Uint8Array(readFileSync(join(acmeDir, path)));
const report = { fileName: 'acme-2024.xhtml', bytes: acmeFile('report/acme-2024.xhtml') };
const xsd = acmeFile('taxonomy/acme-2024.xsd');
const labels = acmeFile('taxonomy/acme-2024-lab.xml');
const presentation = acmeFile('taxonomy/acme-2024-pre.xml');

let h: E2eHarness;
let saveDir: string;
let savedPath: string;
let shownSha256 = '';

beforeAll(async () => {
  h = await startHarness();
  ({ saveDir, savedPath } = await startMainOverDataFolder(h, 'ACME-2024.xbri'));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

let app: OpenedPage;
async function openApp(): Promise<Page> {
  app = await h.openApp();
  app.page.setDefaultTimeout(10_000);
  // A blocked load or inline script is reported to the page as well as the console: count both.
  await app.page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => console.error('Content Security Policy violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));`,
  });
  await app.page.reload();
  return app.page;
}

let dropCount = 0;
/**
 * Drops files as an operating-system drag brings them: written to disk first,
 * then dragged in by the browser itself (see dropFilesFromDisk), since the
 * drop zones walk webkitGetAsEntry(), which only a real drag gives.
 */
async function dropFiles(page: Page, selector: string, files: FileToDrop[]): Promise<void> {
  const dir = join(h.workDir, 'dropped', String(++dropCount));
  await mkdir(dir, { recursive: true });
  const paths: string[] = [];
  for (const f of files) {
    const path = join(dir, f.fileName);
    await writeFile(path, f.bytes);
    paths.push(path);
  }
  await dropFilesFromDisk(page, selector, paths);
}

/**
 * A screenshot of a state, and no console error or CSP report on the way to
 * it. The harness grows the window to the whole scrolled content pane first.
 */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  expect(app.problems).toEqual([]);
}

async function waitSaved(page: Page) {
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
}

async function newPackage(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'New report package', expanded: false }).click();
  await page.getByRole('button', { name: 'Create package' }).waitFor();
  await checkAccessibility(page, 'start-new-report-package-panel');
  await page.getByRole('button', { name: 'Create package' }).click();
  await page.getByRole('heading', { name: 'About the package', level: 2 }).waitFor();
}

describe('report package wizard, end to end', () => {
  it('fills every step from an empty draft, keeps it all over a reload, builds, validates and saves with a checksum file', async () => {
    const page = await openApp();
    await newPackage(page);
    await shot(page, 'package-01-about-empty');

    await page.getByLabel('Package name').fill('Acme Widgets Ltd annual report 2024');
    await page.getByLabel('File name').fill('ACME-2024');
    // Web addresses are checked as typed, with the engine's rule.
    await page.getByLabel('Identifier').fill('acme 2024 package');
    await expect.poll(() => page.locator('#identifier-error').textContent()).toMatch(/Identifier must be an absolute URI/);
    await shot(page, 'package-02-about-checked-as-typed');
    await page.getByLabel('Identifier').fill('https://example.com/acme/2024/package');
    await expect.poll(() => page.locator('#identifier-error').count()).toBe(0);
    await page.getByLabel('Version (optional)').fill('1.0');
    await page.getByLabel('Description (optional)').fill('Annual report and accounts of Acme Widgets Ltd for the year to 31 December 2024.');
    await page.getByLabel('Publisher (optional)').fill('Acme Widgets Ltd');
    await page.getByLabel('Publisher’s website (optional)').fill('https://www.example.com/');
    const country = page.getByRole('combobox', { name: 'Publisher’s country (optional)' });
    await country.fill('');
    await country.pressSequentially('Irel');
    await page.getByRole('option', { name: 'Ireland' }).waitFor();
    // The list is not modal: the rest of the window stays readable to a screen reader while it is open.
    await expect(page.evaluate(() => document.querySelectorAll('#root [aria-hidden="true"] :is(a[href], button, input, select, textarea, [tabindex])').length)).resolves.toBe(0);
    await checkAccessibility(page, 'package-country-picker-open');
    await page.getByRole('option', { name: 'Ireland' }).click();
    expect(await country.inputValue()).toBe('Ireland');
    await country.fill('');
    await country.pressSequentially('United King');
    await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
    await page.getByRole('group', { name: 'Publication date (optional)' }).getByLabel('Day').fill('15');
    await page.getByRole('group', { name: 'Publication date (optional)' }).getByLabel('Month').fill('1');
    await page.getByRole('group', { name: 'Publication date (optional)' }).getByLabel('Year').fill('2025');
    await page.getByLabel('Language of the package').fill('en-GB');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Entry points', level: 2 }).waitFor();
    const first = page.getByTestId('entry-point-1');
    await first.getByLabel('Name').fill('Acme Widgets Ltd 2024');
    await first.getByLabel('Entry point document URL').fill('http://example.com/acme/2024/acme-2024.xsd');
    await first.getByLabel('Languages (optional)').fill('en, cy_GB');
    await expect.poll(() => first.locator('.field__error').textContent()).toMatch(/Language “cy_GB” is not a valid language tag/);
    // Add a second, move it above the first, then remove it: the first is back in first place.
    await page.getByRole('button', { name: 'Add an entry point' }).click();
    await page.getByTestId('entry-point-2').getByLabel('Name').fill('Spare');
    await page.getByRole('button', { name: 'Move ‘Spare’ up' }).click();
    await expect.poll(() => page.getByTestId('entry-point-1').locator('legend').textContent()).toBe('Entry point 1: Spare');
    await shot(page, 'package-03-entry-points');
    await page.getByRole('button', { name: 'Remove ‘Spare’' }).click();
    await first.getByLabel('Languages (optional)').fill('en, cy');
    await expect.poll(() => page.getByTestId('entry-point-1').locator('.field__error').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Report and taxonomy files', level: 2 }).waitFor();
    await dropFiles(page, '[data-testid="drop-report"]', [report]);
    await page.getByRole('table', { name: 'Report added' }).waitFor();
    // The linkbases in their published folders, the schema dropped loose beside the zip.
    const zip = new JSZip();
    zip.file('example.com/acme/2024/acme-2024-lab.xml', labels);
    zip.file('example.com/acme/2024/acme-2024-pre.xml', presentation);
    const zipBytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    await dropFiles(page, '[data-testid="drop-taxonomy"]', [
      { fileName: 'acme-linkbases.zip', bytes: zipBytes },
      { fileName: 'acme-2024.xsd', bytes: xsd },
    ]);
    // The report, the zip and the loose schema.
    await expect.poll(() => page.getByTestId('attached-file').count()).toBe(3);
    // The generated files (with catalog.xml), the report, and the taxonomy: the schema beside its linkbases.
    await expect.poll(() => page.locator('[data-testid="package-tree"] tr[data-path]').count()).toBe(7);
    await page.locator('[data-testid="package-tree"] tr[data-path="ACME-2024/example.com/acme/2024/acme-2024.xsd"]').waitFor();
    await expect.poll(() => page.getByTestId('package-file-name').textContent()).toMatch(/ACME-2024\.xbri.*Inline XBRL report package/);
    // Where the report finds its taxonomy, before Build.
    const where = async () => page.getByTestId('reference-row').evaluateAll((rows) => rows.map((r) => `${r.querySelector('.package-tree__name')?.textContent} ${r.querySelector('[data-testid="reference-where"]')?.textContent}`));
    await expect.poll(where).toContain('acme-2024.xsd → in this package (example.com/acme/2024/acme-2024.xsd)');
    expect(await where()).toContain('xbrl-instance-2003-12-31.xsd → an XBRL specification schema, which every XBRL processor carries');
    expect(await where()).toContain('acme-2024-lab.xml → in this package (example.com/acme/2024/acme-2024-lab.xml)');
    expect(await page.locator('[data-testid="reference-row"][data-verdict="missing"]').count()).toBe(0);
    await waitSaved(page);
    await shot(page, 'package-04-files-and-tree');

    // A reload mid-wizard keeps every field and file.
    await page.reload();
    await page.getByRole('heading', { name: 'Report and taxonomy files', level: 2 }).waitFor();
    await expect.poll(() => page.getByTestId('attached-file').count()).toBe(3);
    await page.getByTestId('task-about').click();
    expect(await page.getByLabel('Package name').inputValue()).toBe('Acme Widgets Ltd annual report 2024');
    expect(await page.getByLabel('Identifier').inputValue()).toBe('https://example.com/acme/2024/package');
    expect(await page.getByLabel('Description (optional)').inputValue()).toMatch(/^Annual report and accounts/);
    expect(await page.getByRole('combobox', { name: 'Publisher’s country (optional)' }).inputValue()).toBe('United Kingdom');
    expect(await page.getByRole('group', { name: 'Publication date (optional)' }).getByLabel('Year').inputValue()).toBe('2025');
    expect(await page.getByLabel('Publisher’s website (optional)').inputValue()).toBe('https://www.example.com/');
    await page.getByTestId('task-entry-points').click();
    expect(await page.getByTestId('entry-point-1').getByLabel('Languages (optional)').inputValue()).toBe('en, cy');
    expect(await page.getByTestId('entry-point-1').getByLabel('Entry point document URL').inputValue()).toBe('http://example.com/acme/2024/acme-2024.xsd');
    await expect.poll(() => page.locator('[data-testid^="entry-point-"]').count()).toBe(1);
    await shot(page, 'package-05-after-reload');

    await page.getByTestId('task-review').click();
    await page.getByRole('heading', { name: 'Check and build', level: 2 }).waitFor();
    await page.getByText('Publication date').first().waitFor();
    expect(await page.locator('.summary-list').first().textContent()).toContain('15 January 2025');
    await shot(page, 'package-06-check-your-answers');
    await page.getByTestId('build').click();
    await page.getByTestId('build-result').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Package is valid' }).waitFor();
    expect(await page.getByTestId('report-count').textContent()).toBe('1 report');
    expect(await page.getByTestId('built-file-name').textContent()).toBe('ACME-2024.xbri');
    shownSha256 = (await page.getByTestId('package-sha256').textContent())!.trim();
    expect(shownSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await page.getByTestId('hash-result').textContent())!.trim()).toBe(shownSha256);
    await shot(page, 'package-07-built-and-valid');

    await page.getByTestId('save-package').click();
    await expect.poll(() => page.getByTestId('save-note').textContent()).toMatch(/Saved as ACME-2024\.xbri\. The checksum file ACME-2024\.xbri\.sha256 is beside it/);
    await shot(page, 'package-08-saved');

    const saved = await readFile(savedPath);
    expect(createHash('sha256').update(saved).digest('hex')).toBe(shownSha256);
    const check = spawnSync('sha256sum', ['-c', 'ACME-2024.xbri.sha256'], { cwd: saveDir, encoding: 'utf8' });
    expect(check.stdout).toBe('ACME-2024.xbri: OK\n');
    expect(check.status).toBe(0);

    // The tree the page showed is the zip the engine wrote: every entry, in order, with its size.
    const archive = openZip(saved);
    const written = archive.entries.filter((e) => !e.isDirectory).map((e) => [e.name, formatSize(archive.read(e).byteLength)]);
    await page.getByTestId('task-files').click();
    const shown = await page.locator('[data-testid="package-tree"] tr[data-path]').evaluateAll((rows) =>
      rows.map((r) => [r.getAttribute('data-path'), r.querySelector('[data-testid="entry-size"]')?.textContent]),
    );
    expect(shown).toEqual(written);
    expect(written).toHaveLength(7);
    // The report is the real one, and every reference it and its taxonomy make resolves in the package.
    const savedReport = archive.read(archive.entries.find((e) => e.name === 'ACME-2024/reports/acme-2024.xhtml')!).toString('utf8');
    expect(savedReport).toContain('<ix:resources>');
    expect(archive.read(archive.entries.find((e) => e.name === 'ACME-2024/META-INF/catalog.xml')!).toString('utf8')).toContain(
      '<rewriteURI uriStartString="http://example.com/acme/2024/" rewritePrefix="../example.com/acme/2024/"/>',
    );
    const validation = await validatePackage('package-e2e.xbri', saved);
    expect(validation.validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info')).toEqual([]);

    await mkdir(artifactsDir, { recursive: true });
    await writeFile(join(artifactsDir, 'package-e2e.xbri'), saved);
    await writeFile(join(artifactsDir, 'package-e2e.xbri.sha256'), sha256FileLine(shownSha256, 'package-e2e.xbri'));
    const artifactCheck = spawnSync('sha256sum', ['-c', 'package-e2e.xbri.sha256'], { cwd: artifactsDir, encoding: 'utf8' });
    expect(artifactCheck.status).toBe(0);
    await page.close();
  }, 90_000);

  it('refuses a taxonomy file named CON.xsd when it is dropped, and two files differing only in letter case before Build', async () => {
    const page = await openApp();
    await newPackage(page);
    await page.getByLabel('Package name').fill('Names that do not travel');
    await page.getByLabel('File name').fill('NAMES-2024');
    await page.getByLabel('Identifier').fill('https://example.com/names/package');
    await page.getByTestId('task-entry-points').click();
    await page.getByRole('button', { name: 'Remove Entry point 1' }).click();
    await page.getByTestId('task-files').click();
    await dropFiles(page, '[data-testid="drop-report"]', [report]);
    await page.getByRole('table', { name: 'Report added' }).waitFor();
    await dropFiles(page, '[data-testid="drop-taxonomy"]', [
      { fileName: 'CON.xsd', bytes: xsd },
      { fileName: 'acme.xsd', bytes: xsd },
      { fileName: 'ACME.xsd', bytes: xsd },
    ]);
    // The report and two taxonomy files: a device name is refused as it is dropped.
    await expect.poll(() => page.getByTestId('attached-file').count()).toBe(3);
    expect(await page.getByTestId('taxonomy-note').textContent()).toMatch(/^CON\.xsd was not added: its name must not be "CON\.xsd": Windows reserves the device names/);
    // Of the taxonomy files, ACME.xsd is refused; the report is too, as its own schema is none of them and nothing installed holds it.
    const refused = page.locator('[data-testid="attached-file"]', { has: page.locator('.files__problem') });
    await expect.poll(() => refused.count()).toBe(2);
    const refusedTexts = await refused.allTextContents();
    expect(refusedTexts.filter((t) => /^ACME\.xsd.*differ only in letter case/.test(t))).toHaveLength(1);
    expect(refusedTexts.filter((t) => /^acme-2024\.xhtml.*Its schema acme-2024\.xsd is not in the package/.test(t))).toHaveLength(1);
    await shot(page, 'package-09-refused-names');
    await page.getByTestId('task-review').click();
    expect(await page.getByTestId('build').isDisabled()).toBe(true);
    expect(await page.getByTestId('error-summary').textContent()).toMatch(/ACME\.xsd/);
    await shot(page, 'package-10-build-blocked');
    await page.close();
  }, 60_000);

  it('names the report and its missing schema before Build when only the linkbases were dropped, and blocks Build', async () => {
    const page = await openApp();
    await newPackage(page);
    await page.getByLabel('Package name').fill('Schema left behind');
    await page.getByLabel('File name').fill('ACME-2024');
    await page.getByLabel('Identifier').fill('https://example.com/acme/2024/package');
    await page.getByTestId('task-entry-points').click();
    await page.getByRole('button', { name: 'Remove Entry point 1' }).click();
    await page.getByTestId('task-files').click();
    await dropFiles(page, '[data-testid="drop-report"]', [report]);
    await page.getByRole('table', { name: 'Report added' }).waitFor();
    const zip = new JSZip();
    zip.file('example.com/acme/2024/acme-2024-lab.xml', labels);
    zip.file('example.com/acme/2024/acme-2024-pre.xml', presentation);
    await dropFiles(page, '[data-testid="drop-taxonomy"]', [{ fileName: 'acme-linkbases.zip', bytes: await zip.generateAsync({ type: 'uint8array' }) }]);
    const missing = page.locator('[data-testid="reference-row"][data-verdict="missing"]');
    await expect.poll(() => missing.count()).toBe(1);
    // The report alone already has this row missing (looked for at its web address); once the linkbases' folder is in
    // the package the row says where in the package the schema was looked for. Wait for that answer, not the first.
    await expect.poll(() => missing.textContent()).toMatch(/acme-2024\.xsd.*acme-2024\.xhtml.*missing: looked for ACME-2024\/example\.com\/acme\/2024\/acme-2024\.xsd.*Blocks Build/);
    // The report's own row says it in plain words; where Filing Desk looked is said once, in the list above.
    const reportRow = page.locator('[data-testid="attached-file"]', { hasText: 'acme-2024.xhtml' });
    expect(await reportRow.textContent()).toMatch(/Its schema acme-2024\.xsd is not in the package, so the package cannot be built/);
    expect(await reportRow.textContent()).not.toContain('looked for');
    expect(await page.getByText(/looked for ACME-2024\/example\.com\/acme\/2024\/acme-2024\.xsd/).count()).toBe(1);
    await shot(page, 'package-10a-report-schema-missing');
    await page.getByTestId('task-review').click();
    expect(await page.getByTestId('build').isDisabled()).toBe(true);
    expect(await page.getByTestId('error-summary').textContent()).toMatch(/acme-2024\.xhtml: its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve to a file in the package: looked for ACME-2024\/example\.com\/acme\/2024\/acme-2024\.xsd/);
    await shot(page, 'package-10b-build-blocked-by-missing-schema');
    await page.close();
  }, 60_000);

  it('verifies the saved package from its draft with no typing, and says a tampered copy does not match', async () => {
    const page = await openApp();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Verify a file' }).click();
    const saved = new Uint8Array(await readFile(savedPath));
    await dropFiles(page, '[data-testid="drop-verify"]', [{ fileName: 'ACME-2024.xbri', bytes: saved }]);
    await page.getByRole('heading', { name: 'Recognised: Filing Desk built exactly this file' }).waitFor();
    expect(await page.getByTestId('actual-sha256').textContent()).toBe(shownSha256);
    expect(await page.getByTestId('expected-sha256').textContent()).toBe(shownSha256);
    await shot(page, 'package-11-verify-recognised');

    const tampered = saved.slice();
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 0x01;
    const hashFile = await readFile(`${savedPath}.sha256`);
    await dropFiles(page, '[data-testid="drop-verify"]', [
      { fileName: 'ACME-2024.xbri', bytes: tampered },
      { fileName: 'ACME-2024.xbri.sha256', bytes: hashFile },
    ]);
    await page.getByRole('heading', { name: 'The file does not match: it is not the file that was built' }).waitFor();
    expect(await page.getByTestId('expected-sha256').textContent()).toBe(shownSha256);
    expect(await page.getByTestId('actual-sha256').textContent()).toBe(createHash('sha256').update(tampered).digest('hex'));
    await shot(page, 'package-12-verify-tampered');

    await dropFiles(page, '[data-testid="drop-verify"]', [{ fileName: 'ACME-2024.xbri', bytes: saved }]);
    await page.getByRole('heading', { name: 'The file matches: it is exactly the file the checksum was made from' }).waitFor();
    await shot(page, 'package-13-verify-matches-checksum-file');
    await page.close();
  }, 60_000);

  it('shows a dropped package’s broken taxonomyPackage.xml by its tpe: code under Validate a file', async () => {
    const page = await openApp();
    const zip = await JSZip.loadAsync(await readFile(savedPath));
    zip.file('ACME-2024/META-INF/taxonomyPackage.xml', '<?xml version="1.0"?><tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package"><tp:nonsense/>');
    const broken = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Validate a file' }).click();
    await dropFiles(page, '[data-testid="drop-zone"]', [{ fileName: 'ACME-2024-broken.xbri', bytes: broken }]);
    await page.getByRole('heading', { name: 'Package is not valid' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.results').textContent()).toMatch(/tpe:invalidMetaDataFile/);
    await page.getByRole('radio', { name: /Every message \(full\)/ }).check();
    expect(await page.getByRole('button', { name: 'Export as CSV…' }).isVisible()).toBe(true);
    await shot(page, 'package-14-validate-broken-metadata');
    await page.close();
  }, 60_000);
});
