/** The bounds on a draft's form, checked when it is saved, read back (every draft the start page lists) or imported. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formProblem, MAX_FORM_DEPTH, MAX_FORM_VALUES } from '../../main/store/form-limits.js';
import { MAX_DRAFT_FORM_BYTES } from '../../preload/contract.js';

function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { box: '1' };
  for (let i = 1; i < levels; i++) value = { inner: value };
  return value;
}

describe('formProblem', () => {
  it('accepts a wizard form of every kind JSON holds', () => {
    expect(formProblem({ companyName: 'Acme Ltd', boxes: { '145': '1000', '155': 2.5 }, claims: [true, null, ['a']], step: 'profits' })).toBeNull();
    expect(formProblem(nested(MAX_FORM_DEPTH))).toBeNull();
  });

  it('refuses what is not an object', () => {
    for (const form of [null, [], 'text', 3]) expect(formProblem(form)).toBe('must be an object');
  });

  it('refuses a form nested too deep, or holding too many values, before anything else about it', () => {
    expect(formProblem(nested(MAX_FORM_DEPTH + 1))).toBe(`is nested more than ${MAX_FORM_DEPTH} levels deep`);
    expect(formProblem({ list: Array.from({ length: MAX_FORM_VALUES }, () => 1) })).toBe(`holds more than ${MAX_FORM_VALUES} values`);
    expect(formProblem({ when: new Date(0), deep: nested(MAX_FORM_DEPTH + 1) })).toBe(`is nested more than ${MAX_FORM_DEPTH} levels deep`);
  });

  it('refuses values JSON cannot carry, each in words', () => {
    expect(formProblem({ a: Number.NaN })).toBe('may hold only finite numbers');
    expect(formProblem({ a: { b: new Uint8Array(2) } })).toBe('may hold only text, numbers, true/false, null, lists and objects (no binary data)');
    expect(formProblem({ a: [undefined] })).toBe('may hold only text, numbers, true/false, null, lists and objects');
    expect(formProblem({ a: () => 1 })).toBe('may hold only text, numbers, true/false, null, lists and objects');
    expect(formProblem({ a: new Map() })).toBe('may hold only plain objects (no dates, maps or sets)');
    expect(formProblem({ a: Object.create(null) as object })).toBeNull();
  });

  it('refuses a form larger than the limit as JSON, by its text alone or by its exact size', () => {
    const tooLarge = `is larger than ${MAX_DRAFT_FORM_BYTES / 1048576} MB as JSON`;
    expect(formProblem({ notes: 'x'.repeat(MAX_DRAFT_FORM_BYTES + 1) })).toBe(tooLarge);
    // Under the limit in characters, over it in UTF-8 bytes.
    expect(formProblem({ notes: '€'.repeat(Math.ceil(MAX_DRAFT_FORM_BYTES / 3) + 1) })).toBe(tooLarge);
    // Over it only through JSON's escapes, or through numbers' digits.
    expect(formProblem({ notes: '\u0001'.repeat(Math.ceil(MAX_DRAFT_FORM_BYTES / 6) + 1) })).toBe(tooLarge);
    expect(formProblem({ figures: Array.from({ length: 45_000 }, () => -2.2250738585072014e-308) })).toBe(tooLarge);
  });

  it('answers as the exact size does for forms near the limit of every make-up', () => {
    const tooLarge = `is larger than ${MAX_DRAFT_FORM_BYTES / 1048576} MB as JSON`;
    const valueArb = fc.oneof(
      fc.constantFrom('\u0001', '"', '€', '𝄞', '\ud800', 'x', '\\'),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(true, false, null),
    );
    fc.assert(
      fc.property(valueArb, fc.integer({ min: 1, max: 40_000 }), fc.integer({ min: 0, max: 6 }), (value, copies, repeat) => {
        const item = typeof value === 'string' ? value.repeat(1 + repeat * 20) : value;
        const form = { k: Array.from({ length: copies }, () => item) };
        const exact = Buffer.byteLength(JSON.stringify(form), 'utf8') > MAX_DRAFT_FORM_BYTES;
        expect(formProblem(form)).toBe(exact ? tooLarge : null);
      }),
      { numRuns: 200, seed: 281126 },
    );
  });
});
