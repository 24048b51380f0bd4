/**
 * The tax on box 315, by the engine's existing rules: the period split by
 * financial year (rule 9198: each year's profit is 315 × its days / the
 * period's days, rounded half up), the rate each year allows (rule 9200), the
 * small profits limits shared with the associated companies and reduced for a
 * short period, and marginal relief (CTA 2010 s18B) — the same functions the
 * validation rules and the Profits and tax step use. The limits are tested on
 * augmented profits, box 315 plus the exempt distributions of box 620
 * (s18L), which are also A in the relief's 3/200 × (U − A) × N/A.
 */
import { taxOnProfit } from '../ct600/money.js';
import { allowedRates, SMALL_PROFITS_RATE_FROM_FY } from '../validation/rules/financial-year.js';
import { addFractions, compare, lowerLimitFor, marginalReliefFor, periodParts, roundPence, shareOf, upperLimitFor, type Fraction } from '../validation/rules/small-profits.js';
import { associatedCountOf } from './associated-companies.js';
import type { ComputationInput } from './input.js';
import { asPounds, poundsWords, wholePounds, type Pence } from './money.js';
import type { Working } from './working.js';

export interface TaxLine {
  /** FinancialYearOne (boxes 330–345) or FinancialYearTwo (380–395). */
  block: 'FinancialYearOne' | 'FinancialYearTwo';
  year: number;
  days: number;
  profit: Pence;
  rateHundredths: number;
  tax: Pence;
  band: 'single rate' | 'small profits rate' | 'marginal relief' | 'main rate';
  lowerLimit?: Pence;
  upperLimit?: Pence;
}

export interface TaxResult {
  lines: TaxLine[];
  /** Box 329: claimed where a part's profits are within the upper limit. */
  smallProfitsClaim: boolean;
  /** Boxes 326 or 327/328, for a period ending on or after 1 April 2023. */
  associated?: { thisPeriod: number } | { firstYear: number; secondYear: number };
  /** Box 620: the exempt distributions in A, whole pounds as the box holds them. */
  exemptDistributions: Pence;
  corporationTax: Pence; // 430
  marginalRelief: Pence; // 435
  netCorporationTaxChargeable: Pence; // 440
  netCorporationTaxLiability: Pence; // 475
  taxChargeable: Pence; // 510
  taxPayable: Pence; // 525
}

/** HMRC takes boxes 326–329 only for a period ending on or after 1 April 2023 (rule 9389). */
const ASSOCIATED_FROM = '2023-04-01';

