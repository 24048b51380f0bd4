/**
 * An Inline XBRL document's facts checked against the real taxonomy, as
 * HMRC's validator checks them before accepting a return:
 * - the concept exists in the DTS of the document's schema references and
 *   takes facts (an item, not abstract; XBRL 2.1 §4.6, §5.1.1);
 * - the fact's kind fits the concept's item type: a number for a numeric
 *   type, text for the rest (Inline XBRL 1.1 §11.10.1: ix:nonFraction only
 *   for numeric concepts, ix:nonNumeric only for non-numeric ones);
 * - a monetary concept's unit is one ISO 4217 currency (XBRL 2.1 §4.8.2);
 * - each value is of its concept's XML Schema type with the taxonomy's
 *   facets, and nil only where the concept is nillable (xbrl/values/);
 * - the context's period is of the concept's period type (XBRL 2.1 §4.7.2);
 * - each context and each fact dimensionally valid against the definition
 *   linkbase's hypercubes (XBRL Dimensions 1.0; xbrl/dimensions/);
 * - every requires-element arc is satisfied: HMRC's mandatory items (error 3312).
 * When no installed taxonomy package holds the schema, nothing is checked
 * and a warning says which package to install: never a silent "valid". When
 * the schema loads but imports a published taxonomy that is not installed (a
 * firm's extension on the FRC suite), the facts of the schemas that loaded
 * are checked and the rest are counted in that warning.
 */
import type { AttachmentFinding } from '../validation/attachments/finding.js';
import type { XbrlContext, XbrlFact, XbrlReport } from '../validation/attachments/xbrl-report.js';
import { clark, splitClark, type Clark, type Concept, type Dts } from './dts.js';
import { isNumericKind, substitutionKindOf, valueKindOf, type ValueKind } from './item-types.js';
import type { TaxonomyLibrary } from './library.js';
import { checkDimensions } from '../xbrl/dimensions/dimension-checks.js';
import { installedSource, type TaxonomySource } from './taxonomy-source.js';
import { factValueFindings } from '../xbrl/values/fact-values.js';
import { currencyProblem } from '../xbrl/values/iso4217.js';
import { duplicatedContextIds } from '../xbrl/values/report-integrity.js';

/** Findings listed one by one per rule; more are summed up in one line. */
const MAX_PER_CODE = 50;

export const TAXONOMY_CODES = {
  notInstalled: 'taxonomy.notInstalled',
  schemaNotLoaded: 'taxonomy.schemaNotLoaded',
  conceptNotFound: 'taxonomy.conceptNotFound',
  notAnItem: 'taxonomy.conceptNotReportable',
  numericOnText: 'taxonomy.numericFactOnNonNumericConcept',
  textOnNumeric: 'taxonomy.nonNumericFactOnNumericConcept',
  monetaryUnit: 'xbrl.4.8.2:monetaryFactUnit-notMonetaryMeasure',
  value: 'xmlSchema:valueError',
  periodType: 'xbrl.4.7.2:contextPeriodType',
  mandatory: 'JFCVC.3312',
} as const;

export interface TaxonomyCheckResult {
  findings: AttachmentFinding[];
  /** Whether the facts were checked against a taxonomy (false: the warning says which package to install). */
  checked: boolean;
  dts?: Dts;
}

export function checkAgainstTaxonomy(report: XbrlReport, library: TaxonomyLibrary): TaxonomyCheckResult {
  return checkFactsAgainst(report, report.schemaRefs.filter(Boolean), installedSource(library));
}

const notCheckedMessage = (install: readonly string[], what: string) =>
  `concepts not checked: install ${[...new Set(install)].join(' and ')} (Settings › Taxonomies, or cli taxonomy add); ${what}`;

/**
 * The report's facts against the DTS of `entryPoints` (its schema references,
 * made absolute) as `source` holds it. A published taxonomy the DTS imports
 * but the firm has not installed (the FRC suite under a firm's extension)
 * leaves the facts of its namespaces unchecked, with a warning saying which
 * package to install; the facts of the schemas that did load are checked.
 */
