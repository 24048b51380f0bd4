/**
 * Statutory accounts from a trial balance: the request is checked, the
 * trial balance rounded once to whole pounds (rounding.ts), each code placed
 * on its line of the regime's formats, the profit closed to the profit and
 * loss reserve, last year's figures set beside this year's, and the notes,
 * statements and facts made from the result. Any broken rule stops the build
 * with every problem named; nothing is half-built.
 */
import type { Accounts, AccountsCheck, AccountsProblem, AccountsRequest, AccountsResult, AccountsTotals, FigurePair, IsoDate, Pounds, ReservesMovement } from '../types.js';
import { MICRO_BALANCE_SHEET, SMALL_BALANCE_SHEET, ASSET_LINE_IDS } from './balance-sheet-layout.js';
import { checkComparatives, previousByLine, reservePins } from './comparatives.js';
import { buildFacts } from './facts.js';
import type { LineSpec } from './layout.js';
import { computeLines, lineFigure, shownLines, type ComputedLine, type PlacedCode } from './lines.js';
import { buildNotes } from './notes.js';
import { balancesByCode, placeCorporationTax } from './placement.js';
import { FORMAT_1_PROFIT_AND_LOSS, FORMAT_2_PROFIT_AND_LOSS, FORMAT_2_ONLY, MICRO_PROFIT_AND_LOSS } from './profit-loss-layout.js';
import { checkMapping, checkRequestFields, checkTrialBalance, codesUsing } from './request-checks.js';
import { requiredStatements } from './required-statements.js';
import { formatPence, formatPounds, roundTrialBalance } from './rounding.js';
import { buildWarnings } from './warnings.js';

export interface BuildOptions {
  /** Today's date: given, an approval date after it is refused (the board cannot have approved the accounts yet). */
  today?: IsoDate;
}

export function buildAccounts(request: AccountsRequest, options: BuildOptions = {}): AccountsResult {
  const problems: AccountsProblem[] = [...checkRequestFields(request, options.today), ...checkTrialBalance(request.trialBalance), ...checkMapping(request)];
  if (problems.length > 0) return { ok: false, problems };

  const balances = balancesByCode(request.trialBalance, request.mapping);
  const checks: AccountsCheck[] = [...placeCorporationTax(balances)];
  const micro = request.standard === 'FRS 105';
  const profitAndLossFormat = micro ? 'micro' : codesUsing(request, FORMAT_2_ONLY).length > 0 ? 'Format 2' : 'Format 1';
  const balanceSheetLayout = micro ? MICRO_BALANCE_SHEET : SMALL_BALANCE_SHEET;
  const profitAndLossLayout: readonly LineSpec[] =
    profitAndLossFormat === 'micro' ? MICRO_PROFIT_AND_LOSS : profitAndLossFormat === 'Format 2' ? FORMAT_2_PROFIT_AND_LOSS : FORMAT_1_PROFIT_AND_LOSS;

  const layoutIds = new Set([...balanceSheetLayout, ...profitAndLossLayout].map((spec) => spec.id));
  const comparativeProblems = checkComparatives(request, layoutIds);
  if (comparativeProblems.length > 0) return { ok: false, problems: comparativeProblems };

  const pounds = roundTrialBalance(balances, reservePins(balances, request.comparatives));
  const placed: PlacedCode[] = balances.map((b) => ({ ...b, pounds: pounds.get(b.code) ?? 0 }));
  const previous = request.comparatives ? previousByLine(request.comparatives) : undefined;
  const bsLines = computeLines(balanceSheetLayout, placed, previous);
  const plLines = computeLines(profitAndLossLayout, placed, previous);

  const totals = buildTotals(bsLines, plLines, micro);
  const imbalance = checkBalances(bsLines, totals);
  if (imbalance.length > 0) return { ok: false, problems: imbalance };

  const totalDebits = request.trialBalance.lines.reduce((sum, l) => sum + l.debit, 0);
  checks.unshift(
    { rule: 'trial-balance-balances', level: 'passed', message: `The trial balance balances: debits and credits are both ${formatPence(totalDebits)}.` },
    { rule: 'code-placed', level: 'passed', message: `All ${balances.length} codes of the trial balance are placed on a line of the accounts.` },
    { rule: 'balance-sheet-balances', level: 'passed', message: `The balance sheet balances: net assets and capital and reserves are both ${formatPounds(totals.netAssets.current)}.` },
  );
  if (request.comparatives) {
    checks.push({ rule: 'reserves-brought-forward', level: 'passed', message: "This year's reserve brought forward is last year's reserve carried forward." });
  }

  const balanceSheet = shownLines(bsLines);
  const profitAndLoss = shownLines(plLines);
  const employees: FigurePair = pair(request.averageEmployees, request.comparatives?.averageEmployees.current);
  const debtorsAfterOneYear = pair(
    placed.filter((c) => c.key === 'Debtors[AfterOneYear]').reduce((sum, c) => sum + c.pounds, 0),
    request.comparatives ? previousFact(request.comparatives, 'Debtors', 'AfterOneYear') : undefined,
  );
  const debtors = lineFigure(bsLines, 'Debtors');
  const debtorsWithinOneYear = pair(
    debtors.current - debtorsAfterOneYear.current,
    debtors.previous !== undefined ? debtors.previous - (debtorsAfterOneYear.previous ?? 0) : undefined,
  );

  checks.push(...buildWarnings(request, totals, profitAndLoss, placed));
  const accounts: Accounts = {
    company: { name: request.company.name, number: request.company.number },
    period: { ...request.period },
    ...(request.comparatives ? { previousPeriod: { ...request.comparatives.period } } : {}),
    standard: request.standard,
    dormant: request.dormant,
    directors: [...request.directors],
    approval: { ...request.approval },
    averageEmployees: employees,
    ...(request.principalActivity ? { principalActivity: request.principalActivity } : {}),
    deliverProfitAndLossToCompaniesHouse: request.deliverProfitAndLossToCompaniesHouse ?? true,
    formats: { balanceSheet: 'Format 1', profitAndLoss: profitAndLossFormat },
    balanceSheet,
    profitAndLoss,
    totals,
    reserves: buildReserves(placed, totals, request.comparatives?.reserves),
    notes: buildNotes(request, balanceSheet, employees, debtorsAfterOneYear),
    statements: requiredStatements(request),
    facts: buildFacts(request, balanceSheet, profitAndLoss, {
      debtorsAfterOneYear,
      debtorsWithinOneYear,
      employees,
    }),
    checks,
    trialBalance: request.trialBalance,
    mapping: { ...request.mapping },
  };
  return { ok: true, accounts };
}

