/**
 * The losses relieved in the period itself, in the CT600's order: brought
 * forward against the trade (box 160), capital losses against gains (215),
 * then against total profits (box 235) property losses (250), this period's
 * trading loss (275) and post-2017 trading losses brought forward (285).
 * A claim larger than what it can be set against is refused by field and
 * rule; nothing is quietly cut down.
 */
import type { FieldError } from '../../errors.js';
import { asPounds, poundsWords, wholePounds, type Pence } from '../money.js';
import type { Working } from '../working.js';
import type { LossesInput } from './input-types.js';

type Line = (id: string, label: string, pence: Pence, how: string, rule?: string, box?: string) => void;
const lineOf = (working: Working): Line => (id, label, pence, how, rule, box) => working.add({ id, label, amount: asPounds(pence), how, ...(rule ? { rule } : {}), ...(box ? { box } : {}) });

/** Box 160: losses carried forward under s45 (pre-1 April 2017) and s45B go against the same trade's profits, as far as they go unless a claim limits them. */
export function setOffAgainstTrade(losses: LossesInput, box155: Pence, working: Working): Pence {
  const stock = losses.tradingBroughtForward;
  const limit = losses.tradingBroughtForwardSetOff;
  const box160 = Math.min(wholePounds(stock), box155, limit === null ? Infinity : wholePounds(limit));
  const how =
    stock === 0
      ? 'no losses brought forward against the trade'
      : `the lower of the losses brought forward against the trade ${poundsWords(stock)} and the trading profits ${poundsWords(box155)}${limit !== null ? `, and no more than the ${poundsWords(limit)} the company's claim under s45(4A)/s45B(5) allows` : ''}`;
  lineOf(working)('box160', 'Trading losses brought forward set against trading profits', box160, how, 'CTA 2010 s45(4), s45(4A), s45B; CTM04120, CTM04135', '160');
  return box160;
}

export interface GainsResult {
  box210: Pence;
  box215: Pence;
  box220: Pence;
  /** Allowable losses left for later periods (TCGA 1992 s8(1)(b)). */
  carriedForward: Pence;
}

/** Boxes 210–220: gains of the period less allowable losses of the period, then those brought forward, as far as the gains go (TCGA 1992 s8(1)). */
export function gainsAfterCapitalLosses(gains: Pence, losses: LossesInput, working: Working): GainsResult {
  const w = lineOf(working);
  const box210 = wholePounds(gains);
  const available = losses.capitalOfPeriod + losses.capitalBroughtForward;
  const box215 = Math.min(wholePounds(available), box210);
  const box220 = box210 - box215;
  if (box210) w('box210', 'Gross chargeable gains', box210, `chargeable gains of the period ${poundsWords(gains)}, in whole pounds`, 'TCGA 1992 s8; CTA 2009 s2(3)', '210');
  if (available) {
    w(
      'box215',
      'Allowable losses including losses brought forward',
      box215,
      `allowable losses of the period ${poundsWords(losses.capitalOfPeriod)} and brought forward ${poundsWords(losses.capitalBroughtForward)}, set against the gains ${poundsWords(box210)} as far as they go: no claim, and none can be held back`,
      'TCGA 1992 s8(1)(a)–(b); HMRC rule 9157',
      '215',
    );
  }
  if (box210) w('box220', 'Net chargeable gains', box220, 'box 210 − box 215', 'HMRC rule 9159', '220');
  return { box210, box215, box220, carriedForward: available - box215 };
}

export interface ReliefsResult {
  /** Box 250, this period's property loss and the claim on those brought forward together. */
  box250: Pence;
  propertyLossOfPeriodRelieved: Pence;
  propertyBroughtForwardRelieved: Pence;
  box275: Pence;
  box285: Pence;
}

