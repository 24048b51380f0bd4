/**
 * One attached accounts or computations document, checked as HMRC checks it
 * before accepting a return: well-formed XHTML without script; Inline XBRL
 * structure (header, references with a schema reference, resources with
 * every context and unit the facts use); a taxonomy HMRC accepts for the
 * period; the company and dates of the return; and the joint filing checks
 * on the facts.
 */
import { decodeUtf8 } from '../../ct600/xml-dom.js';
import { AccountsStatements } from './accounts-statements.js';
import { taxonomyFindings, type AttachmentRole } from './accepted-taxonomies.js';
import { FactIndex } from './fact-index.js';
import { errorFinding, type AttachmentFinding } from './finding.js';
import { jointFilingChecks, taxonomyFamily } from './joint-filing-checks.js';
import { returnConsistency, type ReturnBoxes } from './return-consistency.js';
import { readXbrlReport, type XbrlReport } from './xbrl-report.js';
import { findingOfProblem } from './structure-problem.js';
import type { TaxonomyLibrary } from '../../taxonomy/library.js';
import { checkAgainstTaxonomy } from '../../taxonomy/taxonomy-checks.js';
import { reportIntegrity } from '../../xbrl/values/report-integrity.js';

export type { AttachmentFinding } from './finding.js';
export type { ReturnBoxes } from './return-consistency.js';
export type { AttachmentRole } from './accepted-taxonomies.js';

/** The document's references, contexts, units and numeric attributes, by XBRL 2.1's and Inline XBRL's rules (xbrl/values/report-integrity.ts). */
function references(report: XbrlReport): AttachmentFinding[] {
  return reportIntegrity(report);
}

/**
 * What HMRC would find wrong with the document, given the boxes of the return
 * it goes with. With `taxonomies` (the firm's installed taxonomy packages) the
 * facts are checked against the taxonomy too, or a warning says which package
 * to install; without, the caller has no taxonomy store and none is named.
 */
export function checkAttachment(bytes: Uint8Array, role: AttachmentRole, boxes: ReturnBoxes = {}, taxonomies?: TaxonomyLibrary): AttachmentFinding[] {
  const text = decodeUtf8(bytes);
  if (text === undefined) return [errorFinding('HMRC.SG.3.2', 'the file is not UTF-8 text; Inline XBRL documents for HMRC must be UTF-8 XHTML')];
  const read = readXbrlReport(text);
  if (!read.ok) return [errorFinding(read.problem.code, read.problem.message)];
  // A plain XBRL instance is readable, but HMRC takes accounts and computations only as Inline XBRL.
  if (!read.report.inline) return [errorFinding('xbrl.ixbrl.NotInline', 'the file is an XBRL instance, not an Inline XBRL (XHTML) document; HMRC accepts accounts and computations only as Inline XBRL')];
  const findings = checkReport(read.report, role, boxes);
  if (!taxonomies || findings.some((f) => f.code.startsWith('xbrl.ixbrl.'))) return findings;
  return [...findings, ...checkAgainstTaxonomy(read.report, taxonomies).findings];
}

export function checkReport(report: XbrlReport, role: AttachmentRole, boxes: ReturnBoxes = {}): AttachmentFinding[] {
  const out: AttachmentFinding[] = report.problems.map(findingOfProblem);
  if (report.inline && out.some((f) => f.code.startsWith('xbrl.ixbrl.'))) return out;
  if (report.facts.length === 0) {
    out.push(errorFinding('xbrl.ixbrl.NoFacts', `the document tags no facts: HMRC needs the ${role} tagged in Inline XBRL, not only displayed`));
    return out;
  }
  out.push(...references(report));
  out.push(...taxonomyFindings(report.schemaRefs, role, { from: boxes.periodFrom, to: boxes.periodTo }));
  out.push(...returnConsistency(report, role, boxes));
  out.push(...jointFilingReport(report, role === 'accounts'));
  return out;
}

/**
 * The checks of an attached document that need no return (`cli ixbrl
 * validate`, a document dropped on Validate a file): the facts' references to
 * contexts and units, and the joint filing checks (3312 mandatory items of
 * accounts, 3314 inconsistent duplicates, 3315, 3316, the style guide's
 * rules on numbers and contexts), for the role its taxonomy gives it. What
 * ties a document to a return (3317's period, boxes 2, 3, 30, 35) waits for
 * the return. Run only on a document whose Inline XBRL structure is sound,
 * as checkReport does.
 */
export function documentFilingChecks(report: XbrlReport): AttachmentFinding[] {
  if (report.facts.length === 0) return [];
  return [...references(report), ...jointFilingReport(report, documentRole(report) === 'accounts')];
}

const HMRC_CT = /^https?:\/\/www\.hmrc\.gov\.uk\/schemas\/ct\//i;
const CT_COMP_NAMESPACE = /^http:\/\/www\.govtalk\.gov\.uk\/uk\/fr\/tax\/uk-hmrc-ct-comp\//;

/**
 * Accounts or computations, from the taxonomy a document names: HMRC's CT
 * computational taxonomy (whose combined entry points carry the detailed
 * profit and loss, in the UK GAAP namespaces) makes computations; an accounts
 * family's namespaces make accounts; undefined when it is neither.
 */
export function documentRole(report: XbrlReport): AttachmentRole | undefined {
  if (report.schemaRefs.some((r) => HMRC_CT.test(r)) || [...report.namespaces].some((ns) => CT_COMP_NAMESPACE.test(ns) || HMRC_CT.test(ns))) return 'computations';
  return taxonomyFamily(report) ? 'accounts' : undefined;
}

/** The joint filing checks alone (what HMRC's conformance suite exercises). */
export function jointFilingReport(report: XbrlReport, isAccounts: boolean): AttachmentFinding[] {
  const out = jointFilingChecks(report, isAccounts);
  const family = taxonomyFamily(report);
  if (isAccounts && family) out.push(...new AccountsStatements(FactIndex.of(report)).run(family === 'charities'));
  return out;
}
