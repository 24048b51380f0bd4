/**
 * Each trial balance code placed on a statutory line, with why: the firm's
 * own answer first (kept per client for next year), then a director's loan
 * account or a bank account known by its name or type, then the default
 * chart the export comes from. A code none of these places is returned as
 * unplaced with the reason, never guessed.
 */
import { RequestValidationError, type FieldError } from '../../errors.js';
import { isLineKey, LINE_KEYS, type AccountsStandard, type LineKey, type Mapping } from '../types.js';
import { byBankBalance, byDirectorsLoanBalance, type Chart, type ChartId, type PlacementContext } from './rules.js';
import { SAGE_UK } from './sage-uk.js';
import { XERO_UK } from './xero-uk.js';

export const CHARTS: readonly Chart[] = [SAGE_UK, XERO_UK];

export interface AccountBalance {
  code: string;
  name: string;
  /** Pence. */
  debit: number;
  credit: number;
  /** The export's account type, when it gives one (Xero's "Bank"). */
  type?: string;
}

export interface Placement {
  code: string;
  name: string;
  line: LineKey;
  why: string;
  /** Who placed it: the firm's answer, the account's name or type, or a default chart. */
  by: 'firm' | 'name' | 'type' | ChartId;
}

export interface Unplaced {
  code: string;
  name: string;
  /** Pence: debit − credit. A nil account need not be placed. */
  balance: number;
  why: string;
}

export interface PlacementResult {
  /** The default chart used, and why that one; none when the export's codes match no chart. */
  chart: { id: ChartId; name: string; why: string } | { id: null; why: string };
  placed: Placement[];
  unplaced: Unplaced[];
  /** Code → line for every placed code: the mapping the accounts engine takes. */
  mapping: Mapping;
}

export interface PlacementOptions {
  standard: AccountsStandard;
  /** The format the trial balance was read from (trial-balance/layouts.ts), which says whose chart its codes are. */
  format?: string;
  /** The firm's answers: they override every default. */
  firm?: Mapping;
}

/** Which default chart the codes are in: the product that exported them, or for a plain CSV the shape every code shares. */
export function chooseChart(codes: string[], format: string | undefined): PlacementResult['chart'] {
  if (format === 'sage-50' || format === 'sage-business-cloud') return { id: SAGE_UK.id, name: SAGE_UK.name, why: 'the trial balance is a Sage export' };
  if (format === 'xero') return { id: XERO_UK.id, name: XERO_UK.name, why: 'the trial balance is a Xero export' };
  if (format === 'quickbooks-online' || format === 'freeagent') return { id: null, why: 'no default mapping for this product\'s chart: each account is placed by the firm\'s mapping' };
  for (const chart of CHARTS) {
    if (codes.length > 0 && codes.every((c) => chart.codePattern.test(c))) {
      return { id: chart.id, name: chart.name, why: `every code has ${chart.id === 'sage-uk' ? "four digits, as Sage's nominal codes" : "three digits, as Xero's account codes"}` };
    }
  }
  return { id: null, why: "the codes are neither all four digits (Sage's nominal ledger) nor all three (Xero's chart), so no default chart applies" };
}

const DIRECTORS_LOAN = (name: string) => (/\bdirector/i.test(name) && /\bloan\b|current account/i.test(name)) || /\bDLA\b/.test(name);

export function placeTrialBalance(lines: AccountBalance[], options: PlacementOptions): PlacementResult {
  const firm = options.firm ?? {};
  const chart = chooseChart(lines.filter((l) => firm[l.code] === undefined).map((l) => l.code), options.format);
  const rules = chart.id === null ? undefined : CHARTS.find((c) => c.id === chart.id)!;
  const placed: Placement[] = [];
  const unplaced: Unplaced[] = [];
  for (const line of lines) {
    const context: PlacementContext = { balance: line.debit - line.credit, standard: options.standard };
    const place = (key: LineKey, why: string, by: Placement['by']) => placed.push({ code: line.code, name: line.name, line: key, why, by });
    const answer = firm[line.code];
    if (answer !== undefined) {
      place(answer, "the firm's mapping", 'firm');
      continue;
    }
    if (DIRECTORS_LOAN(line.name)) {
      place(byDirectorsLoanBalance.line(context), byDirectorsLoanBalance.why(`"${line.name}", a director's loan account`)(context), 'name');
      continue;
    }
    if (line.type?.toLowerCase() === 'bank') {
      place(byBankBalance.line(context), byBankBalance.why(`"${line.name}", a bank account (account type Bank)`)(context), 'type');
      continue;
    }
    const n = /^\d+$/.test(line.code) ? Number(line.code) : NaN;
    const rule = rules && rules.codePattern.test(line.code) ? rules.rules.find((r) => n >= r.from && n <= r.to) : undefined;
    if (rule && rules) {
      const key = typeof rule.line === 'function' ? rule.line(context) : rule.line;
      const why = typeof rule.why === 'function' ? rule.why(context) : rule.why;
      place(key, `${rules.name}: ${why}`, rules.id);
      continue;
    }
    unplaced.push({
      code: line.code,
      name: line.name,
      balance: context.balance,
      why: rules ? `${line.code} is not a code ${rules.name} places` : `no mapping places it: ${chart.why}`,
    });
  }
  return { chart, placed, unplaced, mapping: Object.fromEntries(placed.map((p) => [p.code, p.line])) };
}

/** The firm's mapping as accounts.json or the window gives it: each value must be a line key the engine places. */
export function readFirmMapping(raw: unknown, field = 'mapping'): Mapping {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RequestValidationError([{ field, message: 'must be an object of trial balance code to line, e.g. { "2320": "Creditors" }' }]);
  const errors: FieldError[] = [];
  const mapping: Mapping = {};
  for (const [code, value] of Object.entries(raw)) {
    if (typeof value === 'string' && isLineKey(value)) mapping[code] = value;
    else errors.push({ field: `${field}.${code}`, message: `${JSON.stringify(value)} is not a line the accounts place; use one of ${LINE_KEYS.join(', ')}` });
  }
  if (errors.length) throw new RequestValidationError(errors);
  return mapping;
}
