/**
 * Whole pounds from pence, once, at the trial balance.
 *
 * The rule: each code's balance (net debit, in pence) is rounded to the
 * nearest pound, halves away from zero. If the rounded codes then no longer
 * net to nil (the trial balance balanced in pence, so they may be out by a
 * pound or two), the codes whose pence were nearest to rounding the other way
 * are moved one pound that way, one code at a time, until they net to nil
 * (largest remainder). No code moves by more than its own pence to the next
 * pound, and ties go to the larger balance, then to the code that sorts first.
 *
 * Why at the trial balance and not at the statement lines: every line, total
 * and reserve is then a sum of whole pounds, so the profit and loss account
 * adds up to the profit, the profit closed to reserves is the profit shown,
 * and the balance sheet balances exactly, with no balancing "rounding" figure
 * and every line's working adding up to the pound.
 *
 * A pinned code keeps the pounds given (the profit and loss reserve brought
 * forward keeps last year's figure as shown); the others absorb the difference.
 */
import type { Pence, Pounds } from '../types.js';

export interface RoundingItem {
  code: string;
  /** Net debit in pence (debit − credit). */
  pence: Pence;
}

/** Half away from zero, in whole pounds. */
export function nearestPound(pence: Pence): Pounds {
  const pounds = Math.floor((Math.abs(pence) + 50) / 100);
  // `|| 0`: a small negative balance rounds to plain nil, never −0.
  return pence < 0 ? -pounds || 0 : pounds;
}

/** Pence as "£1,234.56" (a credit or negative amount with a minus sign). */
export function formatPence(pence: Pence): string {
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100).toLocaleString('en-GB');
  return `${pence < 0 ? '−' : ''}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** Whole pounds as "£1,234" (negative with a minus sign). */
export function formatPounds(pounds: Pounds): string {
  return `${pounds < 0 ? '−' : ''}£${Math.abs(pounds).toLocaleString('en-GB')}`;
}

/**
 * Net debit in whole pounds for each code; the result nets to nil whenever the
 * pence do and the pins allow it.
 */
export function roundTrialBalance(items: readonly RoundingItem[], pins: ReadonlyMap<string, Pounds> = new Map()): Map<string, Pounds> {
  const pounds = new Map<string, Pounds>();
  for (const item of items) pounds.set(item.code, pins.get(item.code) ?? nearestPound(item.pence));
  let out = 0;
  for (const value of pounds.values()) out += value;
  if (out === 0) return pounds;

  // out > 0: too much debit, so move codes down a pound; out < 0: up.
  const step = out > 0 ? -1 : 1;
  const movable = items
    .filter((item) => !pins.has(item.code))
    .map((item) => ({ code: item.code, pence: item.pence, residual: item.pence - (pounds.get(item.code) ?? 0) * 100 }))
    // Nearest to rounding the other way first: the residual furthest in the step's direction.
    .sort((a, b) => step * (b.residual - a.residual) || Math.abs(b.pence) - Math.abs(a.pence) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  for (let i = 0; out !== 0 && movable.length > 0; i = (i + 1) % movable.length) {
    const item = movable[i]!;
    pounds.set(item.code, (pounds.get(item.code) ?? 0) + step);
    out += step;
  }
  return pounds;
}
