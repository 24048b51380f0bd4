/**
 * Every request in examples/ goes through the command line as a user would
 * run it: the CT600 messages are schema-valid for HMRC's XSDs (xmllint) and
 * carry an IRmark that an independent canonicaliser agrees with, and the
 * report package validates. The attached documents in the JSON are the files
 * beside it, so an edited example cannot drift from what it claims to hold.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { ct600EnvelopeXsd } from '../helpers/shared.js';
import { independentIrmark, xmllintSchema } from '../helpers/xmllint.js';
import { examplesDir, runCli } from './run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'fd-cli-examples-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ct600Dir = join(examplesDir, 'ct600');
const ct600Examples = readdirSync(ct600Dir).filter((f) => f.endsWith('.json')).sort();

describe('examples/ct600', () => {
  it('holds the small company, the straddling period with marginal relief and the return with attachments', () => {
    expect(ct600Examples).toEqual(['small-company.json', 'straddling-marginal-relief.json', 'with-attachments.json']);
  });

  it('each builds in one batch to a schema-valid message whose IRmark verifies', () => {
    const built = join(work, 'built');
    const run = runCli(['ct600', 'build', ct600Dir, '--out', built, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; status: string; irMark: string; out: string });
    expect(lines.map((l) => l.file)).toEqual(ct600Examples.map((f) => join(ct600Dir, f)));
    for (const line of lines) {
      expect(line.status).toBe('built');
      const xml = readFileSync(line.out, 'utf8');
      const schema = xmllintSchema(xml, ct600EnvelopeXsd);
      expect(schema.valid, `${line.file}: ${schema.output}`).toBe(true);
      expect(independentIrmark(xml)).toBe(line.irMark);
      expect(xml).toContain(`<IRmark Type="generic">${line.irMark}</IRmark>`);
    }
    const verify = runCli(['ct600', 'verify', built, '--json']);
    expect(verify.code, verify.stdout).toBe(0);
    expect(verify.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { matches: boolean }).matches)).toEqual([true, true, true]);
  });

  it('the straddling example declares both financial years and marginal relief', () => {
    const request = JSON.parse(readFileSync(join(ct600Dir, 'straddling-marginal-relief.json'), 'utf8'));
    expect(request.financialYearTwo).toMatchObject({ taxRate: 25 });
    expect(request.marginalReliefForRingFenceTrades.value).toBeGreaterThan(0);
  });

  it('attachments in the requests are the .xhtml files in examples/ct600/attachments', () => {
    for (const name of ct600Examples) {
      const request = JSON.parse(readFileSync(join(ct600Dir, name), 'utf8')) as { attachedFiles: { filename: string; value: string }[] };
      expect(request.attachedFiles.length, name).toBe(2);
      for (const file of request.attachedFiles) {
        expect(Buffer.from(file.value, 'base64'), `${name}: ${file.filename}`).toEqual(readFileSync(join(ct600Dir, 'attachments', file.filename)));
      }
    }
  });
});

describe('examples/package', () => {
  const requestFile = join(examplesDir, 'package', 'report-package.json');

  it('builds a package that validates, holding the report and the taxonomy files beside the request', async () => {
    const out = join(work, 'packages');
    const build = runCli(['package', 'build', requestFile, '--hash', '--out', out]);
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(readdirSync(out)).toEqual(['ACME-2024.xbri']);
    const validate = runCli(['package', 'validate', join(out, 'ACME-2024.xbri')]);
    expect(validate.code, validate.stdout).toBe(0);

    const request = JSON.parse(readFileSync(requestFile, 'utf8')) as { reportBase64Content: string; base64ZipFiles: string };
    expect(Buffer.from(request.reportBase64Content, 'base64')).toEqual(readFileSync(join(examplesDir, 'package', 'report', 'acme-2024.xhtml')));
    const taxonomy = await JSZip.loadAsync(Buffer.from(request.base64ZipFiles, 'base64'));
    const xsdPath = 'example.com/acme/2024/acme-2024.xsd';
    expect(Object.values(taxonomy.files).filter((f) => !f.dir).map((f) => f.name)).toEqual([xsdPath]);
    expect(await taxonomy.file(xsdPath)!.async('nodebuffer')).toEqual(readFileSync(join(examplesDir, 'package', 'taxonomy', xsdPath)));
    const pkg = await JSZip.loadAsync(readFileSync(join(out, 'ACME-2024.xbri')));
    expect(pkg.file(`ACME-2024/${xsdPath}`)).not.toBeNull();
    expect(pkg.file('ACME-2024/META-INF/catalog.xml')).not.toBeNull();
  });
});
