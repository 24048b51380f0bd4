/**
 * From a client's figures to a return HMRC would accept, in one path, for
 * every CT600 example: `cli ct600 compute <input> --ixbrl --request` writes
 * the computation and a build-ct600 request (the committed example and its
 * attached computation are exactly what it writes), `cli ct600 build` makes
 * the return, and `cli ct600 validate` calls it clean, its attachments
 * passing the joint filing checks; the figures of the return and of the
 * attached computation agree box by box.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOX_CONCEPTS } from '../../main/engine/computation/ixbrl/concepts.js';
import { readXbrlReport } from '../../main/engine/validation/attachments/xbrl-report.js';
import { examplesDir, runCli } from './run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'fd-cli-computation-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ct600Dir = join(examplesDir, 'ct600');
const inputsDir = join(ct600Dir, 'computations');
const inputs = readdirSync(inputsDir).filter((f) => f.endsWith('.json')).sort();

/** The CT600 elements of the boxes both documents carry (HMRC's v1.994 names). */
const RETURN_ELEMENTS: Record<string, RegExp> = {
  '155': /<Trading>\s*<Profits>([^<]+)</,
  '160': /<LossesBroughtForward>([^<]+)</,
  '165': /<NetProfits>([^<]+)</,
  '235': /<ProfitsBeforeOtherDeductions>([^<]+)</,
  '300': /<ProfitsBeforeDonationsAndGroupRelief>([^<]+)</,
  '315': /<ChargeableProfits>([^<]+)</,
  '335': /<FinancialYearOne>[\s\S]*?<Profit>([^<]+)</,
  '340': /<FinancialYearOne>[\s\S]*?<TaxRate>([^<]+)</,
  '345': /<FinancialYearOne>[\s\S]*?<Tax>([^<]+)</,
  '385': /<FinancialYearTwo>[\s\S]*?<Profit>([^<]+)</,
  '390': /<FinancialYearTwo>[\s\S]*?<TaxRate>([^<]+)</,
  '395': /<FinancialYearTwo>[\s\S]*?<Tax>([^<]+)</,
  '430': /<CorporationTax>([^<]+)</,
  '435': /<MarginalReliefForRingFenceTrades>([^<]+)</,
  '440': /<NetCorporationTaxChargeable>([^<]+)</,
  '475': /<NetCorporationTaxLiability>([^<]+)</,
  '510': /<TaxChargeable>([^<]+)</,
  '525': /<TaxPayable>([^<]+)</,
};

describe('a computation input to a return validated clean', () => {
  it('every CT600 example has its computation input', () => {
    expect(inputs).toEqual(readdirSync(ct600Dir).filter((f) => f.endsWith('.json')).sort());
  });

  it.each(inputs)('%s: compute, build, validate', (name) => {
    const example = JSON.parse(readFileSync(join(ct600Dir, name), 'utf8')) as { attachedFiles: { filename: string; itemsElementName: number }[] };
    const computationName = example.attachedFiles.find((f) => f.itemsElementName === 1)!.filename;
    const ixbrl = join(work, computationName);
    const request = join(work, name);
    const compute = runCli(['ct600', 'compute', join(inputsDir, name), '--ixbrl', ixbrl, '--request', request]);
    expect(compute.code, compute.stderr).toBe(0);

    // The committed example is what the computation input generates, byte for byte.
    expect(readFileSync(ixbrl)).toEqual(readFileSync(join(ct600Dir, 'attachments', computationName)));
    expect(readFileSync(request, 'utf8')).toBe(readFileSync(join(ct600Dir, name), 'utf8'));

    const xmlFile = join(work, name.replace(/\.json$/, '.xml'));
    const build = runCli(['ct600', 'build', request, '--out', xmlFile]);
    expect(build.code, build.stderr).toBe(0);
    const validate = runCli(['ct600', 'validate', xmlFile, '--json']);
    const verdict = JSON.parse(validate.stdout) as { status: string; messages: { severity: string; rule: string; message: string }[] };
    expect(verdict.messages.filter((m) => m.severity !== 'info')).toEqual([]);
    expect(verdict.messages.map((m) => m.rule)).toEqual(['irmark:irmark-valid']);
    expect(verdict.status).toBe('valid');
    expect(validate.code).toBe(0);

    // The return carries the computation as written, and its boxes equal the computation's figures.
    const xml = readFileSync(xmlFile, 'utf8');
    const encoded = new RegExp(`<EncodedInlineXBRLDocument Filename="${computationName}">([^<]+)<`).exec(xml)![1]!;
    const attached = Buffer.from(encoded, 'base64').toString('utf8');
    expect(attached).toBe(readFileSync(ixbrl, 'utf8'));
    const read = readXbrlReport(attached);
    if (!read.ok) throw new Error(read.problem.message);
    let agreed = 0;
    for (const [box, element] of Object.entries(RETURN_ELEMENTS)) {
      const inReturn = element.exec(xml)?.[1];
      const facts = read.report.facts.filter((f) => f.localName === BOX_CONCEPTS[box]);
      if (inReturn === undefined) {
        expect(facts.filter((f) => Number(f.value) !== 0), `box ${box}`).toEqual([]);
        continue;
      }
      // A box the computation leaves out (nothing to show) may be written as 0 in the return.
      if (facts.length === 0 && Number(inReturn) === 0) continue;
      expect(facts.length, `box ${box} is in the return but not the computation`).toBeGreaterThan(0);
      for (const f of facts) expect(Number(f.value), `box ${box}`).toBe(Number(inReturn));
      agreed++;
    }
    expect(agreed).toBeGreaterThanOrEqual(12);
  });
});

