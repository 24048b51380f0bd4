/**
 * `cli ixbrl validate`: Inline XBRL checked against the installed taxonomy
 * packages and any named with --taxonomy; exit 0 when checked and nothing
 * is wrong, 1 for an error, 5 when the taxonomy is not installed (not checked).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CT2015_ZIP, ct2015Sample } from '../engine/taxonomy/ct2015.js';
import { runCli } from './run-cli.js';

describe('cli ixbrl validate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-ixbrl-'));
  const sample = join(dir, 'sample.xhtml');
  writeFileSync(sample, ct2015Sample());
  const renamed = join(dir, 'renamed.xhtml');
  writeFileSync(renamed, ct2015Sample().replace('name="ct-comp:TaxReference"', 'name="ct-comp:TaxRef"'));

  it('without the taxonomy: not checked (exit 5), saying which package to install', () => {
    const run = runCli(['ixbrl', 'validate', sample, '--data-folder', mkdtempSync(join(tmpdir(), 'fd-empty-')), '--json']);
    expect(run.code).toBe(5);
    const line = JSON.parse(run.stdout) as { status: string; checkedAgainstTaxonomy: boolean; findings: { code: string; message: string }[] };
    expect(line).toMatchObject({ status: 'not-checked', checkedAgainstTaxonomy: false });
    expect(line.findings.map((f) => f.code)).toEqual(['taxonomy.notInstalled']);
    expect(line.findings[0]!.message).toMatch(/^concepts not checked: install HMRC's CT computational taxonomy package/);
  });

  it('with --taxonomy: the sample is valid (exit 0); a renamed concept is not (exit 1), naming it', () => {
    const data = mkdtempSync(join(tmpdir(), 'fd-empty-'));
    const clean = runCli(['ixbrl', 'validate', sample, '--taxonomy', CT2015_ZIP, '--data-folder', data, '--json']);
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ status: 'valid', facts: 696, checkedAgainstTaxonomy: true, findings: [] });

    const bad = runCli(['ixbrl', 'validate', sample, renamed, '--taxonomy', CT2015_ZIP, '--data-folder', data, '--table']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/renamed\.xhtml +NOT VALID +taxonomy\.conceptNotFound: the fact TaxRef \(context "context"\): the concept TaxRef in /);
    expect(bad.stdout).toContain('2 files: 1 valid, 1 not valid, 0 unusable');
  });

  it('uses the packages installed in the data folder', () => {
    const data = mkdtempSync(join(tmpdir(), 'fd-installed-'));
    expect(runCli(['taxonomy', 'add', CT2015_ZIP, '--data-folder', data]).code).toBe(0);
    expect(runCli(['ixbrl', 'validate', sample, '--data-folder', data, '--json']).code).toBe(0);
  });

  it('a --taxonomy that is not a taxonomy package is unusable input (exit 2) naming it', () => {
    const run = runCli(['ixbrl', 'validate', sample, '--taxonomy', sample, '--data-folder', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/sample\.xhtml is not a usable taxonomy package: tpe:invalidArchiveFormat/);
  });
});
