/**
 * A default chart's rules: a code (or a range of codes) and the line it
 * takes, with why. A rule may place by the account's balance (a director's
 * loan account is an asset when the director owes the company, a liability
 * when the company owes the director) or by the accounts' standard (the
 * micro-entity profit and loss account has no interest line).
 */
import type { AccountsStandard, LineKey } from '../types.js';

export interface PlacementContext {
  /** Pence: debit − credit. */
  balance: number;
  standard: AccountsStandard;
}

export interface ChartRule {
  /** Inclusive code range as numbers; a single code has from = to. */
  from: number;
  to: number;
  /** The line, or how to choose it. */
  line: LineKey | ((context: PlacementContext) => LineKey);
  /** Why, in the chart's own words: the named account or range. */
  why: string | ((context: PlacementContext) => string);
}

export type ChartId = 'sage-uk' | 'xero-uk';

export interface Chart {
  id: ChartId;
  name: string;
  /** How the chart's codes look: Sage's are four digits, Xero's three. */
  codePattern: RegExp;
  rules: readonly ChartRule[];
}

/** A director's loan account by its balance: a debit is owed to the company (CA 2006 s413 advance), a credit is owed to the director. */
export const byDirectorsLoanBalance = {
  line: ({ balance }: PlacementContext): LineKey => (balance > 0 ? 'Debtors' : 'Creditors'),
  why: (named: string) => ({ balance }: PlacementContext) =>
    balance > 0 ? `${named}: a debit balance, owed by the director to the company, is a debtor` : `${named}: a credit balance, owed by the company to the director (repayable on demand), is a creditor within one year`,
};

/** A bank, cash or card account by its balance: a credit balance (an overdraft, a card balance) is a creditor within one year. */
export const byBankBalance = {
  line: ({ balance }: PlacementContext): LineKey => (balance < 0 ? 'Creditors' : 'CashBankOnHand'),
  why: (named: string) => ({ balance }: PlacementContext) => (balance < 0 ? `${named}: a credit balance is owed to the bank or card issuer (an overdraft, a card balance), a creditor within one year` : `${named}: cash at bank and in hand`),
};

/** Interest: its own line in the small company formats; the micro-entity format has none, so it is among "other charges" (SI 2008/409 Sch 1 Section C). */
export const interestPayable = ({ standard }: PlacementContext): LineKey => (standard === 'FRS 105' ? 'OtherOperatingExpensesFormat2' : 'InterestPayableSimilarChargesFinanceCosts');
export const interestReceivable = ({ standard }: PlacementContext): LineKey => (standard === 'FRS 105' ? 'OtherOperatingIncomeFormat2' : 'OtherInterestReceivableSimilarIncomeFinanceIncome');
