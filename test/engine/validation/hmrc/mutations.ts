/**
 * Fail cases for HMRC's rules, found by mutating returns that pass them: for
 * each assertion, change one thing in a passing return (drop an element, or
 * put a value into the element the rule is about, creating it and its
 * parents when the return has none) until the assertion fails. A mutation
 * that makes exactly one rule number fail is a fail case of that rule alone.
 */
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import xpath from 'xpath';
import { evaluateAssertion, pathOf, withoutSpaceBeforeCalls } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import type { HmrcAssertion, HmrcRule, HmrcRuleTable } from '../../../../main/engine/validation/hmrc/rule-table.js';
import { edited, type Edit, type RecordedCase } from './edits.js';
import { inSchemaOrder } from './schema-order.js';

export const TODAY = '2026-11-24';
const EXSLT = { date: 'http://exslt.org/dates-and-times', math: 'http://exslt.org/math' };

/** Values tried in the element a rule is about: flags, codes, amounts, dates, text. */
export const CANDIDATE_VALUES = ['yes', '0', '1', '3', '11', '0.00', '1.00', '-1.00', '99999999.00', '2015-04-01', '2099-12-31', '2021-03-31', '2024-04-01', 'X', ''];

export const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;

type Parsed = { evaluateBoolean(o: object): boolean; select(o: object): Node[] };
const parseXPath = (e: string) => (xpath as unknown as { parse(e: string): Parsed }).parse(withoutSpaceBeforeCalls(e));

/** One assertion on one document: undefined when its context is absent, else whether every context node passes; throws when it cannot be evaluated. */
export function holds(table: HmrcRuleTable, assertion: HmrcAssertion, doc: Document): boolean | undefined {
  const run = evaluateAssertion(table, assertion, doc, { today: () => TODAY });
  const error = run.unevaluated[0];
  if (error) throw new Error(`rule ${assertion.number} (${assertion.id}) could not be evaluated at ${error.path}: ${error.reason}`);
  if (run.evaluations === 0) return undefined;
  return run.failed.length === 0;
}

/** Values tried in pairs of edits: fewer, as the pairs multiply. */
const PAIR_VALUES = ['yes', '1', '1.00', '99999999.00', '2021-03-31', '2099-12-31'];

