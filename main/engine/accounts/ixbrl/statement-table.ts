/**
 * A primary statement (balance sheet or profit and loss account) as a table
 * of its lines in format order: the format's letter, the words, this year's
 * figure and last year's, each tagged with the line's concept (and its
 * member, in the dimension the taxonomy splits that concept by) in the
 * context of its period: instant concepts at the balance sheet dates,
 * duration concepts over the periods.
 */
import { escapeText } from '../../ct600/xml-writer.js';
import type { StatementLine } from '../types.js';
import type { Member, PeriodKey } from './contexts.js';
import type { Tagger } from './inline.js';
import { concept, DIMENSIONS } from './taxonomy.js';

/** The core dimension a member belongs to (Creditors[AfterOneYear] → MaturitiesOrExpirationPeriodsDimension). */
export function memberOf(member: string | undefined): Member[] {
  if (member === undefined) return [];
  const found = Object.entries(DIMENSIONS).find(([, d]) => d.prefix === 'core' && d.members.includes(member));
  if (!found) throw new Error(`the member ${member} is not in the accounts writer's table of traced FRC members`);
  return [{ dimension: found[0], member }];
}

export function periodsOf(localName: string): { current: PeriodKey; previous: PeriodKey } {
  return concept(localName).period === 'instant' ? { current: 'currentEnd', previous: 'previousEnd' } : { current: 'current', previous: 'previous' };
}

export interface Columns {
  current: string;
  previous?: string;
}

/** The years over the figures; `letters` when the table has the format's letter column first. */
export function headRow(columns: Columns, letters = true): string {
  const prev = columns.previous === undefined ? '' : `<th class="n">${escapeText(columns.previous)}<br/>£</th>`;
  return `<tr>${letters ? '<th class="f"></th>' : ''}<th></th><th class="n">${escapeText(columns.current)}<br/>£</th>${prev}</tr>`;
}

export function lineRow(line: StatementLine, t: Tagger, withPrevious: boolean): string {
  const members = memberOf(line.member);
  const at = periodsOf(line.concept);
  const cls = line.role === 'total' ? ' class="total"' : line.role === 'subtotal' ? ' class="subtotal"' : line.role === 'subitem' ? ' class="sub"' : '';
  const current = t.money(line.concept, line.current, at.current, members);
  const previous = withPrevious ? `<td class="n">${line.previous === undefined ? '-' : t.money(line.concept, line.previous, at.previous, members)}</td>` : '';
  return `<tr${cls}><td class="f">${escapeText(line.format)}</td><td>${escapeText(line.label)}</td><td class="n">${current}</td>${previous}</tr>`;
}

export function statementTable(lines: StatementLine[], t: Tagger, columns: Columns): string {
  const withPrevious = columns.previous !== undefined;
  return `<table class="statement">
${headRow(columns)}
${lines.map((l) => lineRow(l, t, withPrevious)).join('\n')}
</table>`;
}
