/**
 * Evaluates an HMRC rule table on a parsed return: HMRC's own XPath, with the
 * EXSLT date and math functions HMRC's processor provides, and today's date
 * from the caller's clock. Expressions are parsed once per table.
 *
 * The DOM is read in place: no text is copied out of it, so a return whose
 * attachments are tens of megabytes of base64 costs no more memory here than
 * its parse did (the rules on attachments only count elements and read
 * attributes).
 */
import xpath from 'xpath';
import type { Document, Element, Node } from '@xmldom/xmldom';
import { add, datePart, dayInMonth, difference, monthInYear, seconds, year } from './exslt-dates.js';
import type { HmrcAssertion, HmrcRuleTable } from './rule-table.js';
import { installXPathNumbers } from './xpath-numbers.js';

installXPathNumbers();

const EXSLT = { date: 'http://exslt.org/dates-and-times', math: 'http://exslt.org/math' };

interface XPathValue {
  stringValue(): string;
  numberValue(): number;
  booleanValue(): boolean;
}
interface XPathContext {
  expressionContextNode: Node;
}
type XPathFunction = (context: XPathContext, ...args: XPathValue[]) => unknown;
interface EvaluateOptions {
  node: Node;
  namespaces: Record<string, string>;
  functions: (name: string, namespace: string | null) => XPathFunction | undefined;
}
interface ParsedXPath {
  evaluateBoolean(options: EvaluateOptions): boolean;
  select(options: EvaluateOptions): Node[];
}
const parseExpression = (xpath as unknown as { parse(expression: string): ParsedXPath }).parse;

/**
 * XPath allows space between a function's name and its parenthesis
 * ("not (…)", "round ( … )"), and HMRC's rules use it; the xpath package's
 * parser does not, so the space goes before parsing. "and (", "or (", "div ("
 * and "mod (" are operators followed by a bracket and keep theirs.
 */
