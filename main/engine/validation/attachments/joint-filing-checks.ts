/**
 * HMRC and Companies House's Joint Filing Common Validation Checks (JFCVC
 * v4.0) on the facts of a set of accounts or computations: mandatory facts
 * for the taxonomy family (3312), inconsistent duplicate facts (3314),
 * generic dimension members without their name (3315), the registered
 * number against the context identifier (3316), and the style guide's rules
 * on numbers (precision, insignificant digits) and contexts (no scenario).
 */
import { FactIndex, validValue } from './fact-index.js';
import { repeatedFacts } from './repeated-facts.js';
import { errorFinding, type AttachmentFinding } from './finding.js';
import { GENERIC_DIMENSIONS } from './generic-dimensions.js';
import type { XbrlContext, XbrlFact, XbrlReport } from './xbrl-report.js';

export type TaxonomyFamily = 'ukGAAP' | 'ukIFRS' | 'charities' | 'FRS' | 'FRS-2022';

const COMMON = ['AverageNumberEmployeesDuringPeriod', 'EntityCurrentLegalOrRegisteredName', 'StartDateForPeriodCoveredByReport', 'EndDateForPeriodCoveredByReport', 'BalanceSheetDate'];
const COMMON_FRS = [
  ...COMMON,
  'DateAuthorisationFinancialStatementsForIssue',
  'DirectorSigningFinancialStatements',
  'EntityDormantTruefalse',
  'EntityTradingStatus',
  'AccountingStandardsApplied',
  'AccountsStatusAuditedOrUnaudited',
  'LegalFormEntity',
  'DescriptionPrincipalActivities',
];

/** Facts every set of accounts in the family must carry for its own period. */
export const MANDATORY_FACTS: Record<TaxonomyFamily, string[]> = {
  ukGAAP: [...COMMON, 'DateApprovalAccounts', 'NameDirectorSigningAccounts', 'EntityDormant', 'EntityTrading', 'DateSigningDirectorsReport', 'DirectorSigningReport'],
  charities: [...COMMON, 'DateAuthorisationFinancialStatementsForIssue', 'DirectorSigningFinancialStatements', 'EntityDormantTruefalse', 'EntityTradingStatus', 'AccountingStandardsApplied', 'AccountsStatusAuditedOrUnaudited'],
  ukIFRS: [...COMMON, 'DateAuthorisationFinancialStatementsForIssue', 'ExplanationOfBodyOfAuthorisation', 'EntityDormant', 'EntityTrading', 'DateSigningDirectorsReport', 'DirectorSigningReport'],
  // The FRC's 2022 and later taxonomies replaced AccountsTypeFullOrAbbreviated with AccountsType.
  FRS: [...COMMON_FRS, 'AccountsTypeFullOrAbbreviated'],
  'FRS-2022': [...COMMON_FRS, 'AccountsType'],
};
const CHARITY_NUMBERS = ['CharityRegistrationNumberEnglandWales', 'CharityRegistrationNumberScotland', 'CharityRegistrationNumberNorthernIreland'];
const COMPANIES_HOUSE = 'http://www.companieshouse.gov.uk/';

