/**
 * The three verdicts through the real command line: valid (exit 0), invalid
 * (exit 1) and not checked (exit 5, naming the package to install), kept
 * apart in the table and the JSON; `ixbrl validate` running HMRC's joint
 * filing checks as `ct600 validate` runs them on an attachment; `ct600
 * validate --data-folder` checking attachments against the installed
 * taxonomies; and a schemaRef to a file an installed package lacks.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCt600 } from '../../main/engine/ct600/index.js';
import { fullReturn } from '../fixtures/ct600-requests.js';
import { CT2015_ZIP, ct2015Sample } from '../engine/taxonomy/ct2015.js';
import { repoRoot, sharedDir } from '../helpers/shared.js';
import { runCli } from './run-cli.js';

interface Finding {
  code: string;
  category: string;
  message: string;
}
interface DocumentLine {
  file: string;
  status: string;
  install?: string[];
  checkedAgainstTaxonomy: boolean;
  errors: number;
  findings: Finding[];
}
interface ReturnLine {
  file: string;
  status: string;
  install?: string[];
  messages: { rule: string; severity: string; message: string }[];
}

const work = mkdtempSync(join(tmpdir(), 'fd-cli-verdicts-'));
const write = (name: string, text: string) => {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
};
const emptyDataFolder = () => mkdtempSync(join(tmpdir(), 'fd-verdicts-empty-'));
const lines = <T>(stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

/** A real set of accounts filed at Companies House, on the FRC 2025 suite (FRS 102), which no package in ../shared carries. */
const accountsDir = join(sharedDir, 'ct600', 'ixbrl-accounts');
const frcAccounts = join(accountsDir, 'Prod223_4316_00089315_20251231.html');

const sample = ct2015Sample();
const TAX_REFERENCE = /<ix:nonNumeric[^>]*?name="ct-comp:TaxReference"[^>]*>0123456789<\/ix:nonNumeric>/;
const COMPANY_NAME = /(<ix:nonNumeric[^>]*?name="ct-comp:CompanyName"[^>]*>string2<\/ix:nonNumeric>)/;
/** HMRC's sample with one mandatory item (TaxReference) untagged and CompanyName tagged twice with two values. */
function mutatedComputation(): string {
  const changed = sample
    .replace(TAX_REFERENCE, '0123456789')
    .replace(COMPANY_NAME, '$1<ix:nonNumeric name="ct-comp:CompanyName" contextRef="context" xmlns:ct-comp="http://www.govtalk.gov.uk/uk/fr/tax/uk-hmrc-ct-comp/2015-02-01">Another Name Ltd</ix:nonNumeric>');
  expect(changed.match(/name="ct-comp:TaxReference"/g)).toBeNull();
  expect(changed.match(/name="ct-comp:CompanyName"/g)).toHaveLength(2);
  return changed;
}

/** A built return carrying `computation` as its computations, the example accounts as its accounts. */
function returnWithComputation(name: string, computation: string): string {
  const accounts = readFileSync(join(repoRoot, 'examples', 'ct600', 'attachments', 'accounts-2025.xhtml')).toString('base64');
  const attachedFiles = [
    { filename: 'accounts-2025.xhtml', value: accounts, itemsElementName: 0 },
    { filename: 'computations.xhtml', value: Buffer.from(computation).toString('base64'), itemsElementName: 1 },
  ];
  return write(name, Buffer.from(buildCt600({ ...fullReturn(), attachedFiles }).xmlDoc, 'base64').toString('utf8'));
}

let ct2015Installed: string;
beforeAll(() => {
  ct2015Installed = emptyDataFolder();
  expect(runCli(['taxonomy', 'add', CT2015_ZIP, '--data-folder', ct2015Installed]).code).toBe(0);
});