export function checkFactsAgainst(report: XbrlReport, entryPoints: readonly string[], source: TaxonomySource): TaxonomyCheckResult {
  if (entryPoints.length === 0) return { findings: [], checked: false };
  const located = entryPoints.map((url) => ({ url, where: source.locate(url) }));
  // A missing schema is the reference checks' error; nothing here could add to it.
  if (located.some((l) => l.where.kind === 'missing')) return { findings: [], checked: false };
  // An installed package maps the address but has no such file: a wrong schemaRef, not a package to install.
  const notInPackage = located.flatMap((l) => (l.where.kind === 'notInPackage' ? [{ url: l.url, packageName: l.where.packageName }] : []));
  if (notInPackage.length > 0) return { checked: false, findings: notInPackage.map((n) => schemaNotInPackage(n.url, n.packageName)) };
  const toInstall = located.flatMap((l) => (l.where.kind === 'notInstalled' ? [{ url: l.url, install: l.where.install }] : []));
  if (toInstall.length > 0) {
    return {
      checked: false,
      findings: [
        {
          code: TAXONOMY_CODES.notInstalled,
          category: 'warning',
          install: [...new Set(toInstall.map((t) => t.install))],
          message: notCheckedMessage(
            toInstall.map((t) => t.install),
            `no installed taxonomy package holds ${toInstall.map((t) => `"${t.url}"`).join(', ')}`,
          ),
        },
      ],
    };
  }
  const dts = source.dts(entryPoints);
  const findings = new FindingList();
  const notInstalled: { url: string; install: string }[] = [];
  for (const u of dts.unresolved) {
    const where = source.locate(u.url);
    if (where.kind === 'notInstalled') {
      notInstalled.push({ url: u.url, install: where.install });
      continue;
    }
    const reason = where.kind === 'notInPackage' ? `the installed taxonomy package ${where.packageName} maps its address but holds no such file` : u.reason;
    findings.add({ code: TAXONOMY_CODES.schemaNotLoaded, category: 'warning', message: `the taxonomy refers to ${u.url} (from ${u.from}), which could not be loaded: ${reason}; concepts defined there are reported as not found` });
  }
  // Without the published taxonomy, a concept of a namespace no loaded schema defines cannot be judged either way.
  const unjudged = notInstalled.length > 0 ? (name: Clark) => !dts.namespaces.has(splitClark(name).namespace) : () => false;
  let unchecked = 0;
  // What each concept is, and what each unit's measures make of a monetary fact, worked out once: a report has thousands of facts of a few hundred concepts.
  // Found by the fact's own namespace and local name, whose hashes are already known: a "{namespace}localName" made per fact was a new string to hash each time.
  const judged = new Map<string, Map<string, { name: Clark; judgement: ConceptJudgement }>>();
  const unitProblems = new Map<string, string | undefined>();
  // The concepts of the facts that report a value (a nil one does not), for the requires-element rule.
  const present = new Set<Clark>();
  for (let i = 0; i < report.facts.length; i++) {
    const fact = report.facts[i]!;
    let inNamespace = judged.get(fact.namespace);
    if (inNamespace === undefined) judged.set(fact.namespace, (inNamespace = new Map()));
    let known = inNamespace.get(fact.localName);
    if (known === undefined) {
      const name = clark(fact.namespace, fact.localName);
      inNamespace.set(fact.localName, (known = { name, judgement: judgeConcept(name, dts) }));
    }
    const { name, judgement } = known;
    if (!fact.nil) present.add(name);
    if (judgement.concept === undefined && unjudged(name)) unchecked++;
    else checkFact(fact, name, judgement, report, dts, findings, unitProblems);
  }
  for (const f of checkDimensions({ contexts: report.contexts, facts: report.facts, unjudged, factWords }, dts)) findings.add(f);
  if (notInstalled.length > 0) {
    findings.add({
      code: TAXONOMY_CODES.notInstalled,
      category: 'warning',
      install: [...new Set(notInstalled.map((n) => n.install))],
      message: notCheckedMessage(
        notInstalled.map((n) => n.install),
        `the taxonomy imports ${[...new Set(notInstalled.map((n) => `"${n.url}"`))].slice(0, 3).join(', ')}${notInstalled.length > 3 ? ', …' : ''}, which no installed taxonomy package holds, so ${unchecked} fact${unchecked === 1 ? '' : 's'} of its concepts ${unchecked === 1 ? 'was' : 'were'} not checked`,
      ),
    });
  }
  checkRequiredElements(present, dts, findings);
  return { findings: findings.done(), checked: notInstalled.length === 0, dts };
}

