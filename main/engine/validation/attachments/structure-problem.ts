/**
 * What stops a document from being Inline XBRL as HMRC reads it: found while
 * reading the report (xbrl-report.ts) and by the XHTML rules it runs
 * (xhtml-rules.ts). Its own file so the two need not import each other.
 */
import type { AttachmentFinding } from './finding.js';

export interface StructureProblem {
  code: string;
  message: string;
  /** The specification and section, as findings carry it ("Inline XBRL 1.1 §4.1.2"). */
  spec?: string;
  /** An error unless said otherwise (a header left visible is a warning). */
  category?: 'error' | 'warning';
}

/** The finding a structure problem becomes, keeping its section and category. */
export const findingOfProblem = (p: StructureProblem): AttachmentFinding => ({ code: p.code, category: p.category ?? 'error', message: p.message, ...(p.spec ? { spec: p.spec } : {}) });
