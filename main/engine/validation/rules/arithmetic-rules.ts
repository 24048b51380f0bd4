/** Arithmetic between boxes, in exact pence. A rule whose inputs are absent or unreadable is skipped. */
import type { ValidationMessage } from '../../validation-result.js';
import { formatPence, formatRate, parseRateHundredths, sum, taxOn } from './money.js';
import { finding, type BusinessRule } from './rule.js';
import type { ReturnFacts } from './return-facts.js';
import { ALL_TAX_BOXES, taxLineBoxes, YEAR_BLOCKS } from '../tax-lines.js';

const CALC = 'CompanyTaxReturn/CompanyTaxCalculation';
const TRADING = `${CALC}/Income/Trading`;
const CHARGEABLE = `${CALC}/CorporationTaxChargeable`;
const RELIEFS = `${CALC}/TaxReliefsAndDeductions`;
const OUTSTANDING = 'CompanyTaxReturn/CalculationOfTaxOutstandingOrOverpaid';

function mismatch(facts: ReturnFacts, code: string, box: string, at: string, what: string, expected: bigint, found: bigint) {
  return finding(facts, code, `box ${box} is ${formatPence(found)} but ${what} is ${formatPence(expected)}`, { box, at, expected: formatPence(expected), found: formatPence(found) });
}

export const rule9149: BusinessRule = {
  code: '9149',
  summary: 'Trading losses brought forward (box 160) do not exceed trading profits (box 155)',
  check(facts) {
    const profits = facts.pence(`${TRADING}/Profits`);
    const losses = facts.pence(`${TRADING}/LossesBroughtForward`);
    if (profits === undefined || losses === undefined || losses <= profits) return [];
    return [finding(facts, '9149', `box 160 (${formatPence(losses)}) is more than box 155 (${formatPence(profits)}); losses set off cannot exceed the trading profits`, { box: '160', at: `${TRADING}/LossesBroughtForward`, expected: `at most ${formatPence(profits)}`, found: formatPence(losses) })];
  },
};

export const rule9151: BusinessRule = {
  code: '9151',
  summary: 'Net trading profits (box 165) = box 155 − box 160',
  check(facts) {
    const profits = facts.pence(`${TRADING}/Profits`);
    const net = facts.pence(`${TRADING}/NetProfits`);
    if (profits === undefined || net === undefined) return [];
    const expected = profits - (facts.pence(`${TRADING}/LossesBroughtForward`) ?? 0n);
    if (expected < 0n || net === expected) return []; // a negative result is rule 9149's finding
    return [mismatch(facts, '9151', '165', `${TRADING}/NetProfits`, 'box 155 − box 160', expected, net)];
  },
};

export const rule9150: BusinessRule = {
  code: '9150',
  summary: 'Box 155 is completed when box 160 or box 165 is',
  check(facts) {
    if (facts.has(`${TRADING}/Profits`)) return [];
    const given = (['LossesBroughtForward', 'NetProfits'] as const).filter((n) => facts.has(`${TRADING}/${n}`));
    if (given.length === 0) return [];
    return [finding(facts, '9150', `box 155 (trading profits) must be completed when ${given.map((n) => (n === 'LossesBroughtForward' ? 'box 160' : 'box 165')).join(' and ')} ${given.length > 1 ? 'are' : 'is'}`, { box: '155', at: `${TRADING}/Profits` })];
  },
};

export const rule9204: BusinessRule = {
  code: '9204',
  summary: 'Tax on each line (boxes 345/360/375, 395/410/425) = profit × rate, rounded half-up to the penny',
  check(facts) {
    const out: ValidationMessage[] = [];
    for (const block of YEAR_BLOCKS) {
      facts.all(`${CHARGEABLE}/${block}/Details`).forEach((details, i) => {
        const profit = facts.pence('Profit', details);
        const rate = parseRateHundredths(facts.text('TaxRate', details));
        const tax = facts.pence('Tax', details);
        if (profit === undefined || rate === undefined || tax === undefined) return;
        const expected = taxOn(profit, rate);
        const box = taxLineBoxes(block, i)?.tax;
        if (tax !== expected && box) {
          // HMRC numbers the rule 9204 for the first financial year's lines and 9213 for the second's.
          out.push(mismatch(facts, block === 'FinancialYearOne' ? '9204' : '9213', box, `${CHARGEABLE}/${block}/Details[${i + 1}]/Tax`, `${formatPence(profit)} × ${formatRate(rate)}%`, expected, tax));
        }
      });
    }
    return out;
  },
};

