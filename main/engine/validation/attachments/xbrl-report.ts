/**
 * The facts of one attached document, read the way HMRC's checks read them:
 * an Inline XBRL 1.1 document (what a return carries) or a plain XBRL 2.1
 * instance (what the joint filing conformance suite is written in). Both
 * become the same model — schema references, contexts, units and facts —
 * so every check after this runs on either.
 *
 * No taxonomy is loaded: HMRC's joint filing checks look at facts' names,
 * contexts and values, and the accepted taxonomies are known by their entry
 * point URLs (accepted-taxonomies.json).
 */
import { readXbrlReportStreaming } from '../../xbrl/fact-stream/read-report-stream.js';
import { readXbrlReportByTree } from './xbrl-report-tree.js';

export { IX_NS, IX10_NS, LINK_NS, XBRLDI_NS, XBRLI_NS, XHTML_NS, XLINK_NS } from './xbrl-report-parts.js';

export type { ReadReport, StructureProblem, XbrlContext, XbrlFact, XbrlReport } from './xbrl-report-types.js';
import type { ReadReport } from './xbrl-report-types.js';
import type { RawReference } from '../../xbrl/document-references.js';

/**
 * Reads a document's text as HMRC does: well-formed XML, then Inline XBRL or
 * an XBRL instance. An Inline XBRL document in plain XML is read from the
 * scan's events without a tree (xbrl/fact-stream/); anything else goes the
 * tree route, which gives the same model (test/engine/xbrl/fact-stream/
 * holds the two to each other).
 */
export function readXbrlReport(text: string): ReadReport {
  return readXbrlReportStreaming(text)?.read ?? readXbrlReportByTree(text);
}

/**
 * The report read as readXbrlReport reads it, with its references to other
 * documents (xbrl/document-references.ts) noted by the same scan when the
 * tree-free reader read it; undefined references when the tree route did
 * (or the text's line ends were normalised), for the caller to find them
 * its own way.
 */
export function readXbrlReportWithReferences(text: string): { read: ReadReport; references: RawReference[] | undefined } {
  return readXbrlReportStreaming(text, true) ?? { read: readXbrlReportByTree(text), references: undefined };
}
