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
 * cost of its joint filing checks.
 */
import type { XbrlFact } from './xbrl-report.js';

/** Numbers each distinct value of one part, from 0 in the order met. */
class Numbering<K> {
  private readonly numbers = new Map<K, number>();
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
 * context id).
 */
export function repeatedFacts(facts: readonly XbrlFact[], contextKeyOf: (fact: XbrlFact) => string): XbrlFact[][] {
  // No part has more distinct values than there are facts, so each number below is below `span` and each pair of them exact.
  const span = facts.length + 1;
  const conceptsIn = new Map<string, Map<string, number>>();
  let conceptCount = 0;
  const contextOfRef = new Map<string, number>();
  const contexts = new Numbering<string>();
  const units = new Numbering<string>();
  // A number's language part is empty, as is a text's without xml:lang; a text's is compared in lower case.
  const languages = new Numbering<string>();
  const languageOf = new Map<string | undefined, number>();
  // Most facts are alone in their group: a group is only its first fact's place until a second fact joins it.
  const firstOf = new Map<number, number>();
  const unitAndLanguageAt = new Float64Array(facts.length);
  // A concept and context met again with another unit or language (rare): those groups by both numbers.
  const firstOfOther = new Map<string, number>();
  const repeated = new Map<number, XbrlFact[]>();
  for (let i = 0; i < facts.length; i++) {
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
    const conceptAndContext = concept * span + context;
    const unitAndLanguage = units.of(f.unitRef ?? '') * span + language;
    unitAndLanguageAt[i] = unitAndLanguage;
    let first = firstOf.get(conceptAndContext);
    if (first === undefined) {
      firstOf.set(conceptAndContext, i);
      continue;
    }
    if (unitAndLanguageAt[first] !== unitAndLanguage) {
      const key = `${conceptAndContext} ${unitAndLanguage}`;
      first = firstOfOther.get(key);
      if (first === undefined) {
        firstOfOther.set(key, i);
        continue;
      }
    }
    const group = repeated.get(first);
    if (group) group.push(f);
    else repeated.set(first, [facts[first]!, f]);
  }
  return [...repeated].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
}
