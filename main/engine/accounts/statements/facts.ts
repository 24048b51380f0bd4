/**
 * The figures as facts for the Inline XBRL writer: one per shown line and
 * year, with the concept and member the line names (shared/docs/accounts.md
 * §3), plus the figures that are not lines: debtors due after one year,
 * average employees and the notes' amounts. A micro-entity's profit before
 * tax is not a format line, so it is not a fact: the computation reads it as
 * the profit plus the tax charge (computation/accounts-figures.ts), and a
 * filleted copy, which leaves out the profit and loss lines' facts, then
 * carries no profit and loss figure. Balance sheet figures are instants, profit and loss
 * figures durations. Previous-period facts come only with comparatives.
 */
import type { AccountsFact, AccountsRequest, FigurePair, StatementLine } from '../types.js';
import { nearestPound } from './rounding.js';

const MATURITY = 'MaturitiesOrExpirationPeriodsDimension';
const EQUITY_CLASSES = 'EquityClassesDimension';

function dimensionOf(member: string): string {
  return member === 'WithinOneYear' || member === 'AfterOneYear' ? MATURITY : EQUITY_CLASSES;
}

function pairFacts(base: Omit<AccountsFact, 'period' | 'value'>, pair: FigurePair): AccountsFact[] {
  const facts: AccountsFact[] = [{ ...base, period: 'current', value: pair.current }];
  if (pair.previous !== undefined) facts.push({ ...base, period: 'previous', value: pair.previous });
  return facts;
}

function lineFacts(lines: readonly StatementLine[], periodType: 'instant' | 'duration'): AccountsFact[] {
  return lines.flatMap((line) =>
    pairFacts(
      {
        schema: 'core',
        concept: line.concept,
        ...(line.member ? { dimension: dimensionOf(line.member), member: line.member } : {}),
        periodType,
        unit: 'GBP',
      },
      line,
    ),
  );
}

export interface ExtraFigures {
  debtorsAfterOneYear: FigurePair;
  debtorsWithinOneYear: FigurePair;
  employees: FigurePair;
}

export function buildFacts(request: AccountsRequest, balanceSheet: readonly StatementLine[], profitAndLoss: readonly StatementLine[], extra: ExtraFigures): AccountsFact[] {
  const facts = [...lineFacts(balanceSheet, 'instant'), ...lineFacts(profitAndLoss, 'duration')];
  const hasLongDebtors = extra.debtorsAfterOneYear.current !== 0 || (extra.debtorsAfterOneYear.previous ?? 0) !== 0;
  if (request.standard === 'FRS 102 1A' && hasLongDebtors) {
    facts.push(...pairFacts({ schema: 'core', concept: 'Debtors', dimension: MATURITY, member: 'WithinOneYear', periodType: 'instant', unit: 'GBP' }, extra.debtorsWithinOneYear));
    facts.push(...pairFacts({ schema: 'core', concept: 'Debtors', dimension: MATURITY, member: 'AfterOneYear', periodType: 'instant', unit: 'GBP' }, extra.debtorsAfterOneYear));
  }
  facts.push(...pairFacts({ schema: 'core', concept: 'AverageNumberEmployeesDuringPeriod', periodType: 'duration', unit: 'pure' }, extra.employees));

  const notes = request.notes ?? {};
  const advances = notes.advancesToDirectors ?? [];
  if (advances.length > 0) {
    const sum = (f: (a: (typeof advances)[number]) => number) => nearestPound(advances.reduce((total, a) => total + f(a), 0));
    facts.push({ schema: 'direp', concept: 'AdvancesCreditsDirectors', period: 'current', periodType: 'instant', unit: 'GBP', value: sum((a) => a.broughtForward + a.advanced - a.repaid - (a.writtenOff ?? 0)) });
    facts.push({ schema: 'direp', concept: 'AdvancesCreditsMadeInPeriodDirectors', period: 'current', periodType: 'duration', unit: 'GBP', value: sum((a) => a.advanced) });
    facts.push({ schema: 'direp', concept: 'AdvancesCreditsRepaidInPeriodDirectors', period: 'current', periodType: 'duration', unit: 'GBP', value: sum((a) => a.repaid) });
  }
  const guaranteed = (notes.guaranteesForDirectors ?? []).filter((g) => g.maximumLiability !== undefined);
  if (guaranteed.length > 0) {
    const value = nearestPound(guaranteed.reduce((total, g) => total + (g.maximumLiability ?? 0), 0));
    facts.push({ schema: 'direp', concept: 'MaximumLiabilityUnderGuaranteesDirectors', period: 'current', periodType: 'instant', unit: 'GBP', value });
  }
  if (notes.financialCommitments) {
    const c = notes.financialCommitments;
    facts.push({ schema: 'core', concept: 'FinancialCommitmentsOtherThanCapitalCommitments', period: 'current', periodType: 'instant', unit: 'GBP', value: nearestPound(c.total) });
    if (c.capital) facts.push({ schema: 'core', concept: 'CapitalCommitments', period: 'current', periodType: 'instant', unit: 'GBP', value: nearestPound(c.capital) });
  }
  if (notes.contingencies) {
    facts.push({ schema: 'core', concept: 'ContingentLiabilities', period: 'current', periodType: 'instant', unit: 'GBP', value: nearestPound(notes.contingencies.amount) });
  }
  return facts;
}
