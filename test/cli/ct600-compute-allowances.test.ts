/**
 * `cli ct600 compute` takes the capital allowances fields at the law's edges
 * (a disposal linked to its addition, reduced writing-down allowances, the
 * AIA allocated in a group, short-life assets, plant for leasing, the
 * super-deduction) and refuses bad ones naming the field and the rule.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesDir, runCli } from './run-cli.js';

const base = (capitalAllowances: Record<string, unknown>, period = { from: '2025-04-01', to: '2026-03-31' }) => ({
  company: { name: 'Digger Hire Ltd', utr: '1234567890', registrationNumber: '01234567' },
  period,
  associatedCompanies: 0,
  profitAndLoss: { turnover: 500000, profitBeforeTax: 80000, depreciation: 0 },
  capitalAllowances,
});

const digger = { description: 'Digger', date: '2026-01-15', cost: 40000, pool: 'main', newAndUnused: true, car: null, claim: 'fya40' };

describe('cli ct600 compute: capital allowances at the law’s edges', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-allowances-'));
  const file = (name: string, body: unknown) => {
    const f = join(dir, name);
    writeFileSync(f, JSON.stringify(body));
    return f;
  };

  it('accepts the new fields and prints the boxes they give', () => {
    const f = file('edges.json', {
      ...base({
        mainPoolBroughtForward: 20000,
        additions: [digger, { description: 'Laptop', date: '2025-06-01', cost: 3000, pool: 'main', newAndUnused: true, car: null, claim: 'pool', shortLife: true }, { description: 'Crane for hire', date: '2026-02-01', cost: 10000, pool: 'main', newAndUnused: true, car: null, claim: 'fya40', forLeasing: true }],
        disposals: [{ description: 'Digger destroyed', date: '2026-03-01', proceeds: 30000, addition: 0 }],
        shortLifeAssets: [{ description: 'Server', broughtForward: 1345, incurredInPeriodEnding: '2023-03-31', writingDownAllowanceClaimed: 100 }],
        aiaAllocated: 500000,
        mainPoolWritingDownAllowanceClaimed: 2000,
      }),
    });
    // Main pool: £20,000 + £24,000 (the digger's 60%, s58(6)) − £30,000 = £14,000; WDA 18% = £2,520, £2,000 claimed.
    // 40%: digger £16,000 + crane £4,000 = £20,000; short-life: laptop 18% × £3,000 = £540, server £100 claimed. Box 725: £20,640.
    // Box 155: £80,000 − £2,000 − £20,640 = £57,360.
    const r = runCli(['ct600', 'compute', f, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.boxes).toMatchObject({ '155': 57360, '705': 2000, '725': 20640 });
    expect(out.capitalAllowances.annualInvestmentAllowance.maximum).toBe(500000);
    expect(out.carriedForward.shortLifeAssets).toEqual([
      { description: 'Laptop', broughtForward: 2460, incurredInPeriodEnding: '2026-03-31' },
      { description: 'Server', broughtForward: 1245, incurredInPeriodEnding: '2023-03-31' },
    ]);
    const text = runCli(['ct600', 'compute', f, '--working']);
    expect(text.stdout).toMatch(/155 +Trading profits +£57,360\n/);
    expect(text.stdout).toContain('the app allocates all of it (CAA 2001 s58(6)–(7)');
    expect(text.stdout).toContain('(CAA 2001 s56(5))');
  });

  it('refuses bad fields naming the field and the rule, exit 2', () => {
    const parse = runCli([
      'ct600',
      'compute',
      file('bad-links.json', base({ additions: [digger], disposals: [{ description: 'x', date: '2026-03-01', proceeds: 1, addition: 2 }], shortLifeAssets: [{ description: 'Old', broughtForward: 10, incurredInPeriodEnding: '2015-03-31' }], aiaAllocated: -1 })),
    ]);
    expect(parse.code).toBe(2);
    expect(parse.stdout).toBe('');
    const errors = JSON.parse(parse.stderr).errors as { field: string; message: string }[];
    expect(errors.map((e) => e.field)).toEqual(['capitalAllowances.shortLifeAssets[0].incurredInPeriodEnding', 'capitalAllowances.disposals[0].addition', 'capitalAllowances.aiaAllocated']);
    expect(errors[0]!.message).toContain('CAA 2001 s86(2)(b)');
    expect(errors[1]!.message).toContain('(CAA 2001 s58(6))');

    const claims = runCli([
      'ct600',
      'compute',
      file('bad-claims.json', base({ mainPoolBroughtForward: 1000, additions: [{ ...digger, claim: 'fullExpensing', forLeasing: true }, { ...digger, pool: 'special', claim: 'pool', shortLife: true }], aiaAllocated: 1000000.01 })),
    ]);
    expect(claims.code).toBe(2);
    const claimErrors = JSON.parse(claims.stderr).errors as { field: string; message: string }[];
    expect(claimErrors.map((e) => e.field)).toEqual(['capitalAllowances.additions[0].claim', 'capitalAllowances.additions[1].shortLife', 'capitalAllowances.aiaAllocated']);
    expect(claimErrors[0]!.message).toContain('general exclusion 6');
    expect(claimErrors[1]!.message).toContain('CAA 2001 s84 item 4');
    expect(claimErrors[2]!.message).toContain('CAA 2001 s51A–s51N');

    const reduced = runCli(['ct600', 'compute', file('bad-claim.json', base({ specialRatePoolBroughtForward: 10000, specialRatePoolWritingDownAllowanceClaimed: 700 }))]);
    expect(reduced.code).toBe(2);
    expect(JSON.parse(reduced.stderr).errors).toEqual([
      { field: 'capitalAllowances.specialRatePoolWritingDownAllowanceClaimed', message: 'must not be more than the full allowance for the period, £600: a claim may reduce a writing-down allowance to a specified amount, not raise it (CAA 2001 s56(5)); £700 was given' },
    ]);
  });

  it('--request carries the super-deduction of a year to 31 March 2022 (boxes 691 and 772)', () => {
    // The return needs accounts and a declaration: the bakery's Inline XBRL files stand in (their own period is not this one's).
    for (const name of ['small-bakery-accounts-2025.xhtml', 'small-bakery-computations-2025.xhtml']) writeFileSync(join(dir, name), readFileSync(join(examplesDir, 'ct600', 'attachments', name)));
    const f = file('super.json', {
      ...base({ additions: [{ ...digger, date: '2021-06-01', cost: 50000, claim: 'superDeduction' }] }, { from: '2021-04-01', to: '2022-03-31' }),
      declaration: { name: 'Jane Director', status: 'Director' },
      accountsFile: 'small-bakery-accounts-2025.xhtml',
      computationsFile: 'small-bakery-computations-2025.xhtml',
    });
    const requestFile = join(dir, 'super-request.json');
    const r = runCli(['ct600', 'compute', f, '--request', requestFile]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(requestFile, 'utf8'))).toMatchObject({
      allowancesAndCharges: { superDeductionAllowances: { value: 65000 } },
      qualifyingExpenditure: { machineryAndPlantSuperDeduction: { value: 50000 } },
      tradingProfits: { value: 15000 },
    });
  });
});
