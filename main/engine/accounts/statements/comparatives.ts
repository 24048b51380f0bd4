/**
 * Last year's accounts as this year's comparatives: their figures by line,
 * and the checks that they are last year's: the same company, the period
 * ends the day before this one starts, and the profit and loss reserve carried forward last year
 * (in pence, from last year's own trial balance) is the reserve brought
 * forward in this year's trial balance.
 */
import type { Accounts, AccountsProblem, AccountsRequest, Pounds } from '../types.js';
import { addDays } from './dates.js';
import { closingReservesPence, describeReserves, openingReservesPence, type CodeBalance } from './placement.js';
import { formatPounds, nearestPound } from './rounding.js';

export function checkComparatives(request: AccountsRequest, layoutIds: ReadonlySet<string>): AccountsProblem[] {
  const last = request.comparatives;
  if (!last) return [];
  const problems: AccountsProblem[] = [];
  if (last.company.number !== request.company.number) {
    problems.push({
      field: 'comparatives.company.number',
      rule: 'comparatives-company',
      message: `Last year's accounts are for company ${last.company.number} (${last.company.name}), not ${request.company.number}.`,
    });
  }
  if (addDays(last.period.to, 1) !== request.period.from) {
    problems.push({
      field: 'comparatives.period',
      rule: 'comparatives-period',
      message: `Last year's accounts cover ${last.period.from} to ${last.period.to}; this period starts ${request.period.from}, not the day after last year's ended.`,
    });
  }
  const closing = closingReservesPence(last.trialBalance, last.mapping);
  const opening = openingReservesPence(request);
  if (closing !== opening) {
    problems.push({
      field: 'comparatives',
      rule: 'reserves-brought-forward',
      message: `Last year's accounts carried forward ${describeReserves(closing)}, but this year's trial balance brings forward ${describeReserves(opening)} (the codes mapped to RetainedEarningsAccumulatedLosses); they must be the same.`,
    });
  }
  for (const line of [...last.balanceSheet, ...last.profitAndLoss]) {
    if (line.current !== 0 && !layoutIds.has(line.id)) {
      problems.push({
        field: 'comparatives',
        rule: 'comparatives-layout',
        message: `Last year's line "${line.label}" (${formatPounds(line.current)}) has no place in this year's ${request.standard} format; build last year's accounts under ${request.standard} too.`,
      });
    }
  }
  return problems;
}

/** Last year's figures by line id, as last year's accounts showed them. */
export function previousByLine(last: Accounts): Map<string, Pounds> {
  const figures = new Map<string, Pounds>();
  for (const line of [...last.balanceSheet, ...last.profitAndLoss]) figures.set(line.id, line.current);
  return figures;
}

/**
 * The reserve brought forward keeps last year's carried-forward figure to
 * the pound, so the comparative and this year's opening read the same: the
 * largest brought-forward code is pinned, the others round as usual.
 */
export function reservePins(balances: readonly CodeBalance[], last: Accounts | undefined): Map<string, Pounds> {
  const pins = new Map<string, Pounds>();
  if (!last) return pins;
  const broughtForward = balances.filter((b) => b.key === 'RetainedEarningsAccumulatedLosses');
  if (broughtForward.length === 0) return pins;
  const largest = broughtForward.reduce((a, b) => (Math.abs(b.pence) > Math.abs(a.pence) ? b : a));
  const others = broughtForward.filter((b) => b !== largest).reduce((sum, b) => sum + nearestPound(b.pence), 0);
  // Net debit: a credit reserve is negative.
  pins.set(largest.code, -last.reserves.carriedForward.current - others);
  return pins;
}
