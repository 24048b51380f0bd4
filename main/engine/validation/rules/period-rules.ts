/** Rules on identity, the period and the financial year/rate of the return. */
import type { ValidationMessage } from '../../validation-result.js';
import { allowedRates, financialYearOf, latestPeriodEnd, rateNotAllowed, SMALL_PROFITS_RATE_FROM_FY } from './financial-year.js';
import { formatPence, formatRate, parseRateHundredths } from './money.js';
import { finding, type BusinessRule } from './rule.js';
import type { ReturnFacts } from './return-facts.js';
import { taxLineBoxes, YEAR_BLOCKS, type YearBlock } from '../tax-lines.js';
import { addFractions, compare, lowerLimitFor, marginalReliefFor, roundPence, shareOf, smallProfitsPeriod, upperLimitFor, type PeriodPart, type SmallProfitsPeriod } from './small-profits.js';

const INFO = 'CompanyTaxReturn/CompanyInformation';
const CALC = 'CompanyTaxReturn/CompanyTaxCalculation';
const CHARGEABLE = `${CALC}/CorporationTaxChargeable`;
const FRANKED = 'CompanyTaxReturn/IndicatorsAndInformation/FrankedInvestmentIncome';

export const rule9100: BusinessRule = {
  code: '9100',
  summary: 'The UTR keys of the IR header and the GovTalk header equal box 3 (HMRC numbers the GovTalk header 5005)',
  check(facts) {
    const reference = facts.text(`${INFO}/Reference`);
    if (reference === undefined) return [];
    const headerKeys = facts.all('IRheader/Keys/Key').filter((k) => k.getAttribute('Type') === 'UTR');
    const out: ValidationMessage[] = [];
    if (headerKeys.length === 0) {
      out.push(finding(facts, '9100', 'the IR header has no UTR key; it must carry the UTR of box 3', { box: '3', at: 'IRheader/Keys', expected: reference }));
    }
    for (const key of headerKeys) {
      const value = (key.textContent ?? '').trim();
      if (value !== reference) out.push(finding(facts, '9100', `the IR header UTR ${value} differs from box 3 (${reference})`, { box: '3', at: 'IRheader/Keys/Key', expected: reference, found: value }));
    }
    for (const value of facts.govTalkKeys('UTR')) {
      if (value !== reference) {
        out.push({
          ...finding(facts, '5005', `the GovTalk header UTR ${value} differs from box 3 (${reference})`, { box: '3', expected: reference, found: value }),
          attributes: [
            { name: 'box', value: '3' },
            { name: 'path', value: '/GovTalkMessage/GovTalkDetails/Keys/Key' },
            { name: 'expected', value: reference },
            { name: 'found', value },
          ],
        });
      }
    }
    return out;
  },
};

