/**
 * The facts JFCVC 3314 compares (main/engine/validation/attachments/
 * repeated-facts.ts), grouped by numbered parts, against the plain
 * reading of the rule: one group per distinct concept, context content,
 * unit and (for text) lower-cased language, in the order each group's first
 * fact stands, its facts in document order; only those of two or more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repeatedFacts } from '../../../../main/engine/validation/attachments/repeated-facts.js';
import type { XbrlFact } from '../../../../main/engine/validation/attachments/xbrl-report.js';

/** The rule as written: a key of the five parts, groups in the order their keys are first met; those of two or more facts. */
function plainGroups(facts: XbrlFact[], contextKeyOf: (f: XbrlFact) => string): XbrlFact[][] {
  const groups = new Map<string, XbrlFact[]>();
  for (const f of facts) {
    const key = JSON.stringify([f.namespace, f.localName, contextKeyOf(f), f.unitRef ?? '', f.numeric ? '' : (f.lang ?? '').toLowerCase()]);
    const list = groups.get(key);
    if (list) list.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

const fact = fc.record({
  namespace: fc.constantFrom('http://a', 'http://b', ''),
  localName: fc.constantFrom('Turnover', 'Name', 'Profit', 'x'),
  contextRef: fc.constantFrom('c1', 'c2', 'c3', 'same-as-c1', 'missing'),
  unitRef: fc.constantFrom(undefined, 'GBP', 'USD', ''),
  numeric: fc.boolean(),
  lang: fc.constantFrom(undefined, '', 'en', 'EN', 'cy', 'en-GB'),
  value: fc.constantFrom('1', '2', 'a'),
  nil: fc.boolean(),
  readable: fc.constant(true),
});

/** Two ids with the same content are one context; an unknown id is a context of its own. */
const contextKeyOf = (f: XbrlFact) => (f.contextRef === 'same-as-c1' ? 'c1' : f.contextRef === 'missing' ? '#missing' : f.contextRef);

describe('the facts reported more than once for one concept, context, unit and language', () => {
  it('as the rule reads plainly, in the same order, on any facts', () => {
    fc.assert(
      fc.property(fc.array(fact, { maxLength: 60 }), (facts: XbrlFact[]) => {
        const plain = plainGroups(facts, contextKeyOf);
        expect(repeatedFacts(facts, contextKeyOf)).toEqual(plain);
        // The grid of concepts and contexts as a map, as a report of many of both has it.
        expect(repeatedFacts(facts, contextKeyOf, -1)).toEqual(plain);
      }),
      { numRuns: 2000 },
    );
  });

  it('groups a large report’s facts the same by table and by map, a concept met again in another unit apart', () => {
    const facts = Array.from({ length: 5000 }, (_, i): XbrlFact => ({ namespace: 'http://a', localName: `C${i % 500}`, contextRef: `c${Math.floor(i / 1000) % 3}`, unitRef: Math.floor(i / 2000) % 2 === 0 ? 'GBP' : 'USD', value: String(i % 3), nil: false, numeric: true, readable: true }));
    const plain = plainGroups(facts, (f) => f.contextRef);
    expect(plain.length).toBe(2000);
    expect(repeatedFacts(facts, (f) => f.contextRef)).toEqual(plain);
    expect(repeatedFacts(facts, (f) => f.contextRef, -1)).toEqual(plain);
  });

  it('tells apart a concept of the same name in two namespaces, and a language only by more than its case', () => {
    const f = (namespace: string, lang: string | undefined, numeric = false): XbrlFact => ({ namespace, localName: 'Name', contextRef: 'c1', value: 'v', nil: false, numeric, readable: true, lang });
    const facts = [f('http://a', 'en'), f('http://b', 'en'), f('http://a', 'EN'), f('http://a', undefined), f('http://a', ''), f('http://a', 'cy', true)];
    expect(repeatedFacts(facts, () => 'c1')).toEqual([[facts[0], facts[2]], [facts[3], facts[4], facts[5]]]);
  });
});
