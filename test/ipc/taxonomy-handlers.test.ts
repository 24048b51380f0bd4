/**
 * The Taxonomies channels over a real store: a refused package is an answer
 * with its reasons (nothing installed), an install is listed, a removal of an
 * id not installed is a failure in words; installing or removing tells the
 * window's attachment findings to start afresh.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTaxonomyHandlers } from '../../main/ipc/taxonomy-handlers.js';
import { TaxonomyStore } from '../../main/taxonomies/taxonomy-store.js';
import { requestSchemas } from '../../main/ipc/request-schemas.js';
import { acmeTaxonomyPackage } from '../engine/taxonomy/acme-taxonomy.js';

describe('taxonomies.* handlers', () => {
  it('install, list and remove, telling of each change', async () => {
    let changes = 0;
    const handlers = createTaxonomyHandlers(TaxonomyStore.inDataFolder(mkdtempSync(join(tmpdir(), 'fd-ipc-tax-'))), () => changes++);
    expect(await handlers['taxonomies.list'](undefined)).toEqual([]);
    const refused = await handlers['taxonomies.install']({ fileName: 'bad.zip', bytes: new TextEncoder().encode('not a zip') });
    expect(refused).toMatchObject({ ok: false, fileName: 'bad.zip', problems: [{ code: 'tpe:invalidArchiveFormat' }] });
    expect(changes).toBe(0);
    const installed = await handlers['taxonomies.install']({ fileName: 'acme.zip', bytes: acmeTaxonomyPackage() });
    expect(installed).toMatchObject({ ok: true, installed: { id: 'acme-extension-taxonomy-2024', name: 'ACME extension taxonomy', format: 'taxonomy-packages-1.0', entryPoints: [{ urls: ['http://example.com/acme/2024/acme-2024.xsd'] }] } });
    expect((await handlers['taxonomies.list'](undefined)).map((p) => p.id)).toEqual(['acme-extension-taxonomy-2024']);
    await expect(handlers['taxonomies.remove']({ id: 'nothing-1' })).rejects.toThrow('no taxonomy package "nothing-1" is installed');
    expect(await handlers['taxonomies.remove']({ id: 'acme-extension-taxonomy-2024' })).toEqual([]);
    expect(changes).toBe(2);
  });

  it('the request rules: a .zip only, an id as the list shows it', () => {
    expect(requestSchemas['taxonomies.install'].safeParse({ fileName: 'x.xsd', bytes: new Uint8Array(1) }).success).toBe(false);
    expect(requestSchemas['taxonomies.remove'].safeParse({ id: '../etc' }).success).toBe(false);
    expect(requestSchemas['taxonomies.remove'].safeParse({ id: 'ct2015-taxonomy-1.3.0' }).success).toBe(true);
  });
});
