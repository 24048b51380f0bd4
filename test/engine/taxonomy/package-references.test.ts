/**
 * A report package's references resolve in the package itself, then in the
 * taxonomy packages the firm has installed, else they are missing. A report
 * whose own schema is in neither is refused by the builder and invalid when
 * validated, naming the schema; with the taxonomy installed the same package
 * builds and is valid. (Arelle, offline, on the package without the schema:
 * IOerror for http://example.com/acme/2024/acme-2024.xsd and
 * missingReferences for every fact.)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { createReportPackage, isValidResult, validatePackage } from '../../../main/engine/package/index.js';
import { TaxonomyStore } from '../../../main/taxonomies/taxonomy-store.js';
import { engineOperations } from '../../../main/engine-worker/engine-operations.js';
import type { DraftPackageInput } from '../../../main/engine/package/draft-package.js';
import { acmeDir } from '../package/fixture-packages.js';
import { acmeTaxonomyPackage, ACME_SCHEMA, requestWithoutSchema } from './acme-taxonomy.js';

async function storeWithAcme(): Promise<TaxonomyStore> {
  const store = TaxonomyStore.inDataFolder(mkdtempSync(join(tmpdir(), 'fd-refs-')));
  const outcome = await store.install('acme-2024-taxonomy.zip', acmeTaxonomyPackage());
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return store;
}

describe('references resolve in the package, then in the installed taxonomy packages', () => {
  it('the builder refuses a report whose own schema is neither in the package nor installed, naming the schema', async () => {
    const err = await createReportPackage(await requestWithoutSchema(), { includeHash: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RequestValidationError);
    expect((err as RequestValidationError).errors).toEqual([
      { field: 'reportBase64Content', message: expect.stringMatching(/^acme-2024\.xhtml: its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve to a file in the package: looked for /) },
    ]);
  });

  it('with the extension taxonomy installed the same package builds and is valid; without it, the validator calls it invalid naming the schema', async () => {
    const installed = await (await storeWithAcme()).library();
    const built = await createReportPackage(await requestWithoutSchema(), { includeHash: false }, { installed });
    const zip = new Uint8Array(Buffer.from(built.zipContentBase64, 'base64'));

    const withTaxonomy = await validatePackage('ACME-2024.xbri', zip, { installed });
    expect(isValidResult(withTaxonomy)).toBe(true);
    expect(withTaxonomy.validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info')).toEqual([]);

    const without = await validatePackage('ACME-2024.xbri', zip);
    expect(isValidResult(without)).toBe(false);
    const errors = without.validations.flatMap((v) => v.messages).filter((m) => m.category === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe('referenceNotResolved');
    expect(errors[0]!.attributes).toContainEqual({ name: 'reference', value: ACME_SCHEMA });
    expect(errors[0]!.message).toMatch(/^ACME-2024\/reports\/acme-2024\.xhtml: its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve/);
  });

  it('a published taxonomy that is not installed is a warning saying which package to install; the package stays valid', async () => {
    const request = await requestWithoutSchema();
    const report = Buffer.from(request.reportBase64Content as string, 'base64').toString('utf8').replace(ACME_SCHEMA, 'https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd');
    const built = await createReportPackage({ ...request, reportBase64Content: Buffer.from(report).toString('base64') }, { includeHash: false });
    const result = await validatePackage('ACME-2024.xbri', new Uint8Array(Buffer.from(built.zipContentBase64, 'base64')));
    expect(isValidResult(result)).toBe(true);
    const warnings = result.validations.flatMap((v) => v.messages).filter((m) => m.category === 'warning');
    expect(warnings.map((w) => [w.code, w.attributes.find((a) => a.name === 'install')?.value])).toEqual([['taxonomyNotInstalled', 'FRC 2025']]);
    expect(warnings[0]!.message).toMatch(/is a published taxonomy that is not installed here, so its concepts cannot be checked: install FRC 2025 \(Settings › Taxonomies, or cli taxonomy add\)$/);
  });

  it('an installed package that maps an address but lacks the file says so', async () => {
    const installed = await (await storeWithAcme()).library();
    const request = await requestWithoutSchema();
    const report = Buffer.from(request.reportBase64Content as string, 'base64').toString('utf8').replace(ACME_SCHEMA, 'http://example.com/acme/2024/acme-2024-typo.xsd');
    const err = await createReportPackage({ ...request, reportBase64Content: Buffer.from(report).toString('base64') }, { includeHash: false }, { installed }).then(
      () => undefined,
      (e: unknown) => e as RequestValidationError,
    );
    expect(err?.errors[0]?.message).toMatch(/acme-2024-typo\.xsd/);
  });
});

describe("the wizard's plan and build use the taxonomy packages installed in the data folder", () => {
  it('blocks Build while the schema is neither dropped nor installed, and builds once it is installed', async () => {
    const request = await requestWithoutSchema();
    const { reportBase64Content, base64ZipFiles: _zip, reportName, ...metadata } = request;
    const input: DraftPackageInput = {
      request: metadata,
      report: { attachmentId: 'r1', fileName: reportName as string, bytes: new Uint8Array(Buffer.from(reportBase64Content as string, 'base64')) },
      taxonomy: [{ kind: 'file', attachmentId: 't1', path: 'example.com/acme/2024/acme-2024-lab.xml', bytes: new TextEncoder().encode(readFileSync(join(acmeDir, 'taxonomy', 'acme-2024-lab.xml'), 'utf8')) }],
    };
    const empty = mkdtempSync(join(tmpdir(), 'fd-wizard-'));
    const blocked = await engineOperations['package.planDraft'](input, empty);
    expect(blocked.canBuild).toBe(false);
    expect(blocked.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve/)]);
    await expect(engineOperations['package.buildDraft'](input, { includeHash: false }, empty)).rejects.toBeInstanceOf(RequestValidationError);

    const store = await storeWithAcme();
    const dataFolder = join(store.folder, '..');
    const plan = await engineOperations['package.planDraft'](input, dataFolder);
    expect(plan.canBuild).toBe(true);
    expect(plan.references.find((r) => r.reference === ACME_SCHEMA)).toMatchObject({ verdict: 'installed', why: 'from the installed ACME extension taxonomy 2024' });
    const built = await engineOperations['package.buildDraft'](input, { includeHash: false }, dataFolder);
    expect(built.fileName).toBe('ACME-2024.xbri');
  });
});
