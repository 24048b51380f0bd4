/**
 * The losses part of a computation input: every stock of losses brought
 * forward and every claim the company makes, each kept apart because the law
 * relieves each differently (CTA 2010 Part 4; TCGA 1992 s8; HMRC's Company
 * Taxation Manual CTM04000 onwards).
 */
import type { IsoDate } from '../dates.js';
import type { Pence } from '../money.js';

/** An earlier return's figures, as filed, for a loss carried back to it (CTA 2010 s37(3)(b), s39). */
export interface EarlierPeriod {
  from: IsoDate;
  to: IsoDate;
  /** Box 300 as filed: the profits a carried-back loss can be set against (it comes before donations and group relief). */
  profitsBeforeDonationsAndGroupRelief: Pence;
  /** Box 275 as filed. */
  tradingLosses: Pence;
  /** Box 295 as filed. */
  totalDeductionsAndReliefs: Pence;
  /** Box 305 as filed. */
  qualifyingDonations: Pence;
  /** Box 326 of that return, for its tax before and after the amendment. */
  associatedCompanies: number;
  /** Box 620 of that return (exempt distributions), for its small profits limits. */
  exemptDistributions: Pence;
  /** Box 780 of that return: its own trading loss, for the terminal loss of a ceased trade (CTA 2010 s39(3)(b)). */
  tradingLoss: Pence;
  /** How much of that loss was relieved already (against that or earlier periods, or group relief). */
  tradingLossRelieved: Pence;
}

export interface LossesInput {
  /** Trading losses carried forward against the same trade's profits only: pre-1 April 2017 losses (s45) and post-2017 losses under s45B. Box 160. */
  tradingBroughtForward: Pence;
  /** A claim under s45(4A) or s45B(5) that no more than this is set against the trade's profits; null: as far as they go. */
  tradingBroughtForwardSetOff: Pence | null;
  /** Post-1 April 2017 trading losses carried forward under s45A, relieved against total profits only on a claim. */
  totalProfitsBroughtForward: Pence;
  /** The s45A(5) claim: how much of them to set against this period's total profits (box 285); the whole or a part. */
  totalProfitsBroughtForwardClaim: Pence;
  /** Claim this period's trading loss against its total profits (s37(3)(a), box 275); otherwise it is carried forward. */
  claimAgainstTotalProfits: boolean;
  /** Also carry what is left back to the previous 12 months (s37(3)(b)): amendments of the earlier returns. */
  carryBack: boolean;
  /** The trade ceased: carry the terminal loss back 3 years (s39), latest period first. */
  terminalLoss: boolean;
  /** Total profits of the previous 12 months, for the carry-back memo when no carry-back is claimed. */
  previousPeriodTotalProfits: Pence | null;
  /** The earlier returns a carried-back loss amends. */
  earlierPeriods: EarlierPeriod[];
  /** UK property business losses carried forward (s62(5)). */
  ukPropertyBroughtForward: Pence;
  /** The s62(5A)–(5B) claim: how much of them to set against this period's total profits (box 250); the whole or a part. */
  ukPropertyBroughtForwardClaim: Pence;
  /** Allowable capital losses brought forward (TCGA 1992 s8(1)(b)); box 215 with those of the period. */
  capitalBroughtForward: Pence;
  /** Allowable capital losses of this period (TCGA 1992 s8(1)(a)); box 825. */
  capitalOfPeriod: Pence;
}
