/**
 * `cli ct600 compute` with a loansToParticipators section: the CT600A boxes
 * after the CT600's, what the law asks beyond the form, relief for earlier
 * periods, the JSON's s455Underpaid and earlierPeriodRelief, the return
 * --request writes (which ct600 build and ct600 validate accept), the
 * computation document --ixbrl writes, and bad input named by its field.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesDir, runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'fd-cli-loans-'));

/** Small Bakery Ltd, year to 31 March 2025 (its real accounts attached): Jane Baker's loan account, a loan from the year before repaid. */
const bakery = (loansToParticipators: Record<string, unknown>) => ({
  company: { name: 'Small Bakery Ltd', utr: '8596148860', registrationNumber: '09876543' },
  period: { from: '2024-04-01', to: '2025-03-31' },
  associatedCompanies: 0,
  profitAndLoss: { turnover: 85000, profitBeforeTax: 21000, depreciation: 3000, disallowable: [], nonTaxableIncome: [], interestReceived: 400, propertyIncome: 0 },
  losses: { tradingBroughtForward: 0 },
  chargeableGains: 0,
  qualifyingDonations: 0,
  declaration: { name: 'Jane Baker', status: 'Director' },
  accountsFile: 'small-bakery-accounts-2025.xhtml',
  computationsFile: 'small-bakery-computations-2025.xhtml',
  loansToParticipators,
});

const LOANS = {
  filedOn: '2025-12-15',
  loans: [{ participator: 'Jane Baker', date: '2024-06-01', amount: 12000 }],
  broughtForward: [{ participator: 'Jane Baker', loanDate: '2023-06-01', periodEnd: '2024-03-31', amount: 2000 }],
  repayments: [
    { participator: 'Jane Baker', date: '2024-04-20', amount: 2000, kind: 'repayment' },
    { participator: 'Jane Baker', date: '2025-07-01', amount: 5000, kind: 'credit' },
  ],
};

function write(name: string, body: unknown): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  for (const f of ['small-bakery-accounts-2025.xhtml', 'small-bakery-computations-2025.xhtml']) writeFileSync(join(folder, f), readFileSync(join(examplesDir, 'ct600', 'attachments', f)));
  const file = join(folder, 'computation.json');
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe('cli ct600 compute with loans to participators', () => {
  it('prints the CT600A boxes after the CT600’s, with the relief that belongs to the earlier period', () => {
    const r = runCli(['ct600', 'compute', write('print', bakery(LOANS))]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/480 +Tax payable on loans to participators \(box A80\) +£2,362\.50\n/);
    expect(r.stdout).toMatch(/A5 +Loans made in the period repaid, released or written off before its end +no\n/);
    expect(r.stdout).toMatch(/A20 +Tax chargeable on loans +£4,050\.00\n/);
    expect(r.stdout).toMatch(/A45 +Relief due for loans repaid within nine months +£1,687\.50\n/);
    expect(r.stdout.indexOf('\n525 ')).toBeLessThan(r.stdout.indexOf('\nA5 '));
    expect(r.stdout).toContain('Relief for the period ended 2024-03-31: £675.00 on £2,000.00 repaid, due 2026-01-01 (amend that return, or form L2P); not on this return.');
    expect(r.stdout).toContain('Jane Baker: £12,000.00 lent 2024-06-01 (period ended 2025-03-31)');
  });

  it('--json carries s455Underpaid and earlierPeriodRelief at the top level', () => {
    const after2026 = { ...bakery({ filedOn: '2026-12-01', loans: [{ participator: 'Jane Baker', date: '2026-04-10', amount: 10000 }] }), period: { from: '2025-07-01', to: '2026-06-30' } };
    const r = runCli(['ct600', 'compute', write('json', after2026), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.boxes).toMatchObject({ A15: 10000, A20: 3375, A80: 3375, '480': 3375 });
    expect(out.s455Underpaid).toMatchObject({ amount: 200, byLaw: 3575, onForm: 3375, amendmentNeeded: true });
    expect(out.earlierPeriodRelief).toEqual([]);
  });

  it('--request writes a return with the CT600A that ct600 build and ct600 validate accept; --ixbrl tags box 480 in the computation', () => {
    const file = write('request', bakery(LOANS));
    const requestFile = join(dir, 'request', 'request.json');
    const r = runCli(['ct600', 'compute', file, '--request', requestFile]);
    expect(r.stderr).toMatch(/^(Note: [^\n]*\n)*$/);
    expect(r.code).toBe(0);
    const request = JSON.parse(readFileSync(requestFile, 'utf8'));
    expect(request).toMatchObject({
      loansToParticipators: { value: 2362.5 },
      loansByCloseCompanies: { beforeEndPeriod: false, loansInformation: { loans: [{ name: 'Jane Baker', amountOfLoan: 12000 }], totalLoans: 12000, taxChargeable: 4050 }, reliefEarlierThan: { totalLoans: 5000, reliefDue: 1687.5 }, taxPayable: 2362.5 },
    });
    const xml = join(dir, 'request', 'return.xml');
    expect(runCli(['ct600', 'build', requestFile, '--out', xml]).code).toBe(0);
    const validated = runCli(['ct600', 'validate', xml]);
    expect(validated.stdout).toContain('"status": "valid"');
    expect(validated.code).toBe(0);

    const doc = join(dir, 'request', 'computation.xhtml');
    expect(runCli(['ct600', 'compute', file, '--ixbrl', doc]).code).toBe(0);
    const html = readFileSync(doc, 'utf8');
    expect(html).toMatch(/<ix:nonFraction name="ct-comp:TaxPayableOnLoansToParticipators" contextRef="company" unitRef="GBP" decimals="2"[^>]*>2,362\.50<\/ix:nonFraction>/);
    expect(html).toContain('s455 tax chargeable on those loans');
    expect(html).toContain('Less: relief for £5,000 repaid, released or written off within nine months');
  });

  it('refuses bad input naming the field and the rule', () => {
    const r = runCli(['ct600', 'compute', write('bad', bakery({ ...LOANS, repayments: [{ participator: 'Jane Baker', date: '2024-05-01', amount: 100, kind: 'refund' }] }))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('loansToParticipators.repayments[0].kind');
    expect(r.stderr).toContain('s464C(6)');
  });
});
