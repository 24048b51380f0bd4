/**
 * A package report read once for both things a build or a validation needs
 * of it: its facts (report-taxonomy-checks.ts) and its references to the
 * taxonomy (reference-resolution.ts). Both used to scan the whole report,
 * 10 MB of report costing some 100 ms per scan; the fact reader now notes
 * the references as it goes (xbrl/fact-stream/reference-notes.ts).
 *
 * A reading made ahead is kept by the report's bytes object, as the
 * reference scan keeps its answers (document bytes are never written to once
 * read), until the facts are taken: the model of a 10 MB report is tens of
 * MB, and bytes that outlive the check (a package open in the wizard) must
 * not hold it. A caller that will check a report's facts reads it ahead
 * (readReportAhead); the reference resolution takes the references noted,
 * scanning for itself only where none were (not UTF-8, read by the tree
 * route, line ends normalised); the fact checks take the reading.
 */
import { decodeUtf8 } from '../ct600/xml-dom.js';
import type { RawReference } from '../xbrl/document-references.js';
import { readXbrlReportWithReferences, type ReadReport } from '../validation/attachments/xbrl-report.js';

export interface ReportReading {
  /** The report read, or undefined when its bytes are not UTF-8. */
  read: ReadReport | undefined;
  /** Its references, as the package's reference scan would find them in the same bytes; undefined when the reading did not note them. */
  references: RawReference[] | undefined;
}

const ahead = new WeakMap<Uint8Array, ReportReading>();

function readNow(bytes: Uint8Array): ReportReading {
  const text = decodeUtf8(bytes);
  return text === undefined ? { read: undefined, references: undefined } : readXbrlReportWithReferences(text);
}

/** Reads the report now and keeps the reading for its references and its facts. */
export function readReportAhead(bytes: Uint8Array): void {
  if (!ahead.has(bytes)) ahead.set(bytes, readNow(bytes));
}

/** The references noted when these bytes were read ahead, while the reading is kept. */
export function referencesReadWithFacts(bytes: Uint8Array): RawReference[] | undefined {
  return ahead.get(bytes)?.references;
}

/** The report's reading: the one made ahead, handed over and no longer kept, or one made now. */
export function takeReportReading(bytes: Uint8Array): ReportReading {
  const reading = ahead.get(bytes);
  if (reading === undefined) return readNow(bytes);
  ahead.delete(bytes);
  return reading;
}
