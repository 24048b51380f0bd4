/**
 * One Inline XBRL document on its own (a file dropped on Validate a file, or
 * named to `cli ixbrl validate`): its structure as Inline XBRL, HMRC's joint
 * filing checks as an attachment gets them (the same implementation), then
 * its facts against the taxonomy the installed packages hold. Its verdict is
 * one of three: valid, invalid, or not checked (a package to install).
 */
import { decodeUtf8 } from '../ct600/xml-dom.js';
import { documentFilingChecks } from '../validation/attachments/check-attachment.js';
import type { AttachmentFinding } from '../validation/attachments/finding.js';
import { readXbrlReport } from '../validation/attachments/xbrl-report.js';
import { findingOfProblem } from '../validation/attachments/structure-problem.js';
import { verdictOf, type DocumentVerdict } from '../validation/verdict.js';
import { notCheckedOf, ValidationType, type ValidationJobResult, type ValidationMessage } from '../validation-result.js';
import type { TaxonomyLibrary } from './library.js';
import { checkAgainstTaxonomy } from './taxonomy-checks.js';

export interface DocumentCheck extends DocumentVerdict {
  findings: AttachmentFinding[];
  facts: number;
  /** Whether the facts were checked against an installed taxonomy. */
  checked: boolean;
}

function unreadable(finding: AttachmentFinding): DocumentCheck {
  return { findings: [finding], facts: 0, checked: false, ...verdictOf([finding]) };
}

export function checkDocument(bytes: Uint8Array, library: TaxonomyLibrary): DocumentCheck {
  const text = decodeUtf8(bytes);
  if (text === undefined) return unreadable({ code: 'HMRC.SG.3.2', category: 'error', message: 'the file is not UTF-8 text' });
  const read = readXbrlReport(text);
  if (!read.ok) return unreadable({ code: read.problem.code, category: 'error', message: read.problem.message });
  const structure = read.report.problems.map(findingOfProblem);
  // The filing checks read the facts as the structure gives them: a broken structure is reported alone, as for an attachment.
  const filing = structure.some((f) => f.code.startsWith('xbrl.ixbrl.')) ? [] : documentFilingChecks(read.report);
  const taxonomy = checkAgainstTaxonomy(read.report, library);
  const findings = [...structure, ...filing, ...taxonomy.findings];
  return { findings, facts: read.report.facts.length, checked: taxonomy.checked, ...verdictOf(findings) };
}

/**
 * The check as a validation job's result, as the window shows every other
 * check: one validation of the document's facts (business rules: what the
 * recipient checks beyond the schema), each finding a message naming the file.
 */
export function documentJobResult(fileName: string, check: DocumentCheck, start: Date, end: Date): ValidationJobResult {
  const messages: ValidationMessage[] = check.findings.map((f) => ({
    category: f.category,
    type: 'inline-xbrl',
    code: f.code,
    message: `${f.code}: ${fileName}: ${f.message}`,
    attributes: [{ name: 'file', value: fileName }, ...(f.install ?? []).map((value) => ({ name: 'install', value }))],
  }));
  messages.push({
    category: 'info',
    type: 'inline-xbrl',
    code: 'factCount',
    message: `${check.facts} fact${check.facts === 1 ? '' : 's'} found${check.checked ? ', checked against the installed taxonomy' : ''}`,
    attributes: [{ name: 'facts', value: String(check.facts) }],
  });
  // Invalid only for an error; a document whose taxonomy is not installed carries notChecked, naming the package.
  const notChecked = notCheckedOf(messages);
  return {
    jobStatus: 'success',
    startDateTime: start.toISOString(),
    endDateTime: end.toISOString(),
    validations: [{ validationType: ValidationType.businessRules, validationResult: check.verdict === 'invalid' ? 'invalid' : 'valid', messages, ...(notChecked ? { notChecked } : {}) }],
  };
}
