/**
 * The rules of XBRL 2.1 and Inline XBRL a document breaks on its own, before
 * any taxonomy is consulted:
 * - references: every fact names a context (contextRef) that exists, every
 *   number a unit (unitRef) that exists (XBRL 2.1 §4.6.1, §4.6.2; Inline
 *   XBRL 1.1 §10.1.2, §11.1.2); in an XBRL instance, ids of facts, contexts
 *   and units are unique (XML's ID rule; Inline XBRL's own id rule is with
 *   the Inline structure checks) — a duplicated context id is one finding
 *   naming the id, not a complaint about every fact that uses it;
 * - numeric attributes: decimals or precision, not both, one of them on a
 *   number that is not nil, neither on a nil one (XBRL 2.1 §4.6.3), each
 *   lexically valid (§4.6.4, §4.6.5); scale an integer and sign only "-"
 *   (the Inline XBRL schema); no unitRef, decimals, precision, sign or scale
 *   on ix:nonNumeric; a number written with its sign in the text ("-5"),
 *   where Inline XBRL puts it in the sign attribute;
 * - contexts (§4.7): an identifier with a scheme, dates that are real
 *   xs:date or xs:dateTime values, a start before the end;
 * - units (§4.8): xbrli measures only pure and shares, a measure not both
 *   numerator and denominator (a monetary fact's ISO 4217 currency is
 *   checked with the taxonomy, which says which facts are monetary).
 * Codes are the reference processor's (Arelle's) for the same fault.
 */
import type { AttachmentFinding } from '../../validation/attachments/finding.js';
import type { XbrlFact, XbrlReport } from '../../validation/attachments/xbrl-report.js';
import { checkSimpleValue, type SimpleType } from '../../validation/schema/simple-types.js';
import { ixCode, type IxVersion } from './ix-codes.js';
import type { WrittenContext, WrittenUnit } from './written.js';

const IX11_NS = 'http://www.xbrl.org/2013/inlineXBRL';
const XBRLI_NS = 'http://www.xbrl.org/2003/instance';
/** Findings listed one by one per code; more are summed up in one line. */
const MAX_PER_CODE = 20;

/** xbrli:context/@id, xbrli:unit/@id and a fact's id are xs:ID: an XML name without a colon (XML Schema Part 2 §3.3.8). */
const ID: SimpleType = { describe: 'an XML name (a letter or _ first, no spaces or colons)', primitive: 'NCName' };
const DATE_UNION: SimpleType = { describe: 'a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDThh:mm:ss)', primitive: 'dateUnion' };
const INTEGER: SimpleType = { describe: 'a whole number', primitive: 'integer' };
const DECIMALS = /^(-?[0-9]+|INF)$/;
const PRECISION = /^([0-9]+|INF)$/;

export function ixVersionOf(report: XbrlReport): IxVersion {
  return report.namespaces.has(IX11_NS) ? '1.1' : '1.0';
}

class Findings {
  readonly list: AttachmentFinding[] = [];
  private readonly counts = new Map<string, number>();

  add(code: string, spec: string, message: string): void {
    const n = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, n);
    if (n <= MAX_PER_CODE) this.list.push({ code, spec, category: 'error', message });
  }

  done(): AttachmentFinding[] {
    for (const [code, n] of this.counts) {
      if (n > MAX_PER_CODE) {
        const first = this.list.find((f) => f.code === code)!;
        this.list.push({ code, ...(first.spec ? { spec: first.spec } : {}), category: 'error', message: `and ${n - MAX_PER_CODE} more break the same rule` });
      }
    }
    return this.list;
  }
}

const factWords = (f: XbrlFact) => `the fact ${f.localName}${f.id ? ` (id "${f.id}")` : ''}`;

/** Ids written more than once among the elements, each with how often. */
function duplicates(ids: readonly string[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const id of ids) if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const [id, n] of seen) if (n < 2) seen.delete(id);
  return seen;
}

const duplicatedContexts = new WeakMap<XbrlReport, Set<string>>();

/** Context ids defined more than once: a fact naming one cannot be judged by its period. */
export function duplicatedContextIds(report: XbrlReport): Set<string> {
  let ids = duplicatedContexts.get(report);
  if (!ids) {
    ids = new Set(duplicates((report.written?.contexts ?? []).map((c) => c.id)).keys());
    duplicatedContexts.set(report, ids);
  }
  return ids;
}

export function reportIntegrity(report: XbrlReport): AttachmentFinding[] {
  const out = new Findings();
  const version = ixVersionOf(report);
  const written = report.written ?? { contexts: [], units: [] };
  // In Inline XBRL, ids are unique across every ix element, context and unit: the Inline XBRL structure checks say so (xbrl/inline-structure/).
  if (!report.inline) checkIds(report, out);
  for (const c of written.contexts) checkId('context', c.id, out);
  for (const u of written.units) checkId('unit', u.id, out);
  for (const f of report.facts) if (f.id !== undefined) checkId('fact', f.id, out);
  for (const c of written.contexts) checkContext(c, out);
  for (const u of written.units) checkUnit(u, out);
  for (const f of report.facts) checkFactReferences(f, report, version, out);
  return out.done();
}

