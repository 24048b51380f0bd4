/**
 * One Inline XBRL document on its own (a file dropped on Validate a file, or
 * named to `cli ixbrl validate`): its structure as Inline XBRL, then its
 * facts against the taxonomy the installed packages hold.
 */
import { decodeUtf8 } from '../ct600/xml-dom.js';
import type { AttachmentFinding } from '../validation/attachments/finding.js';
import { readXbrlReport } from '../validation/attachments/xbrl-report.js';
import { findingOfProblem } from '../validation/attachments/structure-problem.js';
import { ValidationType, type ValidationJobResult, type ValidationMessage } from '../validation-result.js';
import type { TaxonomyLibrary } from './library.js';
import { checkAgainstTaxonomy } from './taxonomy-checks.js';

export interface DocumentCheck {
  findings: AttachmentFinding[];
  facts: number;
  /** Whether the facts were checked against an installed taxonomy. */
  checked: boolean;
}

export function checkDocument(bytes: Uint8Array, library: TaxonomyLibrary): DocumentCheck {
  const text = decodeUtf8(bytes);
  if (text === undefined) return { findings: [{ code: 'HMRC.SG.3.2', category: 'error', message: 'the file is not UTF-8 text' }], facts: 0, checked: false };
  const read = readXbrlReport(text);
  if (!read.ok) return { findings: [{ code: read.problem.code, category: 'error', message: read.problem.message }], facts: 0, checked: false };
  const structure = read.report.problems.map(findingOfProblem);
  const taxonomy = checkAgainstTaxonomy(read.report, library);
  return { findings: [...structure, ...taxonomy.findings], facts: read.report.facts.length, checked: taxonomy.checked };
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
    attributes: [{ name: 'file', value: fileName }],
  }));
  messages.push({
    category: 'info',
    type: 'inline-xbrl',
    code: 'factCount',
    message: `${check.facts} fact${check.facts === 1 ? '' : 's'} found${check.checked ? ', checked against the installed taxonomy' : ''}`,
    attributes: [{ name: 'facts', value: String(check.facts) }],
  });
  // A warning (concepts not checked) is not a clean bill: the document is valid only when nothing at all was found.
  const valid = check.findings.length === 0;
  return {
    jobStatus: 'success',
    startDateTime: start.toISOString(),
    endDateTime: end.toISOString(),
    validations: [{ validationType: ValidationType.businessRules, validationResult: valid ? 'valid' : 'invalid', messages }],
  };
}