function taxLines(facts: ReturnFacts): (bigint | undefined)[] {
  return YEAR_BLOCKS.flatMap((block) => facts.all(`${CHARGEABLE}/${block}/Details`).map((d) => facts.pence('Tax', d)));
}

export const rule9214: BusinessRule = {
  code: '9214',
  summary: 'Corporation tax (box 430) = the sum of the tax lines (boxes 345 to 425); HMRC numbers a missing box 430 9146',
  check(facts) {
    const lines = taxLines(facts);
    if (lines.length === 0 || lines.some((l) => l === undefined)) return [];
    const expected = sum(lines);
    const found = facts.pence(`${CALC}/CorporationTax`);
    if (!facts.has(`${CALC}/CorporationTax`)) {
      return [finding(facts, '9146', `box 430 must be completed: the tax lines add up to ${formatPence(expected)}`, { box: '430', at: `${CALC}/CorporationTax`, expected: formatPence(expected) })];
    }
    if (found === undefined || found === expected) return [];
    return [mismatch(facts, '9214', '430', `${CALC}/CorporationTax`, `the sum of boxes ${ALL_TAX_BOXES.slice(0, -1).join(', ')} and ${ALL_TAX_BOXES.at(-1)}`, expected, found)];
  },
};

export const rule9234: BusinessRule = {
  code: '9234',
  summary: 'Net corporation tax chargeable (box 440) = box 430 − box 435',
  check(facts) {
    const tax = facts.pence(`${CALC}/CorporationTax`);
    const net = facts.pence(`${CALC}/NetCorporationTaxChargeable`);
    if (tax === undefined || net === undefined) return [];
    const expected = tax - (facts.pence(`${CALC}/MarginalReliefForRingFenceTrades`) ?? 0n);
    if (net === expected) return [];
    return [mismatch(facts, '9234', '440', `${CALC}/NetCorporationTaxChargeable`, 'box 430 − box 435', expected, net)];
  },
};

export const rule9247: BusinessRule = {
  code: '9247',
  summary: 'Total reliefs and deductions (box 470) = boxes 445 + 450 + 465 and does not exceed box 440',
  check(facts) {
    const total = facts.pence(`${RELIEFS}/TotalReliefsAndDeductions`);
    if (total === undefined) return [];
    const out: ValidationMessage[] = [];
    const expected = sum([facts.pence(`${RELIEFS}/CommunityInvestmentRelief`), facts.pence(`${RELIEFS}/DoubleTaxation/DoubleTaxationRelief`), facts.pence(`${RELIEFS}/AdvancedCorporationTax`)]);
    if (total !== expected) out.push(mismatch(facts, '9247', '470', `${RELIEFS}/TotalReliefsAndDeductions`, 'boxes 445 + 450 + 465', expected, total));
    const net = facts.pence(`${CALC}/NetCorporationTaxChargeable`);
    if (net !== undefined && total > net) {
      // HMRC rejects this through the reliefs themselves (rules 9241, 9242, 9246); the total is our advice.
      out.push(finding(facts, '9247', `box 470 (${formatPence(total)}) is more than box 440 (${formatPence(net)}); reliefs cannot exceed the tax chargeable`, { box: '470', at: `${RELIEFS}/TotalReliefsAndDeductions`, expected: `at most ${formatPence(net)}`, found: formatPence(total), category: 'warning' }));
    }
    return out;
  },
};

