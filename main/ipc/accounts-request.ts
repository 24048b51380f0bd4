/**
 * An accounts draft's answers, as typed in the window, turned into the
 * engine's request: dates read as day, month and year, counts and amounts
 * read exactly, and each answer that cannot be read named by the wizard's
 * field id ("approvalDate", "directors.1", "directorsAdvances.0.repaid")
 * with the rule in words. The accounts' own rules (a balance sheet that
 * balances, a code no mapping places) are the engine's.
 */
import type { AccountsAnswers } from '../../preload/contract-accounts.js';
import type { FieldError } from '../engine/errors.js';
import type { AccountsRequest, AccountsRequestNotes, IsoDate, Mapping, TrialBalance } from '../engine/accounts/types.js';
import { readPence } from '../engine/accounts/trial-balance/money.js';
import { ukDate } from '../engine/computation/dates.js';
import type { AccountsRecord } from '../store/accounts-record.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** A real date from the three boxes, or why not. */
export function readDateText(d: { day: string; month: string; year: string }): { ok: true; date: IsoDate } | { ok: false; message: string } | { ok: true; date: null } {
  const [day, month, year] = [d.day.trim(), d.month.trim(), d.year.trim()];
  if (!day && !month && !year) return { ok: true, date: null };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return { ok: false, message: 'must be a real date, as day, month and year in figures (for example 14 9 2025)' };
  const [dn, mn, yn] = [Number(day), Number(month), Number(year)];
  const probe = new Date(Date.UTC(yn, mn - 1, dn));
  if (mn < 1 || mn > 12 || probe.getUTCDate() !== dn || probe.getUTCMonth() !== mn - 1) return { ok: false, message: 'must be a real date' };
  return { ok: true, date: `${yn}-${pad(mn)}-${pad(dn)}` };
}

export interface AnswersRead {
  directors: string[];
  approval: { date: IsoDate; director: string } | null;
  averageEmployees: number | null;
  dormant: boolean | null;
  principalActivity: string;
  notes: AccountsRequestNotes;
  errors: FieldError[];
}

