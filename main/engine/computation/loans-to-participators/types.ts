/**
 * Loans to participators (CTA 2010 Part 10 Chapter 3, s455–s464D; HMRC's
 * Company Taxation Manual CTM61500–CTM61690) and the CT600A supplementary
 * page: the computation input's `loansToParticipators` section and what the
 * computation gives back. Amounts in the input are pence (the parser turns
 * the JSON's pounds into pence); the output speaks pounds, as every output
 * of the computation does.
 */
import type { IsoDate } from '../dates.js';
import type { Pence } from '../money.js';

/**
 * How a loan was reduced: `repayment` (money paid back), `credit` (a dividend,
 * salary or bonus credited to the participator's account: taxed as income, so
 * outside s464C by s464C(6)), `release` (released or written off, s458(1)(b)).
 */
export const REPAYMENT_KINDS = ['repayment', 'credit', 'release'] as const;
export type RepaymentKind = (typeof REPAYMENT_KINDS)[number];

/** A loan or advance made in this period, or after its end (those matter only to s464C). */
export interface ParticipatorLoan {
  participator: string;
  date: IsoDate;
  amount: Pence;
}

/** Still outstanding at the start of this period from a loan made in an earlier one (`periodEnd` the end of that period). */
export interface LoanBroughtForward {
  participator: string;
  loanDate: IsoDate;
  periodEnd: IsoDate;
  amount: Pence;
}

/** A repayment, a credit to the participator's account, or a release, inside the period or after its end. */
export interface LoanRepayment {
  participator: string;
  date: IsoDate;
  amount: Pence;
  kind: RepaymentKind;
}

export interface LoansToParticipatorsInput {
  /** The day the return will be filed: Part 3 relief goes on the return only when due by then (s458(5); COM53130). */
  filedOn: IsoDate;
  loans: ParticipatorLoan[];
  broughtForward: LoanBroughtForward[];
  repayments: LoanRepayment[];
}

// ---- Output (pounds) ----

/** One line of Part 2 (A25) or Part 3 (A50): name, amount repaid, amount released or written off, date. */
export interface ReliefLine {
  name: string;
  repaid?: number;
  releasedOrWrittenOff?: number;
  date: IsoDate;
}

/**
 * The CT600A as it goes on the return: every box under its form name. A10,
 * A25 and A50 are repeated lines; the totals and A5, A75, A80 are also in the
 * computation's `boxes`.
 */
export interface Ct600aPage {
  /** A5: loans made in the period were repaid, released or written off before its end. */
  A5: boolean;
  /** Part 1: loans made in the period and outstanding at its end (A10: name and amount, whole pounds). */
  A10: { name: string; amount: number }[];
  A15?: number;
  A20?: number;
  /** Part 2: repaid, released or written off after the period but within nine months of its end. */
  A25: ReliefLine[];
  A30?: number;
  A35?: number;
  A40?: number;
  A45?: number;
  /** Part 3: repaid later, with the relief due by the day the return is filed. */
  A50: ReliefLine[];
  A55?: number;
  A60?: number;
  A65?: number;
  A70?: number;
  /** Total loans outstanding: A15 − A40 − A65, when more than nothing. */
  A75?: number;
  /** Tax payable: A20 − A45 − A70, never below 0; box 480. */
  A80: number;
}

/** Relief for this period's loans repaid more than nine months after its end, due only after the return is filed: the claim to make later. */
export interface LaterReliefClaim {
  participator: string;
  date: IsoDate;
  repaid: number;
  releasedOrWrittenOff: number;
  relief: number;
  /** Nine months and a day after the end of the accounting period of the repayment (s458(5)). */
  reliefDue: IsoDate;
  /** An amended return (Part 3 of this period's CT600A) while within two years of this period's end; form L2P after. */
  claim: 'amendment' | 'L2P';
  how: string;
}

/** Relief for an earlier period's loan repaid (or released) from this period's start on: that period's, never this return's. */
export interface EarlierPeriodRelief {
  /** The end of the period the loan was made in. */
  periodEnd: IsoDate;
  repaid: number;
  relief: number;
  reliefDue: IsoDate;
  claim: 'amendment' | 'L2P';
  how: string;
}

/** Where the law charges more than the boxes can carry: the v1.994 rules take 33.75% only, the law 35.75% on loans from 6 April 2026. */
export interface S455Underpaid {
  /** How much more s455 tax the law charges than box A80 (and 480) shows. */
  amount: number;
  byLaw: number;
  onForm: number;
  amendmentNeeded: true;
  how: string;
}

/** A repayment matched to a new loan by s464C instead of the loan it would otherwise repay. */
export interface S464cMatch {
  participator: string;
  rule: '30-day' | 'arrangements';
  repaymentDate: IsoDate;
  loanDate: IsoDate;
  amount: number;
  how: string;
}

export interface ParticipatorSummary {
  name: string;
  broughtForward: number;
  loansInPeriod: number;
  repaidInPeriod: number;
  /** Outstanding at the period end, from this period's loans and earlier ones. */
  outstandingAtEnd: number;
  /** This period's loans outstanding at its end (Part 1). */
  chargedThisPeriod: number;
}

export interface LoansToParticipatorsOutput {
  filedOn: IsoDate;
  /** When the s455 tax of this period is due: nine months and a day after its end (s455(3); TMA 1970 s59D). */
  taxDue: IsoDate;
  /** The CT600A; null when no loan was made in the period (then no page, and no box 480). */
  page: Ct600aPage | null;
  /** s455 tax of the period after Part 2 and Part 3 relief, by law (each loan at its own rate). */
  taxByLaw: number;
  participators: ParticipatorSummary[];
  laterRelief: LaterReliefClaim[];
  matches: S464cMatch[];
  /** Outstanding at the period end: the next period's `broughtForward`. */
  carriedForward: { participator: string; loanDate: IsoDate; periodEnd: IsoDate; amount: number }[];
}