function pair(current: Pounds, previous: Pounds | undefined): FigurePair {
  return previous !== undefined ? { current, previous } : { current };
}

function previousFact(last: Accounts, concept: string, member: string): Pounds {
  return last.facts.find((f) => f.concept === concept && f.member === member && f.period === 'current')?.value ?? 0;
}

function add(a: FigurePair, b: FigurePair, sign: 1 | -1 = 1): FigurePair {
  return pair(a.current + sign * b.current, a.previous !== undefined || b.previous !== undefined ? (a.previous ?? 0) + sign * (b.previous ?? 0) : undefined);
}

function buildTotals(bs: readonly ComputedLine[], pl: readonly ComputedLine[], micro: boolean): AccountsTotals {
  const profitLoss = lineFigure(pl, 'ProfitLoss');
  const assets = ASSET_LINE_IDS.map((id) => lineFigure(bs, id)).reduce((sum, f) => add(sum, f), pair(0, bs[0]?.previous !== undefined ? 0 : undefined));
  return {
    netCurrentAssets: lineFigure(bs, 'NetCurrentAssetsLiabilities'),
    totalAssetsLessCurrentLiabilities: lineFigure(bs, 'TotalAssetsLessCurrentLiabilities'),
    netAssets: lineFigure(bs, 'NetAssetsLiabilities'),
    capitalAndReserves: lineFigure(bs, 'Equity'),
    // A micro-entity's format has no profit before tax line: it is the profit plus the tax charge.
    profitLossBeforeTax: micro ? add(profitLoss, lineFigure(pl, 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities')) : lineFigure(pl, 'ProfitLossOnOrdinaryActivitiesBeforeTax'),
    profitLoss,
    balanceSheetTotal: assets,
    turnover: lineFigure(pl, 'TurnoverRevenue'),
  };
}

/** Net assets must equal capital and reserves once the profit is closed to reserves, this year and as last year's figures stand. */
function checkBalances(bs: readonly ComputedLine[], totals: AccountsTotals): AccountsProblem[] {
  const problems: AccountsProblem[] = [];
  // The lines that make net assets, as they stand in that year (nil lines are not shown, so not named).
  const describe = (year: 'current' | 'previous') =>
    bs
      .filter((l) => (l.role !== 'total' || l.id === 'NetAssetsLiabilities') && (l[year] ?? 0) !== 0)
      .map((l) => `${l.format ? `${l.format} ` : ''}${l.label} ${formatPounds(l[year] ?? 0)}`)
      .join('; ');
  for (const year of ['current', 'previous'] as const) {
    const net = totals.netAssets[year];
    const equity = totals.capitalAndReserves[year];
    if (net === undefined || equity === undefined || net === equity) continue;
    problems.push({
      field: 'balanceSheet',
      rule: 'balance-sheet-balances',
      message: `The ${year === 'current' ? '' : "previous year's "}balance sheet does not balance after the profit of ${formatPounds(totals.profitLoss[year] ?? 0)} is closed to reserves: net assets ${formatPounds(net)}, capital and reserves ${formatPounds(equity)}, a difference of ${formatPounds(net - equity)}. Line totals: ${describe(year)}.`,
    });
  }
  return problems;
}

function buildReserves(placed: readonly PlacedCode[], totals: AccountsTotals, last: ReservesMovement | undefined): ReservesMovement {
  // Credit-natured: a brought-forward credit balance is a positive reserve; dividends are debits.
  const broughtForward = -placed.filter((c) => c.key === 'RetainedEarningsAccumulatedLosses').reduce((sum, c) => sum + c.pounds, 0);
  const dividends = placed.filter((c) => c.key === 'DividendsPaid').reduce((sum, c) => sum + c.pounds, 0);
  const profit = totals.profitLoss.current;
  return {
    broughtForward: pair(broughtForward || 0, last?.broughtForward.current),
    profitLoss: pair(profit, last?.profitLoss.current),
    dividends: pair(dividends || 0, last?.dividends.current),
    carriedForward: pair(broughtForward + profit - dividends || 0, last?.carriedForward.current),
  };
}

