/**
 * Inline XBRL facts as they sit in the text a person reads: amounts in UK
 * money (whole pounds, thousands separated by commas, a negative figure in
 * brackets), dates as "31 March 2026", and the ix elements around them.
 * A negative amount is tagged as its size with sign="-" (accounts.md §3
 * "Signs"), the brackets staying outside the tag as presentation only.
 * Numbers are read back with TR4's num-dot-decimal, dates with
 * date-day-monthname-year-en; every amount is decimals="0" scale="0".
 */
import { escapeAttribute, escapeText } from '../../ct600/xml-writer.js';
import { concept } from './taxonomy.js';
import type { ContextSet, Member, PeriodKey } from './contexts.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-03-31" → "31 March 2026". */
export function longDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new Error(`"${iso}" is not a date written as YYYY-MM-DD`);
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

/** Whole pounds with thousands separators, no sign: 12345 → "12,345". */
export function pounds(amount: number): string {
  return String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A figure as the accounts show it untagged: "12,345", "(12,345)", or "-" for nil. */
export function shownAmount(amount: number): string {
  if (Math.round(amount) === 0) return '-';
  return amount < 0 ? `(${pounds(amount)})` : pounds(amount);
}

/** What a fact is about: concept, member and period. */
export const factKey = (localName: string, period: PeriodKey, members: Member[] = []) => [localName, ...members.map((m) => `${m.dimension}=${m.member}`), period].join('|');

/**
 * Writes the ix elements, each fact once: a figure shown a second time (a
 * total repeated in a note) is shown untagged, so no fact is duplicated
 * (JFCVC 3314 would refuse two that differ). `tagged` is what was written.
 */
export class Tagger {
  readonly tagged = new Map<string, number | string>();

  constructor(readonly contexts: ContextSet) {}

  private first(key: string, value: number | string): boolean {
    if (this.tagged.has(key)) {
      if (this.tagged.get(key) !== value) throw new Error(`${key.split('|')[0]} is shown twice for the same period with different values (${this.tagged.get(key)} and ${value})`);
      return false;
    }
    this.tagged.set(key, value);
    return true;
  }

  /** A money fact in the text: `(<ix:nonFraction … sign="-">1,234</ix:nonFraction>)` for a negative. */
  money(localName: string, amount: number, period: PeriodKey, members: Member[] = []): string {
    this.checkPeriod(localName, period);
    if (!Number.isFinite(amount)) throw new Error(`${localName} is not a number (${amount})`);
    const rounded = Math.round(amount);
    if (!this.first(factKey(localName, period, members), rounded)) return shownAmount(rounded);
    const sign = rounded < 0 ? ' sign="-"' : '';
    const tag = `<ix:nonFraction name="${concept(localName).qname}" contextRef="${this.contexts.ref(period, members)}" unitRef="${this.contexts.unit('money')}" decimals="0" scale="0" format="ixt:num-dot-decimal"${sign}>${pounds(rounded)}</ix:nonFraction>`;
    return rounded < 0 ? `(${tag})` : tag;
  }

  /** A count (average employees): unit xbrli:pure. */
  count(localName: string, value: number, period: PeriodKey): string {
    this.checkPeriod(localName, period);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${localName} must be a whole number of 0 or more (got ${value})`);
    if (!this.first(factKey(localName, period), value)) return pounds(value);
    return `<ix:nonFraction name="${concept(localName).qname}" contextRef="${this.contexts.ref(period)}" unitRef="${this.contexts.unit('pure')}" decimals="0" scale="0" format="ixt:num-dot-decimal">${pounds(value)}</ix:nonFraction>`;
  }

  /** A date shown as "31 March 2026" and read as 2026-03-31. */
  date(localName: string, iso: string, period: PeriodKey): string {
    this.checkPeriod(localName, period);
    if (!this.first(factKey(localName, period), iso)) return longDate(iso);
    return `<ix:nonNumeric name="${concept(localName).qname}" contextRef="${this.contexts.ref(period)}" format="ixt:date-day-monthname-year-en">${longDate(iso)}</ix:nonNumeric>`;
  }

  /** Text (escaped here: callers pass the words as they are). */
  text(localName: string, words: string, period: PeriodKey, members: Member[] = []): string {
    this.checkPeriod(localName, period);
    if (!this.first(factKey(localName, period, members), words)) return escapeText(words);
    return `<ix:nonNumeric name="${concept(localName).qname}" contextRef="${this.contexts.ref(period, members)}">${escapeText(words)}</ix:nonNumeric>`;
  }

  /** An empty fact whose value is its context's dimension member (types:fixedItemType, accounts.md §3). */
  fixed(localName: string, members: Member[] = []): string {
    this.checkPeriod(localName, 'current');
    if (!this.first(factKey(localName, 'current', members), '')) return '';
    return `<ix:nonNumeric name="${concept(localName).qname}" contextRef="${escapeAttribute(this.contexts.ref('current', members))}"></ix:nonNumeric>`;
  }

  /** An instant concept goes in an end-of-period context, a duration concept in a period one. */
  private checkPeriod(localName: string, period: PeriodKey): void {
    const instant = period.endsWith('End');
    const wanted = concept(localName).period;
    if ((wanted === 'instant') !== instant) throw new Error(`${localName} is a ${wanted} concept and cannot be tagged in the ${period} context`);
  }
}
