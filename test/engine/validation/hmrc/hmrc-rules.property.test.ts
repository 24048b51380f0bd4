/**
 * Returns our builder accepts, generated: each either passes every HMRC rule
 * or fails with rules whose number and box the wizard shows (the box leads to
 * one of its fields).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCt600 } from '../../../../main/engine/ct600/index.js';
import { RequestValidationError } from '../../../../main/engine/errors.js';
import { runBusinessRules } from '../../../../main/engine/validation/rules/index.js';
import type { ValidationMessage } from '../../../../main/engine/validation-result.js';
import { fieldOfBox } from '../../../../common/ct600/fields.js';
import { request } from '../../ct600/return-arbitraries.js';
import { parse } from './mutations.js';

/** After every generated period (they end by 2030), so the rules on today's date pass. */
const TODAY = '2031-12-31';

const box = (m: ValidationMessage) => m.attributes.find((a) => a.name === 'box')?.value;

describe('generated returns against HMRC’s rules', () => {
  it('pass every rule, or fail with a rule number and a box the wizard has a field for', () => {
    const seen = { built: 0, failing: 0, numbers: new Set<string>() };
    fc.assert(
      fc.property(request, (r) => {
        let xml: string;
        try {
          xml = Buffer.from(buildCt600(r).xmlDoc, 'base64').toString('utf8');
        } catch (err) {
          if (err instanceof RequestValidationError) return true; // not a return the builder accepts
          throw err;
        }
        seen.built++;
        const errors = runBusinessRules(parse(xml), { today: () => TODAY }).filter((m) => m.category === 'error');
        if (errors.length > 0) seen.failing++;
        for (const m of errors) {
          seen.numbers.add(m.code);
          expect(m.code, m.message).toMatch(/^\d{4}$/);
          expect(m.message, m.code).toMatch(new RegExp(`^Rule ${m.code}: \\S`));
          expect(box(m), `${m.code}: ${m.message}`).toBeDefined();
          expect(fieldOfBox(box(m)!), `rule ${m.code} at box ${box(m)}: ${m.message}`).toBeDefined();
        }
      }),
      { numRuns: 80, seed: 21 },
    );
    console.log(`generated returns: ${seen.built} built, ${seen.failing} failing HMRC's rules, numbers seen: ${[...seen.numbers].sort().join(', ')}`);
    expect(seen.built).toBeGreaterThan(20);
  });
});
