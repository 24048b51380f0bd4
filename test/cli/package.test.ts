/**
 * The package command line as a child process: same bytes and hash under
 * different time zones, the --out file hashes to Hash_Result, and validate's
 * exit codes (0 valid, 1 not valid, 2 unusable input).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { b64, jszipOf, sampleInlineReport, sampleXsd } from '../engine/package/package-helpers.js';
import { conformanceDir, repoRoot } from '../engine/package/shared-paths.js';
import { rawZip, zeroBomb } from '../fixtures/raw-zip.js';
import { fixturePackagesDir } from '../engine/package/fixture-packages.js';
import { builtExample, withReport } from '../engine/taxonomy/example-package.js';

const work = mkdtempSync(join(tmpdir(), 'fd-cli-package-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(repoRoot, 'main', 'cli', 'index.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function writeRequest(): Promise<string> {
  const file = join(work, 'request.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: 'ACME 2024',
      identifier: 'http://example.com/acme/2024/package',
      reportPackageName: 'ACME-2024',
      reportName: 'acme.xhtml',
      publicationDate: '2025-01-15T23:30:00',
      reportBase64Content: b64(sampleInlineReport()),
      base64ZipFiles: await jszipOf({ 'example.com/acme/2024/acme-2024.xsd': sampleXsd }),
      entrypoints: [{ name: 'ACME', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' }, languages: ['en'] }],
    }),
  );
  return file;
}

describe('cli package build', () => {
  it('gives the same bytes and hash under TZ=Asia/Tokyo and TZ=UTC, and --out writes a file whose sha256sum is Hash_Result', async () => {
    const request = await writeRequest();
    const outTokyo = join(work, 'tokyo');
    const tokyo = cli(['package', 'build', request, '--hash', '--out', outTokyo], { TZ: 'Asia/Tokyo' });
    const utc = cli(['package', 'build', request, '--hash'], { TZ: 'UTC' });
    const again = cli(['package', 'build', request, '--hash'], { TZ: 'UTC' });
    expect(tokyo.code, tokyo.stderr).toBe(0);
    expect(utc.code, utc.stderr).toBe(0);
    expect(tokyo.stdout).toBe(utc.stdout);
    expect(again.stdout).toBe(utc.stdout);
    const response = JSON.parse(utc.stdout) as { zipContentBase64: string; hashResult: { Hash_Result: string } };
    expect(Object.keys(response)).toEqual(['zipContentBase64', 'hashResult']);
    expect(readdirSync(outTokyo)).toEqual(['ACME-2024.xbri']);
    const written = join(outTokyo, 'ACME-2024.xbri');
    expect(readFileSync(written).toString('base64')).toBe(response.zipContentBase64);
    const sha = execFileSync('sha256sum', [written], { encoding: 'utf8' }).split(' ')[0];
    expect(sha).toBe(response.hashResult.Hash_Result);
    // Without --hash the response has no hashResult at all.
    expect(JSON.parse(cli(['package', 'build', request]).stdout)).toEqual({ zipContentBase64: response.zipContentBase64 });
    // The written package validates with the CLI too.
    const validate = cli(['package', 'validate', written]);
    expect(validate.code, validate.stdout).toBe(0);
  });

  it('exits 2 with a field error on "out" when --out cannot be written, leaving no half-written file', async () => {
    const request = await writeRequest();
    const aFile = join(work, 'not-a-folder');
    writeFileSync(aFile, 'x');
    const underFile = cli(['package', 'build', request, '--out', join(aFile, 'sub')]);
    expect(underFile.code, underFile.stderr).toBe(2);
    const body = JSON.parse(underFile.stderr) as { errors: { field: string; message: string }[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.field).toBe('out');
    expect(body.errors[0]!.message).toContain(join(aFile, 'sub'));
    expect(underFile.stderr).not.toContain('    at ');
    expect(underFile.stdout).toBe('');
    // The target name is taken by a folder: the rename fails after the temporary file was written.
    const blocked = join(work, 'blocked');
    mkdirSync(join(blocked, 'ACME-2024.xbri'), { recursive: true });
    const taken = cli(['package', 'build', request, '--out', blocked]);
    expect(taken.code, taken.stderr).toBe(2);
    expect((JSON.parse(taken.stderr) as { errors: { field: string }[] }).errors[0]!.field).toBe('out');
    expect(readdirSync(blocked)).toEqual(['ACME-2024.xbri']);
  });

  it('prints field errors as JSON and exits 2 on a bad request', () => {
    const file = join(work, 'bad.json');
    writeFileSync(file, JSON.stringify({ name: 'x', publisherCountry: 'gb' }));
    const run = cli(['package', 'build', file]);
    expect(run.code).toBe(2);
    const body = JSON.parse(run.stderr) as { errors: { field: string; message: string }[] };
    expect(body.errors).toContainEqual({ field: 'publisherCountry', message: 'must be two upper-case letters (ISO 3166 code such as GB)' });
    expect(body.errors.map((e) => e.field)).toContain('identifier');
  });

  it('refuses, exit 2, a report whose own schema the package would not hold, naming the report and the missing URL, and writes nothing', async () => {
    const file = join(work, 'missing-schema.json');
    const report = readFileSync(join(fixturePackagesDir, 'acme-2024', 'report', 'acme-2024.xhtml'));
    const labels = readFileSync(join(fixturePackagesDir, 'acme-2024', 'taxonomy', 'acme-2024-lab.xml'));
    writeFileSync(
      file,
      JSON.stringify({
        name: 'ACME 2024',
        identifier: 'http://example.com/acme/2024/package',
        reportPackageName: 'ACME-2024',
        reportName: 'acme-2024.xhtml',
        reportBase64Content: b64(report),
        base64ZipFiles: await jszipOf({ 'example.com/acme/2024/acme-2024-lab.xml': labels }),
      }),
    );
    const out = join(work, 'missing-schema-out');
    const run = cli(['package', 'build', file, '--out', out]);
    expect(run.code).toBe(2);
    const body = JSON.parse(run.stderr) as { errors: { field: string; message: string }[] };
    expect(body.errors).toEqual([
      {
        field: 'reportBase64Content',
        message: expect.stringMatching(/^acme-2024\.xhtml: its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve to a file in the package: looked for ACME-2024\/example\.com\/acme\/2024\/acme-2024\.xsd/),
      },
    ]);
    expect(run.stdout).toBe('');
    expect(() => readdirSync(out)).toThrow();
  });
});

describe('cli package validate', () => {
  it('exits 0 for a valid package and prints the job result', () => {
    const run = cli(['package', 'validate', join(conformanceDir, 'packages', 'good-unconstrained.zip')]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { jobStatus: string; validations: { validationType: number; messages: { code: string; attributes: { name: string; value: string }[] }[] }[] };
    expect(result.jobStatus).toBe('success');
    const count = result.validations[0]!.messages.find((m) => m.code === 'reportCount');
    expect(count?.attributes).toEqual([{ name: 'reports', value: '2' }]);
  });

  it('exits 1 for an invalid package, naming the code and the entry', () => {
    const run = cli(['package', 'validate', join(conformanceDir, 'packages', 'bad-dotdot.xbri')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('rpe:invalidDirectoryStructure');
    expect(run.stdout).toContain('ACME-2024/reports/../reports/acme.xhtml');
  });

  it('exits 2 for a missing file and for a zip bomb', () => {
    const missing = cli(['package', 'validate', join(work, 'nope.xbri')]);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stderr).errors).toEqual([{ field: 'file', message: expect.stringContaining(`cannot read ${join(work, 'nope.xbri')}`) }]);
    const bomb = zeroBomb(512 * 1024 * 1024);
    const file = join(work, 'bomb.xbri');
    writeFileSync(file, rawZip([{ name: 'P/reports/a.xhtml', deflated: bomb.deflated, declaredSize: 512 * 1024 * 1024, crc: bomb.crc }]));
    const run = cli(['package', 'validate', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('P/reports/a.xhtml');
  });

  it("exits 1 for the example package whose report tags a fact with a concept its extension taxonomy does not have, naming the report, fact and concept", async () => {
    const renamed = await withReport(await builtExample(), (x) => x.replace('name="acme:WidgetTurnover"', 'name="acme:WidgetTurnovr"'));
    const file = join(work, 'ACME-2024-renamed.xbri');
    writeFileSync(file, renamed);
    const run = cli(['package', 'validate', file]);
    expect(run.code, run.stdout).toBe(1);
    const result = JSON.parse(run.stdout) as { validations: { messages: { category: string; code: string; message: string }[] }[] };
    const errors = result.validations.flatMap((v) => v.messages).filter((m) => m.category === 'error');
    expect(errors.map((m) => m.code)).toEqual(['taxonomy.conceptNotFound']);
    expect(errors[0]!.message).toMatch(/^ACME-2024\/reports\/acme-2024\.xhtml: the fact WidgetTurnovr .*the concept WidgetTurnovr in http:\/\/example\.com\/acme\/2024 is not in the taxonomy/);
  });

  it('exits 2 with usage for a wrong command', () => {
    expect(cli(['package', 'frobnicate']).code).toBe(2);
  });
});
