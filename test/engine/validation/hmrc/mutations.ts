/**
 * Fail cases for HMRC's rules, found by mutating returns that pass them: for
 * each assertion, change one thing in a passing return (drop an element, or
 * put a value into the element the rule is about, creating it and its
 * parents when the return has none) until the assertion fails. A mutation
 * that makes exactly one rule number fail is a fail case of that rule alone.
 */
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import xpath from 'xpath';
import { evaluateAssertion, withoutSpaceBeforeCalls } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import type { HmrcAssertion, HmrcRule, HmrcRuleTable } from '../../../../main/engine/validation/hmrc/rule-table.js';

export const TODAY = '2026-11-24';
const EXSLT = { date: 'http://exslt.org/dates-and-times', math: 'http://exslt.org/math' };

/** Values tried in the element a rule is about: flags, codes, amounts, dates, text. */
export const CANDIDATE_VALUES = ['yes', '0', '1', '3', '11', '0.00', '1.00', '-1.00', '99999999.00', '2015-04-01', '2099-12-31', '2021-03-31', '2024-04-01', 'X', ''];

export interface Mutation {
  describe: string;
  apply(doc: Document): void;
}

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

interface Step {
  attribute: boolean;
  prefix: string;
  name: string;
}

function stepsOf(context: string): Step[] {
  return context
    .split('/')
    .filter(Boolean)
    .map((s) => {
      const attribute = s.startsWith('@');
      const [prefix, name] = s.replace(/^@/, '').includes(':') ? s.replace(/^@/, '').split(':') : ['', s.replace(/^@/, '')];
      return { attribute, prefix: prefix!, name: name! };
    });
}

/** Makes sure the rule's context exists (creating missing elements at the end of their parent) and sets its text. */
export function setContextValue(doc: Document, namespaces: Record<string, string>, context: string, value: string): void {
  const steps = stepsOf(context);
  let el: Element | undefined = doc.documentElement ?? undefined;
  if (!el || el.localName !== steps[0]?.name) return;
  for (const step of steps.slice(1)) {
    if (step.attribute) {
      el.setAttribute(step.name, value);
      return;
    }
    const ns = namespaces[step.prefix] ?? '';
    let next: Element | undefined;
    for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).localName === step.name && (n as Element).namespaceURI === ns) next = next ?? (n as Element);
    if (!next) {
      next = doc.createElementNS(ns, step.name) as unknown as Element;
      el.appendChild(next);
    }
    el = next;
  }
  while (el.firstChild) el.removeChild(el.firstChild);
  if (value !== '') el.appendChild(doc.createTextNode(value));
}

/** Every element under Body, as the XPath of the node (for "drop this element" mutations). */
function elementsUnderBody(doc: Document): Element[] {
  const body = parseXPath('/*/*[local-name()="Body"]//*').select({ node: doc, namespaces: {} });
  const header = parseXPath('/*/*[local-name()="GovTalkDetails"]//*').select({ node: doc, namespaces: {} });
  return [...(body as unknown as Element[]), ...(header as unknown as Element[])];
}

export interface FailCase {
  assertion: HmrcAssertion;
  base: string;
  mutation: string;
  /** The mutated return, parsed afresh. */
  mutated: () => Document;
}

/**
 * Finds, for each assertion, a mutation of one of the bases that makes it fail
 * where the base passed. Returns the cases found; assertions without one are
 * left out.
 */
export function findFailCases(table: HmrcRuleTable, bases: { name: string; xml: string }[]): FailCase[] {
  const namespaces = { ...table.namespaces, ...EXSLT };
  const found: FailCase[] = [];
  const docs = bases.map((b) => ({ name: b.name, xml: b.xml, doc: parse(b.xml) }));
  for (const rule of table.rules) {
    for (const assertion of rule.assertions) {
      const hit = findOne(table, namespaces, rule, assertion, docs);
      if (hit) found.push({ assertion, ...hit });
    }
  }
  return found;
}

function findOne(table: HmrcRuleTable, namespaces: Record<string, string>, rule: HmrcRule, assertion: HmrcAssertion, docs: { name: string; xml: string; doc: Document }[]) {
  const tryValues = (name: string, xml: string) => {
    for (const value of CANDIDATE_VALUES) {
      const mutated = () => {
        const copy = parse(xml);
        setContextValue(copy, namespaces, rule.context, value);
        return copy;
      };
      if (holds(table, assertion, mutated()) === false) return { base: name, mutation: `set ${rule.context.split('/').pop()} to "${value}"`, mutated };
    }
    return undefined;
  };
  // Returns that have the rule's context first: drop what the rule names, or change the context's value.
  for (const { name, xml, doc } of docs) {
    if (holds(table, assertion, doc) !== true) continue;
    const named = `${rule.context} ${assertion.test}`;
    const all = elementsUnderBody(doc);
    for (const [index, el] of all.entries()) {
      if (!named.includes(`:${el.localName}`)) continue;
      const parent = el.parentNode!;
      const next = el.nextSibling;
      parent.removeChild(el);
      const fails = holds(table, assertion, doc) === false;
      parent.insertBefore(el, next);
      const mutated = () => {
        const copy = parse(xml);
        const target = elementsUnderBody(copy)[index]!;
        target.parentNode!.removeChild(target);
        return copy;
      };
      if (fails) return { base: name, mutation: `drop ${el.localName}`, mutated };
    }
    const hit = tryValues(name, xml);
    if (hit) return hit;
  }
  // Otherwise create the context, in each return that lacks it, with each value.
  for (const { name, xml, doc } of docs) {
    const hit = holds(table, assertion, doc) === undefined ? tryValues(name, xml) : undefined;
    if (hit) return hit;
  }
  return undefined;
}
