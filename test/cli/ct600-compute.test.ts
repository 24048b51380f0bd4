/** `cli ct600 compute`: the boxes and the figures carried forward, from the computation inputs tools outside the project write. */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../main/engine/computation/index.js';
import { examplesDir, runCli } from './run-cli.js';

const example = join(examplesDir, 'computation', 'trading-company.json');

describe('cli ct600 compute', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-compute-'));

  it('prints the boxes with HMRC’s words and the figures carried forward', () => {
    const r = runCli(['ct600', 'compute', example]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Example Trading Ltd (UTR 8596148860), 2025-10-01 to 2026-09-30');
    expect(r.stdout).toMatch(/155 +Trading profits +£36,076\n/);
    expect(r.stdout).toMatch(/705 +Machinery and plant, main pool: allowances +£5,080\n/);
    expect(r.stdout).toMatch(/525 +Tax payable +£6,444\.04\n/);
    expect(r.stdout).toContain('Main pool written-down value          £26,670.00');
    expect(r.stdout).toContain('Special rate pool written-down value  £39,386.00');
  });

  it('--working prints each figure’s working after the boxes, with its rule', () => {
    const r = runCli(['ct600', 'compute', example, '--working']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\nWorking:\n');
    expect(r.stdout).toMatch(/\[705\] Main pool: allowances: £5,080\n {6}brought forward £38,250, disposal values -£6,500: £31,750\. Writing-down allowance at hybrid rate: 18% × 182\/365 \+ 14% × 183\/365 = 15\.9945%, rounded up to 16% /);
    expect(r.stdout).toContain('CA23711 (hybrid rate by days, rounded up to two decimal places)');
  });

  it('--json prints the whole result the engine gives, working included', () => {
    const r = runCli(['ct600', 'compute', example, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual(JSON.parse(JSON.stringify(computeComputation(JSON.parse(readFileSync(example, 'utf8'))))));
    expect(out.boxes['315']).toBe(33916);
    expect(out.capitalAllowances).toMatchObject({ mainPoolCarriedForward: 26670, specialRatePoolCarriedForward: 39386 });
    expect(out.losses.tradingLossesCarriedForward).toBe(0);
    expect(out.working.find((l: { id: string }) => l.id === 'capitalAllowances.mainPool.allowance').how).toContain('rounded up to 16%');
  });

  it('refuses bad input naming the field and the rule, exit 2', () => {
    const bad = JSON.parse(readFileSync(example, 'utf8'));
    bad.capitalAllowances.additions[4].pool = 'main';
    bad.profitAndLoss.turnover = -5;
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    const r = runCli(['ct600', 'compute', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({ errors: [{ field: 'profitAndLoss.turnover', message: 'must not be negative (turnover, box 145)' }] });
    bad.profitAndLoss.turnover = 5;
    writeFileSync(file, JSON.stringify(bad));
    expect(JSON.parse(runCli(['ct600', 'compute', file]).stderr).errors).toEqual([
      { field: 'capitalAllowances.additions[4].pool', message: 'must be "special": a car emitting more than 50 g/km (this one 128 g/km) goes to the special rate pool (CAA 2001 s104AA)' },
    ]);
  });

  it('computes a folder as a batch, one JSON line a file, an unusable one named and the exit 2', () => {
    const folder = join(dir, 'batch');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.json'), readFileSync(example));
    writeFileSync(join(folder, 'b.json'), '{"company": 1}');
    const r = runCli(['ct600', 'compute', folder, '--json']);
    expect(r.code).toBe(2);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ file: join(folder, 'a.json'), status: 'built', boxes: { '315': 33916 }, carriedForward: { mainPool: 26670, specialRatePool: 39386, tradingLosses: 0 } });
    expect(lines[1]).toMatchObject({ file: join(folder, 'b.json'), status: 'unusable' });
    expect(lines[1].errors).toContainEqual({ field: 'company', message: 'must be an object' });
  });

  it('--request writes the build-ct600 request for the return, which ct600 build and ct600 validate accept', () => {
    const folder = join(dir, 'bakery');
    mkdirSync(folder);
    for (const name of ['small-bakery-accounts-2025.xhtml', 'small-bakery-computations-2025.xhtml']) writeFileSync(join(folder, name), readFileSync(join(examplesDir, 'ct600', 'attachments', name)));
    const computation = {
      company: { name: 'Small Bakery Ltd', utr: '8596148860', registrationNumber: '09876543' },
      period: { from: '2024-04-01', to: '2025-03-31' },
      associatedCompanies: 0,
      profitAndLoss: { turnover: 85000, profitBeforeTax: 21000, depreciation: 3000, disallowable: [], nonTaxableIncome: [], interestReceived: 400, propertyIncome: 0 },
      capitalAllowances: { mainPoolBroughtForward: 5000, specialRatePoolBroughtForward: 0, additions: [{ description: 'Oven', date: '2024-09-01', cost: 4000, pool: 'main', newAndUnused: true, car: null, claim: 'aia' }], disposals: [] },
      losses: { tradingBroughtForward: 0 },
      chargeableGains: 0,
      qualifyingDonations: 0,
      declaration: { name: 'Jane Director', status: 'Director' },
      accountsFile: 'small-bakery-accounts-2025.xhtml',
      computationsFile: 'small-bakery-computations-2025.xhtml',
    };
    const file = join(folder, 'bakery.json');
    writeFileSync(file, JSON.stringify(computation));
    const requestFile = join(folder, 'bakery-request.json');
    const r = runCli(['ct600', 'compute', file, '--request', requestFile]);
    // Only notes: where the accounts tag another figure than the input's, which the computation keeps.
    expect(r.stderr).toMatch(/^(Note: [^\n]*\n)*$/);
    expect(r.code).toBe(0);
    const request = JSON.parse(readFileSync(requestFile, 'utf8'));
    expect(request).toMatchObject({ companyName: 'Small Bakery Ltd', reference: '8596148860', chargeableProfits: { value: 19100 }, nonTradingLoanProfitsAndGains: { value: 400 }, allowancesAndCharges: { annualInvestmentAllowance: { value: 4000 } } });
    expect(request.attachedFiles.map((f: { filename: string }) => f.filename)).toEqual(['small-bakery-accounts-2025.xhtml', 'small-bakery-computations-2025.xhtml']);
    const xml = join(folder, 'bakery.xml');
    expect(runCli(['ct600', 'build', requestFile, '--out', xml]).code).toBe(0);
    const validated = runCli(['ct600', 'validate', xml]);
    expect(validated.stdout).toContain('"status": "valid"');
    expect(validated.code).toBe(0);
    // An existing file is never replaced without --force.
    const again = runCli(['ct600', 'compute', file, '--request', requestFile]);
    expect(again.code).toBe(2);
    expect(JSON.parse(again.stderr.slice(again.stderr.indexOf('\n{') + 1)).errors[0]).toMatchObject({ field: 'request', message: expect.stringContaining('add --force to replace it') });
  });

  it('is listed in the help', () => {
    expect(runCli(['ct600', '--help']).stdout).toContain('cli ct600 compute <computation.json|folder>... [options]');
  });
});
