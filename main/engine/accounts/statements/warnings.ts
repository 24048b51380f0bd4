/**
 * Warnings that do not stop the build but the firm should see: the size
 * tests of CA 2006 s382–s384B (thresholds for years beginning on or after
 * 6 April 2025, SI 2024/1303), a dormant company with profit and loss
 * entries, net liabilities (the directors should consider going concern),
 * and a director's loan account the director owes on with no advances note.
 * A size test failed in one year only warns: a company changes size only
 * after two consecutive years (s382(2), s384A(3)), which one year's figures
 * cannot show.
 */
import type { AccountsCheck, AccountsRequest, AccountsTotals, StatementLine } from '../types.js';
import { monthsCovered } from './dates.js';
import type { PlacedCode } from './lines.js';
import { formatPounds } from './rounding.js';

const LIMITS = {
  'FRS 105': { name: 'a micro-entity', turnover: 1_000_000, grossAssets: 500_000, employees: 10, law: 's384A' },
  'FRS 102 1A': { name: 'a small', turnover: 15_000_000, grossAssets: 7_500_000, employees: 50, law: 's382' },
} as const;

export function buildWarnings(request: AccountsRequest, totals: AccountsTotals, profitAndLoss: readonly StatementLine[], codes: readonly PlacedCode[]): AccountsCheck[] {
  const checks: AccountsCheck[] = [];
  const limits = LIMITS[request.standard];
  // Turnover is scaled to a 12-month year for a longer or shorter period (s382(4), s384A(5)).
  const months = monthsCovered(request.period.from, request.period.to);
  const turnoverLimit = Math.round((limits.turnover * months) / 12);
  const over: string[] = [];
  if (totals.turnover.current > turnoverLimit) over.push(`turnover ${formatPounds(totals.turnover.current)} is over ${formatPounds(turnoverLimit)}`);
  if (totals.balanceSheetTotal.current > limits.grossAssets) over.push(`the balance sheet total ${formatPounds(totals.balanceSheetTotal.current)} is over ${formatPounds(limits.grossAssets)}`);
  if (request.averageEmployees > limits.employees) over.push(`average employees ${request.averageEmployees} are over ${limits.employees}`);
  if (over.length >= 2) {
    checks.push({
      rule: 'size',
      level: 'warning',
      message: `This year the company does not meet the conditions for ${limits.name} company (CA 2006 ${limits.law}): ${over.join('; ')}. It stays ${limits.name} company only if it met them last year (a size changes after two consecutive years).`,
    });
  } else {
    checks.push({ rule: 'size', level: 'passed', message: `This year the company meets the conditions for ${limits.name} company (CA 2006 ${limits.law}).` });
  }

  if (request.dormant) {
    const active = profitAndLoss.filter((l) => l.role === 'item' && l.current !== 0);
    if (active.length > 0) {
      checks.push({
        rule: 'dormant',
        level: 'warning',
        message: `The company is said to be dormant, but its profit and loss account has entries (${active.map((l) => `${l.label} ${formatPounds(l.current)}`).join(', ')}): a dormant company has no significant accounting transactions (CA 2006 s1169).`,
      });
    }
  }
  if (totals.netAssets.current < 0) {
    checks.push({
      rule: 'net-liabilities',
      level: 'warning',
      message: `The company has net liabilities of ${formatPounds(-totals.netAssets.current)}: the directors must consider whether it is a going concern, and say so in the notes if there is material uncertainty.`,
    });
  }
  checks.push(...directorsLoanWarnings(request, codes));
  return checks;
}

/** A director's loan account (known by its name, as ledgers have no standard code for it) in debit at the period end is an advance to a director. */
function directorsLoanWarnings(request: AccountsRequest, codes: readonly PlacedCode[]): AccountsCheck[] {
  if ((request.notes?.advancesToDirectors ?? []).length > 0) return [];
  return codes
    .filter((c) => /director/i.test(c.name) && /loan|current account/i.test(c.name) && c.pounds > 0)
    .map((c) => ({
      rule: 'advances-to-directors',
      level: 'warning' as const,
      message: `Code ${c.code} (${c.name}) is in debit by ${formatPounds(c.pounds)} at the period end: a director owes the company, and the accounts must note advances and credits to directors (CA 2006 s413). Give the advance in the notes.`,
    }));
}