/** Arelle reports a schemaRef it cannot open as IOerror; the package is named so the user fixes the reference, not the installation. */
function schemaNotInPackage(url: string, packageName: string): AttachmentFinding {
  return {
    code: 'IOerror',
    spec: 'XBRL 2.1 §4.2',
    category: 'error',
    message: `the schemaRef "${url}" names a file that is not in the installed taxonomy package ${packageName}, which publishes that address: check the file name against the package's entry points (installing the package again will not help)`,
  };
}

class FindingList {
  private readonly list: AttachmentFinding[] = [];
  private readonly counts = new Map<string, number>();

  add(f: AttachmentFinding): void {
    const n = (this.counts.get(f.code) ?? 0) + 1;
    this.counts.set(f.code, n);
    if (n <= MAX_PER_CODE) this.list.push(f);
  }

  done(): AttachmentFinding[] {
    for (const [code, n] of this.counts) {
      if (n > MAX_PER_CODE) {
        const sample = this.list.find((f) => f.code === code)!;
        this.list.push({ code, category: sample.category, message: `and ${n - MAX_PER_CODE} more facts break the same rule` });
      }
    }
    return this.list;
  }
}

/** "CompanyName (id "f3", context "c1")": how a finding names the fact. */
function factWords(fact: XbrlFact): string {
  const where = [fact.id ? `id "${fact.id}"` : '', `context "${fact.contextRef}"`].filter(Boolean).join(', ');
  return `the fact ${fact.localName} (${where})`;
}

const conceptWords = (name: string) => {
  const { namespace, localName } = splitClark(name);
  return `${localName} in ${namespace}`;
};

interface ConceptJudgement {
  concept: Concept | undefined;
  /** An item that is not abstract: what a fact may report. */
  reportable: boolean;
  kind: ValueKind;
}

function judgeConcept(name: Clark, dts: Dts): ConceptJudgement {
  const concept = dts.concepts.get(name);
  if (!concept) return { concept, reportable: false, kind: 'unknown' };
  return { concept, reportable: substitutionKindOf(concept, dts) === 'item' && !concept.abstract, kind: valueKindOf(concept, dts) };
}

/** An error on one fact, its message led by the fact's own words. */
function factError(findings: FindingList, fact: XbrlFact, code: string, message: string): void {
  findings.add({ code, category: 'error', message: `${factWords(fact)}: ${message}` });
}

/** A concept's type as a message names it (worked out only for a message). */
function typeNameOf(concept: Concept): string {
  return concept.type ? splitClark(concept.type).localName : 'its type';
}