/** The accounts taxonomy family, from the namespaces the document uses; undefined when none is recognised. */
export function taxonomyFamily(report: XbrlReport): TaxonomyFamily | undefined {
  // Each namespace once: a report of 60,000 facts uses a handful.
  const seen = new Set(report.namespaces);
  for (const f of report.facts) seen.add(f.namespace);
  const namespaces = [...seen];
  if (namespaces.some((ns) => ns.startsWith('http://www.xbrl.org/uk/char/') || ns.startsWith('http://xbrl.frc.org.uk/char/'))) return 'charities';
  if (namespaces.some((ns) => ns.startsWith('http://www.xbrl.org/uk/gaap/'))) return 'ukGAAP';
  if (namespaces.some((ns) => ns.startsWith('http://www.xbrl.org/uk/ifrs/') || ns.startsWith('https://xbrl.frc.org.uk/IFRS/'))) return 'ukIFRS';
  const frc = namespaces.map((ns) => /^http:\/\/xbrl\.frc\.org\.uk\/.*?\/(\d{4})-\d{2}-\d{2}\//.exec(`${ns}/`)).find((m) => m);
  if (frc) return Number(frc[1]) >= 2022 ? 'FRS-2022' : 'FRS';
  return undefined;
}

function contextKey(c: XbrlContext | undefined, ref: string): string {
  if (!c) return `#${ref}`;
  const dims = [...c.dims].sort(([a], [b]) => a.localeCompare(b)).map(([d, m]) => `${d}=${m}`);
  return [c.scheme, c.identifier, c.instant ? 'i' : 'd', c.start ?? '', c.end ?? '', ...dims].join('|');
}

/** Half a unit of the last significant place: the range a rounded number stands for. */
function interval(fact: XbrlFact): [number, number] {
  const v = Number(fact.value);
  const d = fact.decimals === undefined || fact.decimals === 'INF' ? Infinity : Number(fact.decimals);
  const half = Number.isFinite(d) ? 0.5 * 10 ** -d : 0;
  return [v - half, v + half];
}

function inconsistent(facts: XbrlFact[]): boolean {
  if (facts.some((f) => f.nil) && facts.some((f) => !f.nil)) return true;
  const live = facts.filter((f) => !f.nil);
  if (live.length < 2) return false;
  if (live[0]!.numeric) {
    const ranges = live.map(interval);
    const low = Math.max(...ranges.map((r) => r[0]));
    const high = Math.min(...ranges.map((r) => r[1]));
    return low > high;
  }
  // Strings compare as written: "Address Line 1" and "Address  Line  1" are two different values.
  return new Set(live.map((f) => f.value)).size > 1;
}

function duplicates(index: FactIndex): AttachmentFinding[] {
  const out: AttachmentFinding[] = [];
  // A context's content is worked out once per context id (repeatedFacts asks once per id): thousands of facts share a few.
  for (const facts of repeatedFacts(index.report.facts, (f) => contextKey(index.context(f), f.contextRef))) {
    if (inconsistent(facts)) {
      const values = facts.map((f) => (f.nil ? '(nil)' : `"${f.value.replace(/\s+/g, ' ').trim().slice(0, 40)}"`)).join(', ');
      out.push(errorFinding('JFCVC.3314', `${facts[0]!.localName} is tagged more than once for the same period and context with different values: ${values}`));
    }
  }
  return out;
}

/** How many places after the point a figure is written to, trailing zeros aside ("12.50" has 1); read in place, since every figure of a report asks. */
function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  if (dot < 0) return 0;
  const next = value.indexOf('.', dot + 1);
  let end = next < 0 ? value.length : next;
  while (end > dot + 1 && value.charCodeAt(end - 1) === 0x30 /* 0 */) end--;
  return end - dot - 1;
}

function numberRules(index: FactIndex): AttachmentFinding[] {
  const out: AttachmentFinding[] = [];
  for (const f of index.report.facts) {
    if (!f.numeric || !index.context(f)) continue;
    if (f.precision !== undefined) out.push(errorFinding('HMRC.5.4', `${f.localName} uses a precision attribute; HMRC requires decimals instead`));
    if (f.nil || !f.readable || f.decimals === undefined || f.decimals === 'INF') continue;
    const d = Number(f.decimals);
    if (!Number.isInteger(d)) continue;
    const beyond = d >= 0 ? decimalPlaces(f.value) > d : /[1-9]/.test(f.value.split('.')[0]!.slice(d) + (f.value.split('.')[1] ?? ''));
    if (beyond) out.push(errorFinding('HMRC.SG.4.5', `${f.localName} is ${f.value} but says it is accurate to ${d} decimal places (decimals="${d}"): the digits beyond that must be zero`));
  }
  return out;
}

/** 3315: every generic dimension member a fact uses must have its name or description tagged in a context with that member. */
function genericDimensions(index: FactIndex, isAccounts: boolean): AttachmentFinding[] {
  interface Need {
    fact: string;
    alt?: string;
    member: string;
  }
  const needs = new Map<string, Need[]>();
  const add = (n: Need) => needs.set(n.fact, [...(needs.get(n.fact) ?? []).filter((x) => !(x.alt === n.alt && x.member === n.member)), n]);
  const used = index.usedContextRefs();
  for (const ref of used) {
    const c = index.report.contexts.get(ref);
    if (!c) continue;
    for (const member of c.dims.values()) {
      const m = /^([A-Za-z-]+)([0-9]+)$/.exec(member);
      const base = m ? m[1]! : member;
      const n = m ? Number(m[2]) : undefined;
      const rule = GENERIC_DIMENSIONS[base];
      if (!rule || (n !== undefined && !(rule.range && n >= rule.range[0] && n <= rule.range[1]))) continue;
      const [first, second] = rule.names;
      add({ fact: first!, alt: second, member });
      if (second) add({ fact: second, alt: first, member });
    }
  }
  const out: AttachmentFinding[] = [];
  for (const f of index.report.facts) {
    const list = needs.get(f.localName);
    const c = index.context(f);
    if (!list || !c) continue;
    const members = new Set(c.dims.values());
    const met = list.filter((n) => members.has(n.member));
    for (const n of met) {
      if (n.alt) needs.set(n.alt, (needs.get(n.alt) ?? []).filter((x) => !members.has(x.member)));
    }
    if (met.length > 0 && !f.value.trim()) out.push(errorFinding('JFCVC.3315', `${f.localName} names a generic dimension member (${met.map((n) => n.member).join(', ')}) but is empty`));
    needs.set(f.localName, list.filter((n) => !met.includes(n)));
  }
  if (isAccounts) {
    const missing = [...new Set([...needs.values()].flat().map((n) => `${n.member} (${[n.fact, n.alt].filter(Boolean).sort().join(' or ')})`))].sort();
    if (missing.length) out.push(errorFinding('JFCVC.3315', `generic dimension members are used without their name or description being tagged: ${missing.join('; ')}`));
  }
  return out;
}