describe('what --ixbrl and --request refuse', () => {
  const base = () => JSON.parse(readFileSync(join(inputsDir, 'small-company.json'), 'utf8')) as Record<string, unknown>;
  const write = (file: string, value: unknown) => {
    const path = join(work, file);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };

  it('a request needs the accounts: the field is named and nothing is written', () => {
    const { accountsFile: _, ...input } = base();
    const out = join(work, 'no-accounts-request.json');
    const ixbrl = join(work, 'no-accounts.xhtml');
    const r = runCli(['ct600', 'compute', write('no-accounts.json', input), '--ixbrl', ixbrl, '--request', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"field": "accountsFile"');
    expect(existsSync(out)).toBe(false);
    expect(existsSync(ixbrl)).toBe(false);
  });

  it('an accounts file that is not there is named', () => {
    const r = runCli(['ct600', 'compute', write('missing-accounts.json', { ...base(), accountsFile: 'nowhere.xhtml' }), '--request', join(work, 'missing.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"field": "accountsFile"');
  });

  it('interest received reaches the request as box 170, and the return built from it validates clean', () => {
    const input = base();
    const pl = input.profitAndLoss as Record<string, unknown>;
    const requestFile = join(work, 'interest-request.json');
    const r = runCli(['ct600', 'compute', write('interest.json', { ...input, accountsFile: join(ct600Dir, 'attachments', 'small-bakery-accounts-2025.xhtml'), profitAndLoss: { ...pl, interestReceived: 300 } }), '--request', requestFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(requestFile, 'utf8')).nonTradingLoanProfitsAndGains).toEqual({ value: 300 });
    const xmlFile = join(work, 'interest.xml');
    expect(runCli(['ct600', 'build', requestFile, '--out', xmlFile]).code).toBe(0);
    const verdict = JSON.parse(runCli(['ct600', 'validate', xmlFile, '--json']).stdout) as { status: string; messages: { severity: string }[] };
    expect(verdict.messages.filter((m) => m.severity !== 'info')).toEqual([]);
    expect(verdict.status).toBe('valid');
  });

  it('figures the attached accounts tag differently are said, and the input’s are used', () => {
    const input = base();
    const pl = input.profitAndLoss as Record<string, unknown>;
    const ixbrl = join(work, 'typed-over.xhtml');
    const r = runCli(['ct600', 'compute', write('typed-over.json', { ...input, accountsFile: join(ct600Dir, 'attachments', 'small-bakery-accounts-2025.xhtml'), profitAndLoss: { ...pl, profitBeforeTax: 17000 } }), '--ixbrl', ixbrl]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('the accounts give profit before tax £17,200 (profit before tax (core:ProfitLossOnOrdinaryActivitiesBeforeTax) for 1 April 2024 to 31 March 2025 in the accounts); this input has £17,000');
    expect(readFileSync(ixbrl, 'utf8')).toMatch(/ProfitLossPerAccounts"[^>]*>17,000</);
  });

  it('the files of one computation at a time', () => {
    const r = runCli(['ct600', 'compute', join(inputsDir, 'small-company.json'), join(inputsDir, 'with-attachments.json'), '--ixbrl', join(work, 'two.xhtml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('one computation.json');
  });

  it('a file already there is kept unless --force', () => {
    const ixbrl = join(work, 'kept.xhtml');
    writeFileSync(ixbrl, 'mine');
    const r = runCli(['ct600', 'compute', join(inputsDir, 'small-company.json'), '--ixbrl', ixbrl]);
    expect(r.code).toBe(2);
    expect(readFileSync(ixbrl, 'utf8')).toBe('mine');
    expect(runCli(['ct600', 'compute', join(inputsDir, 'small-company.json'), '--ixbrl', ixbrl, '--force']).code).toBe(0);
    expect(readFileSync(ixbrl, 'utf8')).toContain('ct-comp:TaxReference');
  });
});
