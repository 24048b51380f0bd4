/**
 * What stops a document from being Inline XBRL as HMRC reads it: found while
 * reading the report (xbrl-report.ts) and by the XHTML rules it runs
 * (xhtml-rules.ts). Its own file so the two need not import each other.
 */
export interface StructureProblem {
  code: string;
  message: string;
}
