/**
 * The computation document shows short-life asset pools in a schedule of
 * their own, not as main pool additions, and still passes HMRC's attachment
 * checks.
 */
import { describe, expect, it } from 'vitest';
import { computeParsed, parseComputationInput } from '../../../../main/engine/computation/index.js';
import { computationDocument } from '../../../../main/engine/computation/ixbrl/write-computation.js';
import { checkAttachment } from '../../../../main/engine/validation/attachments/check-attachment.js';
import { addition, ca, computation, pl } from '../inputs.js';

describe('short-life assets in the computation document', () => {
  it('have their own schedule: the election, the pool’s allowance and the value carried forward (CAA 2001 s83–s86)', () => {
    // Year to 31 March 2025: a laptop elected short-life, £3,000: WDA 18% = £540, carried forward £2,460; a server brought forward £1,345 sold for £800: balancing allowance £545.
    const parsed = parseComputationInput(
      computation({
        profitAndLoss: pl({ profitBeforeTax: 20000 }),
        capitalAllowances: ca({
          mainPoolBroughtForward: 10000,
          additions: [addition({ description: 'Laptop', cost: 3000, claim: 'pool', shortLife: true })],
          shortLifeAssets: [{ description: 'Server', broughtForward: 1345, incurredInPeriodEnding: '2023-03-31' }],
          disposals: [{ description: 'Server sold', date: '2024-10-01', proceeds: 800, shortLifeAsset: 0 }],
        }),
      }),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const text = computationDocument(parsed.input, computeParsed(parsed.input));
    const schedule = text.slice(text.indexOf('Capital allowances: short-life assets'));
    expect(text).toContain('Capital allowances: short-life assets');
    expect(schedule).toContain('Laptop: writing-down allowance');
    expect(schedule).toContain('£540');
    expect(schedule).toContain('£2,460');
    expect(schedule).toContain('Server: balancing allowance');
    expect(schedule).toContain('£545');
    // Not a main pool addition.
    expect(text.slice(0, text.indexOf('Capital allowances: short-life assets'))).not.toContain('Addition: Laptop');
    const findings = checkAttachment(new TextEncoder().encode(text), 'computations', { utr: parsed.input.company.utr, periodFrom: parsed.input.period.from, periodTo: parsed.input.period.to, computationsForThisPeriod: true });
    expect(findings.filter((f) => f.category === 'error')).toEqual([]);
  });
});
