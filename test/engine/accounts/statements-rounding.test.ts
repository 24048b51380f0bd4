/**
 * Whole pounds from pence at the trial balance (statements/rounding.ts): each
 * code to the nearest pound, then the codes nearest to rounding the other way
 * moved a pound until the codes net to nil.
 */
import { describe, expect, it } from 'vitest';
import { nearestPound, roundTrialBalance } from '../../../main/engine/accounts/statements/rounding.js';

describe('rounding the trial balance to whole pounds', () => {
  it('rounds halves away from zero', () => {
    expect([49, 50, 149, 150, -49, -50, -150, 0].map(nearestPound)).toEqual([0, 1, 1, 2, 0, -1, -2, 0]);
  });

  it('moves the code nearest to rounding the other way until the codes net to nil; ties go to the code that sorts first', () => {
    // A 1,000.50 and B 1,000.50 round up to 1,001 each; C −2,001.00: the codes net to +£1.
    // A and B both rounded up by 0.50 (same balance): A, first, moves down.
    const pounds = roundTrialBalance([{ code: 'A', pence: 100_050 }, { code: 'B', pence: 100_050 }, { code: 'C', pence: -200_100 }]);
    expect([...pounds]).toEqual([['A', 1_000], ['B', 1_001], ['C', -2_001]]);
  });

  it('keeps a pinned code’s pounds and moves the others', () => {
    // R exactly −100.40 would round to −100; pinned at −101 (last year's figure), so the codes net to −£1
    // and X 60.30 (rounded down by 0.30, more than Y's 0.10) moves up to 61.
    const pounds = roundTrialBalance([{ code: 'R', pence: -10_040 }, { code: 'X', pence: 6_030 }, { code: 'Y', pence: 4_010 }], new Map([['R', -101]]));
    expect([...pounds]).toEqual([['R', -101], ['X', 61], ['Y', 40]]);
  });

  it('always nets to nil and moves no code by a pound or more, over many balanced trial balances', () => {
    let seed = 20_260_331;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const faults: string[] = [];
    for (let run = 0; run < 500; run++) {
      const count = 2 + Math.floor(random() * 40);
      const items = Array.from({ length: count - 1 }, (_, i) => ({ code: String(1000 + i), pence: Math.floor((random() - 0.5) * 10_000_000) }));
      items.push({ code: '9999', pence: -items.reduce((sum, item) => sum + item.pence, 0) });
      const pounds = roundTrialBalance(items);
      const net = [...pounds.values()].reduce((sum, p) => sum + p, 0);
      if (net !== 0) faults.push(`run ${run}: codes net to £${net}`);
      for (const item of items) if (Math.abs(pounds.get(item.code)! * 100 - item.pence) >= 100) faults.push(`run ${run}: code ${item.code} ${item.pence}p → £${pounds.get(item.code)}`);
    }
    expect(faults).toEqual([]);
  });
});