export const rule9101: BusinessRule = {
  code: '9101',
  summary: 'The period (boxes 30–35) lasts at most 12 months, and ends on or after its start (HMRC rule 9105)',
  check(facts) {
    const from = facts.text(`${INFO}/PeriodCovered/From`);
    const to = facts.text(`${INFO}/PeriodCovered/To`);
    const latest = from && latestPeriodEnd(from);
    if (!from || !to || !latest || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return [];
    if (to < from) return [finding(facts, '9105', `the period ends (${to}) before it starts (${from})`, { box: '35', at: `${INFO}/PeriodCovered/To`, found: to })];
    if (to > latest) {
      return [finding(facts, '9101', `the period ${from} to ${to} is longer than 12 months; it may end on ${latest} at the latest`, { box: '35', at: `${INFO}/PeriodCovered/To`, expected: `on or before ${latest}`, found: to })];
    }
    return [];
  },
};

export const rule9144: BusinessRule = {
  code: '9144',
  summary: 'Box 330 (financial year) is completed when box 315 is above zero',
  check(facts) {
    const profits = facts.pence(`${CALC}/ChargeableProfits`);
    if (profits === undefined || profits <= 0n || facts.text(`${CHARGEABLE}/FinancialYearOne/Year`) !== undefined) return [];
    return [finding(facts, '9144', `box 315 is ${formatPence(profits)} but box 330 (financial year) is not completed`, { box: '330', at: `${CHARGEABLE}/FinancialYearOne/Year` })];
  },
};

export const rule9195: BusinessRule = {
  code: '9195',
  summary: 'Box 330 is the financial year of box 30; box 380 is the year after (HMRC rule 9207)',
  check(facts) {
    const from = facts.text(`${INFO}/PeriodCovered/From`);
    const fy = from ? financialYearOf(from) : undefined;
    const year1 = facts.text(`${CHARGEABLE}/FinancialYearOne/Year`);
    const year2 = facts.text(`${CHARGEABLE}/FinancialYearTwo/Year`);
    const out: ValidationMessage[] = [];
    if (fy !== undefined && year1 !== undefined && year1 !== String(fy)) {
      out.push(finding(facts, '9195', `box 330 is ${year1} but the period starting ${from} is in financial year ${fy}`, { box: '330', at: `${CHARGEABLE}/FinancialYearOne/Year`, expected: String(fy), found: year1 }));
    }
    if (year1 !== undefined && year2 !== undefined && /^\d{4}$/.test(year1) && year2 !== String(Number(year1) + 1)) {
      out.push(finding(facts, '9207', `box 380 is ${year2}; it must be the financial year after box 330 (${Number(year1) + 1})`, { box: '380', at: `${CHARGEABLE}/FinancialYearTwo/Year`, expected: String(Number(year1) + 1), found: year2 }));
    }
    return out;
  },
};

const SMALL_PROFITS_CLAIM = `${CHARGEABLE}/AssociatedCompanies/StartingOrSmallCompaniesRate`;

/**
 * From FY2023 a return shows profits at 25%, or at 19% (small profits rate)
 * or 25% with marginal relief in box 435 when it claims them in box 329
 * (HMRC rule 9200: without box 329 the rate must be 25%). The rate itself
 * must be one of those; whether 19% or relief fits the profits depends on the
 * period's limits, which we check as warnings because associated companies
 * and exempt distributions can move them.
 */
export const rule9200: BusinessRule = {
  code: '9200',
  summary: 'Each rate (boxes 340/355/370, 390/405/420) is allowed for its financial year',
  check(facts) {
    const out: ValidationMessage[] = [];
    // The first 19% line of each year block from FY2023, for the small profits warnings.
    const smallRateLines = new Map<YearBlock, number>();
    const claimed = facts.has(SMALL_PROFITS_CLAIM);
    for (const block of YEAR_BLOCKS) {
      const yearText = facts.text(`${CHARGEABLE}/${block}/Year`);
      if (!yearText || !/^\d{4}$/.test(yearText)) continue;
      const allowed = allowedRates(Number(yearText), claimed);
      if (!allowed) continue;
      facts.all(`${CHARGEABLE}/${block}/Details`).forEach((details, i) => {
        const rateText = facts.text('TaxRate', details);
        const rate = parseRateHundredths(rateText);
        const rateBox = taxLineBoxes(block, i)?.rate;
        if (rate === undefined || !rateBox) return;
        // HMRC numbers the rate rule 9200 for the first financial year and 9209 for the second.
        const ruleNumber = block === 'FinancialYearOne' ? '9200' : '9209';
        const refused = rateNotAllowed(Number(yearText), claimed, rate);
        if (refused) out.push(finding(facts, ruleNumber, refused.words, { box: rateBox, at: `${CHARGEABLE}/${block}/Details[${i + 1}]/TaxRate`, expected: refused.expected, found: refused.found }));
        if (claimed && Number(yearText) >= SMALL_PROFITS_RATE_FROM_FY && rate === 1900n && !smallRateLines.has(block)) smallRateLines.set(block, i);
      });
    }
    out.push(...smallProfitsWarnings(facts, smallRateLines));
    return out;
  },
};

/** Words for a part: the whole period, or one financial year's share of a straddling period. */
function partWords(part: PeriodPart, period: SmallProfitsPeriod): string {
  const associates = part.associated > 0n ? `, ${part.associated} associated compan${part.associated === 1n ? 'y' : 'ies'}` : '';
  return period.parts.length > 1 ? `financial year ${part.year}'s part of this period (${part.days} days${associates})` : `this period (${part.days} days${associates})`;
}

/**
 * Augmented profits: box 315 plus franked investment income (exempt
 * distributions from outside the group), which count towards the limits
 * but are not taxed (CTA 2010 s18L).
 */
function augmentedProfits(facts: ReturnFacts, profits: bigint): { augmented: bigint; words: string } {
  const franked = facts.pence(FRANKED);
  return franked && franked > 0n ? { augmented: profits + franked, words: 'augmented profits (box 315 + franked investment income)' } : { augmented: profits, words: 'box 315' };
}

/**
 * A marginal relief figure may be worked out from limits and shares already
 * rounded to the penny (or profits split in whole pounds, boxes 335/385);
 * that moves the result by less than a penny per part, so a penny per part
 * is tolerated before warning.
 */
const RELIEF_TOLERANCE_PER_PART = 1n;

/**
 * Warnings on the small profits rate and marginal relief, part by part: 19%
 * in a year from FY2023 fits only augmented profits up to that part's lower
 * limit; relief in box 435 fits only augmented profits between its lower and
 * upper limits, and is then the standard fraction of the gap to the upper limit.
 */
function smallProfitsWarnings(facts: ReturnFacts, smallRateLines: Map<YearBlock, number>): ValidationMessage[] {
  const profits = facts.pence(`${CALC}/ChargeableProfits`);
  const period = smallProfitsPeriod(facts, facts.text(`${INFO}/PeriodCovered/From`), facts.text(`${INFO}/PeriodCovered/To`));
  if (profits === undefined || !period) return [];
  const { augmented, words } = augmentedProfits(facts, profits);
  const out: ValidationMessage[] = [];
  const ruled = period.parts.filter((p) => p.year >= 2023);
  for (const part of ruled) {
    const line = smallRateLines.get(part.block);
    const share = shareOf(augmented, part, period);
    const lower = lowerLimitFor(part, period);
    const boxes = line === undefined ? undefined : taxLineBoxes(part.block, line);
    if (!boxes || compare(share, lower) <= 0) continue;
    const shown = formatPence(roundPence(share));
    const limit = formatPence(roundPence(lower));
    out.push(finding(facts, '9200', `the small profits rate 19.00% applies to profits up to ${limit} for ${partWords(part, period)}, but its ${words}${period.parts.length > 1 ? ', apportioned by days,' : ''} are ${shown}`, { box: boxes.rate, at: `${CHARGEABLE}/${part.block}/Details[${line! + 1}]/TaxRate`, category: 'warning', expected: `at most ${limit}`, found: shown }));
  }
  const relief = facts.pence(`${CALC}/MarginalReliefForRingFenceTrades`) ?? 0n;
  if (relief <= 0n || ruled.length === 0) return out;
  const inBand = ruled.filter((p) => compare(shareOf(augmented, p, period), lowerLimitFor(p, period)) > 0 && compare(shareOf(augmented, p, period), upperLimitFor(p, period)) <= 0);
  const at = `${CALC}/MarginalReliefForRingFenceTrades`;
  if (inBand.length === 0) {
    const bands = ruled.map((p) => `${period.parts.length > 1 ? `FY${p.year}: ` : ''}more than ${formatPence(roundPence(lowerLimitFor(p, period)))} and at most ${formatPence(roundPence(upperLimitFor(p, period)))}`);
    out.push(finding(facts, '9200', `marginal relief (box 435) applies only to ${words} ${bands.join('; ')} (${ruled.map((p) => partWords(p, period)).join('; ')}), but ${words === 'box 315' ? 'box 315 is' : 'they are'} ${formatPence(augmented)}`, { box: '435', at, category: 'warning', expected: `${words} ${bands.join('; ')}`, found: formatPence(augmented) }));
    return out;
  }
  const expected = roundPence(inBand.map((p) => marginalReliefFor(p, period, augmented, profits)).reduce(addFractions));
  const difference = relief > expected ? relief - expected : expected - relief;
  if (difference > RELIEF_TOLERANCE_PER_PART * BigInt(inBand.length)) {
    out.push(finding(facts, '9200', `marginal relief (box 435) is ${formatPence(relief)} but the standard fraction 3/200 × (upper limit − A) × N/A gives ${formatPence(expected)} (A = ${words}${inBand.length < period.parts.length ? `, FY${inBand.map((p) => p.year).join('/FY')} part only` : ''})`, { box: '435', at, category: 'warning', expected: formatPence(expected), found: formatPence(relief) }));
  }
  return out;
}

/** Periods ending on or before this day may still show marginal relief without box 329 (HMRC rule 9417). */
const LAST_PERIOD_END_WITHOUT_CLAIM = '2023-03-31';

export const rule9417: BusinessRule = {
  code: '9417',
  summary: 'Marginal relief (box 435) needs the claim in box 329 when the period ends after 31 March 2023',
  check(facts) {
    const at = `${CALC}/MarginalReliefForRingFenceTrades`;
    const to = facts.text(`${INFO}/PeriodCovered/To`);
    if (!facts.has(at) || !to || !/^\d{4}-\d{2}-\d{2}$/.test(to) || to <= LAST_PERIOD_END_WITHOUT_CLAIM) return [];
    if (facts.text(SMALL_PROFITS_CLAIM) === 'yes') return [];
    return [
      finding(facts, '9417', `marginal relief (box 435) for a period ending after 31 March 2023 (this one ends on ${to}) needs box 329, the claim to the small profits rate or marginal relief; claim it in box 329 or remove the relief`, { box: '435', at, expected: 'box 329 completed', found: 'box 329 not completed' }),
    ];
  },
};

export const periodRules: BusinessRule[] = [rule9100, rule9101, rule9144, rule9195, rule9200, rule9417];
