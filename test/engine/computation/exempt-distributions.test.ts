/**
 * Exempt distributions (box 620), worked by hand: exempt ABGH distributions
 * from companies outside the 51% group are not taxed but join box 315 as
 * augmented profits A for the small profits limits and in the relief's
 * 3/200 × (U − A) × N/A (CTA 2010 s18B, s18L; CTM03915, CTM03925).
 */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { ct600FiguresOf } from '../../../main/engine/computation/ct600-request.js';
import { parseComputationInput } from '../../../main/engine/computation/input.js';
import { computationDocument } from '../../../main/engine/computation/ixbrl/write-computation.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { computation, pl } from './inputs.js';

const run = (over: Record<string, unknown>) => computeComputation(computation(over));
/** A year to 31 March 2026 (FY2025, 12 months) whose accounts hold dividends received, taken out of profit as non-taxable income. */
const withDividends = (profitBeforeTax: number, dividends: number, over: Record<string, unknown> = {}) =>
  run({
    period: { from: '2025-04-01', to: '2026-03-31' },
    profitAndLoss: pl({ profitBeforeTax, nonTaxableIncome: dividends ? [{ description: 'dividends received', amount: dividends }] : [] }),
    exemptDistributions: dividends,
    ...over,
  });

describe('augmented profits for the small profits limits', () => {
  it('£45,000 of profit with £10,000 of dividends: marginal relief, £8,856.82, not £8,550 at 19%', () => {
    // N = 45,000 (box 315), A = 45,000 + 10,000 = 55,000 > the £50,000 lower limit: 25% with marginal relief.
    // 45,000 × 25% = 11,250.00; relief 3/200 × (250,000 − 55,000) × 45,000/55,000 = 2,925 × 9/11 = 2,393.18; 11,250 − 2,393.18 = 8,856.82.
    const out = withDividends(55000, 10000);
    expect(out.boxes).toMatchObject({ '315': 45000, '329': true, '340': 25, '345': 11250, '430': 11250, '435': 2393.18, '440': 8856.82, '525': 8856.82, '620': 10000 });
    expect(out.working.find((w) => w.id === 'tax.exemptDistributions')).toMatchObject({ box: '620', amount: 10000, rule: 'CTA 2010 s18L; CTM03915' });
    expect(out.working.find((w) => w.id === 'tax.marginalRelief')!.how).toContain('N = box 315 £45,000, A = £55,000');
    // Without the distributions the same profit is within the lower limit: 45,000 × 19% = 8,550.00.
    expect(withDividends(45000, 0).boxes).toMatchObject({ '340': 19, '440': 8550 });
    expect(withDividends(45000, 0).boxes).not.toHaveProperty('620');
  });

  it('CTM03925: year to 30 September 2026, profits £90,000, £8,000 of exempt distributions: relief £2,093.88, tax £20,406.12', () => {
    // A = 98,000. 90,000 × 25% = 22,500 (182 and 183 days: 44,877 and 45,123 at 25% = 11,219.25 + 11,280.75).
    // Relief 3/200 × (250,000 − 98,000) × 90,000/98,000 = 2,280 × 45/49 = 2,093.877… → 2,093.88 (CTM03925 shows £2,094 and £20,406, to the pound).
    const out = run({ period: { from: '2025-10-01', to: '2026-09-30' }, profitAndLoss: pl({ profitBeforeTax: 90000 }), exemptDistributions: 8000 });
    expect(out.boxes).toMatchObject({ '315': 90000, '430': 22500, '435': 2093.88, '440': 20406.12, '620': 8000 });
  });

  it('lifts profits past the upper limit: no relief at all', () => {
    // N = 200,000, A = 260,000 > 250,000: 25% on 200,000 = 50,000.00, no box 435 and no claim in box 329.
    const out = withDividends(260000, 60000);
    expect(out.boxes).toMatchObject({ '315': 200000, '340': 25, '440': 50000, '620': 60000 });
    expect(out.boxes).not.toHaveProperty('435');
    expect(out.boxes).not.toHaveProperty('329');
  });

  it('A at exactly the lower limit keeps the small profits rate', () => {
    // N = 30,000, A = 50,000 ≤ 50,000: 30,000 × 19% = 5,700.00.
    expect(withDividends(50000, 20000).boxes).toMatchObject({ '315': 30000, '340': 19, '440': 5700, '620': 20000 });
  });

  it('with associated companies the limits are shared first: 1 associate, N = £40,000, A = £60,000', () => {
    // Limits ÷ 2: 25,000 and 125,000. 40,000 × 25% = 10,000; relief 3/200 × (125,000 − 60,000) × 40,000/60,000 = 975 × 2/3 = 650.00.
    expect(withDividends(60000, 20000, { associatedCompanies: 1 }).boxes).toMatchObject({ '326': 1, '430': 10000, '435': 650, '440': 9350 });
  });

  it('box 620 holds whole pounds: pence dropped, as box 315 drops them, and A uses the figure the return shows', () => {
    const out = run({ period: { from: '2025-04-01', to: '2026-03-31' }, profitAndLoss: pl({ profitBeforeTax: 45000 }), exemptDistributions: 10000.99 });
    expect(out.boxes).toMatchObject({ '435': 2393.18, '620': 10000 });
    expect(out.working.find((w) => w.id === 'tax.exemptDistributions')!.how).toContain('pence dropped');
  });

  it('goes to the build-ct600 request as frankedInvestmentIncome', () => {
    expect(ct600FiguresOf(withDividends(55000, 10000))).toMatchObject({ frankedInvestmentIncome: { value: 10000 }, marginalReliefForRingFenceTrades: { value: 2393.18 } });
  });

  it('the computation HMRC receives shows them beside the limits, with the marginal relief worked on A', () => {
    const raw = computation({ period: { from: '2025-04-01', to: '2026-03-31' }, profitAndLoss: pl({ profitBeforeTax: 45000 }), exemptDistributions: 10000 });
    const parsed = parseComputationInput(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const xhtml = computationDocument(parsed.input, computeComputation(raw));
    expect(xhtml).toContain('Exempt distributions received, added to profits for the small profits limits (augmented profits)');
    expect(xhtml).toContain('£10,000');
    expect(xhtml).toContain('N = box 315 £45,000, A = £55,000');
  });

  it('is refused when negative or not a number, naming the field and box 620', () => {
    for (const bad of [-1, 'ten']) {
      try {
        run({ exemptDistributions: bad });
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(RequestValidationError);
        expect((e as RequestValidationError).errors).toEqual([{ field: 'exemptDistributions', message: expect.stringContaining('box 620') }]);
      }
    }
  });
});