export const rule9248: BusinessRule = {
  code: '9248',
  summary: 'Net corporation tax liability (box 475) = box 440 − box 470; required when box 440 is above zero (HMRC rule 9319)',
  check(facts) {
    const net = facts.pence(`${CALC}/NetCorporationTaxChargeable`);
    if (net === undefined) return [];
    const expected = net - (facts.pence(`${RELIEFS}/TotalReliefsAndDeductions`) ?? 0n);
    const at = `${OUTSTANDING}/NetCorporationTaxLiability`;
    if (!facts.has(at)) {
      return net > 0n ? [finding(facts, '9319', `box 475 must be completed when box 440 is above zero; expected ${formatPence(expected)}`, { box: '475', at, expected: formatPence(expected) })] : [];
    }
    const found = facts.pence(at);
    if (found === undefined || found === expected || expected < 0n) return [];
    return [mismatch(facts, '9248', '475', at, 'box 440 − box 470', expected, found)];
  },
};

/** Boxes that add up to box 510, with their elements. CFCandBankLevyTotal is an older total of 500–502, used only when they are absent. */
const CHARGEABLE_PARTS: [string, string][] = [
  ['475', 'NetCorporationTaxLiability'],
  ['480', 'LoansToParticipators'],
  ['500', 'CFCtaxPayable'],
  ['501', 'BankLevyPayable'],
  ['502', 'BankSurchargePayable'],
  ['503', 'RPDTpayable'],
  ['504', 'EOGPLpayable'],
  ['505', 'SupplementaryCharge'],
];

function taxChargeableParts(facts: ReturnFacts): bigint[] | undefined {
  const values = CHARGEABLE_PARTS.map(([, name]) => ({ present: facts.has(`${OUTSTANDING}/${name}`), value: facts.pence(`${OUTSTANDING}/${name}`) }));
  if (values.some((v) => v.present && v.value === undefined)) return undefined;
  const parts = values.map((v) => v.value ?? 0n);
  const detailed = ['CFCtaxPayable', 'BankLevyPayable', 'BankSurchargePayable'].some((n) => facts.has(`${OUTSTANDING}/${n}`));
  const total = facts.pence(`${OUTSTANDING}/CFCandBankLevyTotal`);
  if (!detailed && total !== undefined) parts.push(total);
  return parts;
}

export const rule9340: BusinessRule = {
  code: '9340',
  summary: 'Tax chargeable (box 510) is completed when any of boxes 475–505 is above zero',
  check(facts) {
    const parts = taxChargeableParts(facts);
    if (!parts || facts.has(`${OUTSTANDING}/TaxChargeable`) || !parts.some((p) => p > 0n)) return [];
    return [finding(facts, '9340', `box 510 must be completed; boxes 475 to 505 add up to ${formatPence(sum(parts))}`, { box: '510', at: `${OUTSTANDING}/TaxChargeable`, expected: formatPence(sum(parts)) })];
  },
};

export const rule9339: BusinessRule = {
  code: '9339',
  summary: 'Box 510 = 475 + 480 + 500 + 501 + 502 + 503 + 504 + 505',
  check(facts) {
    // With box 475 missing while box 440 is above zero, rule 9319 has already
    // said so; the sum here would only repeat that as a wrong box 510.
    const net = facts.pence(`${CALC}/NetCorporationTaxChargeable`);
    if (!facts.has(`${OUTSTANDING}/NetCorporationTaxLiability`) && net !== undefined && net > 0n) return [];
    const parts = taxChargeableParts(facts);
    const found = facts.pence(`${OUTSTANDING}/TaxChargeable`);
    if (!parts || found === undefined) return [];
    const expected = sum(parts);
    if (found === expected) return [];
    // HMRC numbers the sum 9339 with box 475 completed and 9344 without it.
    return [mismatch(facts, facts.has(`${OUTSTANDING}/NetCorporationTaxLiability`) ? '9339' : '9344', '510', `${OUTSTANDING}/TaxChargeable`, 'boxes 475 + 480 + 500 to 505', expected, found)];
  },
};

export const arithmeticRules: BusinessRule[] = [rule9149, rule9151, rule9150, rule9204, rule9214, rule9234, rule9247, rule9248, rule9340, rule9339];