function checkIds(report: XbrlReport, out: Findings): void {
  const written = report.written ?? { contexts: [], units: [] };
  const contexts = duplicates(written.contexts.map((c) => c.id));
  const units = duplicates(written.units.map((u) => u.id));
  const facts = duplicates(report.facts.map((f) => f.id ?? ''));
  const code = 'xml.3.3.1:idMustBeUnique';
  const spec = 'XML 1.0 §3.3.1 (ID)';
  for (const [id, n] of contexts) out.add(code, spec, `the context id "${id}" is defined ${n} times; an id names one context, so the facts that use it cannot be told which`);
  for (const [id, n] of units) out.add(code, spec, `the unit id "${id}" is defined ${n} times; an id names one unit`);
  for (const [id, n] of facts) out.add(code, spec, `the fact id "${id}" is used by ${n} facts; an id names one element of the document`);
}

function checkId(what: 'context' | 'unit' | 'fact', id: string, out: Findings): void {
  const problem = checkSimpleValue(ID, id);
  if (problem) out.add('xmlSchema:valueError', 'XML Schema Part 2 §3.3.8 (ID); XBRL 2.1 §4.7, §4.8', `the ${what} id "${id}" is not an XML name: ${problem}`);
}

/** A date as a comparable instant: an xs:date start is its midnight, an xs:date end the midnight after (XBRL 2.1 §4.7.2). */
function instantOf(value: string, end: boolean): number | undefined {
  const m = /^(-?\d{4,})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d)(?:\.\d+)?)?/.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  return end && m[4] === undefined ? t + 86_400_000 : t;
}

function checkContext(c: WrittenContext, out: Findings): void {
  const where = `context "${c.id}"`;
  if (c.scheme === undefined) out.add('xmlSchema:attributesRequired', 'XBRL 2.1 §4.7.3.1', `${where}: the entity identifier has no scheme attribute; the scheme (a URI) says whose identifier it is`);
  else if (c.scheme.trim() === '') out.add('xmlSchema:attributesRequired', 'XBRL 2.1 §4.7.3.1', `${where}: the entity identifier's scheme is empty; it must be a URI saying whose identifier it is`);
  const dates: [string, string | undefined][] = [
    ['instant', c.instant],
    ['startDate', c.startDate],
    ['endDate', c.endDate],
  ];
  let valid = true;
  for (const [name, value] of dates) {
    if (value === undefined) continue;
    const problem = checkSimpleValue(DATE_UNION, value);
    if (problem) {
      valid = false;
      out.add('xmlSchema:valueError', 'XBRL 2.1 §4.7.2', `${where}: its ${name} ${problem}`);
    }
  }
  if (c.period === 'duration' && (c.startDate === undefined || c.endDate === undefined)) {
    out.add('xmlSchema:valueError', 'XBRL 2.1 §4.7.2', `${where}: a duration needs both startDate and endDate; it has only ${c.startDate === undefined ? 'endDate' : 'startDate'}`);
  } else if (valid && c.startDate !== undefined && c.endDate !== undefined) {
    const start = instantOf(c.startDate, false);
    const end = instantOf(c.endDate, true);
    if (start !== undefined && end !== undefined && end <= start) out.add('xbrl.4.7.2:periodStartBeforeEnd', 'XBRL 2.1 §4.7.2', `${where}: its period starts (${c.startDate}) after it ends (${c.endDate})`);
  }
}

function checkUnit(u: WrittenUnit, out: Findings): void {
  const where = `unit "${u.id}"`;
  for (const m of [...u.numerator, ...u.denominator]) {
    if (m.namespace === undefined) out.add('xmlSchema:valueError', 'XBRL 2.1 §4.8.2', `${where}: the measure "${m.text}" uses a prefix the document does not declare`);
    else if (m.namespace === XBRLI_NS && m.localName !== 'pure' && m.localName !== 'shares') out.add('xbrl.4.8.2:measureElement', 'XBRL 2.1 §4.8.2', `${where}: xbrli:${m.localName} is not a measure; of the xbrli namespace only xbrli:pure and xbrli:shares are`);
  }
  for (const m of u.numerator) {
    if (u.denominator.some((d) => d.namespace === m.namespace && d.localName === m.localName)) out.add('xbrl.4.8.4:measureBothNumDenom', 'XBRL 2.1 §4.8.4', `${where}: ${m.text} is both numerator and denominator of the divide, which must be in simplest form`);
  }
}

/** The code for a fact whose context is missing or unknown: the reference processor's in Inline XBRL, XBRL 2.1's otherwise. */
function contextRefCode(report: XbrlReport, version: IxVersion, kind: 'fraction' | 'nonFraction' | 'nonNumeric'): { code: string; spec: string } {
  return (report.inline ? ixCode(version, kind, 'validation', 'contextReference') : undefined) ?? { code: 'xbrl.4.6.1:itemContextRef', spec: 'XBRL 2.1 §4.6.1' };
}

