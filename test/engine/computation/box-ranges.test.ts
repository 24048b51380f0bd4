/**
 * Every computed figure against its box's range in HMRC's CT-2014 schema
 * (CTwholePoundStructure and CTpoundPenceStructure: 0 to 99999999999.00 or
 * .99; the turnover's wider range; counts, years and rates), before it reaches
 * the return: a figure no box can hold is refused naming the box and its limit.
 */
import { describe, expect, it } from 'vitest';
import { boxRangeErrors, boxTypesOfSchema } from '../../../main/engine/computation/box-ranges.js';
import { BOX_WORDS } from '../../../main/engine/computation/box-words.js';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { computation, pl } from './inputs.js';

describe('the schema ranges of the boxes a computation fills', () => {
  it('knows the schema type of every box the computation can fill, from the schema model', () => {
    const types = boxTypesOfSchema();
    // A box added to the computation needs its schema element: numbered in the model, or its path in UNNUMBERED_BOXES (box-ranges.ts).
    for (const box of Object.keys(BOX_WORDS)) expect(types.has(box), `box ${box} has no schema type: give its element path in box-ranges.ts`).toBe(true);
    expect(types.get('691')!.path).toBe('CompanyTaxReturn/AllowancesAndCharges/MachineryAndPlantSuperDeduction/CapitalAllowances');
    expect(types.get('155')).toMatchObject({ path: 'CompanyTaxReturn/CompanyTaxCalculation/Income/Trading/Profits', type: { maxInclusive: '99999999999.00' } });
    expect(types.get('145')!.type.maxInclusive).toBe('999999999999999999.00');
    expect(types.get('705')).toMatchObject({ path: 'CompanyTaxReturn/AllowancesAndCharges/MachineryAndPlantMainPool/CapitalAllowances', type: { maxInclusive: '99999999999.00' } });
    expect(types.get('620')!.path).toBe('CompanyTaxReturn/IndicatorsAndInformation/FrankedInvestmentIncome');
  });

  it.each([
    // box, figure, refused?
    ['155', 99_999_999_999, false],
    ['155', 100_000_000_000, true],
    ['155', 199_999_933_999, true],
    ['145', 100_000_000_000, false], // turnover's range is wider
    ['440', 99_999_999_999.99, false],
    ['440', 100_000_000_000, true],
    ['705', 100_000_000_000, true],
    ['620', 100_000_000_000, true],
    ['326', 3, false],
    ['340', 25, false],
    ['329', true, false],
  ] as const)('box %s = %s: refused %s', (box, value, refused) => {
    const errors = boxRangeErrors({ [box]: value });
    expect(errors.length).toBe(refused ? 1 : 0);
    if (refused) expect(errors[0]!.field).toBe(`boxes.${box}`);
  });

  it('box 155 of £199,999,933,999 is refused naming box 155 and its maximum, £99,999,999,999', () => {
    // 99,999,999,999 profit + 99,999,934,000 depreciation added back = 199,999,933,999 trading profits.
    const raw = computation({ profitAndLoss: pl({ profitBeforeTax: 99_999_999_999, depreciation: 99_999_934_000 }) });
    let errors: { field: string; message: string }[] = [];
    try {
      computeComputation(raw);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RequestValidationError);
      errors = (e as RequestValidationError).errors;
    }
    const box155 = errors.find((e) => e.field === 'boxes.155')!;
    expect(box155.message).toContain('box 155 (Trading profits) would be £199,999,933,999');
    expect(box155.message).toContain('at most £99,999,999,999');
    // Every box worked from it is named too: 165, 235, 300, 315 and the tax boxes that follow.
    expect(errors.map((e) => e.field)).toEqual(expect.arrayContaining(['boxes.165', 'boxes.235', 'boxes.300', 'boxes.315']));
  });

  it('the largest figures a box holds still compute', () => {
    const out = computeComputation(computation({ profitAndLoss: pl({ profitBeforeTax: 99_999_999_999 }) }));
    expect(out.boxes['155']).toBe(99_999_999_999);
    expect(out.boxes['440']).toBe(24_999_999_999.75);
  });
});