export function withoutSpaceBeforeCalls(expression: string): string {
  // Literals ('…' or "…") are kept as written: only the parts between them are code.
  return expression
    .split(/('[^']*'|"[^"]*")/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/(?<![\w.:-])([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)\s+\(/g, (whole, name: string) => (['and', 'or', 'div', 'mod'].includes(name) ? whole : `${name}(`))))
    .join('');
}

const parseXPath = (expression: string) => parseExpression(withoutSpaceBeforeCalls(expression));

/** One child step of an absolute context path: the element's namespace and local name. */
interface ChildStep {
  namespace: string;
  localName: string;
}

interface CompiledRule {
  context: ParsedXPath;
  /** The context as child steps from the root, when it is only that (every rule of HMRC's tables is). */
  contextSteps?: ChildStep[];
  assertions: { assertion: HmrcAssertion; test: ParsedXPath }[];
}

const CHILD_PATH = /^(?:\/[A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*)+$/;

/** "/hd:GovTalkMessage/hd:Body/…" as child steps, or undefined for any other expression (or an unknown prefix). */
export function childStepsOf(context: string, namespaces: Record<string, string>): ChildStep[] | undefined {
  if (!CHILD_PATH.test(context)) return undefined;
  const steps: ChildStep[] = [];
  for (const step of context.slice(1).split('/')) {
    const [prefix, localName] = step.split(':') as [string, string];
    const namespace = namespaces[prefix];
    if (namespace === undefined) return undefined;
    steps.push({ namespace, localName });
  }
  return steps;
}

/**
 * The elements a child-step path selects, in document order, as XPath's
 * select gives them, with each prefix of the path's node set kept for the
 * run: 620 rules share a few dozen prefixes, so each element's children are
 * looked through once per step name, not once per rule. A return whose Body
 * holds 170,000 elements took seven seconds when every rule walked them.
 */
export function childPathNodes(steps: readonly ChildStep[], doc: Document, known: Map<string, Node[]>): Node[] {
  let nodes: Node[] = [doc as unknown as Node];
  let key = '';
  for (const step of steps) {
    key += `/{${step.namespace}}${step.localName}`;
    let next = known.get(key);
    if (!next) {
      next = [];
      for (const parent of nodes) {
        for (let n = parent.firstChild; n; n = n.nextSibling) {
          if (n.nodeType === 1 && (n as Element).localName === step.localName && (n as Element).namespaceURI === step.namespace) next.push(n);
        }
      }
      known.set(key, next);
    }
    nodes = next;
  }
  return nodes;
}

const compiled = new WeakMap<HmrcRuleTable, CompiledRule[]>();

function compile(table: HmrcRuleTable): CompiledRule[] {
  let rules = compiled.get(table);
  if (!rules) {
    rules = table.rules.map((r) => {
      const contextSteps = childStepsOf(r.context, table.namespaces);
      return { context: parseXPath(r.context), ...(contextSteps ? { contextSteps } : {}), assertions: r.assertions.map((a) => ({ assertion: a, test: parseXPath(a.test) })) };
    });
    compiled.set(table, rules);
  }
  return rules;
}

export interface RuleOptions {
  /** Today's date, YYYY-MM-DD, for the rules that compare with it. */
  today: () => string;
}

export interface HmrcFinding {
  assertion: HmrcAssertion;
  /** Absolute path of the element (or attribute) the rule is about, as messages show it. */
  path: string;
}

export interface RuleRun {
  failed: HmrcFinding[];
  /** Assertions whose XPath could not be evaluated on this return (never expected: each is a defect to fix). */
  unevaluated: { assertion: HmrcAssertion; path: string; reason: string }[];
  /** Assertions evaluated, counting each element they were evaluated on. */
  evaluations: number;
}

function functionsFor(options: RuleOptions) {
  const dates: Record<string, XPathFunction> = {
    seconds: (_c, text) => (text === undefined ? seconds(options.today()) : seconds(text.stringValue())),
    add: (_c, date, duration) => add(date?.stringValue() ?? '', duration?.stringValue() ?? ''),
    difference: (_c, start, end) => difference(start?.stringValue() ?? '', end?.stringValue() ?? ''),
    date: (_c, text) => (text === undefined ? options.today() : datePart(text.stringValue())),
    year: (_c, text) => year(text === undefined ? options.today() : text.stringValue()),
    'month-in-year': (_c, text) => monthInYear(text === undefined ? options.today() : text.stringValue()),
    'day-in-month': (_c, text) => dayInMonth(text === undefined ? options.today() : text.stringValue()),
  };
  const math: Record<string, XPathFunction> = { abs: (_c, n) => Math.abs(n?.numberValue() ?? Number.NaN) };
  return (name: string, namespace: string | null): XPathFunction | undefined => {
    if (namespace === EXSLT.date) return dates[name];
    if (namespace === EXSLT.math) return math[name];
    // XSLT's current(): the rule's context element, as Schematron evaluates asserts.
    if (!namespace && name === 'current') return (context) => context.expressionContextNode;
    return undefined;
  };
}

/**
 * One expression of the rules' kind evaluated on a node, its value typed as
 * XPath types it: what the readings of EXSLT dates and number conversions
 * are compared on against libxslt's.
 */
export function evaluateExpression(expression: string, node: Node, options: RuleOptions): string | number | boolean {
  const parsed = parseXPath(expression) as ParsedXPath & { evaluate(o: EvaluateOptions): XPathValue };
  const value = parsed.evaluate({ node, namespaces: EXSLT, functions: functionsFor(options) });
  const classes = xpath as unknown as { XNumber: new () => object; XBoolean: new () => object };
  if (value instanceof classes.XNumber) return value.numberValue();
  if (value instanceof classes.XBoolean) return value.booleanValue();
  return value.stringValue();
}

/** "/GovTalkMessage/Body/IRenvelope/…/Details[2]/Tax": a position only where a name repeats. */
export function pathOf(node: Node): string {
  const steps: string[] = [];
  let n: Node | null = node;
  if (n.nodeType === 2) {
    const attr = n as unknown as { name: string; ownerElement: Element | null };
    steps.push(`@${attr.name}`);
    n = attr.ownerElement;
  }
  for (; n && n.nodeType === 1; n = n.parentNode) {
    const el = n as Element;
    let index = 0;
    let count = 0;
    for (let s = el.parentNode?.firstChild ?? null; s; s = s.nextSibling) {
      if (s.nodeType === 1 && (s as Element).localName === el.localName) {
        count++;
        if (s === el) index = count;
      }
    }
    steps.push(count > 1 ? `${el.localName}[${index}]` : el.localName!);
  }
  return `/${steps.reverse().join('/')}`;
}

export function evaluateRules(table: HmrcRuleTable, doc: Document, options: RuleOptions): RuleRun {
  const run: RuleRun = { failed: [], unevaluated: [], evaluations: 0 };
  const env = { namespaces: { ...table.namespaces, ...EXSLT }, functions: functionsFor(options) };
  const known = new Map<string, Node[]>();
  for (const rule of compile(table)) evaluateRule(rule, rule.assertions, doc, env, run, known);
  return run;
}

/** One assertion of a table on its own (the tests' fail cases; the table's parsed XPath is reused). */
export function evaluateAssertion(table: HmrcRuleTable, assertion: HmrcAssertion, doc: Document, options: RuleOptions): RuleRun {
  const run: RuleRun = { failed: [], unevaluated: [], evaluations: 0 };
  const env = { namespaces: { ...table.namespaces, ...EXSLT }, functions: functionsFor(options) };
  for (const rule of compile(table)) {
    const only = rule.assertions.filter((a) => a.assertion === assertion);
    if (only.length > 0) evaluateRule(rule, only, doc, env, run, new Map());
  }
  return run;
}

function evaluateRule(rule: CompiledRule, assertions: CompiledRule['assertions'], doc: Document, env: Omit<EvaluateOptions, 'node'>, run: RuleRun, known: Map<string, Node[]>): void {
  let nodes: Node[];
  try {
    nodes = rule.contextSteps ? childPathNodes(rule.contextSteps, doc, known) : rule.context.select({ node: doc as unknown as Node, ...env });
  } catch (err) {
    for (const { assertion } of assertions) run.unevaluated.push({ assertion, path: '', reason: String((err as Error).message) });
    return;
  }
  for (const node of nodes) {
    for (const { assertion, test } of assertions) {
      run.evaluations++;
      try {
        if (!test.evaluateBoolean({ node, ...env })) run.failed.push({ assertion, path: pathOf(node) });
      } catch (err) {
        run.unevaluated.push({ assertion, path: pathOf(node), reason: String((err as Error).message) });
      }
    }
  }
}
