/**
 * The rule `cli accounts build` and the Accounts wizard share: a code with a
 * nil balance that no mapping places is left out, never asked about; a code
 * with a balance, or one a mapping places, stays.
 */
import { describe, expect, it } from 'vitest';
import { nilCodesLeftOut } from '../../../main/engine/accounts/mapping/index.js';

const line = (code: string, debit: number, credit: number) => ({ code, debit, credit });

describe('nil codes no mapping places', () => {
  it('are left out; a placed nil code and an unplaced code with a balance are not', () => {
    const lines = [line('9999', 0, 0), line('1200', 0, 0), line('9998', 100, 0), line('4000', 0, 500), line('5000', 400, 0)];
    const placed = new Set(['1200', '4000', '5000']);
    expect([...nilCodesLeftOut(lines, (c) => placed.has(c))]).toEqual(['9999']);
  });

  it('a code whose rows net to nil is nil, though no single row is', () => {
    expect([...nilCodesLeftOut([line('9997', 250, 0), line('9997', 0, 250)], () => false)]).toEqual(['9997']);
    expect([...nilCodesLeftOut([line('9997', 250, 0), line('9997', 0, 200)], () => false)]).toEqual([]);
  });
});
