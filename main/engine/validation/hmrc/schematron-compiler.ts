/**
 * Compiles HMRC's Schematron (one file per CT600 schema version) into a rule
 * table. HMRC's file is the specification: the tests are kept as HMRC wrote
 * them, and what the table adds (boxes, period) is read off HMRC's own words
 * and XPath, so a new version compiles the same way.
 */
import type { Element } from '@xmldom/xmldom';
import { DOMParser } from '../../xmldom.js';
import { boxesOf, withSectionBoxes } from './rule-boxes.js';
import type { HmrcAssertion, HmrcRule, HmrcRuleTable } from './rule-table.js';

const SCH_NS = 'http://purl.oclc.org/dsdl/schematron';

function childElements(el: Element, localName: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === localName && (n as Element).namespaceURI === SCH_NS) out.push(n as Element);
  }
  return out;
}

const words = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Today's date enters a test only through date:date() (or date:seconds() without a date). */
export const DEPENDS_ON_TODAY = /date:date\(\s*\)|date:seconds\(\s*\)/;

const PERIOD_BOX: Record<string, string> = { From: '30', To: '35' };
const DATE = `'(\\d{4}-\\d{2}-\\d{2})'`;
const PERIOD_FIELD = `[./:A-Za-z]*PeriodCovered/ct:(From|To)`;
/** `round(date:seconds(normalize-space('2023-04-01')) div 86400) <= round(date:seconds(normalize-space(…PeriodCovered/ct:From)) div 86400)` */
const LITERAL_FIRST = new RegExp(`${DATE}\\)\\)\\s*div\\s*86400\\)\\s*(<=|<)\\s*round\\(date:seconds\\(normalize-space\\((?:string\\()?${PERIOD_FIELD}`, 'g');
const FIELD_FIRST = new RegExp(`${PERIOD_FIELD}\\)?\\)\\)\\s*div\\s*86400\\)\\s*(<=|<)\\s*round\\(date:seconds\\(normalize-space\\(${DATE}`, 'g');

/** The comparisons of box 30 or 35 with a fixed date in a test, in words. */
export function periodConditions(test: string): string[] {
  const found = new Set<string>();
  for (const m of test.matchAll(LITERAL_FIRST)) found.add(`box ${PERIOD_BOX[m[3]!]} ${m[2] === '<=' ? 'on or after' : 'after'} ${m[1]}`);
  for (const m of test.matchAll(FIELD_FIRST)) found.add(`box ${PERIOD_BOX[m[1]!]} ${m[2] === '<=' ? 'on or before' : 'before'} ${m[3]}`);
  return [...found];
}

export class SchematronError extends Error {}

/** Compiles the text of HMRC's .sch; `source` says where it came from, for the table. */
export function compileSchematron(text: string, schemaVersion: string, source: string): HmrcRuleTable {
  const problems: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => { if (level !== 'warning') problems.push(message); } }).parseFromString(text, 'text/xml');
  const schema = doc.documentElement;
  if (problems.length > 0 || !schema || schema.localName !== 'schema' || schema.namespaceURI !== SCH_NS) {
    throw new SchematronError(`not a Schematron schema: ${problems[0] ?? `root element ${schema?.localName ?? '(none)'}`}`);
  }
  const namespaces: Record<string, string> = {};
  for (const ns of childElements(schema, 'ns')) namespaces[ns.getAttribute('prefix') ?? ''] = ns.getAttribute('uri') ?? '';

  const diagnostics = new Map<string, string>();
  for (const group of childElements(schema, 'diagnostics')) {
    for (const d of childElements(group, 'diagnostic')) diagnostics.set(d.getAttribute('id') ?? '', words(d));
  }

  const rules: HmrcRule[] = [];
  for (const pattern of childElements(schema, 'pattern')) {
    for (const rule of childElements(pattern, 'rule')) {
      const context = rule.getAttribute('context') ?? '';
      const assertions = childElements(rule, 'assert').map((a): HmrcAssertion => {
        const id = a.getAttribute('id') ?? '';
        const ids = (a.getAttribute('diagnostics') ?? '').split(/\s+/).filter(Boolean);
        const codeId = ids.find((d) => d.startsWith('errorCode.'));
        const number = codeId ? diagnostics.get(codeId) : undefined;
        if (!number || !/^\d+$/.test(number)) throw new SchematronError(`assertion ${id} has no HMRC error number`);
        const key = codeId!.slice('errorCode.'.length);
        const hmrcMessage = diagnostics.get(`transactional.en.${key}`) ?? diagnostics.get(`transactional.${key}`) ?? '';
        const test = a.getAttribute('test') ?? '';
        const ruleText = words(a);
        return { id, number, test, rule: ruleText, hmrcMessage, boxes: boxesOf(context, ruleText, hmrcMessage), dependsOnToday: DEPENDS_ON_TODAY.test(test), period: periodConditions(test) };
      });
      rules.push({ pattern: pattern.getAttribute('id') ?? '', context, assertions });
    }
  }
  return { schemaVersion, source, namespaces, rules: withSectionBoxes(rules) };
}