function checkFactReferences(f: XbrlFact, report: XbrlReport, version: IxVersion, out: Findings): void {
  const w = f.written;
  const kind = f.element === 'fraction' ? 'fraction' : f.numeric ? 'nonFraction' : 'nonNumeric';
  // The code is worked out only for a fact that breaks a rule (most break none), and by a function made once, not a closure per fact.
  if (w && !w.hasContextRef) {
    const { code, spec } = contextRefCode(report, version, kind);
    out.add(code, spec, `${factWords(f)} has no contextRef; every fact must name its context`);
  } else if (!report.contexts.has(f.contextRef)) {
    const { code, spec } = contextRefCode(report, version, kind);
    out.add(code, spec, `${factWords(f)} names the context "${f.contextRef}", which the document does not define`);
  }
  if (!report.inline && !f.numeric) return;
  if (f.numeric) {
    if (f.unitRef === undefined || !report.units.has(f.unitRef)) {
      const unitRef = (report.inline ? ixCode(version, kind, 'validation', 'unitReference') : undefined) ?? { code: 'xbrl.4.6.2:numericUnit', spec: 'XBRL 2.1 §4.6.2' };
      if (f.unitRef === undefined) out.add(unitRef.code, unitRef.spec, `${factWords(f)} is a number without a unitRef; every number must name its unit`);
      else out.add(unitRef.code, unitRef.spec, `${factWords(f)} names the unit "${f.unitRef}", which the document does not define`);
    }
    checkNumericAttributes(f, report.inline, version, out);
  } else {
    const misplaced = [f.unitRef !== undefined ? 'unitRef' : '', f.decimals !== undefined ? 'decimals' : '', f.precision !== undefined ? 'precision' : '', w?.sign !== undefined ? 'sign' : '', w?.scale !== undefined ? 'scale' : ''].filter(Boolean);
    if (misplaced.length) out.add('lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_2', `Inline XBRL ${version} schema (ix:nonNumeric)`, `${factWords(f)} is text (ix:nonNumeric) but carries ${misplaced.join(', ')}, which only a number (ix:nonFraction) may have`);
  }
}

function checkNumericAttributes(f: XbrlFact, inline: boolean, version: IxVersion, out: Findings): void {
  const w = f.written;
  const hasDecimals = f.decimals !== undefined;
  const hasPrecision = f.precision !== undefined;
  if (hasDecimals && !DECIMALS.test(f.decimals!)) out.add('xbrl.4.6.5:decimals', 'XBRL 2.1 §4.6.5', `${factWords(f)}: decimals="${f.decimals}" is not an integer or INF`);
  if (hasPrecision && !PRECISION.test(f.precision!)) out.add('xbrl.4.6.4:precision', 'XBRL 2.1 §4.6.4', `${factWords(f)}: precision="${f.precision}" is not a non-negative integer or INF`);
  if (hasDecimals && hasPrecision) out.add('xbrl.4.6.3:bothPrecisionAndDecimals', 'XBRL 2.1 §4.6.3', `${factWords(f)} has both decimals and precision; a number takes one of them`);
  if (f.element !== 'fraction') {
    if (f.nil && (hasDecimals || hasPrecision)) out.add('xbrl.4.6.3:nilPrecisionDecimals', 'XBRL 2.1 §4.6.3', `${factWords(f)} is nil, so it may have neither decimals nor precision`);
    if (!f.nil && !hasDecimals && !hasPrecision) out.add('xbrl.4.6.3:missingPrecisionDecimals', 'XBRL 2.1 §4.6.3', `${factWords(f)} is a number without decimals (or precision); say how exact it is (decimals="0" for whole pounds)`);
  }
  if (!inline || !w) return;
  if (w.scale !== undefined && checkSimpleValue(INTEGER, w.scale)) out.add('lxml.SCHEMAV_CVC_DATATYPE_VALID_1_2_1', `Inline XBRL ${version} schema (scale: xs:integer)`, `${factWords(f)}: scale="${w.scale}" is not a whole number (the power of ten the figure is in: 3 for thousands)`);
  if (w.sign !== undefined && w.sign !== '-') out.add('lxml.SCHEMAV_CVC_PATTERN_VALID', `Inline XBRL ${version} schema (sign)`, `${factWords(f)}: sign="${w.sign}" is not allowed; the sign attribute is "-" for a negative value and absent otherwise`);
  if (!f.nil && !f.readable && w.format === undefined && w.text !== undefined) {
    const signed = /^[-+\u2212]/.test(w.text);
    // The reference processor's codes: a sign in the text is its own fault; any other unreadable text fails the concept's type.
    const { code, spec } = signed ? ixCode(version, 'nonFraction', 'validation', 'nonFractionNegative') : { code: 'xmlSchema:valueError', spec: `Inline XBRL ${version} (ix:nonFraction without format); XML Schema 1.0 Part 2 §3.2.3 (decimal)` };
    out.add(
      code,
      spec,
      signed
        ? `${factWords(f)} is written "${w.text}": the text of ix:nonFraction is the figure without its sign; write the figure and sign="-"`
        : `${factWords(f)} is written "${w.text}", which is not a number (digits with an optional decimal point) and the fact has no format to read it by; its value is unknown`,
    );
  }
}
