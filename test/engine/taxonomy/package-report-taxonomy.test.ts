/**
 * A report package's reports checked against their taxonomy: the package's
 * own files first (the firm's extension), then the installed taxonomy
 * packages, the order in which its references resolve.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { createReportPackage, isValidResult, validatePackage } from '../../../main/engine/package/index.js';
import type { DraftPackageInput } from '../../../main/engine/package/draft-package.js';
import type { ValidationJobResult } from '../../../main/engine/validation-result.js';
import { engineOperations } from '../../../main/engine-worker/engine-operations.js';
import { TaxonomyStore } from '../../../main/taxonomies/taxonomy-store.js';
import { createEngineOperations } from '../../../main/service/engine-wiring.js';
import { repoRoot } from '../package/shared-paths.js';
import { builtExample, EXAMPLE_REPORT_ENTRY, exampleReport, exampleRequest, frcCoreStandIn, withReport } from './example-package.js';

const messages = (result: { validations: ValidationJobResult['validations'] }) => result.validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info');
const attribute = (m: { attributes: { name: string; value: string }[] }, name: string) => m.attributes.find((a) => a.name === name)?.value;

async function dataFolderWithFrcCore(): Promise<{ dataFolder: string; store: TaxonomyStore }> {
  const dataFolder = mkdtempSync(join(tmpdir(), 'fd-pkg-taxonomy-'));
  const store = TaxonomyStore.inDataFolder(dataFolder);
  const outcome = await store.install('frc-2024-core.zip', frcCoreStandIn());
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return { dataFolder, store };
}

const renameWidgetTurnover = (xhtml: string) => xhtml.replace('name="acme:WidgetTurnover"', 'name="acme:WidgetTurnovr"');

describe("a report package's facts against its taxonomy", () => {
  it('the example as built is valid: its extension concepts exist, and the FRC core it imports, not installed, is a warning saying what to install', async () => {
    const result = await validatePackage('ACME-2024.xbri', await builtExample());
    expect(isValidResult(result)).toBe(true);
    const found = messages(result);
    expect(found.map((m) => [m.category, m.code, attribute(m, 'entry')])).toEqual([
      ['warning', 'taxonomyNotInstalled', 'ACME-2024/example.com/acme/2024/acme-2024.xsd'],
      ['warning', 'taxonomy.notInstalled', EXAMPLE_REPORT_ENTRY],
    ]);
    // The two ACME facts were checked; the two FRC core facts wait for the FRC suite.
    expect(found[1]!.message).toMatch(/^ACME-2024\/reports\/acme-2024\.xhtml: concepts not checked: install the FRC taxonomy suite 2024 .*frc-core-2024-01-01\.xsd.*so 2 facts of its concepts were not checked$/);
  });

  it('a fact whose concept is renamed makes the package invalid, naming the report, the fact, its concept and the rule', async () => {
    const result = await validatePackage('ACME-2024.xbri', await withReport(await builtExample(), renameWidgetTurnover));
    expect(isValidResult(result)).toBe(false);
    const errors = messages(result).filter((m) => m.category === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe('taxonomy.conceptNotFound');
    expect(attribute(errors[0]!, 'entry')).toBe(EXAMPLE_REPORT_ENTRY);
    expect(attribute(errors[0]!, 'rule')).toBe('taxonomy.conceptNotFound');
    expect(errors[0]!.message).toMatch(/^ACME-2024\/reports\/acme-2024\.xhtml: the fact WidgetTurnovr \(context "FY2024"\): the concept WidgetTurnovr in http:\/\/example\.com\/acme\/2024 is not in the taxonomy/);
  });

  it("the extension's other rules are checked too: text on a monetary concept, a duration concept on an instant", async () => {
    const edited = await withReport(await builtExample(), (xhtml) =>
      xhtml
        .replace('<ix:nonNumeric name="acme:WarrantyPolicy" contextRef="FY2024">', '<ix:nonNumeric name="acme:WarrantyPolicy" contextRef="End2024">')
        .replace('</ix:resources>', '<xbrli:context id="End2024"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">01234567</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context></ix:resources>'),
    );
    const errors = messages(await validatePackage('ACME-2024.xbri', edited)).filter((m) => m.category === 'error');
    expect(errors.map((m) => m.code)).toEqual(['xbrl.4.7.2:contextPeriodType']);
    expect(errors[0]!.message).toContain('WarrantyPolicy has period type duration, but context "End2024" is an instant (2024-12-31)');
  });

  it('the builder refuses the renamed concept on the report field, naming the fact, its concept and the rule', async () => {
    const request = exampleRequest();
    const report = renameWidgetTurnover(exampleReport());
    const err = await createReportPackage({ ...request, reportBase64Content: Buffer.from(report).toString('base64') }, { includeHash: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RequestValidationError);
    expect((err as RequestValidationError).errors).toEqual([
      { field: 'reportBase64Content', message: expect.stringMatching(/^acme-2024\.xhtml: taxonomy\.conceptNotFound: the fact WidgetTurnovr .*WidgetTurnovr in http:\/\/example\.com\/acme\/2024 is not in the taxonomy/) },
    ]);
  });

  it('with the base taxonomy installed, its concepts are checked as well, and the extension still comes from the package itself', async () => {
    const { store } = await dataFolderWithFrcCore();
    const installed = await store.library();
    // The installed stand-in also publishes an ACME schema without ACME's concepts: the package's own copy wins.
    const clean = await validatePackage('ACME-2024.xbri', await builtExample(installed), { installed });
    expect(messages(clean)).toEqual([]);
    expect(isValidResult(clean)).toBe(true);

    const renamed = await withReport(await builtExample(installed), (x) => x.replace('name="core:ProfitLoss"', 'name="core:ProfitLos"'));
    const errors = messages(await validatePackage('ACME-2024.xbri', renamed, { installed })).filter((m) => m.category === 'error');
    expect(errors.map((m) => m.code)).toEqual(['taxonomy.conceptNotFound']);
    expect(errors[0]!.message).toContain('the concept ProfitLos in http://xbrl.frc.org.uk/fr/2024-01-01/core is not in the taxonomy');
  });
});

describe("the package wizard's Check and build", () => {
  it('blocks Build on a fact whose concept is not in the dropped extension, naming the report, the fact and the concept', async () => {
    const { reportBase64Content: _report, base64ZipFiles: _zip, reportName, ...metadata } = exampleRequest();
    const xsd = 'example.com/acme/2024/acme-2024.xsd';
    const input = (report: string): DraftPackageInput => ({
      request: metadata,
      report: { attachmentId: 'r1', fileName: reportName as string, bytes: new TextEncoder().encode(report) },
      taxonomy: [{ kind: 'file', attachmentId: 't1', path: xsd, bytes: new Uint8Array(readFileSync(join(repoRoot, 'examples', 'package', 'taxonomy', xsd))) }],
    });
    const empty = mkdtempSync(join(tmpdir(), 'fd-wizard-'));
    expect((await engineOperations['package.planDraft'](input(exampleReport()), empty)).canBuild).toBe(true);

    const renamed = input(renameWidgetTurnover(exampleReport()));
    const plan = await engineOperations['package.planDraft'](renamed, empty);
    expect(plan.canBuild).toBe(false);
    expect(plan.problems).toEqual([
      expect.objectContaining({ file: 'acme-2024.xhtml', role: 'report', message: expect.stringMatching(/^taxonomy\.conceptNotFound: the fact WidgetTurnovr .*WidgetTurnovr in http:\/\/example\.com\/acme\/2024 is not in the taxonomy/) }),
    ]);
    await expect(engineOperations['package.buildDraft'](renamed, { includeHash: false }, empty)).rejects.toBeInstanceOf(RequestValidationError);
  });
});

describe('validation jobs check packages against the installed taxonomy packages, as the window does', () => {
  it("validation.checkFile with the data folder: the installed FRC core checks the report's core facts; without it they wait for the package", async () => {
    const { dataFolder } = await dataFolderWithFrcCore();
    const pkg = await builtExample();
    const withFolder = await engineOperations['validation.checkFile']('ACME-2024.xbri', pkg, '2026-01-05', dataFolder);
    expect(withFolder.failedChecks).toEqual([]);
    expect(withFolder.validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info')).toEqual([]);

    const renamed = await withReport(pkg, (x) => x.replace('name="core:TurnoverRevenue"', 'name="core:TurnoverRevenu"'));
    const job = await engineOperations['validation.checkFile']('ACME-2024.xbri', renamed, '2026-01-05', dataFolder);
    const errors = job.validations.flatMap((v) => v.messages).filter((m) => m.category === 'error');
    expect(errors.map((m) => [m.code, attribute(m, 'entry')])).toEqual([['taxonomy.conceptNotFound', EXAMPLE_REPORT_ENTRY]]);
    expect(errors[0]!.message).toContain('the fact TurnoverRevenu');
    expect(job.validations.find((v) => v.validationType === 3)?.validationResult).toBe('invalid');

    // Without a data folder (no installed packages) the core facts are not judged: a warning, never an error or a silent pass.
    const bare = await engineOperations['validation.checkFile']('ACME-2024.xbri', renamed, '2026-01-05');
    expect(bare.validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info').map((m) => [m.category, m.code])).toEqual([
      ['warning', 'taxonomyNotInstalled'],
      ['warning', 'taxonomy.notInstalled'],
    ]);
  });

  it("the local filing service's validation job (POST validation, then its status) checks the package against the data folder's installed packages", async () => {
    const { dataFolder } = await dataFolderWithFrcCore();
    const engine = createEngineOperations({ dataDir: dataFolder });
    try {
      const renamed = await withReport(await builtExample(), (x) => x.replace('name="core:ProfitLoss"', 'name="core:ProfitLos"'));
      const { id } = await engine.createValidationJob('ACME-2024.xbri', renamed);
      await engine.jobs.whenSettled(id);
      const status = (await engine.getValidationStatus(id))!;
      expect(status.jobStatus).toBe('success');
      const errors = status.validations.flatMap((v) => v.messages).filter((m) => m.category === 'error');
      expect(errors.map((m) => [m.code, attribute(m, 'entry')])).toEqual([['taxonomy.conceptNotFound', EXAMPLE_REPORT_ENTRY]]);
      expect(errors[0]!.message).toContain('the concept ProfitLos in http://xbrl.frc.org.uk/fr/2024-01-01/core is not in the taxonomy');
    } finally {
      await engine.close();
    }
  });
});
