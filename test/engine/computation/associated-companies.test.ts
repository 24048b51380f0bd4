/**
 * Associated companies across a period, worked by hand: a company associated
 * at any time in the accounting period counts for the whole of it (CTA 2010
 * s18D(3), s18E(2); CTM03940, CTM03956), so a period straddling 1 April takes
 * one count when the limits did not change; only a straddle of a change in the
 * limits (1 April 2023, when they began) treats each part as a period of its
 * own (CTM03955). Boxes 327/328 only where HMRC's Company Tax Return guide
 * says: the period straddles two financial years, the limits changed and the
 * counts differ; otherwise box 326.
 */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { limitsChangeWithin } from '../../../main/engine/computation/associated-companies.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { computation, pl } from './inputs.js';

const run = (over: Record<string, unknown>) => computeComputation(computation(over));
const errorsOf = (over: Record<string, unknown>) => {
  try {
    run(over);
  } catch (e) {
    if (e instanceof RequestValidationError) return e.errors;
    throw e;
  }
  throw new Error('accepted');
};

/** A year to 30 September 2026: 182 days in FY2025 (1 October 2025 – 31 March 2026), 183 in FY2026. */
const yearToSeptember2026 = { from: '2025-10-01', to: '2026-09-30' };

describe('one count for the whole period where the limits did not change', () => {
  it('a year to 30 September 2026 with an associate from June 2026: £690 of marginal relief, box 326, not 327/328', () => {
    // Profit £79,000; one company associated from June 2026 counts for the whole year (s18E(2)).
    // Limits for the 12-month period: £50,000 ÷ 2 = £25,000 and £250,000 ÷ 2 = £125,000 (each part's share by days,
    // 182/365 and 183/365, adds back to the year's). £25,000 < £79,000 ≤ £125,000: marginal relief.
    // Box 335: 79,000 × 182/365 = 39,391.78 → 39,392 (HMRC rule 9198); box 385: 79,000 − 39,392 = 39,608.
    // Tax: 39,392 × 25% = 9,848.00 and 39,608 × 25% = 9,902.00; box 430 = 19,750.00.
    // Relief: 3/200 × (125,000 − 79,000) × 79,000/79,000 = 3/200 × 46,000 = 690.00; box 440 = 19,060.00.
    // (A count for each financial year, 0 then 1, gave 3/200 × 171,000 × 182/365 + 3/200 × 46,000 × 183/365
    //  = 1,278.99 + 345.95 = £1,624.93.)
    const out = run({ period: yearToSeptember2026, associatedCompanies: 1, profitAndLoss: pl({ profitBeforeTax: 79000 }) });
    expect(out.boxes).toMatchObject({ '315': 79000, '326': 1, '329': true, '330': 2025, '335': 39392, '340': 25, '345': 9848, '380': 2026, '385': 39608, '390': 25, '395': 9902, '430': 19750, '435': 690, '440': 19060 });
    expect(out.boxes).not.toHaveProperty('327');
    expect(out.boxes).not.toHaveProperty('328');
    const line = out.working.find((w) => w.id === 'tax.associatedCompanies')!;
    expect(line).toMatchObject({ box: '326', amount: 1 });
    expect(line.how).toContain('the limits did not change on 1 April 2026');
    expect(line.rule).toContain('s18E(2)');
  });

  it('CTM03956: 1 October 2023 to 30 September 2024, one associate then two, profits £55,000: limits ÷ 3 throughout, relief £425, tax £13,325', () => {
    // A 12-month period of 366 days (29 February 2024): the full limits, shared by days (CTA 2010 s18D(4) reduces only a shorter period).
    // Parts of 183 and 183 days: 55,000 × 183/366 = 27,500 each; 27,500 × 25% = 6,875.00 twice = 13,750.00.
    // Upper limit 250,000 ÷ 3 = 83,333.33; relief 3/200 × (83,333.33 − 55,000) = 425.00; 13,750 − 425 = 13,325.00.
    const out = run({ period: { from: '2023-10-01', to: '2024-09-30' }, associatedCompanies: { thisPeriod: 2 }, profitAndLoss: pl({ profitBeforeTax: 55000 }) });
    expect(out.boxes).toMatchObject({ '326': 2, '335': 27500, '385': 27500, '430': 13750, '435': 425, '440': 13325 });
    expect(out.boxes).not.toHaveProperty('327');
  });

  it('refuses a count for each financial year of a period straddling 1 April 2026, naming s18E and box 326', () => {
    const errors = errorsOf({ period: yearToSeptember2026, associatedCompanies: { firstYear: 0, secondYear: 1 }, profitAndLoss: pl({ profitBeforeTax: 79000 }) });
    expect(errors).toEqual([{ field: 'associatedCompanies', message: expect.stringContaining('counts for the whole of it (CTA 2010 s18E(2); CTM03956)') }]);
    expect(errors[0]!.message).toContain('did not change on 1 April 2026');
    expect(errors[0]!.message).toContain('(box 326)');
  });

  it('still takes none in either financial year ({firstYear: 0, secondYear: 0}) as none in the period, box 326', () => {
    const out = run({ period: yearToSeptember2026, associatedCompanies: { firstYear: 0, secondYear: 0 }, profitAndLoss: pl({ profitBeforeTax: 79000 }) });
    // No associates: limits £50,000 and £250,000; relief 3/200 × (250,000 − 79,000) = 2,565.00.
    expect(out.boxes).toMatchObject({ '326': 0, '435': 2565, '440': 17185 });
    expect(out.boxes).not.toHaveProperty('327');
  });
});

