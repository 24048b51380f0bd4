/**
 * From the accounts profit to the profits chargeable (boxes 145–315): the
 * adjustments to the accounts profit, capital allowances, trading losses
 * brought forward and of the period, the other income, gains and donations.
 * Boxes take whole pounds: a profit drops its pence, as does a loss.
 */
import type { CapitalAllowancesResult } from './capital-allowances.js';
import type { ComputationInput } from './input.js';
import { asPounds, poundsWords, wholePounds, type Pence } from './money.js';
import type { Working } from './working.js';

export interface ProfitsResult {
  adjustedProfitBeforeAllowances: Pence;
  /** Trading profit (positive) or loss (negative) after allowances and charges, in pence. */
  tradingResult: Pence;
  box155: Pence;
  box160: Pence;
  box165: Pence;
  box170: Pence;
  box190: Pence;
  box210: Pence;
  box220: Pence;
  box235: Pence;
  box275: Pence;
  box295: Pence;
  box300: Pence;
  box305: Pence;
  box315: Pence;
  /** Box 780: the trading loss arising in the period. */
  lossArising: Pence;
  losses: {
    broughtForward: Pence;
    setAgainstTradingProfits: Pence;
    claimedAgainstTotalProfits: Pence;
    carryBackMemo: { available: Pence; previousPeriodTotalProfits: Pence; wouldRelieve: Pence } | null;
    carriedForward: Pence;
  };
  /** Donations beyond the profits: relief for them is lost (CTA 2010 s189). */
  donationsUnrelieved: Pence;
}

const sum = (xs: { amount: Pence }[]) => xs.reduce((s, x) => s + x.amount, 0);

/** Box 145, worked out before anything else: the return and a printed computation both begin with the turnover. */
export function computeTurnover(input: ComputationInput, working: Working): Pence {
  const box145 = wholePounds(input.profitAndLoss.turnover);
  working.add({ id: 'box145', label: 'Turnover', amount: asPounds(box145), how: 'turnover in the accounts, in whole pounds', box: '145' });
  return box145;
}

