/**
 * A report's facts grouped by what makes two facts report the same thing
 * (JFCVC 3314): the concept, the context by its content (two ids for the
 * same entity, period and members are one context), the unit, and for text
 * the language. Only groups of two or more can break the rule, and they
 * come in the order their first facts stand in the document, as findings
 * are given.
 *
 * Each part is numbered once per distinct value, and a group is found by two
 * numbers, not by a string of the five parts; a fact alone in its group
 * makes nothing. A 20 MB return's 50,000 facts, nearly all alone, made and
 * hashed a key of some 80 characters and a list each: the largest single
 * cost of its joint filing checks. The concept and context then name a cell
 * of a table (their grid is small beside the facts), not a key of a map:
 * the numbers that keyed the map were past V8's small integers, a heap
 * number each to hash.
 */
import type { XbrlFact } from './xbrl-report.js';

/** A grid of concepts and contexts up to this many cells, or four per fact, is a table (4 bytes a cell). */
const TABLE_CELLS = 1 << 16;

/** Numbers each distinct value of one part, from 0 in the order met. */
class Numbering<K> {
  private readonly numbers = new Map<K, number>();
  get size(): number {
    return this.numbers.size;
  }
  of(value: K): number {
    let n = this.numbers.get(value);
    if (n === undefined) this.numbers.set(value, (n = this.numbers.size));
    return n;
  }
}

/**
 * The groups of two or more facts, each in document order, the groups in
 * the order of their first facts. `contextKeyOf`: a context's content as one
 * string, the same for two contexts of the same content (asked once per
 * context id). `tableCells`: the largest grid kept as a table; a larger one
 * is a map of the cells met.
 */
export function repeatedFacts(
  facts: readonly XbrlFact[],
  contextKeyOf: (fact: XbrlFact) => string,
  tableCells = Math.max(TABLE_CELLS, 4 * facts.length),
): XbrlFact[][] {
  const n = facts.length;
  // No part has more distinct values than there are facts, so each number below is below `span` and each pair of them exact.
  const span = n + 1;
  const conceptsIn = new Map<string, Map<string, number>>();
  let conceptCount = 0;
  const contextOfRef = new Map<string, number>();
  const contexts = new Numbering<string>();
  const units = new Numbering<string>();
  // A number's language part is empty, as is a text's without xml:lang; a text's is compared in lower case.
  const languages = new Numbering<string>();
  const languageOf = new Map<string | undefined, number>();
  const conceptAt = new Int32Array(n);
  const contextAt = new Int32Array(n);
  const unitAndLanguageAt = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const f = facts[i]!;
    let inNamespace = conceptsIn.get(f.namespace);
    if (inNamespace === undefined) conceptsIn.set(f.namespace, (inNamespace = new Map()));
    let concept = inNamespace.get(f.localName);
    if (concept === undefined) inNamespace.set(f.localName, (concept = conceptCount++));
    let context = contextOfRef.get(f.contextRef);
    if (context === undefined) contextOfRef.set(f.contextRef, (context = contexts.of(contextKeyOf(f))));
    const lang = f.numeric ? undefined : f.lang;
    let language = languageOf.get(lang);
    if (language === undefined) languageOf.set(lang, (language = languages.of((lang ?? '').toLowerCase())));
    conceptAt[i] = concept;
    contextAt[i] = context;
    unitAndLanguageAt[i] = units.of(f.unitRef ?? '') * span + language;
  }
  // Each fact's concept and context as one cell of their grid: a table of the grid's cells when it is small beside the facts
  // (a report's thousands of facts use a few hundred concepts in a few dozen contexts), else a map of the cells met.
  const contextCount = contexts.size;
  const cells = conceptCount * contextCount;
  const table = cells <= tableCells ? new Int32Array(cells).fill(-1) : undefined;
  const firstIn = table === undefined ? new Map<number, number>() : undefined;
  // A concept and context met again with another unit or language (rare): those groups by both numbers.
  const firstOfOther = new Map<string, number>();
  const repeated = new Map<number, XbrlFact[]>();
  for (let i = 0; i < n; i++) {
    const cell = conceptAt[i]! * contextCount + contextAt[i]!;
    let first = table !== undefined ? table[cell]! : (firstIn!.get(cell) ?? -1);
    if (first < 0) {
      if (table !== undefined) table[cell] = i;
      else firstIn!.set(cell, i);
      continue;
    }
    const unitAndLanguage = unitAndLanguageAt[i]!;
    if (unitAndLanguageAt[first] !== unitAndLanguage) {
      const key = `${cell} ${unitAndLanguage}`;
      const other = firstOfOther.get(key);
      if (other === undefined) {
        firstOfOther.set(key, i);
        continue;
      }
      first = other;
    }
    const f = facts[i]!;
    const group = repeated.get(first);
    if (group) group.push(f);
    else repeated.set(first, [facts[first]!, f]);
  }
  return [...repeated].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
}