function checkFact(fact: XbrlFact, name: Clark, judgement: ConceptJudgement, report: XbrlReport, dts: Dts, findings: FindingList, unitProblems: Map<string, string | undefined>): void {
  const { concept, kind } = judgement;
  if (!concept) {
    factError(findings, fact, TAXONOMY_CODES.conceptNotFound, `the concept ${conceptWords(name)} is not in the taxonomy (${dts.entryPoints.join(', ')}); HMRC rejects a fact whose concept does not exist`);
    return;
  }
  if (!judgement.reportable) {
    factError(findings, fact, TAXONOMY_CODES.notAnItem, `${fact.localName} is ${concept.abstract ? 'an abstract concept' : 'not an item (a hypercube, dimension or tuple)'}, which cannot be reported as a fact`);
    return;
  }
  const numericFact = fact.element ? fact.element !== 'nonNumeric' : fact.numeric;
  if (kind !== 'unknown') {
    if (numericFact && !isNumericKind(kind)) {
      factError(findings, fact, TAXONOMY_CODES.numericOnText, `a number is tagged (ix:${fact.element ?? 'nonFraction'}) on ${fact.localName}, whose type ${typeNameOf(concept)} is not numeric; tag it with ix:nonNumeric`);
      return;
    }
    if (!numericFact && isNumericKind(kind)) {
      factError(findings, fact, TAXONOMY_CODES.textOnNumeric, `text is tagged (ix:nonNumeric) on ${fact.localName}, whose type ${typeNameOf(concept)} is numeric; tag the number with ix:nonFraction and a unit`);
      return;
    }
  }
  if (kind === 'monetary' && fact.unitRef !== undefined) {
    const measures = report.unitMeasures?.get(fact.unitRef) ?? [];
    let notCurrency = unitProblems.get(fact.unitRef);
    if (!unitProblems.has(fact.unitRef)) {
      const only = measures.length === 1 ? splitClark(measures[0]!) : undefined;
      notCurrency = only ? currencyProblem(only.namespace, only.localName) : 'not one measure';
      unitProblems.set(fact.unitRef, notCurrency);
    }
    if (notCurrency && report.units.has(fact.unitRef)) {
      const message = `${fact.localName} is a monetary amount, so its unit must be one ISO 4217 currency (iso4217:GBP); unit "${fact.unitRef}" is ${measures.map((m) => splitClark(m).localName).join(' / ') || 'empty'}: its measure ${notCurrency}`;
      findings.add({ code: TAXONOMY_CODES.monetaryUnit, spec: 'XBRL 2.1 §4.8.2', category: 'error', message: `${factWords(fact)}: ${message}` });
    }
  }
  for (const f of factValueFindings(fact, concept, dts, report)) findings.add({ ...f, message: `${factWords(fact)}: ${f.message}` });
  const context = report.contexts.get(fact.contextRef);
  // A context id defined twice is one finding of its own (report-integrity.ts), not a period complaint on each of its facts.
  if (context && !duplicatedContextIds(report).has(fact.contextRef)) {
    const periodProblem = periodTypeProblem(concept.periodType, context);
    if (periodProblem) factError(findings, fact, TAXONOMY_CODES.periodType, `${fact.localName} has period type ${concept.periodType}, but context "${context.id}" is ${periodProblem}`);
  }
}

function periodTypeProblem(periodType: 'instant' | 'duration' | undefined, context: XbrlContext): string | undefined {
  if (periodType === 'instant' && !context.instant) return context.start || context.end ? `a duration (${context.start ?? '?'} to ${context.end ?? '?'})` : 'forever';
  if (periodType === 'duration' && context.instant) return `an instant (${context.end})`;
  return undefined;
}

/**
 * requires-element (XBRL 2.1 §5.2.6.2.4): a fact of a source concept needs a
 * fact of each target. HMRC's mandatory items are written so. `present`: the
 * concepts of the facts that are not nil (HMRC counts a nil mandatory item as
 * missing, error 3312).
 */
function checkRequiredElements(present: Set<Clark>, dts: Dts, findings: FindingList): void {
  const reported = new Set<string>();
  for (const arc of dts.requiresElement) {
    const source = arc.from.find((c) => present.has(c));
    if (!source) continue;
    for (const target of arc.to) {
      if (present.has(target) || reported.has(target)) continue;
      reported.add(target);
      findings.add({
        code: TAXONOMY_CODES.mandatory,
        category: 'error',
        message: `${splitClark(target).localName} is missing: the taxonomy makes it mandatory once ${splitClark(source).localName} is reported (HMRC error 3312, mandatory items)`,
      });
    }
  }
}
