/**
 * The attached documents must be about the company and period of the return:
 * HMRC matches the accounts to the company by its registration number (box 2)
 * and the computations by its UTR (box 3), and the dates to boxes 30 and 35.
 * A context identifier in Companies House's scheme is a registration number,
 * one in HMRC's CT scheme a UTR.
 */
import { FactIndex, validValue } from './fact-index.js';
import { errorFinding, type AttachmentFinding } from './finding.js';
import type { AttachmentRole } from './accepted-taxonomies.js';
import type { XbrlReport } from './xbrl-report.js';

export interface ReturnBoxes {
  /** Box 2. */
  registrationNumber?: string;
  /** Box 3, the UTR. */
  utr?: string;
  /** Box 30. */
  periodFrom?: string;
  /** Box 35. */
  periodTo?: string;
  /** Box 80A: the accounts are for this period (not a different one, box 85A). */
  accountsForThisPeriod?: boolean;
  /** Box 80B: the computations are for this period. */
  computationsForThisPeriod?: boolean;
}

const COMPANIES_HOUSE = 'http://www.companieshouse.gov.uk/';
const HMRC_UTR = /^http:\/\/www\.hmrc\.gov\.uk\/(UTR\/CT|CT\/UTR)\/?$/i;
/** Companies House numbers are written with or without leading zeros in accounts; box 2 keeps them. */
const sameNumber = (a: string, b: string) => a.trim().toUpperCase().replace(/^0+/, '') === b.trim().toUpperCase().replace(/^0+/, '');

export function returnConsistency(report: XbrlReport, role: AttachmentRole, boxes: ReturnBoxes): AttachmentFinding[] {
  const out: AttachmentFinding[] = [];
  const index = FactIndex.of(report);
  const used = index.usedContextRefs();
  const contexts = [...used].map((id) => report.contexts.get(id)).filter((c) => c !== undefined);
  const crn = boxes.registrationNumber?.trim();
  if (crn) {
    const other = new Set(contexts.filter((c) => c.scheme === COMPANIES_HOUSE && !sameNumber(c.identifier, crn)).map((c) => c.identifier));
    for (const id of other) out.push(errorFinding('attachment.box2', `the document’s contexts identify the company by registration number ${id}, but box 2 of the return is ${crn}`, ['2']));
    for (const f of index.facts('UKCompaniesHouseRegisteredNumber')) {
      if (!f.nil && f.value.trim() && !sameNumber(f.value, crn)) out.push(errorFinding('attachment.box2', `the document gives the registered number ${f.value.trim()}, but box 2 of the return is ${crn}`, ['2']));
    }
  }
  const utr = boxes.utr?.trim();
  if (utr) {
    const other = new Set(contexts.filter((c) => HMRC_UTR.test(c.scheme) && c.identifier !== utr).map((c) => c.identifier));
    for (const id of other) out.push(errorFinding('attachment.box3', `the document’s contexts identify the company by UTR ${id}, but box 3 of the return is ${utr}`, ['3']));
    for (const f of index.facts('TaxReference')) {
      if (!f.nil && f.value.trim() && f.value.replace(/\s/g, '') !== utr) out.push(errorFinding('attachment.box3', `the computations give the tax reference ${f.value.trim()}, but box 3 of the return is ${utr}`, ['3']));
    }
  }
  if (role === 'computations' && utr && !contexts.some((c) => HMRC_UTR.test(c.scheme))) {
    out.push(errorFinding('attachment.box3', 'the computations’ contexts must identify the company by its UTR (scheme http://www.hmrc.gov.uk/UTR/CT), and none does', ['3']));
  }
  const { periodFrom: from, periodTo: to } = boxes;
  if (!from || !to) return out;
  const value = (name: string) => index.facts(name).find((f) => !f.nil && validValue(f))?.value.trim();
  if (role === 'accounts' && boxes.accountsForThisPeriod !== false) {
    const start = value('StartDateForPeriodCoveredByReport');
    const end = value('EndDateForPeriodCoveredByReport');
    if (start && start !== from) out.push(errorFinding('attachment.period', `the accounts start on ${start}, but the return’s period starts on ${from} (box 30); accounts for a different period go with box 85A`, ['30']));
    if (end && end !== to) out.push(errorFinding('attachment.period', `the accounts end on ${end}, but the return’s period ends on ${to} (box 35); accounts for a different period go with box 85A`, ['35']));
  }
  if (role === 'computations' && boxes.computationsForThisPeriod !== false) {
    const start = value('StartOfPeriodCoveredByReturn');
    const end = value('EndOfPeriodCoveredByReturn');
    if (start && start !== from) out.push(errorFinding('attachment.period', `the computations start on ${start}, but the return’s period starts on ${from} (box 30)`, ['30']));
    if (end && end !== to) out.push(errorFinding('attachment.period', `the computations end on ${end}, but the return’s period ends on ${to} (box 35)`, ['35']));
    if (!start && !end && !contexts.some((c) => !c.instant && c.start === from && c.end === to)) {
      out.push(errorFinding('attachment.period', `no fact of the computations is for the return’s period ${from} to ${to} (boxes 30 and 35)`, ['30', '35']));
    }
  }
  return out;
}
