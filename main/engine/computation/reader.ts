/**
 * Reads one part of a computation input, collecting every problem by its
 * field and the rule it breaks; each part's parser (input.ts, allowances/,
 * losses/, loans-to-participators/) takes one.
 */
import type { FieldError } from '../errors.js';
import { penceOf } from '../ct600/money.js';
import { isoDateOf, type IsoDate } from './dates.js';
import type { Pence } from './money.js';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export class Reader {
  readonly errors: FieldError[] = [];
  fail(field: string, message: string) {
    this.errors.push({ field, message });
  }

  object(value: unknown, field: string, known: readonly string[], required: boolean): Obj | undefined {
    if (value === undefined || value === null) {
      if (required) this.fail(field, 'is required (an object)');
      return undefined;
    }
    if (!isObject(value)) {
      this.fail(field, 'must be an object');
      return undefined;
    }
    for (const key of Object.keys(value)) if (!known.includes(key)) this.fail(field ? `${field}.${key}` : key, 'is not a known field of a computation');
    return value;
  }

  text(value: unknown, field: string, what: string, required = true): string | undefined {
    if (value === undefined || value === null) {
      if (required) this.fail(field, `is required: ${what}`);
      return undefined;
    }
    if (typeof value !== 'string') {
      this.fail(field, `must be text: ${what}`);
      return undefined;
    }
    if (value.trim() === '') {
      this.fail(field, `must not be blank: ${what}`);
      return undefined;
    }
    return value;
  }

  /** Pounds → pence; `sign` 'positive' refuses 0 as well. */
  money(value: unknown, field: string, what: string, opts: { required?: boolean; sign?: 'any' | 'nonNegative' | 'positive' } = {}): Pence | undefined {
    const { required = false, sign = 'nonNegative' } = opts;
    if (value === undefined || value === null) {
      if (required) this.fail(field, `is required: ${what}, in pounds`);
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.fail(field, `must be a number of pounds (${what}), for example 12500 or 12500.50`);
      return undefined;
    }
    const pence = penceOf(value);
    if (pence === undefined) {
      this.fail(field, `must have at most two decimals (pounds and pence): ${value}`);
      return undefined;
    }
    if (Math.abs(pence) > 9_999_999_999_999) {
      this.fail(field, `must not exceed £99,999,999,999.99, the largest figure a CT600 box holds`);
      return undefined;
    }
    if (sign === 'nonNegative' && pence < 0) this.fail(field, `must not be negative (${what})`);
    if (sign === 'positive' && pence <= 0) this.fail(field, `must be more than 0 (${what})`);
    return pence;
  }

  bool(value: unknown, field: string, what: string, fallback?: boolean): boolean | undefined {
    if (value === undefined || value === null) {
      if (fallback === undefined) this.fail(field, `is required: true or false (${what})`);
      return fallback;
    }
    if (typeof value !== 'boolean') {
      this.fail(field, `must be true or false (${what})`);
      return fallback;
    }
    return value;
  }

  count(value: unknown, field: string, what: string): number | undefined {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      this.fail(field, `must be a whole number, 0 or more (${what})`);
      return undefined;
    }
    return value;
  }

  date(value: unknown, field: string, what: string): IsoDate | undefined {
    if (typeof value !== 'string') {
      this.fail(field, `is required: ${what}, an ISO date such as 2026-03-31`);
      return undefined;
    }
    const iso = isoDateOf(value);
    if (!iso) this.fail(field, `must be a real date in the form 2026-03-31 (${what}); got ${JSON.stringify(value)}`);
    return iso;
  }

  list<T>(value: unknown, field: string, each: (item: unknown, at: string) => T | undefined): T[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.fail(field, 'must be a list (a JSON array)');
      return [];
    }
    const out: T[] = [];
    value.forEach((item, i) => {
      const v = each(item, `${field}[${i}]`);
      if (v !== undefined) out.push(v);
    });
    return out;
  }
}