describe('cli ixbrl validate: three verdicts', () => {
  it('FRC accounts with no FRC package installed are not checked (exit 5), naming the suite to install, never "invalid"', () => {
    const json = runCli(['ixbrl', 'validate', frcAccounts, '--data-folder', emptyDataFolder(), '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(5);
    const [line] = lines<DocumentLine>(json.stdout);
    expect(line).toMatchObject({ status: 'not-checked', checkedAgainstTaxonomy: false, errors: 0, install: [expect.stringMatching(/^FRC 20\d\d/)] });
    // Warnings only (the install warning, and what the accounts-statement checks could not settle): nothing invalid.
    expect(line!.findings.filter((f) => f.category === 'error')).toEqual([]);
    expect(line!.findings.filter((f) => f.code === 'taxonomy.notInstalled')).toHaveLength(1);

    const table = runCli(['ixbrl', 'validate', frcAccounts, '--data-folder', emptyDataFolder(), '--table']);
    expect(table.code).toBe(5);
    expect(table.stdout).toMatch(/Prod223_4316_00089315_20251231\.html +NOT CHECKED +Not checked: install FRC 20\d\d/);
    expect(table.stdout).toContain('1 file: 0 valid, 0 not valid, 1 not checked, 0 unusable');
  });

  it('HMRC’s sample with its package installed is valid (exit 0); with a concept renamed it is invalid (exit 1)', () => {
    const valid = runCli(['ixbrl', 'validate', write('sample.xhtml', sample), '--data-folder', ct2015Installed, '--json']);
    expect(valid.code).toBe(0);
    expect(lines<DocumentLine>(valid.stdout)[0]).toMatchObject({ status: 'valid', checkedAgainstTaxonomy: true, findings: [] });

    const renamed = write('renamed.xhtml', sample.replace('name="ct-comp:TaxReference"', 'name="ct-comp:TaxRef"'));
    const invalid = runCli(['ixbrl', 'validate', renamed, '--data-folder', ct2015Installed, '--json']);
    expect(invalid.code).toBe(1);
    const [line] = lines<DocumentLine>(invalid.stdout);
    expect(line!.status).toBe('invalid');
    expect(line!.install).toBeUndefined();
    expect(line!.findings.map((f) => f.code)).toContain('taxonomy.conceptNotFound');
  });

  it('a batch exits with its worst verdict: unusable 2, then invalid 1, then not checked 5, then 0', () => {
    const data = emptyDataFolder();
    const notChecked = runCli(['ixbrl', 'validate', frcAccounts, write('plain.xhtml', sample), '--taxonomy', CT2015_ZIP, '--data-folder', data, '--table']);
    expect(notChecked.code).toBe(5);
    expect(notChecked.stdout).toMatch(/plain\.xhtml +valid +696 facts checked against the taxonomy/);
    const withInvalid = runCli(['ixbrl', 'validate', frcAccounts, write('broken.xhtml', sample.replace('name="ct-comp:TaxReference"', 'name="ct-comp:TaxRef"')), '--taxonomy', CT2015_ZIP, '--data-folder', data, '--json']);
    expect(withInvalid.code).toBe(1);
    expect(lines<DocumentLine>(withInvalid.stdout).map((l) => l.status)).toEqual(['not-checked', 'invalid']);
  });

  it('the help documents exit status 5 as not checked, beside 3 (internal error)', () => {
    const help = runCli(['ixbrl', 'validate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/3 internal error/);
    expect(help.stdout).toMatch(/5 not checked \(ixbrl validate, ct600 validate --data-folder/);
    expect(help.stdout).toMatch(/not-checked \(its taxonomy is not installed: the package to install is named; exit 5\)/);
    const ct600 = runCli(['ct600', 'validate', '--help']);
    expect(ct600.stdout).toMatch(/--data-folder <folder> +also check the attachments' facts against the taxonomy packages installed in this data folder, as the window does/);
    expect(ct600.stdout).toMatch(/5 when nothing was found but an attachment's taxonomy is not installed \(--data-folder\)/);
  });
});

describe('HMRC’s joint filing checks: one implementation for ixbrl validate and ct600 validate', () => {
  it('a mutated HMRC sample computation: 3312 (TaxReference untagged) and 3314 (CompanyName twice, two values), the same findings from both commands', () => {
    const computation = mutatedComputation();
    const ixbrl = runCli(['ixbrl', 'validate', write('mutant.xhtml', computation), '--data-folder', ct2015Installed, '--json']);
    expect(ixbrl.code).toBe(1);
    const [doc] = lines<DocumentLine>(ixbrl.stdout);
    const fromIxbrl = doc!.findings.filter((f) => f.code === 'JFCVC.3312' || f.code === 'JFCVC.3314');
    expect(fromIxbrl.map((f) => f.code).sort()).toEqual(['JFCVC.3312', 'JFCVC.3314']);
    expect(fromIxbrl.find((f) => f.code === 'JFCVC.3314')!.message).toMatch(/^CompanyName is tagged more than once for the same period and context with different values: "string2", "Another Name Ltd"/);
    expect(fromIxbrl.find((f) => f.code === 'JFCVC.3312')!.message).toMatch(/^TaxReference is missing/);

    const ret = returnWithComputation('mutant-return.xml', computation);
    const ct600 = runCli(['ct600', 'validate', ret, '--data-folder', ct2015Installed, '--json']);
    expect(ct600.code).toBe(1);
    const [returned] = lines<ReturnLine>(ct600.stdout);
    const fromCt600 = returned!.messages.filter((m) => m.rule === 'attachment:JFCVC.3312' || m.rule === 'attachment:JFCVC.3314');
    expect(fromCt600.map((m) => m.rule).sort()).toEqual(['attachment:JFCVC.3312', 'attachment:JFCVC.3314']);
    for (const f of fromIxbrl) {
      const same = fromCt600.find((m) => m.rule === `attachment:${f.code}`)!;
      expect(same.message.endsWith(`the computations computations.xhtml: ${f.message}`), same.message).toBe(true);
    }
  });
});

describe('cli ct600 validate --data-folder', () => {
  it('checks the attachments against the taxonomies installed there: a renamed concept in the computation is found with the flag, missed without', () => {
    const ret = returnWithComputation('renamed-concept-return.xml', sample.replace('name="ct-comp:TaxReference"', 'name="ct-comp:TaxRef"'));
    const without = runCli(['ct600', 'validate', ret, '--json']);
    const withFlag = runCli(['ct600', 'validate', ret, '--data-folder', ct2015Installed, '--json']);
    expect(withFlag.stderr).toBe('');
    const rules = (stdout: string) => lines<ReturnLine>(stdout)[0]!.messages.map((m) => m.rule);
    expect(rules(without.stdout)).not.toContain('attachment:taxonomy.conceptNotFound');
    expect(rules(withFlag.stdout)).toContain('attachment:taxonomy.conceptNotFound');
    expect(lines<ReturnLine>(withFlag.stdout)[0]!.messages.find((m) => m.rule === 'attachment:taxonomy.conceptNotFound')!.message).toMatch(/the fact TaxRef \(context "context"\)/);
    expect(withFlag.code).toBe(1);
  });

  it('an attachment whose taxonomy is not installed there: nothing else wrong makes the return not checked (exit 5), naming the package', () => {
    // The example return's accounts (FRC 2024) and computations (HMRC's CT comp 2024), with a data folder holding neither.
    const ret = write('example-return.xml', Buffer.from(buildCt600(fullReturn()).xmlDoc, 'base64').toString('utf8'));
    expect(runCli(['ct600', 'validate', ret, '--json']).code).toBe(0);
    const run = runCli(['ct600', 'validate', ret, '--data-folder', emptyDataFolder(), '--json']);
    expect(run.code).toBe(5);
    const [line] = lines<ReturnLine>(run.stdout);
    expect(line!.status).toBe('not-checked');
    expect(line!.install!.length).toBeGreaterThan(0);
    expect(line!.install!.join(' ')).toMatch(/FRC/);
    const table = runCli(['ct600', 'validate', ret, '--data-folder', emptyDataFolder(), '--table']);
    expect(table.stdout).toMatch(/example-return\.xml +NOT CHECKED +Not checked: install /);
  });
});

describe('a schemaRef to a file missing from an installed package', () => {
  it('names the package that lacks the file (IOerror), not "install HMRC’s package"', () => {
    const typo = write('typo.xhtml', sample.replace('ct/comp/2015-02-01/ct-2015-02-01.xsd', 'ct/comp/2015-02-01/ct-2015-02-02.xsd'));
    const run = runCli(['ixbrl', 'validate', typo, '--data-folder', ct2015Installed, '--json']);
    expect(run.code).toBe(1);
    const [line] = lines<DocumentLine>(run.stdout);
    expect(line!.status).toBe('invalid');
    const finding = line!.findings.find((f) => f.code === 'IOerror')!;
    expect(finding.message).toMatch(/^the schemaRef "http:\/\/www\.hmrc\.gov\.uk\/schemas\/ct\/comp\/2015-02-01\/ct-2015-02-02\.xsd" names a file that is not in the installed taxonomy package CT2015/);
    expect(line!.findings.map((f) => f.code)).not.toContain('taxonomy.notInstalled');
    expect(JSON.stringify(line)).not.toMatch(/install HMRC/);
  });
});


describe('a --data-folder that is not a folder', () => {
  it('is refused as unusable input (exit 2) naming the flag, by both commands, instead of reading as a folder with nothing installed', () => {
    const missing = join(work, 'no-such-data-folder');
    const ixbrl = runCli(['ixbrl', 'validate', frcAccounts, '--data-folder', missing, '--json']);
    expect(ixbrl.code).toBe(2);
    expect(ixbrl.stderr).toMatch(/--data-folder: .*no-such-data-folder is not a folder/);
    const ret = write('refused-return.xml', Buffer.from(buildCt600(fullReturn()).xmlDoc, 'base64').toString('utf8'));
    const ct600 = runCli(['ct600', 'validate', ret, '--data-folder', missing, '--json']);
    expect(ct600.code).toBe(2);
    expect(ct600.stderr).toMatch(/--data-folder: .*no-such-data-folder is not a folder/);
  });
});
