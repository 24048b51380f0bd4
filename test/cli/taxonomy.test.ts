/**
 * `cli taxonomy add|list|remove` against a data folder: the store the
 * Settings panel shows, with refusals on stderr naming the file and the rule.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawZip } from '../fixtures/raw-zip.js';
import { acmeTaxonomyPackage, requestWithoutSchema } from '../engine/taxonomy/acme-taxonomy.js';
import { CT2015_ZIP } from '../engine/taxonomy/ct2015.js';
import { runCli } from './run-cli.js';

describe('cli taxonomy', () => {
  it('adds, lists (text and JSON) and removes a package', () => {
    const data = mkdtempSync(join(tmpdir(), 'fd-cli-tax-'));
    const add = runCli(['taxonomy', 'add', CT2015_ZIP, '--data-folder', data]);
    expect(add.stderr).toBe('');
    expect(add.stdout).toBe('installed CT2015 Taxonomy 1.3.0 as "ct2015-taxonomy-1.3.0" (13 entry points, 547 files)\n');
    expect(add.code).toBe(0);

    const again = runCli(['taxonomy', 'add', CT2015_ZIP, '--data-folder', data]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/alreadyInstalled: CT2015-v1\.3\.0\.zip is already installed as "ct2015-taxonomy-1\.3\.0"/);

    const list = runCli(['taxonomy', 'list', '--data-folder', data]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ct2015-taxonomy-1\.3\.0 {2}CT2015 Taxonomy 1\.3\.0 {2}CT2015-v1\.3\.0\.zip, installed \d{4}-\d\d-\d\d\n/);
    expect(list.stdout).toContain('    CT Computations Taxonomy: http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-2015-02-01.xsd\n');
    const json = JSON.parse(runCli(['taxonomy', 'list', '--json', '--data-folder', data]).stdout) as { id: string; format: string }[];
    expect(json.map((p) => [p.id, p.format])).toEqual([['ct2015-taxonomy-1.3.0', 'taxonomy-package-remappings']]);

    const missing = runCli(['taxonomy', 'remove', 'ct2024', '--data-folder', data]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('no taxonomy package "ct2024" is installed; installed: ct2015-taxonomy-1.3.0\n');

    const remove = runCli(['taxonomy', 'remove', 'ct2015-taxonomy-1.3.0', '--data-folder', data]);
    expect(remove).toMatchObject({ code: 0, stdout: 'removed CT2015 Taxonomy 1.3.0 ("ct2015-taxonomy-1.3.0")\n' });
    expect(runCli(['taxonomy', 'list', '--data-folder', data]).stdout).toBe(`no taxonomy packages installed in ${join(data, 'taxonomies')}\n`);
  });

  it('refuses a broken package with each reason naming the file (exit 1)', () => {
    const data = mkdtempSync(join(tmpdir(), 'fd-cli-tax-'));
    const zip = join(data, 'not-a-package.zip');
    writeFileSync(zip, rawZip([{ name: 'x/readme.txt', data: new TextEncoder().encode('hello') }]));
    const add = runCli(['taxonomy', 'add', zip, '--data-folder', data]);
    expect(add.code).toBe(1);
    expect(add.stderr).toMatch(/^not-a-package\.zip was not installed:\n {2}tpe:metadataDirectoryNotFound: x\/: /);
    expect(add.stderr).toMatch(/neither META-INF\/taxonomyPackage\.xml \(Taxonomy Packages 1\.0\) nor \.taxonomyPackage\.xml/);
  });

  it('a file that cannot be read is unusable input (exit 2)', () => {
    const add = runCli(['taxonomy', 'add', '/no/such/file.zip', '--data-folder', mkdtempSync(join(tmpdir(), 'fd-cli-tax-'))]);
    expect(add.code).toBe(2);
    expect(add.stderr).toMatch(/cannot read \/no\/such\/file\.zip/);
  });
});

describe('cli package build and validate resolve references in the installed taxonomy packages', () => {
  it('refuses the build (exit 2) and calls the package invalid (exit 1) naming the schema; with the taxonomy installed, builds and validates (exit 0)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'fd-cli-refs-'));
    const requestFile = join(data, 'request.json');
    writeFileSync(requestFile, JSON.stringify(await requestWithoutSchema()));
    const refused = runCli(['package', 'build', requestFile, '--data-folder', data]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/its schemaRef \\?"http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd\\?" does not resolve/);

    const taxonomyZip = join(data, 'acme-2024-taxonomy.zip');
    writeFileSync(taxonomyZip, acmeTaxonomyPackage());
    expect(runCli(['taxonomy', 'add', taxonomyZip, '--data-folder', data]).code).toBe(0);
    const built = runCli(['package', 'build', requestFile, '--data-folder', data, '--out', join(data, 'out')]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const packageFile = join(data, 'out', 'ACME-2024.xbri');
    expect(runCli(['package', 'validate', packageFile, '--data-folder', data]).code).toBe(0);

    const empty = mkdtempSync(join(tmpdir(), 'fd-cli-refs-empty-'));
    const invalid = runCli(['package', 'validate', packageFile, '--data-folder', empty]);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain('its schemaRef \\"http://example.com/acme/2024/acme-2024.xsd\\" does not resolve to a file in the package');
  });
});