/** The answers read; an approval after today is the engine's rule (it is given today's date). */
export function readAnswers(answers: AccountsAnswers, period: { from: IsoDate; to: IsoDate }): AnswersRead {
  const errors: FieldError[] = [];
  const directors = answers.directors.map((d) => d.trim());
  if (!directors.some((d) => d !== '')) errors.push({ field: 'directors.0', message: 'Enter the name of at least one director' });
  directors.forEach((d, i) => {
    if (d === '' && directors.length > 1) errors.push({ field: `directors.${i}`, message: `Enter director ${i + 1}’s name, or remove the row` });
    else if (d !== '' && directors.indexOf(d) !== i) errors.push({ field: `directors.${i}`, message: `${d} is listed twice` });
  });
  const named = directors.filter((d) => d !== '');

  let approvalDate: IsoDate | null = null;
  const date = readDateText(answers.approvalDate);
  if (!date.ok) errors.push({ field: 'approvalDate', message: `The date the accounts were approved ${date.message}` });
  else if (date.date === null) errors.push({ field: 'approvalDate', message: 'Enter the date the board approved the accounts' });
  else if (date.date <= period.to) errors.push({ field: 'approvalDate', message: `The date the accounts were approved must be after the end of the period (${ukDate(period.to)})` });
  else approvalDate = date.date;

  const signing = answers.signingDirector.trim();
  if (signing === '') errors.push({ field: 'signingDirector', message: 'Choose the director who signs the balance sheet' });
  else if (!named.includes(signing)) errors.push({ field: 'signingDirector', message: `The signing director must be one of the directors listed (${signing} is not)` });

  let averageEmployees: number | null = null;
  const employees = answers.averageEmployees.trim();
  if (employees === '') errors.push({ field: 'averageEmployees', message: 'Enter the average number of employees, 0 if there were none' });
  else if (!/^\d{1,6}$/.test(employees)) errors.push({ field: 'averageEmployees', message: 'The average number of employees must be a whole number, like 3' });
  else averageEmployees = Number(employees);

  if (answers.dormant === '') errors.push({ field: 'dormant', message: 'Say whether the company was dormant for the whole period' });
  const principalActivity = answers.principalActivity.trim();
  if (principalActivity === '') errors.push({ field: 'principalActivity', message: 'Enter what the company does (its principal activity)' });

  const notes: AccountsRequestNotes = {};
  const advances: NonNullable<AccountsRequestNotes['advancesToDirectors']> = [];
  answers.directorsAdvances.forEach((a, i) => {
    const at = `directorsAdvances.${i}`;
    const director = a.director.trim();
    if (director === '') errors.push({ field: `${at}.director`, message: `Advance ${i + 1}: choose the director it was made to` });
    const amount = (key: 'broughtForward' | 'advanced' | 'repaid', words: string): number => {
      const read = readPence(a[key]);
      if (!read.ok) errors.push({ field: `${at}.${key}`, message: `Advance ${i + 1}: the amount ${words} ${read.rule}` });
      else if (read.pence < 0) errors.push({ field: `${at}.${key}`, message: `Advance ${i + 1}: the amount ${words} must not be negative` });
      return read.ok ? read.pence : 0;
    };
    const advance = { director, conditions: a.conditions.trim(), broughtForward: amount('broughtForward', 'owed at the start'), advanced: amount('advanced', 'advanced'), repaid: amount('repaid', 'repaid') };
    if (advance.conditions === '') errors.push({ field: `${at}.conditions`, message: `Advance ${i + 1}: give its main conditions and interest rate (s413(3))` });
    advances.push(advance);
  });
  if (advances.length) notes.advancesToDirectors = advances;
  const description = answers.commitments.description.trim();
  if (description !== '' || answers.commitments.total.trim() !== '') {
    const total = readPence(answers.commitments.total);
    if (description === '') errors.push({ field: 'commitments.description', message: 'Describe the commitments, or clear their total' });
    if (!total.ok) errors.push({ field: 'commitments.total', message: `The commitments’ total ${total.rule}` });
    else notes.financialCommitments = { description, total: total.pence };
  }
  return {
    directors: named,
    approval: approvalDate && signing && named.includes(signing) ? { date: approvalDate, director: signing } : null,
    averageEmployees,
    dormant: answers.dormant === '' ? null : answers.dormant === 'yes',
    principalActivity,
    notes,
    errors,
  };
}

/** The engine's request field → the wizard's field. */
export function wizardFieldOf(requestField: string): string {
  if (requestField === 'approval.date') return 'approvalDate';
  if (requestField === 'approval.director') return 'signingDirector';
  if (requestField.startsWith('mapping')) return requestField;
  if (requestField.startsWith('trialBalance')) return 'trialBalance';
  if (requestField.startsWith('notes.advancesToDirectors')) return requestField.replace('notes.advancesToDirectors', 'directorsAdvances');
  if (requestField.startsWith('notes.financialCommitments')) return 'commitments.description';
  return requestField;
}

export function accountsRequest(record: AccountsRecord, trialBalance: TrialBalance, mapping: Mapping, read: AnswersRead & { approval: NonNullable<AnswersRead['approval']>; averageEmployees: number; dormant: boolean }): AccountsRequest {
  return {
    company: { name: record.companyName, number: record.companyNumber },
    period: { from: record.periodFrom, to: record.periodTo },
    standard: record.standard,
    trialBalance,
    mapping,
    directors: read.directors,
    approval: read.approval,
    averageEmployees: read.averageEmployees,
    dormant: read.dormant,
    principalActivity: read.principalActivity,
    ...(Object.keys(read.notes).length ? { notes: read.notes } : {}),
  };
}
