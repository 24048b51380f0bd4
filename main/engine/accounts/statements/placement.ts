/**
 * The trial balance by code, each code on its line key, with its net debit in
 * pence and, once rounded, in pounds.
 */
import type { AccountsCheck, AccountsRequest, LineKey, Mapping, Pence, TrialBalance } from '../types.js';
import { RESERVES_KEYS } from './layout.js';
import { formatPence } from './rounding.js';

export interface CodeBalance {
  code: string;
  name: string;
  key: LineKey;
  /** Net debit: debit − credit, summed over the code's lines. */
  pence: Pence;
}

/** Codes in the order the trial balance first lists them; every code must be mapped (request-checks.ts). */
export function balancesByCode(trialBalance: TrialBalance, mapping: Mapping): CodeBalance[] {
  const byCode = new Map<string, CodeBalance>();
  for (const line of trialBalance.lines) {
    const existing = byCode.get(line.code);
    if (existing) existing.pence += line.debit - line.credit;
    else byCode.set(line.code, { code: line.code, name: line.name, key: mapping[line.code]!, pence: line.debit - line.credit });
  }
  return [...byCode.values()];
}

/**
 * Corporation tax payable is due within one year (a small company pays 9
 * months and a day after its period, TMA 1970 s59D), whatever the ledger's
 * report layout says: Sage's standard layout lists 2320 Corporation Tax among
 * its long-term liabilities. A code named as corporation tax but placed after
 * more than one year is shown within one year, and the check says so.
 */
export function placeCorporationTax(balances: CodeBalance[]): AccountsCheck[] {
  const checks: AccountsCheck[] = [];
  for (const balance of balances) {
    if (balance.key === 'Creditors[AfterOneYear]' && /corporation\s*tax/i.test(balance.name)) {
      balance.key = 'CorporationTaxPayable';
      checks.push({
        rule: 'corporation-tax-within-one-year',
        level: 'warning',
        message: `Code ${balance.code} (${balance.name}) was placed in creditors due after more than one year; corporation tax is payable 9 months and a day after the period, so it is shown within one year.`,
      });
    }
  }
  return checks;
}

/** The profit and loss reserve carried forward in pence (credit positive): brought forward, plus profit, less dividends. */
export function closingReservesPence(trialBalance: TrialBalance, mapping: Mapping): Pence {
  let credit = 0;
  for (const line of trialBalance.lines) {
    const key = mapping[line.code];
    if (key && RESERVES_KEYS.includes(key)) credit += line.credit - line.debit;
  }
  return credit;
}

/** The reserve brought forward in pence (credit positive): the codes on RetainedEarningsAccumulatedLosses. */
export function openingReservesPence(request: AccountsRequest): Pence {
  let credit = 0;
  for (const line of request.trialBalance.lines) {
    if (request.mapping[line.code] === 'RetainedEarningsAccumulatedLosses') credit += line.credit - line.debit;
  }
  return credit;
}

export function describeReserves(pence: Pence): string {
  return pence < 0 ? `accumulated losses of ${formatPence(-pence)}` : `retained profits of ${formatPence(pence)}`;
}