describe('a straddle of a change in the limits: 1 April 2023', () => {
  it('knows where the limits change: 1 April 2023 only', () => {
    expect(limitsChangeWithin('2023-01-01', '2023-12-31')).toBe(2023);
    expect(limitsChangeWithin('2025-10-01', '2026-09-30')).toBeUndefined();
    expect(limitsChangeWithin('2022-04-01', '2023-03-31')).toBeUndefined();
    expect(limitsChangeWithin('2024-04-01', '2025-03-31')).toBeUndefined();
  });

  it('calendar 2023 with 3 associates before 1 April and 1 after: each part with its own count, boxes 327 and 328', () => {
    // FY2022 (90 days) is the single rate: 100,000 × 90/365 = 24,657.53 → 24,658 at 19% = 4,685.02; the count does not touch it.
    // FY2023 (275 days): 75,342 at 25% = 18,835.50. Its limits ÷ (1 + 1): upper 125,000 × 275/365 = 94,178.08,
    // lower 25,000 × 275/365 = 18,835.62; its share of profits 100,000 × 275/365 = 75,342.47: marginal relief
    // 3/200 × (94,178.08 − 75,342.47) = 3/200 × 25,000 × 275/365 = 282.53. 430 = 23,520.52; 440 = 23,237.99.
    const out = run({ period: { from: '2023-01-01', to: '2023-12-31' }, associatedCompanies: { firstYear: 3, secondYear: 1 }, profitAndLoss: pl({ profitBeforeTax: 100000 }) });
    expect(out.boxes).toMatchObject({ '327': 3, '328': 1, '329': true, '345': 4685.02, '395': 18835.5, '430': 23520.52, '435': 282.53, '440': 23237.99 });
    expect(out.boxes).not.toHaveProperty('326');
    expect(out.working.find((w) => w.id === 'tax.associatedCompanies')!.how).toContain('straddles 1 April 2023, when the limits changed');
  });

  it('the same count in both years is box 326 (the guide takes 327/328 only where the counts differ)', () => {
    // FY2023 part with 1 associate, as above: relief 282.53.
    const out = run({ period: { from: '2023-01-01', to: '2023-12-31' }, associatedCompanies: { firstYear: 1, secondYear: 1 }, profitAndLoss: pl({ profitBeforeTax: 100000 }) });
    expect(out.boxes).toMatchObject({ '326': 1, '435': 282.53 });
    expect(out.boxes).not.toHaveProperty('327');
    // One number for the period gives the same.
    expect(run({ period: { from: '2023-01-01', to: '2023-12-31' }, associatedCompanies: 1, profitAndLoss: pl({ profitBeforeTax: 100000 }) }).boxes).toMatchObject({ '326': 1, '435': 282.53 });
  });

  it('refuses a count for each financial year of a period within one financial year', () => {
    expect(errorsOf({ associatedCompanies: { firstYear: 1, secondYear: 2 } })).toEqual([{ field: 'associatedCompanies', message: expect.stringContaining('lies in one financial year, so give one number (box 326)') }]);
  });
});
