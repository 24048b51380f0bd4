/**
 * `cli ct600 compute` at the edges of the small profits limits and of the
 * CT600's boxes: exempt distributions (box 620) and associated companies
 * (326, or 327/328 across the change of 1 April 2023) reach a return that
 * validates clean, and a figure no box can hold stops the command, naming the
 * box and its maximum.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { examplesDir, runCli } from './run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'fd-cli-limits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ct600Dir = join(examplesDir, 'ct600');
const example = (name: string) => JSON.parse(readFileSync(join(ct600Dir, 'computations', name), 'utf8')) as Record<string, unknown>;
const write = (file: string, value: unknown) => {
  const path = join(work, file);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

/** compute --request, build and validate; the request and the return's XML. */
function toReturn(name: string, input: Record<string, unknown>) {
  const requestFile = join(work, `${name}-request.json`);
  const compute = runCli(['ct600', 'compute', write(`${name}.json`, input), '--request', requestFile]);
  expect(compute.code, compute.stderr).toBe(0);
  const xmlFile = join(work, `${name}.xml`);
  const build = runCli(['ct600', 'build', requestFile, '--out', xmlFile]);
  expect(build.code, build.stderr).toBe(0);
  const verdict = JSON.parse(runCli(['ct600', 'validate', xmlFile, '--json']).stdout) as { status: string; messages: { severity: string; rule: string; message: string }[] };
  expect(verdict.messages.filter((m) => m.severity !== 'info')).toEqual([]);
  expect(verdict.status).toBe('valid');
  return { request: JSON.parse(readFileSync(requestFile, 'utf8')) as Record<string, unknown>, xml: readFileSync(xmlFile, 'utf8') };
}

describe('cli ct600 compute: the small profits limits', () => {
  it('exempt distributions and an associated company: box 620 and box 326 in a return that validates clean', () => {
    // The small bakery's year to 31 March 2025: box 315 £18,000; with £40,000 of exempt distributions A = £58,000,
    // and with one associated company the limits are £25,000 and £125,000: 18,000 × 25% = 4,500.00, relief
    // 3/200 × (125,000 − 58,000) × 18,000/58,000 = 1,005 × 9/29 = 311.90; box 440 4,188.10.
    const input = { ...example('small-company.json'), accountsFile: join(ct600Dir, 'attachments', 'small-bakery-accounts-2025.xhtml'), associatedCompanies: 1, exemptDistributions: 40000 };
    const { request, xml } = toReturn('distributions', input);
    expect(request).toMatchObject({ frankedInvestmentIncome: { value: 40000 }, associatedCompanies: { thisPeriod: 1, startingOrSmallCompaniesRate: true }, marginalReliefForRingFenceTrades: { value: 311.9 }, netCorporationTaxChargeable: { value: 4188.1 } });
    expect(xml).toMatch(/<IndicatorsAndInformation>\s*<FrankedInvestmentIncome>40000\.00<\/FrankedInvestmentIncome>\s*<\/IndicatorsAndInformation>/);
    expect(xml).toMatch(/<AssociatedCompanies>\s*<ThisPeriod>1<\/ThisPeriod>/);
  });

  it('calendar 2023 with 3 associates before 1 April and 1 after: boxes 327 and 328 in a return that validates clean', () => {
    // FY2023's 275 days with limits ÷ 2: relief 3/200 × 25,000 × 275/365 = 282.53 (associated-companies.test.ts).
    const input = { ...example('straddling-marginal-relief.json'), accountsFile: join(ct600Dir, 'attachments', 'straddle-accounts-2023.xhtml'), associatedCompanies: { firstYear: 3, secondYear: 1 } };
    const { request, xml } = toReturn('straddle-2023', input);
    expect(request).toMatchObject({ associatedCompanies: { firstYear: 3, secondYear: 1, startingOrSmallCompaniesRate: true } });
    expect(xml).toMatch(/<AssociatedCompaniesFinancialYears>\s*<FirstYear>3<\/FirstYear>\s*<SecondYear>1<\/SecondYear>/);
  });

  it('a count for each financial year of a year to 30 September 2026 is refused, naming the field and s18E', () => {
    const input = { ...example('small-company.json'), period: { from: '2025-10-01', to: '2026-09-30' }, associatedCompanies: { firstYear: 0, secondYear: 1 } };
    const r = runCli(['ct600', 'compute', write('per-year.json', input)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('associatedCompanies');
    expect(r.stderr).toContain('CTA 2010 s18E(2)');
  });
});

describe('cli ct600 compute: figures a box cannot hold', () => {
  it('box 155 of £199,999,933,999 stops the command, naming box 155 and its maximum', () => {
    const base = example('small-company.json');
    // 99,999,999,999 profit + 99,999,934,700 depreciation + 300 entertaining − 1,000 AIA = 199,999,933,999 trading profits.
    const input = { ...base, profitAndLoss: { ...(base.profitAndLoss as Record<string, unknown>), profitBeforeTax: 99_999_999_999, depreciation: 99_999_934_700 } };
    const r = runCli(['ct600', 'compute', write('too-large.json', input)]);
    expect(r.code).not.toBe(0);
    expect(r.stdout).not.toContain('Trading profits');
    expect(r.stderr).toContain('boxes.155');
    expect(r.stderr).toContain('box 155 (Trading profits) would be £199,999,933,999');
    expect(r.stderr).toContain('at most £99,999,999,999');
  });
});
