/**
 * `cli accounts build` through the real command line: the README's examples,
 * the one line and the --json object, comparatives built first, and each
 * refusal (exit 2, the code or line named, nothing written).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesDir, runCli } from './run-cli.js';

const examples = join(examplesDir, 'accounts');
const work = mkdtempSync(join(tmpdir(), 'fd-cli-accounts-'));
/** stderr without the line the launcher prints when another change to the sources makes it rebuild the bundle first. */
const own = (stderr: string) => stderr.replace(/^Building the command line \(first run, or the source changed\)…\n/, '');
const errorsOf = (stderr: string) => (JSON.parse(own(stderr)) as { errors: { field: string; rule?: string; message: string }[] }).errors;

/** A folder holding an accounts.json (the micro example's, changed by `edit`) and its trial balance. */
function case_(name: string, csv: string, edit: (json: Record<string, unknown>) => void = () => undefined): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'tb.csv'), csv);
  const json = JSON.parse(readFileSync(join(examples, 'micro-company.json'), 'utf8')) as Record<string, unknown>;
  json.trialBalance = 'tb.csv';
  edit(json);
  writeFileSync(join(dir, 'accounts.json'), JSON.stringify(json));
  return dir;
}
const microCsv = () => readFileSync(join(examples, 'micro-company-2026.csv'), 'utf8');

