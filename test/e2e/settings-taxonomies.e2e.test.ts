/**
 * End to end: Settings › Taxonomies in the built renderer, through the real
 * bridge and handlers over a temporary data folder. A broken package is
 * refused with its reasons beside the button and nothing is installed;
 * HMRC's CT2015 package installs, is listed (screenshot settings-taxonomies),
 * checks HMRC's sample computation dropped on Validate a file (clean; a
 * renamed concept named), stays after a reload, and is removed.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawZip } from '../fixtures/raw-zip.js';
import { CT2015_ZIP, ct2015Sample } from '../engine/taxonomy/ct2015.js';
import { screenshot, startHarness, startMainOverDataFolder, type E2eHarness } from './harness.js';
import { TaxonomyStore } from '../../main/taxonomies/taxonomy-store.js';

let h: E2eHarness;
let dataDir: string;

beforeAll(async () => {
  h = await startHarness();
  ({ dataDir } = await startMainOverDataFolder(h, 'unused.xml'));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('Settings › Taxonomies', () => {
  it('refuses a broken package with its reasons, installs CT2015, lists it after a reload, and removes it', async () => {
    const { page, problems } = await h.openApp();
    page.setDefaultTimeout(20_000);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('region', { name: 'Taxonomies' });
    await panel.getByText('No taxonomy packages are installed.').waitFor();

    const broken = join(h.workDir, 'not-a-taxonomy.zip');
    await writeFile(broken, rawZip([{ name: 'x/readme.txt', data: new TextEncoder().encode('hello') }]));
    await panel.locator('input[type="file"]').setInputFiles(broken);
    const refused = panel.getByTestId('taxonomy-refused');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toMatch(/not-a-taxonomy\.zip was not installed:.*neither META-INF\/taxonomyPackage\.xml/);
    expect(await new TaxonomyStore(join(dataDir, 'taxonomies')).list()).toEqual([]);

    await panel.locator('input[type="file"]').setInputFiles(CT2015_ZIP);
    await panel.getByTestId('taxonomies-note').filter({ hasText: 'Installed CT2015 Taxonomy 1.3.0 (13 entry points).' }).waitFor();
    await expect(panel.getByTestId('taxonomy-refused').count()).resolves.toBe(0);
    const row = panel.getByTestId('taxonomy-row');
    await expect(row.textContent()).resolves.toMatch(/CT2015 Taxonomy 1\.3\.0.*CT2015-v1\.3\.0\.zip, 3\.\d MB, 547 files.*older package format/);
    await row.getByText('13 entry points', { exact: true }).click();
    await screenshot(page, 'settings-taxonomies');

    // Validate a file: HMRC's sample computation is checked against the package just installed, and a renamed concept is named.
    const sample = join(h.workDir, 'iXBRL-sample-ct-comp-2015.xhtml');
    await writeFile(sample, ct2015Sample());
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Validate a file' }).click();
    await page.locator('input[type="file"]').setInputFiles(sample);
    await page.getByRole('heading', { name: 'Document is valid' }).waitFor();
    const renamed = join(h.workDir, 'renamed-computation.xhtml');
    await writeFile(renamed, ct2015Sample().replace('name="ct-comp:TaxReference"', 'name="ct-comp:TaxRef"'));
    await page.locator('input[type="file"]').setInputFiles(renamed);
    await page.getByRole('heading', { name: 'Document is not valid' }).waitFor();
    await expect(page.locator('table.messages').textContent()).resolves.toMatch(/the concept TaxRef in .* is not in the taxonomy/);
    await screenshot(page, 'validate-inline-xbrl-against-taxonomy');

    await page.reload();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('region', { name: 'Taxonomies' }).getByTestId('taxonomy-row').waitFor();

    await page.getByRole('button', { name: 'Remove CT2015 Taxonomy' }).click();
    await page.getByRole('region', { name: 'Taxonomies' }).getByText('No taxonomy packages are installed.').waitFor();
    expect(await new TaxonomyStore(join(dataDir, 'taxonomies')).list()).toEqual([]);

    // With the package removed the same sample is not checked: neither valid nor not valid, naming the package to install.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Validate a file' }).click();
    await page.locator('input[type="file"]').setInputFiles(sample);
    await page.getByRole('heading', { name: /^Document not checked: install HMRC's CT computational taxonomy package/ }).waitFor();
    await expect(page.getByRole('heading', { name: /^Document is (not )?valid$/ }).count()).resolves.toBe(0);
    await screenshot(page, 'validate-inline-xbrl-not-checked');
    expect(problems).toEqual([]);
  }, 120_000);
});
