/**
 * POST /report-package on the real engine refuses a report whose own schema
 * the package would not hold with the builder's words: a 400 naming the
 * report, the reference and where it was looked for.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineOperations } from '../../main/service/engine-wiring.js';
import { acmeDir } from '../engine/package/fixture-packages.js';
import { b64, jszipOf } from '../engine/package/package-helpers.js';
import { rawRequest } from '../helpers/net.js';
import { acmeTaxonomyPackage, requestWithoutSchema } from '../engine/taxonomy/acme-taxonomy.js';
import { TaxonomyStore } from '../../main/taxonomies/taxonomy-store.js';
import { passwordToken, startServer, type RunningServer } from './support.js';

describe('POST /report-package and the report’s references', () => {
  let s: RunningServer;
  let auth: Record<string, string>;
  let engineDir: string;
  beforeAll(async () => {
    engineDir = await mkdtemp(join(tmpdir(), 'fd-server-refs-'));
    s = await startServer({ engine: createEngineOperations({ dataDir: engineDir }) });
    auth = { authorization: `Bearer ${(await passwordToken(s.url)).access_token}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await s.stop();
    await rm(engineDir, { recursive: true, force: true });
  });

  const request = async (taxonomy: Record<string, Uint8Array>) => ({
    name: 'Acme Widgets Ltd annual report 2024',
    identifier: 'http://example.com/acme/2024/package',
    reportPackageName: 'ACME-2024',
    reportName: 'acme-2024.xhtml',
    reportBase64Content: b64(await readFile(join(acmeDir, 'report', 'acme-2024.xhtml'))),
    base64ZipFiles: await jszipOf(taxonomy),
  });

  it('400 naming the report and the missing schema when only the linkbases were sent', async () => {
    const labels = await readFile(join(acmeDir, 'taxonomy', 'acme-2024-lab.xml'));
    const res = await rawRequest(s.url, 'POST', '/report-package', auth, JSON.stringify(await request({ 'example.com/acme/2024/acme-2024-lab.xml': labels })));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      error: 'invalid-request',
      errors: [
        {
          field: 'reportBase64Content',
          message: expect.stringMatching(/^acme-2024\.xhtml: its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve to a file in the package: looked for ACME-2024\/example\.com\/acme\/2024\/acme-2024\.xsd/),
        },
      ],
    });
  });

  it('200 with the loose schema placed where the report looks for it', async () => {
    const taxonomy = {
      'acme-2024.xsd': await readFile(join(acmeDir, 'taxonomy', 'acme-2024.xsd')),
      'example.com/acme/2024/acme-2024-lab.xml': await readFile(join(acmeDir, 'taxonomy', 'acme-2024-lab.xml')),
      'example.com/acme/2024/acme-2024-pre.xml': await readFile(join(acmeDir, 'taxonomy', 'acme-2024-pre.xml')),
    };
    const res = await rawRequest(s.url, 'POST', '/report-package', auth, JSON.stringify(await request(taxonomy)));
    expect(res.status).toBe(200);
    const zip = Buffer.from((JSON.parse(res.body) as { zipContentBase64: string }).zipContentBase64, 'base64');
    expect(zip.includes(Buffer.from('ACME-2024/example.com/acme/2024/acme-2024.xsd'))).toBe(true);
  });

  it('200 for the same request once the extension taxonomy is installed in the service’s data folder (the package, then installed packages)', async () => {
    const installed = await TaxonomyStore.inDataFolder(engineDir).install('acme-2024-taxonomy.zip', acmeTaxonomyPackage());
    expect(installed.ok).toBe(true);
    try {
      const res = await rawRequest(s.url, 'POST', '/report-package', auth, JSON.stringify(await requestWithoutSchema()));
      expect(res.status).toBe(200);
    } finally {
      await TaxonomyStore.inDataFolder(engineDir).remove('acme-extension-taxonomy-2024');
    }
  });
});
