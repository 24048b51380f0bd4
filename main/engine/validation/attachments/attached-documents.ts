/**
 * The attachment checks over a whole return: each Inline XBRL document in
 * AttachedFiles/XBRLsubmission, decoded from its base64 and checked against
 * the return's boxes 2, 3, 30, 35 and 80A/80B. Every finding becomes a
 * validation message naming the file, its role and the box it concerns (the
 * accounts' or computations' box when no other applies, so the wizard shows
 * it on the attachments step).
 */
import type { Document } from '@xmldom/xmldom';
import type { TaxonomyLibrary } from '../../taxonomy/library.js';
import type { ValidationMessage } from '../../validation-result.js';
import { decodeBase64, isStrictBase64 } from '../../base64.js';
import { ReturnFacts } from '../rules/return-facts.js';
import { checkAttachment, type AttachmentFinding, type AttachmentRole, type ReturnBoxes } from './check-attachment.js';

const SUBMISSION = 'CompanyTaxReturn/AttachedFiles/XBRLsubmission';
const INFO = 'CompanyTaxReturn/CompanyInformation';
const ROLES: [string, AttachmentRole][] = [
  ['Computation', 'computations'],
  ['Accounts', 'accounts'],
];

export const ROLE_BOX: Record<AttachmentRole, string> = { accounts: '80A', computations: '80B' };

/** One finding as a validation message about the named file. */
export function attachmentMessage(finding: AttachmentFinding, role: AttachmentRole, fileName: string, path?: string): ValidationMessage {
  const boxes = finding.boxes?.length ? finding.boxes : [ROLE_BOX[role]];
  return {
    category: finding.category,
    type: 'attachment',
    code: finding.code,
    message: `${finding.code}: the ${role} ${fileName}: ${finding.message}`,
    attributes: [
      { name: 'file', value: fileName },
      { name: 'role', value: role },
      ...boxes.map((value) => ({ name: 'box', value })),
      ...(path ? [{ name: 'path', value: path }] : []),
      // The packages a "concepts not checked" warning names: the attachment's verdict is "not checked" until they are installed.
      ...(finding.install ?? []).map((value) => ({ name: 'install', value })),
    ],
  };
}

/** The boxes of a return that its attachments must agree with. */
export function returnBoxes(facts: ReturnFacts): ReturnBoxes {
  return {
    registrationNumber: facts.text(`${INFO}/RegistrationNumber`),
    utr: facts.text(`${INFO}/Reference`),
    periodFrom: facts.text(`${INFO}/PeriodCovered/From`),
    periodTo: facts.text(`${INFO}/PeriodCovered/To`),
    accountsForThisPeriod: !facts.has('CompanyTaxReturn/ReturnInfoSummary/Accounts/DifferentPeriod'),
    computationsForThisPeriod: !facts.has('CompanyTaxReturn/ReturnInfoSummary/Computations/DifferentPeriod'),
  };
}

/** The document's bytes; the text may be wrapped over lines, as base64Binary allows, but is otherwise strict base64. */
function attachedBytes(text: string): Uint8Array | undefined {
  const clean = text.replace(/\s+/g, '');
  return isStrictBase64(clean) ? decodeBase64(clean) : undefined;
}

/** With `taxonomies`, each document's facts are checked against the installed taxonomy packages as well. */
export function checkAttachedDocuments(doc: Document, taxonomies?: TaxonomyLibrary): ValidationMessage[] {
  const facts = ReturnFacts.of(doc);
  if (!facts) return [];
  const boxes = returnBoxes(facts);
  const out: ValidationMessage[] = [];
  for (const [element, role] of ROLES) {
    const at = `${SUBMISSION}/${element}/Instance/EncodedInlineXBRLDocument`;
    for (const encoded of facts.all(at)) {
      const fileName = encoded.getAttribute('Filename') || `(unnamed ${role})`;
      const bytes = attachedBytes(encoded.textContent ?? '');
      const findings = bytes ? checkAttachment(bytes, role, boxes, taxonomies) : [{ code: 'attachment.base64', category: 'error' as const, message: 'the attached document is not valid base64, so HMRC cannot read it' }];
      out.push(...findings.map((f) => attachmentMessage(f, role, fileName, facts.path(at))));
    }
  }
  return out;
}