export function computeProfits(input: ComputationInput, ca: CapitalAllowancesResult, working: Working): ProfitsResult {
  const pl = input.profitAndLoss;
  const w = (id: string, label: string, pence: Pence, how: string, rule?: string, box?: string) =>
    working.add({ id, label, amount: asPounds(pence), how, ...(rule ? { rule } : {}), ...(box ? { box } : {}) });

  const disallowable = sum(pl.disallowable);
  const nonTaxable = sum(pl.nonTaxableIncome);
  const adjusted = pl.profitBeforeTax + pl.depreciation + disallowable - nonTaxable - pl.interestReceived - pl.propertyIncome;
  const parts = [`profit before tax ${poundsWords(pl.profitBeforeTax)}`];
  if (pl.depreciation) parts.push(`add depreciation and amortisation ${poundsWords(pl.depreciation)}`);
  for (const d of pl.disallowable) parts.push(`add ${d.description} ${poundsWords(d.amount)}`);
  for (const d of pl.nonTaxableIncome) parts.push(`deduct ${d.description} ${poundsWords(d.amount)}`);
  if (pl.interestReceived) parts.push(`deduct interest received ${poundsWords(pl.interestReceived)} (taxed in box 170)`);
  if (pl.propertyIncome) parts.push(`deduct property income ${poundsWords(pl.propertyIncome)} (taxed in box 190)`);
  w('adjustedProfit', 'Trading profit before capital allowances', adjusted, parts.join('; '), 'CTA 2009 s46 (accounts profit), s53 (capital items), s54 (not wholly and exclusively), s1298 (entertaining); depreciation is not deductible, capital allowances replace it');

  const tradingResult = adjusted - ca.totalAllowances + ca.totalCharges;
  const box155 = tradingResult > 0 ? wholePounds(tradingResult) : 0;
  const lossArising = tradingResult < 0 ? wholePounds(-tradingResult) : 0;
  w('box155', 'Trading profits', box155, `${poundsWords(adjusted)} less capital allowances ${poundsWords(ca.totalAllowances)} plus balancing charges ${poundsWords(ca.totalCharges)} = ${poundsWords(tradingResult)}${tradingResult < 0 ? ': a loss, so box 155 is 0' : ', in whole pounds'}`, 'CTA 2009 s35; CAA 2001 s247', '155');

  // Losses brought forward go against the trade's profits first (CTA 2010 s45, s45B; CTM04100 onwards).
  const broughtForward = input.losses.tradingBroughtForward;
  const box160 = Math.min(wholePounds(broughtForward), box155);
  const box165 = box155 - box160;
  w('box160', 'Trading losses brought forward set against trading profits', box160, broughtForward === 0 ? 'no losses brought forward' : `the lower of the losses brought forward ${poundsWords(broughtForward)} and the trading profits ${poundsWords(box155)}`, 'CTA 2010 s45, s45B; CTM04100', '160');
  w('box165', 'Net trading profits', box165, 'box 155 − box 160', 'HMRC rule 9151', '165');

  const box170 = wholePounds(pl.interestReceived);
  const box190 = wholePounds(pl.propertyIncome);
  const box210 = wholePounds(input.chargeableGains);
  const box220 = box210;
  if (box170) w('box170', 'Non-trading loan relationship profits (interest received)', box170, `interest received ${poundsWords(pl.interestReceived)}, taxed under the loan relationship rules, not as trading income`, 'CTA 2009 s299, s301', '170');
  if (box190) w('box190', 'UK property business income', box190, `property income ${poundsWords(pl.propertyIncome)}, taxed as a property business, not as trading income`, 'CTA 2009 s205, s209', '190');
  if (box210) w('box210', 'Chargeable gains', box210, `net chargeable gains ${poundsWords(input.chargeableGains)} (box 210 gross, box 220 net; no allowable losses given)`, 'TCGA 1992 s8; CTA 2009 s2(3)', '210');

  const box235 = box165 + box170 + box190 + box220;
  w('box235', 'Profits before other deductions and reliefs', box235, 'box 165 + box 170 + box 190 + box 220', 'HMRC rule 9332', '235');

  // A loss of the period: against total profits of the period on a claim (s37(3)(a)), else carried forward (s45A).
  let box275 = 0;
  let carryBackMemo: ProfitsResult['losses']['carryBackMemo'] = null;
  if (lossArising > 0) {
    w('box780', 'Trading loss of the period', lossArising, `the trade made a loss of ${poundsWords(-tradingResult)} (whole pounds)`, 'CTA 2010 s37, s45A; CTM04000 onwards', '780');
    if (input.losses.claimAgainstTotalProfits) {
      box275 = Math.min(lossArising, box235);
      w('box275', 'Trading losses set against total profits of the period', box275, `the lower of the loss ${poundsWords(lossArising)} and the total profits ${poundsWords(box235)}: a claim takes all it can, it cannot be restricted`, 'CTA 2010 s37(3)(a); CTM04505', '275');
      const left = lossArising - box275;
      const previous = input.losses.previousPeriodTotalProfits;
      if (left > 0 && previous !== null) {
        carryBackMemo = { available: left, previousPeriodTotalProfits: previous, wouldRelieve: Math.min(left, wholePounds(previous)) };
        w('losses.carryBackMemo', 'Memo: loss that could be carried back', carryBackMemo.wouldRelieve, `after the claim against this period, ${poundsWords(left)} of the loss is left; a further claim could set ${poundsWords(carryBackMemo.wouldRelieve)} of it against the previous 12 months' total profits of ${poundsWords(previous)}. That is an amendment of the earlier return, not made here: the loss is carried forward in these figures`, 'CTA 2010 s37(3)(b); CTM04510');
      }
    }
  }
  const box295 = box275;
  const box300 = box235 - box295;
  if (box295) w('box295', 'Total of deductions and reliefs', box295, 'box 275', 'HMRC rule 9180', '295');
  w('box300', 'Profits before qualifying donations and group relief', box300, 'box 235 − box 295', 'HMRC rule 9333', '300');
  const donations = wholePounds(input.qualifyingDonations);
  const box305 = Math.min(donations, box300);
  const donationsUnrelieved = donations - box305;
  if (donations) w('box305', 'Qualifying donations', box305, donationsUnrelieved ? `donations ${poundsWords(donations)}, limited to the profits ${poundsWords(box300)}: ${poundsWords(donationsUnrelieved)} get no relief and cannot be carried forward` : `qualifying charitable donations ${poundsWords(donations)}`, 'CTA 2010 s189', '305');
  const box315 = box300 - box305;
  w('box315', 'Profits chargeable to corporation tax', box315, 'box 300 − box 305', 'HMRC rule 9335', '315');

  const carriedForward = broughtForward - box160 + lossArising - box275;
  w('losses.carriedForward', 'Trading losses carried forward', carriedForward, `brought forward ${poundsWords(broughtForward)} − used in box 160 ${poundsWords(box160)}${lossArising ? ` + this period's loss ${poundsWords(lossArising)}${box275 ? ` − claimed in box 275 ${poundsWords(box275)}` : ''}` : ''}`, 'CTA 2010 s45, s45A; CTM04100');

  return {
    adjustedProfitBeforeAllowances: adjusted,
    tradingResult,
    box155,
    box160,
    box165,
    box170,
    box190,
    box210,
    box220,
    box235,
    box275,
    box295,
    box300,
    box305,
    box315,
    lossArising,
    losses: { broughtForward, setAgainstTradingProfits: box160, claimedAgainstTotalProfits: box275, carryBackMemo, carriedForward },
    donationsUnrelieved,
  };
}
