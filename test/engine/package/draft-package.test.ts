import { describe, expect, it } from 'vitest';
import { buildReportPackage } from '../../../main/engine/package/create-report-package.js';
import { draftPackageRequest, planDraftPackage, type DraftPackageInput } from '../../../main/engine/package/draft-package.js';
import { DEFAULT_ZIP_LIMITS, openZip } from '../../../main/engine/package/zip-reader.js';
import { rawZip, zeroBomb } from '../../fixtures/raw-zip.js';
import { jszipOf, sampleJsonReport, sampleXsd } from './package-helpers.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const metadata = { name: 'ACME', identifier: 'http://example.com/acme/package', reportPackageName: 'ACME-2024' };

function input(taxonomy: DraftPackageInput['taxonomy']): DraftPackageInput {
  return { request: metadata, report: { attachmentId: 'r1', fileName: 'acme.json', bytes: bytes(sampleJsonReport('http://example.com/acme/2024/acme-2024.xsd')) }, taxonomy };
}

describe('planDraftPackage', () => {
  it('strips the single top-level folder of a dropped taxonomy as the builder does, and lists the zip the builder writes', async () => {
    const zip = new Uint8Array(Buffer.from(await jszipOf({ 'acme-taxonomy/acme-2024-lab.xml': '<l/>' }), 'base64'));
    const draft = input([
      { kind: 'zip', attachmentId: 'z1', fileName: 'acme-taxonomy.zip', bytes: zip },
      { kind: 'file', attachmentId: 'f1', path: 'acme-taxonomy/acme-2024.xsd', bytes: bytes(sampleXsd) },
    ]);
    const plan = planDraftPackage(draft);
    expect(plan).toMatchObject({ canBuild: true, extension: 'xbr', fileName: 'ACME-2024.xbr' });
    const { zip: built } = await buildReportPackage(await draftPackageRequest(draft));
    expect(plan.entries.map((e) => e.path)).toEqual(openZip(built).entries.map((e) => e.name));
    // The loose schema goes to the place its URL (the report's schemaRef) gives it, and the catalog maps that prefix.
    expect(plan.entries.map((e) => e.path).slice(-2)).toEqual(['ACME-2024/acme-2024-lab.xml', 'ACME-2024/example.com/acme/2024/acme-2024.xsd']);
    expect(plan.entries.find((e) => e.path.endsWith('acme-2024.xsd'))).toMatchObject({ source: 'taxonomy', attachmentId: 'f1', from: 'acme-taxonomy/acme-2024.xsd' });
    expect(plan.entries.map((e) => e.path)).toContain('ACME-2024/META-INF/catalog.xml');
    expect(plan.references).toContainEqual(expect.objectContaining({ from: 'acme.json', reference: 'http://example.com/acme/2024/acme-2024.xsd', verdict: 'inPackage', target: 'ACME-2024/example.com/acme/2024/acme-2024.xsd' }));
  });

  it('refuses a zip bomb in a dropped taxonomy zip by its name and entry, without inflating it', () => {
    const bomb = zeroBomb(1024 * 1024 * 1024);
    const zip = new Uint8Array(rawZip([{ name: 'acme/zeros.xml', deflated: bomb.deflated, declaredSize: 1024 * 1024 * 1024, crc: bomb.crc, method: 8 }]));
    const plan = planDraftPackage(input([{ kind: 'zip', attachmentId: 'z1', fileName: 'acme.zip', bytes: zip }]));
    expect(plan.canBuild).toBe(false);
    // The report's own schema was in the refused zip, so it is missing too.
    expect(plan.problems.filter((p) => p.role === 'taxonomy')).toEqual([{ file: 'acme.zip', attachmentId: 'z1', role: 'taxonomy', message: expect.stringMatching(/^refused: /) }]);
  });

  it('refuses more taxonomy files than a package may carry, naming the file that passes the limit', () => {
    const limits = { ...DEFAULT_ZIP_LIMITS, maxEntries: 6 }; // 4 generated entries leave room for 2
    const files = ['a.xsd', 'b.xsd', 'c.xsd'].map((path, i) => ({ kind: 'file' as const, attachmentId: `f${i}`, path, bytes: bytes(sampleXsd) }));
    const plan = planDraftPackage(input(files), limits);
    expect(plan.problems.filter((p) => p.role === 'taxonomy')).toEqual([{ file: 'c.xsd', attachmentId: 'f2', role: 'taxonomy', message: expect.stringMatching(/more than 2 files/) }]);
  });

  it('names files the merge refuses inside a zip by the zip and the entry', () => {
    const zip = new Uint8Array(rawZip([{ name: 'acme/aux.xml', data: bytes('<a/>') }, { name: 'acme/reports/other.xhtml', data: bytes('<a/>') }, { name: 'x/../../up.xsd', data: bytes('<a/>') }]));
    const plan = planDraftPackage(input([{ kind: 'zip', attachmentId: 'z1', fileName: 'tax.zip', bytes: zip }]));
    // Two top-level folders, so none is stripped: acme/reports/ is not the package's reports/ and is left alone.
    const taxonomyProblems = plan.problems.filter((p) => p.role === 'taxonomy');
    expect(taxonomyProblems.map((p) => p.file)).toEqual(['tax.zip › acme/aux.xml', 'tax.zip › x/../../up.xsd']);
    expect(taxonomyProblems.map((p) => p.message)).toEqual([expect.stringMatching(/"aux.xml", a device name/), expect.stringMatching(/"\.\." path segment/)]);
  });
});
