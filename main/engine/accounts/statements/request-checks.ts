/**
 * The rules a request must meet before any figure is built. Each broken rule
 * is a problem naming the field and the rule; the build stops on any.
 */
import { LINE_KEYS, isLineKey, type AccountsProblem, type AccountsRequest, type TrialBalance } from '../types.js';
import { isIsoDate, monthsCovered } from './dates.js';
import { formatPence } from './rounding.js';
import { FORMAT_1_ONLY, FORMAT_2_ONLY } from './profit-loss-layout.js';

/** Companies House numbers: 8 digits, or two letters (SC, NI, OC…) and 6 digits. */
const COMPANY_NUMBER = /^(\d{8}|[A-Z]{2}\d{6})$/;

/** `today`, when given, is the last date the board can have approved the accounts on. */
export function checkRequestFields(request: AccountsRequest, today?: string): AccountsProblem[] {
  const problems: AccountsProblem[] = [];
  const add = (field: string, rule: string, message: string) => problems.push({ field, rule, message });

  if (!request.company?.name?.trim()) add('company.name', 'required', "The company's name is missing.");
  if (!COMPANY_NUMBER.test(request.company?.number ?? '')) {
    add('company.number', 'company-number', `The company number "${request.company?.number ?? ''}" is not a Companies House number (8 digits, or 2 letters and 6 digits).`);
  }
  if (request.standard !== 'FRS 105' && request.standard !== 'FRS 102 1A') {
    add('standard', 'standard', `The standard "${String(request.standard)}" is not one the accounts can follow: "FRS 105" (micro-entity) or "FRS 102 1A" (small company).`);
  }
  const { from, to } = request.period ?? {};
  if (!isIsoDate(from)) add('period.from', 'date', `The period start "${String(from)}" is not a date (YYYY-MM-DD).`);
  if (!isIsoDate(to)) add('period.to', 'date', `The period end "${String(to)}" is not a date (YYYY-MM-DD).`);
  if (isIsoDate(from) && isIsoDate(to)) {
    if (to < from) add('period.to', 'period-order', `The period ends (${to}) before it starts (${from}).`);
    else if (monthsCovered(from, to) > 18) add('period.to', 'period-length', `The period ${from} to ${to} is longer than 18 months, the longest an accounting reference period may be (CA 2006 s392(5)).`);
  }
  const directors = Array.isArray(request.directors) ? request.directors.filter((d) => typeof d === 'string' && d.trim()) : [];
  if (directors.length === 0) add('directors', 'required', 'At least one director must be named: a director approves and signs the balance sheet (CA 2006 s414).');
  if (!isIsoDate(request.approval?.date)) {
    add('approval.date', 'date', `The approval date "${String(request.approval?.date)}" is not a date (YYYY-MM-DD).`);
  } else if (isIsoDate(to) && request.approval.date <= to) {
    add('approval.date', 'approval-after-period', `The accounts are approved on ${request.approval.date}, which is not after the period end ${to}: the board can only approve accounts for a period that has ended.`);
  } else if (today !== undefined && request.approval.date > today) {
    add('approval.date', 'approval-not-future', `The accounts are approved on ${request.approval.date}, which is after today (${today}): give the date the board approved them.`);
  }
  if (!request.approval?.director?.trim()) add('approval.director', 'required', 'The director who signs the balance sheet is missing (CA 2006 s414(2)).');
  else if (directors.length > 0 && !directors.includes(request.approval.director)) {
    add('approval.director', 'signing-director', `"${request.approval.director}" signs the balance sheet but is not among the directors (${directors.join(', ')}).`);
  }
  if (typeof request.averageEmployees !== 'number' || !Number.isFinite(request.averageEmployees) || request.averageEmployees < 0) {
    add('averageEmployees', 'average-employees', `The average number of employees must be a number not below 0 (CA 2006 s411), not "${String(request.averageEmployees)}".`);
  }
  if (typeof request.dormant !== 'boolean') add('dormant', 'boolean', 'Say whether the company was dormant in the period (true or false).');
  problems.push(...checkNoteAmounts(request));
  return problems;
}

