/**
 * What the draft adapters share for a conflict's side-by-side view: one
 * difference as the window shows it, each side's value in words, and safe
 * reading of a body the sync holds as plain JSON (a body may be anything the
 * office stored, so nothing here assumes its shape).
 */
import { canonicalJson } from '../../store/form-limits.js';

export interface RecordDifference {
  /** Where in the record, as a dotted path ("form.values.turnover"). */
  field: string;
  /** The field in the wizard's words, with its HMRC box or FRC concept where it has one. */
  label: string;
  mine: string;
  theirs: string;
}

/** Long values (a computation's answers, say) are cut here: the view compares, it does not edit. */
const MAX_SHOWN = 200;

export function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function textOf(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const json = JSON.stringify(value);
  return json.length > MAX_SHOWN ? `${json.slice(0, MAX_SHOWN - 1)}…` : json;
}

/** An ISO date (YYYY-MM-DD) as the window writes it, 31/03/2026; anything else as it is. */
export function ukDate(value: unknown): string {
  if (typeof value !== 'string') return textOf(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : textOf(value);
}

/** Collects differences in the order they are offered: a field is listed only when its two sides read differently. */
export class DifferenceList {
  readonly items: RecordDifference[] = [];

  compare(field: string, label: string, mine: unknown, theirs: unknown, show: (value: unknown) => string = textOf): void {
    if (sameJson(mine, theirs)) return;
    this.items.push({ field, label, mine: show(mine), theirs: show(theirs) });
  }
}

/** Equal as JSON whatever the order of their keys; a value nested past the forms' bound is compared as written. */
function sameJson(a: unknown, b: unknown): boolean {
  try {
    return canonicalJson(a) === canonicalJson(b);
  } catch {
    return JSON.stringify(a) === JSON.stringify(b);
  }
}
