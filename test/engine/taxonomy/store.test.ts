/**
 * The taxonomy store in the data folder: install, list, remove; a refused
 * package leaves what is installed untouched; the library resolves published
 * URLs to installed files.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaxonomyNotInstalledError, TaxonomyStore } from '../../../main/taxonomies/taxonomy-store.js';
import { ct2015AsTaxonomyPackages10, ct2015Zip, smallTaxonomyPackage } from './ct2015.js';

const fixed = () => new Date('2026-11-28T09:00:00Z');
const newStore = () => TaxonomyStore.inDataFolder(mkdtempSync(join(tmpdir(), 'fd-tax-')), fixed);

describe('the taxonomy store', () => {
  it('installs, lists and removes a package; the library resolves its URLs while it is installed', async () => {
    const store = newStore();
    expect(await store.list()).toEqual([]);
    const outcome = await store.install('CT2015-v1.3.0.zip', ct2015Zip());
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
    expect(outcome.installed).toMatchObject({ id: 'ct2015-taxonomy-1.3.0', fileName: 'CT2015-v1.3.0.zip', sizeBytes: 3545859, sha256: 'd6cb422e5ebcbfdf6731d750c4e7e0c1f270f9921dce19cfcf15f7b2ff928948', installedAt: '2026-11-28T09:00:00.000Z' });
    expect((await store.list()).map((p) => p.id)).toEqual(['ct2015-taxonomy-1.3.0']);
    const hit = (await store.library()).resolve('http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-comp/ct-comp-2015-02-01.xsd');
    expect(hit?.path).toBe('CT2015-v1.3.0/www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-comp/ct-comp-2015-02-01.xsd');
    expect((await store.library()).resolve('http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/no-such.xsd')).toBeUndefined();
    expect(await store.library()).toBe(await store.library());

    const removed = await store.remove('ct2015-taxonomy-1.3.0');
    expect(removed.name).toBe('CT2015 Taxonomy');
    expect(await store.list()).toEqual([]);
    expect(readdirSync(store.folder)).toEqual([]);
    expect((await store.library()).resolve('http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-2015-02-01.xsd')).toBeUndefined();
  });

  it('refuses the same package twice, and the same name and version in the other format, keeping the one installed', async () => {
    const store = newStore();
    expect((await store.install('CT2015-v1.3.0.zip', ct2015Zip())).ok).toBe(true);
    expect(await store.install('copy.zip', ct2015Zip())).toEqual({ ok: false, problems: [{ code: 'alreadyInstalled', message: 'copy.zip is already installed as "ct2015-taxonomy-1.3.0"' }] });
    const other = await store.install('CT2015-tp10.zip', ct2015AsTaxonomyPackages10());
    expect(other).toEqual({
      ok: false,
      problems: [{ code: 'alreadyInstalled', message: 'CT2015 Taxonomy version 1.3.0 is already installed as "ct2015-taxonomy-1.3.0" from CT2015-v1.3.0.zip; remove it first to install CT2015-tp10.zip in its place' }],
    });
    expect((await store.list()).map((p) => p.fileName)).toEqual(['CT2015-v1.3.0.zip']);
  });

  it('a refused package changes nothing installed', async () => {
    const store = newStore();
    const good = smallTaxonomyPackage({ name: 'Acme', files: { 'example.com/a.xsd': '<x/>' }, rewrites: { 'http://example.com/': '../example.com/' } });
    expect((await store.install('acme.zip', good)).ok).toBe(true);
    const before = readdirSync(store.folder).sort();
    const bad = smallTaxonomyPackage({ name: 'Broken', files: { 'example.com/a.xsd': '<x/>' }, rewrites: { 'http://example.com/': '../nowhere/' } });
    const outcome = await store.install('broken.zip', bad);
    expect(outcome.ok).toBe(false);
    expect(readdirSync(store.folder).sort()).toEqual(before);
  });

  it('removing an id that is not installed says so', async () => {
    await expect(newStore().remove('nothing-1.0')).rejects.toBeInstanceOf(TaxonomyNotInstalledError);
    await expect(newStore().remove('../etc')).rejects.toThrow('no taxonomy package "../etc" is installed');
  });

  it('of two packages, the longer matching prefix wins', async () => {
    const store = newStore();
    await store.install('base.zip', smallTaxonomyPackage({ name: 'Base', identifier: 'http://example.com/base', files: { 'example.com/x/a.xsd': 'base' }, rewrites: { 'http://example.com/': '../example.com/' } }));
    await store.install('ext.zip', smallTaxonomyPackage({ name: 'Ext', identifier: 'http://example.com/ext', files: { 'ext/a.xsd': 'ext' }, rewrites: { 'http://example.com/x/': '../ext/' } }));
    const library = await store.library();
    const hit = library.resolve('http://example.com/x/a.xsd')!;
    expect(hit.package.name).toBe('Ext');
    expect(new TextDecoder().decode(library.read(hit))).toBe('ext');
  });
});
