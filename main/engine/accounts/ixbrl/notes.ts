/**
 * The notes to the financial statements, numbered in the order the accounts
 * give them: the words of each note, and beneath it the figures that belong
 * to it, tagged (average employees, s411; advances and guarantees to
 * directors, s413; financial commitments and contingencies, SI 2008/409 Sch 1
 * para 57; for FRS 102 section 1A also the accounting policies). Any figure
 * of the accounts that no statement or note has shown yet is shown, tagged,
 * in a last note, so no figure of the accounts is left out of the document.
 */
import { escapeText } from '../../ct600/xml-writer.js';
import type { Accounts, AccountsFact, AccountsNote } from '../types.js';
import { factKey, longDate, shownAmount, type Tagger } from './inline.js';
import { CONCEPTS } from './taxonomy.js';
import type { PeriodKey } from './contexts.js';
import { yearLabel } from './balance-sheet.js';
import { yearOrPeriod } from './front.js';
import { headRow, memberOf } from './statement-table.js';

/** The figures each note shows, by concept, with the words of their row. */
const NOTE_FIGURES: Partial<Record<AccountsNote['id'], [string, string][]>> = {
  advancesToDirectors: [
    ['AdvancesCreditsMadeInPeriodDirectors', 'Advances and credits made in the period'],
    ['AdvancesCreditsRepaidInPeriodDirectors', 'Advances and credits repaid in the period'],
    ['AdvancesCreditsDirectors', 'Advances and credits outstanding at the end of the period'],
  ],
  financialCommitments: [
    ['FinancialCommitmentsOtherThanCapitalCommitments', 'Financial commitments not included in the balance sheet'],
    ['CapitalCommitments', 'Capital commitments'],
  ],
  contingencies: [['ContingentLiabilities', 'Contingent liabilities']],
};

export function periodKeyOf(fact: AccountsFact): PeriodKey {
  if (fact.periodType === 'instant') return fact.period === 'current' ? 'currentEnd' : 'previousEnd';
  return fact.period;
}

/** The fact's member in its dimension; a dimension the accounts name must be the one the taxonomy table gives the member. */
export function membersOf(fact: AccountsFact) {
  const members = memberOf(fact.member);
  if (fact.dimension !== undefined && members[0] && members[0].dimension !== fact.dimension) throw new Error(`${fact.concept}: ${fact.member} is a member of ${members[0].dimension}, not of ${fact.dimension}`);
  return members;
}

function tagFact(fact: AccountsFact, t: Tagger): string {
  const at = periodKeyOf(fact);
  if (fact.unit === 'pure') return t.count(fact.concept, fact.value, at);
  return t.money(fact.concept, fact.value, at, membersOf(fact));
}

export function columnsOf(accounts: Accounts) {
  return { current: yearLabel(accounts.period.to), previous: accounts.previousPeriod ? yearLabel(accounts.previousPeriod.to) : undefined };
}

function figureRows(accounts: Accounts, rows: [string, string][], t: Tagger): string {
  const withPrevious = accounts.previousPeriod !== undefined;
  const out: string[] = [];
  for (const [name, label] of rows) {
    const current = accounts.facts.find((f) => f.concept === name && f.period === 'current' && f.member === undefined);
    const previous = accounts.facts.find((f) => f.concept === name && f.period === 'previous' && f.member === undefined);
    if (!current && !previous) continue;
    out.push(`<tr><td>${escapeText(label)}</td><td class="n">${current ? tagFact(current, t) : '-'}</td>${withPrevious ? `<td class="n">${previous ? tagFact(previous, t) : '-'}</td>` : ''}</tr>`);
  }
  return out.length ? `<table class="statement">${headRow(columnsOf(accounts), false)}${out.join('\n')}</table>` : '';
}

function averageEmployees(accounts: Accounts, t: Tagger): string {
  const prev = accounts.averageEmployees.previous;
  const previous = prev === undefined || !accounts.previousPeriod ? '' : ` (${yearLabel(accounts.previousPeriod.to)}: ${t.count('AverageNumberEmployeesDuringPeriod', prev, 'previous')})`;
  return `<p>The average number of persons employed by the company (including directors) during the ${yearOrPeriod(accounts.period)} was ${t.count('AverageNumberEmployeesDuringPeriod', accounts.averageEmployees.current, 'current')}${previous}.</p>`;
}

/** Words for figures that are not lines of a statement nor of a note's own table. */
const FIGURE_WORDS: Record<string, string> = {
  'Debtors[WithinOneYear]': 'Debtors: amounts falling due within one year',
  'Debtors[AfterOneYear]': 'Debtors: amounts falling due after more than one year',
  ProfitLossOnOrdinaryActivitiesBeforeTax: 'Profit (loss) before tax',
};

const wordsOf = (concept: string, member?: string) =>
  FIGURE_WORDS[member ? `${concept}[${member}]` : concept] ?? `${concept.replace(/([a-z])([A-Z])/g, '$1 $2')}${member ? ` (${member.replace(/([a-z])([A-Z])/g, '$1 $2')})` : ''}`;

/**
 * Figures of the accounts not yet shown anywhere, one row a figure with both
 * years, so no figure is left out of the document. A figure whose concept is
 * not in the table of traced names is shown untagged: a name that cannot be
 * traced is not used.
 */
function remainingFigures(accounts: Accounts, t: Tagger): string {
  const left = accounts.facts.filter((f) => !CONCEPTS[f.concept] || !t.tagged.has(factKey(f.concept, periodKeyOf(f), membersOf(f))));
  if (left.length === 0) return '';
  const withPrevious = accounts.previousPeriod !== undefined;
  const rows = new Map<string, { words: string; current?: AccountsFact; previous?: AccountsFact }>();
  for (const f of left) {
    const key = `${f.concept}[${f.member ?? ''}]`;
    const row = rows.get(key) ?? { words: wordsOf(f.concept, f.member) };
    row[f.period] = f;
    rows.set(key, row);
  }
  const cell = (f: AccountsFact | undefined) => `<td class="n">${f === undefined ? '-' : CONCEPTS[f.concept] ? tagFact(f, t) : shownAmount(f.value)}</td>`;
  const body = [...rows.values()].map((r) => `<tr><td>${escapeText(r.words)}</td>${cell(r.current)}${withPrevious ? cell(r.previous) : ''}</tr>`);
  return `<h3>Other figures</h3><table class="statement">${headRow(columnsOf(accounts), false)}${body.join('\n')}</table>`;
}

export function notes(accounts: Accounts, t: Tagger): string {
  const sections: string[] = [];
  let number = 0;
  const hasEmployeesNote = accounts.notes.some((n) => n.id === 'averageEmployees');
  for (const note of accounts.notes) {
    number++;
    const body = note.id === 'averageEmployees' ? averageEmployees(accounts, t) : note.paragraphs.map((p) => `<p>${escapeText(p)}</p>`).join('\n');
    sections.push(`<h3>${number}. ${escapeText(note.title)}</h3>\n${body}\n${figureRows(accounts, NOTE_FIGURES[note.id] ?? [], t)}`);
  }
  // s411 asks for the average number of employees whatever the notes list; HMRC's 3312 needs the fact.
  if (!hasEmployeesNote) sections.push(`<h3>${++number}. Employees</h3>\n${averageEmployees(accounts, t)}`);
  return `<div class="page">
<h2>Notes to the financial statements</h2>
<p class="sub">for the ${yearOrPeriod(accounts.period)} ended ${longDate(accounts.period.to)}</p>
${sections.join('\n')}
${remainingFigures(accounts, t)}
</div>`;
}