function checkNoteAmounts(request: AccountsRequest): AccountsProblem[] {
  const problems: AccountsProblem[] = [];
  const notes = request.notes ?? {};
  const check = (field: string, value: unknown) => {
    if (value === undefined) return;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) problems.push({ field, rule: 'pence', message: `${field} must be a whole number of pence, not "${String(value)}".` });
  };
  (notes.advancesToDirectors ?? []).forEach((a, i) => {
    for (const k of ['broughtForward', 'advanced', 'repaid', 'writtenOff'] as const) check(`notes.advancesToDirectors[${i}].${k}`, a[k]);
  });
  (notes.guaranteesForDirectors ?? []).forEach((g, i) => check(`notes.guaranteesForDirectors[${i}].maximumLiability`, g.maximumLiability));
  if (notes.financialCommitments) for (const k of ['total', 'pensions', 'group', 'capital'] as const) check(`notes.financialCommitments.${k}`, notes.financialCommitments[k]);
  if (notes.contingencies) check('notes.contingencies.amount', notes.contingencies.amount);
  return problems;
}

/** Amounts whole pence not below nil, and debits equal to credits. */
export function checkTrialBalance(trialBalance: TrialBalance): AccountsProblem[] {
  const problems: AccountsProblem[] = [];
  const lines = trialBalance?.lines ?? [];
  if (lines.length === 0) return [{ field: 'trialBalance', rule: 'required', message: 'The trial balance has no lines.' }];
  let debits = 0;
  let credits = 0;
  lines.forEach((line, i) => {
    if (!line.code?.trim()) problems.push({ field: `trialBalance.lines[${i}].code`, rule: 'required', message: `Line ${i + 1} of the trial balance (${line.name ?? ''}) has no code.` });
    for (const side of ['debit', 'credit'] as const) {
      const value = line[side];
      if (!Number.isSafeInteger(value) || value < 0) {
        problems.push({ field: `trialBalance.lines[${i}].${side}`, rule: 'pence', message: `Code ${line.code} ${line.name}: the ${side} must be whole pence not below nil, not "${String(value)}".` });
      }
    }
    debits += line.debit;
    credits += line.credit;
  });
  if (problems.length === 0 && debits !== credits) {
    const side = debits > credits ? 'debits exceed credits' : 'credits exceed debits';
    problems.push({
      field: 'trialBalance',
      rule: 'trial-balance-balances',
      message: `The trial balance does not balance: debits ${formatPence(debits)}, credits ${formatPence(credits)}; ${side} by ${formatPence(Math.abs(debits - credits))}.`,
    });
  }
  return problems;
}

/** Every code placed on a line the standard has, and a small company's profit and loss account in one format. */
export function checkMapping(request: AccountsRequest): AccountsProblem[] {
  const problems: AccountsProblem[] = [];
  const mapping = request.mapping ?? {};
  const seen = new Set<string>();
  for (const line of request.trialBalance?.lines ?? []) {
    if (seen.has(line.code)) continue;
    seen.add(line.code);
    const key = mapping[line.code];
    if (key === undefined) {
      problems.push({ field: `mapping.${line.code}`, rule: 'code-placed', message: `Code ${line.code} (${line.name}) is not placed on any line of the accounts: map it to a line.` });
    } else if (!isLineKey(key)) {
      problems.push({ field: `mapping.${line.code}`, rule: 'line-key', message: `Code ${line.code} (${line.name}) is mapped to "${String(key)}", which is not a line the accounts have (one of ${LINE_KEYS.join(', ')}).` });
    } else if (key === 'FixedAssets' && request.standard === 'FRS 102 1A') {
      problems.push({
        field: `mapping.${line.code}`,
        rule: 'small-fixed-assets',
        message: `Code ${line.code} (${line.name}) is mapped to FixedAssets, the micro-entity line; small company accounts split fixed assets into IntangibleAssets, PropertyPlantEquipment or InvestmentsFixedAssets.`,
      });
    }
  }
  if (request.standard === 'FRS 102 1A') {
    const byFunction = codesUsing(request, FORMAT_1_ONLY);
    const byNature = codesUsing(request, FORMAT_2_ONLY);
    if (byFunction.length > 0 && byNature.length > 0) {
      problems.push({
        field: 'mapping',
        rule: 'one-profit-and-loss-format',
        message: `The profit and loss account must follow one format: codes ${byFunction.join(', ')} use Format 1 lines (by function) and codes ${byNature.join(', ')} use Format 2 lines (by nature).`,
      });
    }
  }
  return problems;
}

export function codesUsing(request: AccountsRequest, keys: readonly string[]): string[] {
  return Object.entries(request.mapping ?? {})
    .filter(([code, key]) => keys.includes(key) && (request.trialBalance?.lines ?? []).some((l) => l.code === code))
    .map(([code]) => code);
}