function alignedWith(index: FactIndex, fact: XbrlFact, start: string, end: string): boolean {
  const c = index.context(fact);
  // A nil fact gives no value: HMRC counts a nil mandatory item as missing (3312).
  if (!c || fact.nil || !validValue(fact)) return false;
  return c.instant ? c.end === end : c.start === start && c.end === end;
}

function mandatoryFacts(index: FactIndex, family: TaxonomyFamily): AttachmentFinding[] {
  const missing: string[] = [];
  const end = index.facts('EndDateForPeriodCoveredByReport').find((f) => validValue(f) && index.context(f)?.instant && index.context(f)!.end === f.value.trim())?.value.trim();
  if (end === undefined) missing.push('EndDateForPeriodCoveredByReport');
  // The start date sits in a context at the end date, or (as much accounts software writes it) at its own date.
  const start =
    end === undefined
      ? undefined
      : index.facts('StartDateForPeriodCoveredByReport').find((f) => validValue(f) && index.context(f)?.instant && [end, f.value.trim()].includes(index.context(f)!.end!))?.value.trim();
  if (start === undefined) missing.push('StartDateForPeriodCoveredByReport');
  const out: AttachmentFinding[] = [];
  if (start !== undefined && end !== undefined) {
    const needed = [...MANDATORY_FACTS[family]];
    if ([...index.report.contexts.values()].some((c) => c.scheme === COMPANIES_HOUSE)) needed.push('UKCompaniesHouseRegisteredNumber');
    for (const name of needed) {
      if (name === 'StartDateForPeriodCoveredByReport' || name === 'EndDateForPeriodCoveredByReport') continue;
      if (!index.facts(name).some((f) => alignedWith(index, f, start, end))) missing.push(name);
    }
    if (family === 'charities' && !CHARITY_NUMBERS.some((n) => index.facts(n).some((f) => alignedWith(index, f, start, end)))) {
      out.push(errorFinding('JFCVC.3312.atLeastOne', `a charity’s accounts must tag at least one charity registration number for the period (${CHARITY_NUMBERS.join(', ')})`));
    }
  }
  if (missing.length) {
    out.unshift(
      errorFinding(
        'JFCVC.3312',
        `these facts every set of accounts must carry are missing, or are not tagged for the period the accounts give in StartDateForPeriodCoveredByReport and EndDateForPeriodCoveredByReport: ${missing.sort().join(', ')}`,
      ),
    );
  }
  return out;
}

function registeredNumber(index: FactIndex): AttachmentFinding[] {
  const out: AttachmentFinding[] = [];
  const used = index.usedContextRefs();
  for (const f of index.facts('UKCompaniesHouseRegisteredNumber')) {
    if (f.nil || !index.context(f)) continue;
    for (const ref of used) {
      const c = index.report.contexts.get(ref);
      if (c && c.scheme === COMPANIES_HOUSE && c.identifier !== f.value.trim()) {
        out.push(errorFinding('JFCVC.3316', `context ${c.id} identifies the company as ${c.identifier}, but the accounts give the registered number (UKCompaniesHouseRegisteredNumber) as ${f.value.trim()}`));
      }
    }
  }
  return out;
}

export function jointFilingChecks(report: XbrlReport, isAccounts: boolean): AttachmentFinding[] {
  const index = FactIndex.of(report);
  const out: AttachmentFinding[] = [];
  const used = index.usedContextRefs();
  const withScenario = [...used].filter((ref) => report.contexts.get(ref)?.hasScenario);
  if (withScenario.length) out.push(errorFinding('FRC.TG.3.6.1', `contexts ${withScenario.join(', ')} use a scenario element; dimensions belong in the entity segment`));
  const family = taxonomyFamily(report);
  for (const f of report.facts) {
    // A number written without a format that is not digits: said, not refused (a format's faults are the reader's findings).
    if (!f.nil && !f.readable && !f.format) out.push({ code: 'ixt.unreadableValue', category: 'warning', message: `the value of ${f.localName} ("${f.value.trim().slice(0, 40)}") could not be read under its format, so the checks that need it treat it as missing` });
  }
  out.push(...numberRules(index), ...genericDimensions(index, isAccounts));
  if (isAccounts && family) out.push(...mandatoryFacts(index, family), ...registeredNumber(index));
  out.push(...duplicates(index));
  return out;
}