describe('cli accounts build', () => {
  it("builds the micro example and prints one line: where, the balance sheet total, the profit", () => {
    const out = join(work, 'micro', 'accounts.xhtml');
    const r = runCli(['accounts', 'build', join(examples, 'micro-company.json'), '--out', out]);
    expect(own(r.stderr)).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${out}: Brightwater Vans Ltd FRS 105 accounts 2025-04-01 to 2026-03-31, balance sheet total £33,654, profit £15,119\n`);
    const xhtml = readFileSync(out, 'utf8');
    expect(xhtml).toContain('https://xbrl.frc.org.uk/FRS-102/2026-01-01/FRS-102-2026-01-01.xsd');
    expect(xhtml).toContain('Brightwater Vans Ltd');
    // The project's own checks (HMRC's joint filing checks 3312–3316, the document's structure) find no error;
    // the FRC 2026 package is not installed here, so the verdict is "not checked" against the taxonomy (exit 5).
    const v = runCli(['ixbrl', 'validate', out, '--json']);
    const verdict = JSON.parse(v.stdout);
    expect(verdict).toMatchObject({ errors: 0 });
    expect(['valid', 'not-checked']).toContain(verdict.status);
  });

  it('--json: one object with out, the current facts without dimensions, the totals and the checks; last year built first as the comparatives', () => {
    const out = join(work, 'small', 'accounts.xhtml');
    const r = runCli(['accounts', 'build', join(examples, 'small-company-2026.json'), '--out', out, '--json']);
    expect(own(r.stderr)).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(Object.keys(result)).toEqual(['out', 'facts', 'balanceSheetTotal', 'profitLoss', 'checks']);
    expect(result.out).toBe(out);
    // Worked by hand from small-company-2026.csv: intangibles 6,000 − 2,400; equipment 12,000 − 6,000; cash 70,700.45.
    expect(result.facts).toMatchObject({ IntangibleAssets: 3600, PropertyPlantEquipment: 6000, TotalInventories: 5200, Debtors: 11250, CashBankOnHand: 70700, TurnoverRevenue: 156400, InterestPayableSimilarChargesFinanceCosts: 1050, TaxTaxCreditOnProfitOrLossOnOrdinaryActivities: 7100 });
    // 156,400 − 45,300 − 45,150 − 4,200 − 13,610.20 − 1,050 − 7,100 = 39,989.80
    expect(result.profitLoss).toBe(39990);
    expect(result.facts.ProfitLoss).toBe(39990);
    expect(result.balanceSheetTotal).toBe(96750);
    const rules = result.checks.map((c: { rule: string }) => c.rule);
    expect(rules).toEqual(expect.arrayContaining(['trial-balance-read', 'codes-placed-by', 'trial-balance-balances', 'code-placed', 'balance-sheet-balances', 'reserves-brought-forward']));
    expect(result.checks.find((c: { rule: string }) => c.rule === 'codes-placed-by').message).toBe("3 codes placed by the firm's mapping, 22 by Sage's standard UK nominal ledger.");
    // Last year's figures are in the document, at last year's balance sheet date.
    const xhtml = readFileSync(out, 'utf8');
    expect(xhtml).toContain('2025-03-31');
    expect(xhtml).toContain('2024-04-01');
  });

  it('reads a product export named in accounts.json, saying which columns it read', () => {
    const dir = join(work, 'xero');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(__dirname, '..', 'fixtures', 'accounts', 'exports', 'xero-trial-balance.csv'), join(dir, 'xero.csv'));
    writeFileSync(join(dir, 'accounts.json'), JSON.stringify({ ...JSON.parse(readFileSync(join(examples, 'micro-company.json'), 'utf8')), trialBalance: 'xero.csv' }));
    const r = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', join(dir, 'out.xhtml'), '--json']);
    expect(own(r.stderr)).toBe('');
    expect(r.code).toBe(0);
    const read = JSON.parse(r.stdout).checks.find((c: { rule: string }) => c.rule === 'trial-balance-read');
    expect(read.message).toBe('Read xero.csv as Xero (header on row 5): code from "Account Code", name from "Account", debit from "Debit - Year to date", credit from "Credit - Year to date", type from "Account Type"; 16 accounts.');
  });

  it('a trial balance that does not balance: exit 2, by how much, nothing written', () => {
    const dir = case_('unbalanced', microCsv().replace('4000,Sales,,48250.00', '4000,Sales,,48250.50'));
    const r = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', join(dir, 'out.xhtml')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(errorsOf(r.stderr)).toEqual([
      { field: 'trialBalance', rule: 'trial-balance-balances', message: 'The trial balance does not balance: debits £71,285.17, credits £71,285.67; credits exceed debits by £0.50.' },
    ]);
    expect(readdirSync(dir).sort()).toEqual(['accounts.json', 'tb.csv']);
  });

  it('a code no mapping places: exit 2 naming the code and why, nothing written', () => {
    const dir = case_('unplaced', `${microCsv().replace('7502,Telephone,1000.00,', '7502,Telephone,900.00,')}9998,Suspense account,100.00,\n`);
    const r = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', join(dir, 'out.xhtml')]);
    expect(r.code).toBe(2);
    expect(errorsOf(r.stderr)).toEqual([
      { field: 'mapping.9998', rule: 'code-placed', message: "Code 9998 (Suspense account) is not placed on any line of the accounts: map it to a line. (9998 is not a code Sage's standard UK nominal ledger places.)" },
    ]);
    expect(existsSync(join(dir, 'out.xhtml'))).toBe(false);
  });

  it('accounts approved after today (this computer\'s date): exit 2 naming approval.date, nothing written', () => {
    const dir = case_('approved-later', microCsv(), (j) => {
      j.approval = { ...(j.approval as object), date: '2999-01-04' };
    });
    const r = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', join(dir, 'out.xhtml')]);
    expect(r.code).toBe(2);
    const errors = errorsOf(r.stderr);
    expect(errors.map((e) => [e.field, e.rule])).toEqual([['approval.date', 'approval-not-future']]);
    expect(errors[0]!.message).toContain('2999-01-04, which is after today');
    expect(existsSync(join(dir, 'out.xhtml'))).toBe(false);
  });

  it("the firm's mapping places it; a nil account no mapping places is left out", () => {
    const dir = case_('mapped', `${microCsv().replace('7502,Telephone,1000.00,', '7502,Telephone,900.00,')}9998,Suspense account,100.00,\n9999,Mispostings,,\n`, (j) => {
      j.mapping = { '9998': 'OtherOperatingExpensesFormat2' };
    });
    const r = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', join(dir, 'out.xhtml'), '--json']);
    expect(own(r.stderr)).toBe('');
    expect(r.code).toBe(0);
    const placedBy = JSON.parse(r.stdout).checks.find((c: { rule: string }) => c.rule === 'codes-placed-by');
    expect(placedBy.message).toBe("1 codes placed by the firm's mapping, 17 by Sage's standard UK nominal ledger; nil accounts left out: 9999.");
  });

  it('a problem in last year\'s accounts.json is named under "comparatives."; a circle of comparatives is refused', () => {
    const dir = case_('bad-comparatives', microCsv(), (j) => {
      j.comparatives = 'last.json';
    });
    writeFileSync(join(dir, 'last.json'), JSON.stringify({ ...JSON.parse(readFileSync(join(dir, 'accounts.json'), 'utf8')), period: { from: '2024-04-01', to: '2025-03-31' }, trialBalance: 'missing.csv', comparatives: undefined }));
    const r = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', join(dir, 'out.xhtml')]);
    expect(r.code).toBe(2);
    const [e] = errorsOf(r.stderr);
    expect(e!.field).toBe('comparatives.trialBalance');
    expect(e!.message).toMatch(/^cannot read .*missing\.csv/);

    const circle = case_('circle', microCsv(), (j) => {
      j.comparatives = 'accounts.json';
    });
    const c = runCli(['accounts', 'build', join(circle, 'accounts.json'), '--out', join(circle, 'out.xhtml')]);
    expect(c.code).toBe(2);
    expect(errorsOf(c.stderr)).toEqual([{ field: 'comparatives', rule: 'comparatives-circle', message: "accounts.json leads back to an accounts.json already being built: last year's accounts cannot come after this year's" }]);
    expect(existsSync(join(circle, 'out.xhtml'))).toBe(false);
  });

  it('an unreadable export names its row and column; an unknown field of accounts.json is refused', () => {
    const dir = case_('bad-money', microCsv().replace('4000,Sales,,48250.00', '4000,Sales,,48.250.00'), (j) => {
      j.accountsType = 'full';
    });
    const r = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', join(dir, 'out.xhtml')]);
    expect(r.code).toBe(2);
    expect(errorsOf(r.stderr)[0]).toMatchObject({ field: 'accountsType', rule: 'shape' });
    const fixed = case_('bad-money-2', microCsv().replace('4000,Sales,,48250.00', '4000,Sales,,48.250.00'));
    const m = runCli(['accounts', 'build', join(fixed, 'accounts.json'), '--out', join(fixed, 'out.xhtml')]);
    expect(m.code).toBe(2);
    expect(errorsOf(m.stderr)).toEqual([{ field: 'trialBalance: row 12, column "credit"', message: expect.stringMatching(/^"48\.250\.00" is not an amount of money/) }]);
  });

  it('never writes over a file without --force; replaces it with --force', () => {
    const dir = case_('force', microCsv());
    const out = join(dir, 'out.xhtml');
    writeFileSync(out, "the accountant's own file");
    const r = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', out]);
    expect(r.code).toBe(2);
    expect(errorsOf(r.stderr)).toEqual([{ field: 'out', message: `${out} already exists and was not written by this run; add --force to replace it` }]);
    expect(readFileSync(out, 'utf8')).toBe("the accountant's own file");
    const f = runCli(['accounts', 'build', join(dir, 'accounts.json'), '--out', out, '--force']);
    expect(f.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('<html');
    expect(readdirSync(dir).sort()).toEqual(['accounts.json', 'out.xhtml', 'tb.csv']);
  });

  it('needs --out and one accounts.json (usage, exit 2), and is in the help', () => {
    const r = runCli(['accounts', 'build', join(examples, 'micro-company.json')]);
    expect(r.code).toBe(2);
    expect(own(r.stderr)).toMatch(/^accounts build needs --out <accounts\.xhtml>/);
    const h = runCli(['accounts', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('cli accounts build <accounts.json> [options]');
    expect(h.stdout).toContain('--force');
  });
});
