/**
 * From the accounts profit to the profits chargeable (boxes 145–315): the
 * adjustments to the accounts profit, capital allowances, the other income
 * and gains, the losses relieved (losses/: brought forward, of the period,
 * carried back) and donations. Boxes take whole pounds: a profit drops its
 * pence, as does a loss.
 */
import { RequestValidationError, type FieldError } from '../errors.js';
import type { CapitalAllowancesResult } from './capital-allowances.js';
import { daysInclusive } from './dates.js';
import type { ComputationInput } from './input.js';
import { carryBack, type CarryBackResult } from './losses/carry-back.js';
import { carriedForwardOf, type LossesCarriedForward } from './losses/carried-forward.js';
import { gainsAfterCapitalLosses, reliefsAgainstTotalProfits, restrictionErrors, setOffAgainstTrade } from './losses/in-period.js';
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
  box215: Pence;
  box220: Pence;
  box235: Pence;
  box250: Pence;
  box275: Pence;
  box285: Pence;
  box295: Pence;
  box300: Pence;
  box305: Pence;
  box315: Pence;
  /** Box 780: the trading loss arising in the period. */
  lossArising: Pence;
  /** Box 805: the UK property business loss arising in the period. */
  propertyLoss: Pence;
  /** Box 825: allowable capital losses arising in the period. */
  capitalLossOfPeriod: Pence;
  losses: {
    /** Trading losses brought forward, both stocks (s45/s45B and s45A). */
    broughtForward: Pence;
    setAgainstTradingProfits: Pence;
    claimedAgainstTotalProfits: Pence;
    broughtForwardClaimedAgainstTotalProfits: Pence;
    carryBackMemo: { available: Pence; previousPeriodTotalProfits: Pence; wouldRelieve: Pence } | null;
    carriedBack: CarryBackResult;
    carriedForward: LossesCarriedForward;
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
  if (pl.propertyIncome > 0) parts.push(`deduct property income ${poundsWords(pl.propertyIncome)} (taxed in box 190)`);
  if (pl.propertyIncome < 0) parts.push(`add back the property business loss ${poundsWords(-pl.propertyIncome)} (relieved in box 250)`);
  w('adjustedProfit', 'Trading profit before capital allowances', adjusted, parts.join('; '), 'CTA 2009 s46 (accounts profit), s53 (capital items), s54 (not wholly and exclusively), s1298 (entertaining); depreciation is not deductible, capital allowances replace it');

  const tradingResult = adjusted - ca.totalAllowances + ca.totalCharges;
  const box155 = tradingResult > 0 ? wholePounds(tradingResult) : 0;
  const lossArising = tradingResult < 0 ? wholePounds(-tradingResult) : 0;
  w('box155', 'Trading profits', box155, `${poundsWords(adjusted)} less capital allowances ${poundsWords(ca.totalAllowances)} plus balancing charges ${poundsWords(ca.totalCharges)} = ${poundsWords(tradingResult)}${tradingResult < 0 ? ': a loss, so box 155 is 0' : ', in whole pounds'}`, 'CTA 2009 s35; CAA 2001 s247', '155');

  // Losses brought forward against the trade's profits (box 160), then the other income and gains.
  const box160 = setOffAgainstTrade(input.losses, box155, working);
  const box165 = box155 - box160;
  w('box165', 'Net trading profits', box165, 'box 155 − box 160', 'HMRC rule 9151', '165');

  const box170 = wholePounds(pl.interestReceived);
  // A property loss (negative property income) is no income in box 190; it is relieved against total profits in box 250 (CTA 2010 s62).
  const box190 = pl.propertyIncome > 0 ? wholePounds(pl.propertyIncome) : 0;
  const propertyLoss = pl.propertyIncome < 0 ? -pl.propertyIncome : 0;
  if (box170) w('box170', 'Non-trading loan relationship profits (interest received)', box170, `interest received ${poundsWords(pl.interestReceived)}, taxed under the loan relationship rules, not as trading income`, 'CTA 2009 s299, s301', '170');
  if (box190) w('box190', 'UK property business income', box190, `property income ${poundsWords(pl.propertyIncome)}, taxed as a property business, not as trading income`, 'CTA 2009 s205, s209', '190');
  if (propertyLoss) w('losses.ukPropertyLossOfPeriod', 'UK property business loss of the period', propertyLoss, `the property business made a loss of ${poundsWords(propertyLoss)}: no income in box 190; the loss is set against total profits (box 250)`, 'CTA 2009 s205; CTA 2010 s62(1)–(3)', '805');
  const gains = gainsAfterCapitalLosses(input.chargeableGains, input.losses, working);

  const box235 = box165 + box170 + box190 + gains.box220;
  w('box235', 'Profits before other deductions and reliefs', box235, 'box 165 + box 170 + box 190 + box 220', 'HMRC rule 9332', '235');

  if (lossArising > 0) w('box780', 'Trading loss of the period', lossArising, `the trade made a loss of ${poundsWords(-tradingResult)} (whole pounds)`, 'CTA 2010 s37, s45A; CTM04000 onwards', '780');
  const errors: FieldError[] = [];
  const reliefs = reliefsAgainstTotalProfits(input.losses, { box235, lossArising, propertyLoss: wholePounds(propertyLoss) }, working, errors);
  const { box250, box275, box285 } = reliefs;
  const capitalBroughtForwardUsed = Math.max(0, gains.box215 - input.losses.capitalOfPeriod);
  errors.push(...restrictionErrors({ box160, box215BroughtForward: capitalBroughtForwardUsed, propertyBroughtForward: reliefs.propertyBroughtForwardRelieved, box285 }, daysInclusive(input.period.from, input.period.to)));

  // What is left of the loss: carried back on a claim (s37(3)(b), s39), shown as a memo otherwise.
  const lossLeft = lossArising - box275;
  const ceased = input.capitalAllowances.tradeCeased;
  let carriedBack: CarryBackResult = { amendments: [], relievedFromThisPeriod: 0, relievedFromEarlierLoss: 0 };
  let carryBackMemo: ProfitsResult['losses']['carryBackMemo'] = null;
  if (input.losses.carryBack || input.losses.terminalLoss) carriedBack = carryBack(input, lossLeft, box160 + box285, working, errors);
  else if (lossLeft > 0 && input.losses.claimAgainstTotalProfits && input.losses.previousPeriodTotalProfits !== null) {
    const previous = input.losses.previousPeriodTotalProfits;
    carryBackMemo = { available: lossLeft, previousPeriodTotalProfits: previous, wouldRelieve: Math.min(lossLeft, wholePounds(previous)) };
    w('losses.carryBackMemo', 'Memo: loss that could be carried back', carryBackMemo.wouldRelieve, `after the claim against this period, ${poundsWords(lossLeft)} of the loss is left; a further claim could set ${poundsWords(carryBackMemo.wouldRelieve)} of it against the previous 12 months' total profits of ${poundsWords(previous)}. That is an amendment of the earlier return, not made here (losses.carryBack with losses.earlierPeriods makes it): the loss is carried forward in these figures`, 'CTA 2010 s37(3)(b); CTM04510');
  }
  if (errors.length) throw new RequestValidationError(errors);

  const box295 = box250 + box275 + box285;
  const box300 = box235 - box295;
  if (box295) w('box295', 'Total of deductions and reliefs', box295, [box250 && 'box 250', box275 && 'box 275', box285 && 'box 285'].filter(Boolean).join(' + '), 'HMRC rule 9180', '295');
  w('box300', 'Profits before qualifying donations and group relief', box300, 'box 235 − box 295', 'HMRC rule 9333', '300');
  const donations = wholePounds(input.qualifyingDonations);
  const box305 = Math.min(donations, box300);
  const donationsUnrelieved = donations - box305;
  if (donations) w('box305', 'Qualifying donations', box305, donationsUnrelieved ? `donations ${poundsWords(donations)}, limited to the profits ${poundsWords(box300)}: ${poundsWords(donationsUnrelieved)} get no relief and cannot be carried forward` : `qualifying charitable donations ${poundsWords(donations)}`, 'CTA 2010 s189', '305');
  const box315 = box300 - box305;
  w('box315', 'Profits chargeable to corporation tax', box315, 'box 300 − box 305', 'HMRC rule 9335', '315');

  const carried = carriedForwardOf(input, { box160, box285, lossLeft: lossLeft - carriedBack.relievedFromThisPeriod, propertyLoss: wholePounds(propertyLoss), reliefs, capital: gains.carriedForward, ceased }, working);
  return {
    adjustedProfitBeforeAllowances: adjusted,
    tradingResult,
    box155,
    box160,
    box165,
    box170,
    box190,
    box210: gains.box210,
    box215: gains.box215,
    box220: gains.box220,
    box235,
    box250,
    box275,
    box285,
    box295,
    box300,
    box305,
    box315,
    lossArising,
    propertyLoss: wholePounds(propertyLoss),
    capitalLossOfPeriod: wholePounds(input.losses.capitalOfPeriod),
    losses: {
      broughtForward: input.losses.tradingBroughtForward + input.losses.totalProfitsBroughtForward,
      setAgainstTradingProfits: box160,
      claimedAgainstTotalProfits: box275,
      broughtForwardClaimedAgainstTotalProfits: box285,
      carryBackMemo,
      carriedBack,
      carriedForward: carried,
    },
    donationsUnrelieved,
  };
}
