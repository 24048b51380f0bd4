/**
 * The computation document: it passes the attachment checks HMRC's joint
 * filing rules make (as the return's own validation runs them), carries
 * HMRC's mandatory items in a Company context at the period end, puts
 * BusinessTypeDimension on every fact (Trade facts with the trade's name and
 * territory), agrees with every CT600 box it tags, and names the taxonomy
 * HMRC accepts for the period's end.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeParsed, parseComputationInput, type ComputationInput, type ComputationOutput } from '../../../../main/engine/computation/index.js';
import { BOX_CONCEPTS, MANDATORY_DURATION, MANDATORY_INSTANT } from '../../../../main/engine/computation/ixbrl/concepts.js';
import { computationTaxonomy } from '../../../../main/engine/computation/ixbrl/taxonomy.js';
import { computationDocument } from '../../../../main/engine/computation/ixbrl/write-computation.js';
import { RequestValidationError } from '../../../../main/engine/errors.js';
import { checkAttachment } from '../../../../main/engine/validation/attachments/check-attachment.js';
import { readXbrlReport, type XbrlReport } from '../../../../main/engine/validation/attachments/xbrl-report.js';
import { repoRoot } from '../../../helpers/shared.js';
import { busyYearInput, lossMakingInput } from './inputs.js';

function computed(raw: unknown): { input: ComputationInput; out: ComputationOutput } {
  const parsed = parseComputationInput(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { input: parsed.input, out: computeParsed(parsed.input) };
}

function report(text: string): XbrlReport {
  const read = readXbrlReport(text);
  if (!read.ok) throw new Error(read.problem.message);
  return read.report;
}

const tradingCompany = () => computed(JSON.parse(readFileSync(join(repoRoot, 'examples', 'computation', 'trading-company.json'), 'utf8')));
const cases = () => [['a trading company straddling 1 April 2026', tradingCompany()], ['a loss claimed against total profits', computed(lossMakingInput())], ['a busy year with marginal relief', computed(busyYearInput())]] as const;

describe('the computation as Inline XBRL', () => {
  it.each(cases())('%s: the attachment checks find nothing', (_, { input, out }) => {
    const text = computationDocument(input, out);
    const findings = checkAttachment(new TextEncoder().encode(text), 'computations', { utr: input.company.utr, periodFrom: input.period.from, periodTo: input.period.to, computationsForThisPeriod: true });
    expect(findings).toEqual([]);
  });

  it.each(cases())('%s: the mandatory items, in a Company context at the period end', (_, { input, out }) => {
    const r = report(computationDocument(input, out));
    const value = (name: string) => {
      const f = r.facts.filter((x) => x.localName === name);
      expect(f, name).toHaveLength(1);
      const c = r.contexts.get(f[0]!.contextRef)!;
      return { value: f[0]!.value, c };
    };
    const expected: Record<string, string> = {
      CompanyName: input.company.name,
      TaxReference: input.company.utr,
      PeriodOfAccountStartDate: input.period.from,
      PeriodOfAccountEndDate: input.period.to,
      StartOfPeriodCoveredByReturn: input.period.from,
      EndOfPeriodCoveredByReturn: input.period.to,
    };
    for (const name of MANDATORY_INSTANT) {
      const { value: v, c } = value(name);
      expect(v, name).toBe(expected[name]);
      expect(c.instant && c.end === input.period.to, name).toBe(true);
      expect(c.dims.get('BusinessTypeDimension')).toBe('Company');
      expect(c.identifier).toBe(input.company.utr);
      expect(c.scheme).toBe('http://www.hmrc.gov.uk/UTR/CT');
    }
    for (const name of MANDATORY_DURATION) {
      const { value: v, c } = value(name);
      expect(v).toBe('false');
      expect(c.instant).toBe(false);
    }
  });

  it.each(cases())('%s: every fact is for the Company or the Trade, the Trade’s with its name and territory', (_, { input, out }) => {
    const r = report(computationDocument(input, out, { tradeName: 'Stationery wholesale' }));
    for (const f of r.facts) {
      const c = r.contexts.get(f.contextRef)!;
      const type = c.dims.get('BusinessTypeDimension');
      expect(['Company', 'Trade'], f.localName).toContain(type);
      if (type === 'Trade') {
        expect(c.dims.get('BusinessNameDimension')).toBe('typed:Stationery wholesale');
        expect(c.dims.get('TerritoryDimension')).toBe('UK');
      } else expect(c.dims.size).toBe(1);
    }
  });

  it.each(cases())('%s: each figure HMRC numbers as a CT600 box equals the box', (_, { input, out }) => {
    const r = report(computationDocument(input, out));
    let compared = 0;
    for (const [box, concept] of Object.entries(BOX_CONCEPTS)) {
      const facts = r.facts.filter((f) => f.localName === concept);
      const value = out.boxes[box];
      if (value === undefined) {
        expect(facts, `box ${box}`).toEqual([]);
        continue;
      }
      expect(facts.length, `box ${box}`).toBeGreaterThan(0);
      for (const f of facts) expect(Number(f.value), `box ${box} (${concept})`).toBe(Number(value));
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('shows the schedule, the losses and the tax by financial year a person reads', () => {
    const { input, out } = computed(lossMakingInput());
    const text = computationDocument(input, out);
    for (const words of ['Capital allowances: main pool', 'Written-down value brought forward', 'full expensing', 'Trading losses', 'Claimed against total profits of this period', 'Memo:', 'Loss of this period', 'Tax payable']) expect(text).toContain(words);
    // The company's name is escaped, not broken.
    expect(text).toContain('Harbour &amp; Pier Ltd');
    const straddle = tradingCompany();
    const both = computationDocument(straddle.input, straddle.out);
    expect(both).toContain('Profits charged in financial year 2025');
    expect(both).toContain('Profits charged in financial year 2026');
    expect(both).toContain('Writing-down allowance at 16');
    // The rest of a 50% allowance's expenditure joins the special rate pool after its writing-down allowance.
    const busy = computed(busyYearInput());
    const busyText = computationDocument(busy.input, busy.out);
    expect(busyText).toContain('joining the pool after the writing-down allowance</td><td class="n">£15,000</td>');
    expect(busyText).toContain('Less: marginal relief');
    expect(busyText).toMatch(/SpecialRatePoolWrittenDownValue" contextRef="trade-end"[^>]*>33,800</);
  });
});

describe('the taxonomy for the period’s end (HMRC’s accepted-taxonomies list)', () => {
  it.each([
    ['2024-03-31', 'http://www.hmrc.gov.uk/schemas/ct/comp/2024-01-01/ct-comp-2024.xsd'],
    ['2025-03-31', 'http://www.hmrc.gov.uk/schemas/ct/comp/2024-01-01/ct-comp-2024.xsd'],
    ['2026-03-31', 'http://www.hmrc.gov.uk/schemas/ct/comp/2024-01-01/ct-comp-2024.xsd'],
    ['2026-04-01', 'http://www.hmrc.gov.uk/schemas/ct/comp/2025-01-01/ct-comp-2025.xsd'],
    ['2027-03-31', 'http://www.hmrc.gov.uk/schemas/ct/comp/2025-01-01/ct-comp-2025.xsd'],
  ])('a period ending %s: %s', (to, entryPoint) => {
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const t = computationTaxonomy({ from, to });
    expect(t.entryPoint).toBe(entryPoint);
    expect(t.namespace).toBe(entryPoint.slice(0, entryPoint.lastIndexOf('/')));
  });

  it('the document references the entry point and declares its namespace', () => {
    const { input, out } = computed(lossMakingInput());
    const text = computationDocument(input, out);
    expect(text).toContain('xlink:href="http://www.hmrc.gov.uk/schemas/ct/comp/2025-01-01/ct-comp-2025.xsd"');
    expect(text).toContain('xmlns:ct-comp="http://www.hmrc.gov.uk/schemas/ct/comp/2025-01-01"');
  });

  it('a period before HMRC’s computational taxonomies is refused, naming the period', () => {
    expect(() => computationTaxonomy({ from: '2014-04-01', to: '2015-03-31' })).toThrow(RequestValidationError);
  });
});