/** Values the test itself compares with (its literals and numbers, and each with a letter after it): the codes and words a rule singles out. */
export function valuesNamedIn(test: string): string[] {
  const found = new Set<string>();
  for (const m of test.matchAll(/(?:!=|<=|>=|=|<|>)\s*(?:'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)(?![\d-]))/g)) found.add(m[1] ?? m[2] ?? m[3]!);
  for (const m of test.matchAll(/starts-with\([^,]+,\s*'([^']*)'\)/g)) found.add(`${m[1]}X`);
  return [...found];
}

/** "count(ct:Loan) <= 999": as many copies of the element as the limit allows, and one more. */
function countLimits(test: string): Edit[] {
  const out: Edit[] = [];
  for (const m of test.matchAll(/count\(([\w:./]+)\)\s*(<=|<)\s*(\d+)/g)) {
    const limit = Number(m[3]) + (m[2] === '<=' ? 1 : 0);
    if (limit <= 2000) out.push({ path: m[1]!, value: `#copies:${limit}` });
  }
  return out;
}

/** The location paths a test names, from its context or from the root ("../ct:X/ct:Y", "ct:Step1/ct:Total", "@Filename"). */
export function pathsNamedIn(test: string): string[] {
  const code = test.replace(/'[^']*'|"[^"]*"/g, (lit) => lit.replace(/\//g, '\u0000'));
  const step = String.raw`(?:\.\.|(?:ct|hd):[\w.-]+(?:\[[^\[\]]*\])*|@[\w-]+)`;
  const found = new Set<string>();
  for (const m of code.matchAll(new RegExp(String.raw`(?<![\w:.@/])(\/?(?:\.\/)?${step}(?:\/${step})*)`, 'g'))) {
    const path = m[1]!.replace(/\u0000/g, '/');
    if (path === '..' || /^\.\.(\/\.\.)*$/.test(path)) continue;
    found.add(path);
  }
  return [...found];
}

/** Every element under Body and in the GovTalk details, as the path an edit drops it by. */
function elementsUnderBody(doc: Document): Element[] {
  const body = parseXPath('/*/*[local-name()="Body"]//*').select({ node: doc, namespaces: {} });
  const header = parseXPath('/*/*[local-name()="GovTalkDetails"]//*').select({ node: doc, namespaces: {} });
  return [...(body as unknown as Element[]), ...(header as unknown as Element[])];
}

export interface FailCase extends RecordedCase {
  assertion: HmrcAssertion;
  context: string;
}

interface Base {
  name: string;
  xml: string;
  doc: Document;
}

/**
 * Finds, for each assertion, edits to one of the bases that make it fail
 * where the base passed. Assertions without one are left out.
 */
export function findFailCases(table: HmrcRuleTable, bases: { name: string; xml: string }[], only?: (a: HmrcAssertion) => boolean): FailCase[] {
  const namespaces = { ...table.namespaces, ...EXSLT };
  const found: FailCase[] = [];
  const docs = bases.map((b) => ({ name: b.name, xml: b.xml, doc: parse(b.xml) }));
  for (const rule of table.rules) {
    for (const assertion of rule.assertions) {
      if (only && !only(assertion)) continue;
      const hit = findOne(table, namespaces, rule, assertion, docs);
      if (hit) found.push({ id: assertion.id, assertion, context: rule.context, ...hit });
    }
  }
  return found;
}

/** The base with the edits made, parsed afresh. */
export function replay(table: HmrcRuleTable, context: string, xml: string, edits: Edit[]): Document | undefined {
  const doc = edited(() => parse(xml), context, { ...table.namespaces, ...EXSLT }, edits);
  return doc && inSchemaOrder(doc);
}

function findOne(table: HmrcRuleTable, namespaces: Record<string, string>, rule: HmrcRule, assertion: HmrcAssertion, docs: Base[]): { base: string; edits: Edit[] } | undefined {
  const fails = (base: Base, edits: Edit[]) => {
    const doc = replay(table, rule.context, base.xml, edits);
    return doc !== undefined && holds(table, assertion, doc) === false;
  };
  const passing = docs.filter((b) => holds(table, assertion, b.doc) !== false);
  const withContext = passing.filter((b) => holds(table, assertion, b.doc) === true);
  const withoutContext = passing.filter((b) => holds(table, assertion, b.doc) === undefined);
  const literals = valuesNamedIn(assertion.test);
  const values = [...new Set([...CANDIDATE_VALUES, ...literals])];
  const setContext = (base: Base) => {
    for (const value of values) if (fails(base, [{ path: '.', value }])) return { base: base.name, edits: [{ path: '.', value }] };
    return undefined;
  };
  // Returns that have the rule's context first: drop an element the rule names, or change the context's value.
  for (const base of withContext) {
    const named = `${rule.context} ${assertion.test}`;
    for (const el of elementsUnderBody(base.doc)) {
      if (!named.includes(`:${el.localName}`)) continue;
      const edits = [{ path: pathOf(el), value: null }];
      if (fails(base, edits)) return { base: base.name, edits };
    }
    const hit = setContext(base);
    if (hit) return hit;
  }
  // Then create the context, in each return that lacks it, with each value.
  for (const base of withoutContext) {
    const hit = setContext(base);
    if (hit) return hit;
  }
  // Then the other elements the test names, from the context: set each (creating it), drop it, or copy it; or copy the context.
  const paths = pathsNamedIn(assertion.test);
  const singles: Edit[] = [{ path: '.', value: '#copy' }, ...countLimits(assertion.test)];
  for (const path of paths) singles.push({ path, value: null }, { path, value: '#copy' }, ...values.map((value) => ({ path, value })));
  for (const base of passing) for (const edit of singles) if (fails(base, [edit])) return { base: base.name, edits: [edit] };
  // Last, two of them at once: one set, the other set or dropped.
  const pairTargets = ['.', ...paths].slice(0, 10);
  for (const base of passing) {
    for (const first of pairTargets) {
      for (const v1 of [...PAIR_VALUES, ...literals]) {
        for (const second of pairTargets) {
          if (second === first) continue;
          for (const v2 of [null, ...PAIR_VALUES, ...literals]) {
            const edits = [{ path: first, value: v1 }, { path: second, value: v2 }];
            if (fails(base, edits)) return { base: base.name, edits };
          }
        }
      }
    }
  }
  return undefined;
}

/**
 * For a fail case on a return that lacks the rule's context (so passes it
 * only because the rule does not apply): edits of the same places that give
 * a return where the rule applies and passes, so the rule is shown passing
 * as well as failing. The context alone first, then the failing edits with
 * one of them left out or given another value, then the failing return put
 * right in one more place the rule names.
 */
export function findPassingEdits(table: HmrcRuleTable, context: string, assertion: HmrcAssertion, xml: string, failing: Edit[]): Edit[] | undefined {
  const passes = (edits: Edit[]) => {
    const doc = replay(table, context, xml, edits);
    return doc !== undefined && holds(table, assertion, doc) === true;
  };
  if (passes([])) return [];
  const values = [...new Set([...CANDIDATE_VALUES, ...valuesNamedIn(assertion.test)])];
  for (let i = 0; i < failing.length; i++) {
    const without = failing.filter((_, j) => j !== i);
    if (without.length > 0 && passes(without)) return without;
  }
  for (let i = 0; i < failing.length; i++) {
    for (const value of values) {
      if (value === failing[i]!.value) continue;
      const edits = failing.map((e, j) => (j === i ? { ...e, value } : e));
      if (passes(edits)) return edits;
    }
  }
  // Or the failing return put right in one more place the rule names.
  for (const path of ['.', ...pathsNamedIn(assertion.test)]) {
    for (const value of [null, ...values]) {
      const edits = [...failing, { path, value }];
      if (passes(edits)) return edits;
    }
  }
  return undefined;
}