/** Boxes 250, 275 and 285 against box 235, in the form's order (HMRC rules 9169, 9176, 9372). */
export function reliefsAgainstTotalProfits(losses: LossesInput, figures: { box235: Pence; lossArising: Pence; propertyLoss: Pence }, working: Working, errors: FieldError[]): ReliefsResult {
  const w = lineOf(working);
  const { box235, lossArising, propertyLoss } = figures;
  let left = box235;

  // A property loss of the period is set against the period's total profits without a claim (s62(3)).
  const propertyLossOfPeriodRelieved = Math.min(wholePounds(propertyLoss), left);
  left -= propertyLossOfPeriodRelieved;
  const propertyClaim = wholePounds(losses.ukPropertyBroughtForwardClaim);
  if (propertyClaim > left) {
    errors.push({ field: 'losses.ukPropertyBroughtForwardClaim', message: `must not exceed the total profits left to set it against, ${poundsWords(left)} (box 235 ${poundsWords(box235)}${propertyLossOfPeriodRelieved ? ` less this period’s property loss ${poundsWords(propertyLossOfPeriodRelieved)}` : ''}): a claim under CTA 2010 s62(5A)–(5B) may be for part of the losses, never for more than the profits (HMRC rule 9169)` });
  }
  const propertyBroughtForwardRelieved = Math.min(propertyClaim, left);
  left -= propertyBroughtForwardRelieved;
  const box250 = propertyLossOfPeriodRelieved + propertyBroughtForwardRelieved;
  if (box250) {
    const parts = [];
    if (propertyLossOfPeriodRelieved) parts.push(`this period’s property loss ${poundsWords(propertyLoss)} set against total profits ${poundsWords(box235)} as far as they go, without a claim (s62(3)): ${poundsWords(propertyLossOfPeriodRelieved)}`);
    if (propertyBroughtForwardRelieved) parts.push(`property losses brought forward claimed ${poundsWords(propertyBroughtForwardRelieved)} of ${poundsWords(losses.ukPropertyBroughtForward)} (s62(5A)–(5B): the whole or a part)`);
    w('box250', 'UK property business losses for this or previous accounting period', box250, parts.join('; '), 'CTA 2010 s62; PIM4235; HMRC rule 9169', '250');
  }

  // This period's trading loss against its total profits: the claim takes all it can (s37(3)(a)); it cannot be restricted.
  let box275 = 0;
  if (lossArising > 0 && losses.claimAgainstTotalProfits) {
    box275 = Math.min(lossArising, left);
    w('box275', 'Trading losses set against total profits of the period', box275, `the lower of the loss ${poundsWords(lossArising)} and the total profits left ${poundsWords(left)}${box250 ? ` (box 235 less box 250)` : ''}: the claim takes all it can and cannot be restricted`, 'CTA 2010 s37(3)(a); CTM04505; HMRC rule 9176', '275');
    left -= box275;
  }

  // Post-2017 losses carried forward against total profits: on a claim, the whole or a part (s45A(5); CTM04135).
  const claim = wholePounds(losses.totalProfitsBroughtForwardClaim);
  if (claim > left) {
    errors.push({ field: 'losses.totalProfitsBroughtForwardClaim', message: `must not exceed the total profits left to set it against, ${poundsWords(left)} (box 235 ${poundsWords(box235)}${box250 ? ` less box 250 ${poundsWords(box250)}` : ''}${box275 ? ` less box 275 ${poundsWords(box275)}` : ''}): a claim under CTA 2010 s45A(5) may be for part of the losses, never for more than the profits (HMRC rule 9372)` });
  }
  const box285 = Math.min(claim, left);
  if (box285) {
    w('box285', 'Trading losses carried forward and claimed against total profits', box285, `claimed ${poundsWords(box285)} of the post-1 April 2017 losses brought forward ${poundsWords(losses.totalProfitsBroughtForward)}: the company chooses how much (the rest is carried forward)`, 'CTA 2010 s45A(5); CTM04135; HMRC rule 9372', '285');
  }
  return { box250, propertyLossOfPeriodRelieved, propertyBroughtForwardRelieved, box275, box285 };
}

/** The deductions allowance: £5,000,000 a year, pro rata for a shorter period (CTA 2010 s269ZR(3)–(4)). */
export const DEDUCTIONS_ALLOWANCE: Pence = 500_000_000;

/**
 * Carried-forward losses deducted beyond the deductions allowance fall under the loss restriction
 * (CTA 2010 Part 7ZA, s269ZB–s269ZD; capital losses s269ZBA), which this computation does not work
 * out: such a claim is refused, naming the rule, rather than given in full.
 */
export function restrictionErrors(deducted: { box160: Pence; box215BroughtForward: Pence; propertyBroughtForward: Pence; box285: Pence }, periodDays: number): FieldError[] {
  const total = deducted.box160 + deducted.box215BroughtForward + deducted.propertyBroughtForward + deducted.box285;
  const allowance = periodDays >= 365 ? DEDUCTIONS_ALLOWANCE : Math.floor((DEDUCTIONS_ALLOWANCE * periodDays) / 365);
  if (total <= allowance) return [];
  return [
    {
      field: 'losses',
      message: `carried-forward losses of ${poundsWords(total)} deducted in the period exceed the deductions allowance of ${poundsWords(allowance)} (CTA 2010 s269ZR): the restriction of CTA 2010 Part 7ZA (s269ZB–s269ZD) then limits them to the allowance plus half the remaining profits, which this computation does not work out; give the claims as restricted`,
    },
  ];
}
