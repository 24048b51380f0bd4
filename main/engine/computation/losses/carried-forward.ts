/**
 * What each stock of losses carries to the next period: the next return's
 * brought-forward figures, kept apart as the law relieves them apart.
 */
import type { ComputationInput } from '../input.js';
import { asPounds, poundsWords, type Pence } from '../money.js';
import type { Working } from '../working.js';
import type { ReliefsResult } from './in-period.js';

export interface LossesCarriedForward {
  /** Against the same trade only (s45 pre-1 April 2017, s45B): the next period's losses.tradingBroughtForward. */
  tradingLosses: Pence;
  /** Post-1 April 2017 losses against total profits on a claim (s45A): the next period's losses.totalProfitsBroughtForward. */
  totalProfitsLosses: Pence;
  /** UK property business losses (s62(5)): the next period's losses.ukPropertyBroughtForward. */
  ukPropertyLosses: Pence;
  /** Allowable capital losses (TCGA 1992 s8(1)(b)): the next period's losses.capitalBroughtForward. */
  capitalLosses: Pence;
}

/** Losses of periods beginning before this day are carried forward under s45 against the trade only; later ones under s45A. */
const TOTAL_PROFITS_CARRY_FORWARD_FROM = '2017-04-01';

export function carriedForwardOf(
  input: ComputationInput,
  used: { box160: Pence; box285: Pence; lossLeft: Pence; propertyLoss: Pence; reliefs: ReliefsResult; capital: Pence; ceased: boolean },
  working: Working,
): LossesCarriedForward {
  const l = input.losses;
  const w = (id: string, label: string, pence: Pence, how: string, rule: string) => working.add({ id, label, amount: asPounds(pence), how, rule });
  const before2017 = input.period.from < TOTAL_PROFITS_CARRY_FORWARD_FROM;
  // A ceased trade carries nothing forward (s45(1), s45A(1) need the trade carried on in the next period); terminal relief for carried-forward losses (s45F) is not worked out here.
  const sameTrade = used.ceased ? 0 : l.tradingBroughtForward - used.box160 + (before2017 ? used.lossLeft : 0);
  const totalProfits = used.ceased ? 0 : l.totalProfitsBroughtForward - used.box285 + (before2017 ? 0 : used.lossLeft);
  const property = l.ukPropertyBroughtForward - used.reliefs.propertyBroughtForwardRelieved + used.propertyLoss - used.reliefs.propertyLossOfPeriodRelieved;
  const ceasedWords = used.ceased ? ': the trade ceased, so none is carried forward (s45(1), s45A(1)); relief for carried-forward losses on cessation (s45F) is not worked out here' : '';
  w(
    'losses.carriedForward',
    'Trading losses carried forward against the same trade',
    sameTrade,
    `brought forward ${poundsWords(l.tradingBroughtForward)} − set against the trade in box 160 ${poundsWords(used.box160)}${before2017 && used.lossLeft ? ` + this period's loss not relieved ${poundsWords(used.lossLeft)} (a period beginning before 1 April 2017)` : ''}${ceasedWords}`,
    'CTA 2010 s45, s45B; CTM04120',
  );
  if (totalProfits || l.totalProfitsBroughtForward || used.lossLeft)
    w(
      'losses.carriedForwardTotalProfits',
      'Trading losses carried forward against total profits',
      totalProfits,
      `brought forward ${poundsWords(l.totalProfitsBroughtForward)} − claimed in box 285 ${poundsWords(used.box285)}${!before2017 && used.lossLeft ? ` + this period's loss not relieved ${poundsWords(used.lossLeft)}` : ''}${ceasedWords}`,
      'CTA 2010 s45A; CTM04110',
    );
  if (property || l.ukPropertyBroughtForward || used.propertyLoss)
    w('losses.carriedForwardUkProperty', 'UK property business losses carried forward', property, `brought forward ${poundsWords(l.ukPropertyBroughtForward)} − claimed ${poundsWords(used.reliefs.propertyBroughtForwardRelieved)} + this period's loss ${poundsWords(used.propertyLoss)} − set against this period's profits ${poundsWords(used.reliefs.propertyLossOfPeriodRelieved)}`, 'CTA 2010 s62(4)–(5); PIM4235');
  if (used.capital || l.capitalBroughtForward || l.capitalOfPeriod)
    w('losses.carriedForwardCapital', 'Allowable capital losses carried forward', used.capital, `brought forward ${poundsWords(l.capitalBroughtForward)} + of the period ${poundsWords(l.capitalOfPeriod)} − set against gains in box 215`, 'TCGA 1992 s8(1)(b)');
  return { tradingLosses: sameTrade, totalProfitsLosses: totalProfits, ukPropertyLosses: property, capitalLosses: used.capital };
}