export function computeTax(input: ComputationInput, box315: Pence, working: Working): TaxResult {
  const { from, to } = input.period;
  const associated = associatedCountOf(input.associatedCompanies, from, to);
  const associatedOf = associated.forPart;
  const period = periodParts(from, to, associatedOf)!;
  const asksAssociated = to >= ASSOCIATED_FROM;
  const profits = BigInt(box315);
  // Box 620 holds whole pounds (CTwholePoundStructure); A is box 315 + box 620 as the return shows them, so that
  // HMRC's figures and ours agree. s18L does not round: pence dropped, as box 315 drops them, lower A, never higher.
  const exemptDistributions = wholePounds(input.exemptDistributions);
  const augmented = profits + BigInt(exemptDistributions);
  const lines: TaxLine[] = [];
  const reliefs: Fraction[] = [];

  if (box315 > 0) {
    let firstProfit = 0;
    period.parts.forEach((part, i) => {
      // Rule 9198: the first year's profit is 315 × days / period days, half up; the second year takes the rest.
      const profit = i === 0 ? Number(roundPence({ num: profits * part.days, den: period.periodDays * 100n })) * 100 : box315 - firstProfit;
      if (i === 0) firstProfit = profit;
      const line: TaxLine = { block: part.block, year: part.year, days: Number(part.days), profit, rateHundredths: 0, tax: 0, band: 'single rate' };
      if (part.year < SMALL_PROFITS_RATE_FROM_FY) {
        line.rateHundredths = Number(allowedRates(part.year, false)?.rates[0] ?? 1900n);
      } else {
        const share = shareOf(augmented, part, period);
        const lower = lowerLimitFor(part, period);
        const upper = upperLimitFor(part, period);
        line.lowerLimit = Number(roundPence(lower));
        line.upperLimit = Number(roundPence(upper));
        if (compare(share, lower) <= 0) {
          line.band = 'small profits rate';
          line.rateHundredths = 1900;
        } else {
          line.rateHundredths = 2500;
          if (compare(share, upper) <= 0) {
            line.band = 'marginal relief';
            reliefs.push(marginalReliefFor(part, period, augmented, profits));
          } else line.band = 'main rate';
        }
      }
      line.tax = taxOnProfit(line.profit, line.rateHundredths);
      lines.push(line);
    });
  }

  const marginalRelief = reliefs.length ? Number(roundPence(reliefs.reduce(addFractions))) : 0;
  const corporationTax = lines.reduce((s, l) => s + l.tax, 0);
  const net = corporationTax - marginalRelief;
  const smallProfitsClaim = asksAssociated && lines.some((l) => l.band === 'small profits rate' || l.band === 'marginal relief');

  const straddles = period.parts.length > 1;
  for (const l of lines) {
    const first = l.block === 'FinancialYearOne';
    const boxes = first ? ['335', '340', '345'] : ['385', '390', '395'];
    const part = straddles ? `financial year ${l.year}'s ${l.days} days of the ${period.periodDays} in the period` : `financial year ${l.year}`;
    const split = straddles ? (first ? `box 315 × ${l.days} / ${period.periodDays}, rounded half up (HMRC rule 9198)` : 'box 315 less the first year’s profit') : 'box 315';
    const limits = l.lowerLimit !== undefined ? `; limits ${poundsWords(l.lowerLimit)} and ${poundsWords(l.upperLimit!)} (£50,000 and £250,000 ÷ ${1n + associatedOf(l.block)}${BigInt(l.days) === period.limitDayBasis ? '' : ` × ${l.days}/${period.limitDayBasis}`})` : '';
    working.add({ id: `tax.${l.block}.profit`, box: boxes[0], label: `Profits charged, financial year ${l.year}`, amount: asPounds(l.profit), how: `${split}: ${part}` });
    working.add({
      id: `tax.${l.block}.rate`,
      box: boxes[1],
      label: `Rate, financial year ${l.year}`,
      amount: l.rateHundredths / 100,
      how: `${l.band}${limits}${l.lowerLimit !== undefined && exemptDistributions > 0 ? `, tested on augmented profits (box 315 + box 620)${straddles ? ' apportioned by days' : ''}` : ''}`,
      rule: l.band === 'single rate' ? 'HMRC rule 9200' : 'CTA 2010 s18A–s18D; HMRC rule 9200; CTM03900 onwards',
    });
    working.add({ id: `tax.${l.block}.tax`, box: boxes[2], label: `Tax, financial year ${l.year}`, amount: asPounds(l.tax), how: `${poundsWords(l.profit)} × ${l.rateHundredths / 100}%, rounded half up to the penny`, rule: 'HMRC rule 9204' });
  }
  if (asksAssociated && lines.length > 0) {
    const boxes = associated.boxes;
    working.add({ id: 'tax.associatedCompanies', box: 'thisPeriod' in boxes ? '326' : '327', label: 'Associated companies', amount: 'thisPeriod' in boxes ? boxes.thisPeriod : boxes.firstYear, how: associated.how, rule: associated.rule });
  }
  if (exemptDistributions > 0) {
    working.add({
      id: 'tax.exemptDistributions',
      label: 'Exempt distributions in augmented profits',
      box: '620',
      amount: asPounds(exemptDistributions),
      how: `exempt ABGH distributions from companies outside the 51% group: not taxed, but added to box 315 to test the limits: A = ${poundsWords(box315)} + ${poundsWords(exemptDistributions)} = ${poundsWords(Number(augmented))}${input.exemptDistributions !== exemptDistributions ? ' (pence dropped: box 620 holds whole pounds)' : ''}`,
      rule: 'CTA 2010 s18L; CTM03915',
    });
  }
  if (marginalRelief) {
    const na = exemptDistributions > 0 ? `N = box 315 ${poundsWords(box315)}, A = ${poundsWords(Number(augmented))}` : `no exempt distributions, so N = A = ${poundsWords(box315)}`;
    working.add({
      id: 'tax.marginalRelief',
      box: '435',
      label: 'Marginal relief',
      amount: asPounds(marginalRelief),
      // The law gives the formula but no rounding: each part's relief is kept exact and the sum rounded half up once.
      how: `3/200 × (U − A) × N / A for each part between the limits, ${na}; the parts' relief kept exact and rounded half up to the penny once, at the end (s18B gives no rounding; HMRC's rule 9200 allows a penny a part)`,
      rule: 'CTA 2010 s18B; CTM03925; HMRC rule 9200',
    });
  }
  working.add({ id: 'tax.netCorporationTaxChargeable', box: '440', label: 'Corporation tax chargeable', amount: asPounds(net), how: 'box 430 − box 435', rule: 'HMRC rule 9234' });

  return {
    lines,
    smallProfitsClaim,
    // HMRC takes boxes 326–329 beside a tax calculation only (the CT600 engine refuses them without one).
    ...(asksAssociated && lines.length > 0 ? { associated: associated.boxes } : {}),
    exemptDistributions,
    corporationTax,
    marginalRelief,
    netCorporationTaxChargeable: net,
    netCorporationTaxLiability: net,
    taxChargeable: net,
    taxPayable: net,
  };
}
