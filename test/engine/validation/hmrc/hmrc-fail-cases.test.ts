/**
 * A proven fail case for as many of HMRC's rules as mutation reaches: a
 * return that passes the rule, changed in one place, fails it. Prints how
 * many rules are implemented and how many have a proven fail case.
 */
import { describe, expect, it } from 'vitest';
import { evaluateRules } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import { assertionCount, ruleNumbers } from '../../../../main/engine/validation/hmrc/rule-table.js';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { ruleBases } from './bases.js';
import { findFailCases, parse, TODAY } from './mutations.js';

const bases = ruleBases().map((b) => ({ ...b, doc: parse(b.xml) }));

describe('fail cases', () => {
  it('a mutation of a passing return makes the rule fail, for most of HMRC’s rules; the count is printed', () => {
    const cases = findFailCases(TABLE, ruleBases());
    const failing = (doc: Parameters<typeof evaluateRules>[1]) => new Set(evaluateRules(TABLE, doc, { today: () => TODAY }).failed.map((f) => f.assertion.number));
    const beforeByBase = new Map(bases.map((b) => [b.name, failing(b.doc)]));
    let alone = 0;
    for (const c of cases) {
      // The mutated return fails the rule; "alone" when no other rule number fails that did not before.
      const before = beforeByBase.get(c.base)!;
      const after = failing(c.mutated());
      expect(after.has(c.assertion.number), `${c.assertion.id}: ${c.mutation} on the ${c.base}`).toBe(true);
      if ([...after].every((n) => n === c.assertion.number || before.has(n))) alone++;
    }
    const numbers = ruleNumbers(TABLE);
    const provenNumbers = new Set(cases.map((c) => c.assertion.number));
    console.log(
      `HMRC CT600 rules v1.994: ${assertionCount(TABLE)} of ${assertionCount(TABLE)} assertions implemented (evaluated), ${numbers.size} rule numbers; ` +
        `${cases.length} assertions (${provenNumbers.size} rule numbers) have a proven fail case, ${alone} of them failing that rule number alone`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(800);
    expect(alone).toBeGreaterThanOrEqual(80);
  }, 180_000);
});
