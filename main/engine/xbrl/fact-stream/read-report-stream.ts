/**
 * The tree-free reader of an Inline XBRL report: the scan's events
 * (xml-event-scan.ts) go straight into facts, contexts and units
 * (fact-collector.ts), and HMRC's XHTML rules and the Inline XBRL rules run
 * on what was noted on the way, so a 10 MB report's half a million elements
 * are never made into nodes. It gives the model the tree route gives
 * (validation/attachments/xbrl-report-tree.ts), built by the same code
 * (readInline), and leaves to that route what it does not read: text
 * outside the plain XML subset (xmldom's verdict and message stand) and
 * XBRL instances.
 */
import { mayBePlainXml } from '../../ct600/xml-text.js';
import { scanXml } from '../../xml-event-scan.js';
import { NotPlain } from '../../xml-references.js';
import type { XmlElementView as Element } from '../../xml-view.js';
import type { StructureProblem } from '../../validation/attachments/structure-problem.js';
import { readInline, withoutHtmlDoctype, XHTML_NS, type InlineReading } from '../../validation/attachments/xbrl-report-parts.js';
import type { ReadReport } from '../../validation/attachments/xbrl-report-types.js';
import type { RawReference } from '../document-references.js';
import { FactCollector, LeaveToTree } from './fact-collector.js';
import { ReferenceNotes } from './reference-notes.js';
import type { StreamElement } from './stream-element.js';

export interface StreamedReport {
  read: ReadReport;
  /**
   * Its references to other documents, when asked for and the scan read the
   * text as written; undefined when its line ends were normalised first
   * (a carriage return: the values would not be the text's own).
   */
  references: RawReference[] | undefined;
}

/** The report read without a tree (and its references noted on the way, when asked), or undefined when the tree route must read it. */
export function readXbrlReportStreaming(text: string, noteReferences = false): StreamedReport | undefined {
  const blanked = withoutHtmlDoctype(text);
  if (!mayBePlainXml(blanked)) return undefined;
  const asWritten = blanked.indexOf('\r') < 0;
  const source = asWritten ? blanked : blanked.replace(/\r\n?/g, '\n');
  // The DOCTYPE blanked keeps every other character where it was, so values are read from the text as written.
  const notes = noteReferences && asWritten ? new ReferenceNotes(source) : undefined;
  const collector = new FactCollector(source, notes);
  try {
    scanXml(source, collector);
  } catch (error) {
    if (error instanceof NotPlain || error instanceof LeaveToTree) return undefined;
    throw error;
  }
  const root = collector.root!;
  const problems: StructureProblem[] = [];
  if (root.namespaceURI !== XHTML_NS || root.localName !== 'html') {
    problems.push({ code: 'HMRC.SG.3.3', message: `the root element is <${root.tagName}>; an Inline XBRL document must be an XHTML <html> element in the namespace ${XHTML_NS}` });
  }
  problems.push(...collector.xhtml.problems());
  const reading: InlineReading = { factText, lang: (el) => (el as StreamElement).lang, shape: collector.shape() };
  const read: ReadReport = { ok: true, report: { inline: true, namespaces: collector.namespaces, problems, ...readInline(collector.ix, problems, reading) } };
  return { read, references: notes?.references };
}

/** A fact's text as collected; a nonNumeric's goes on in its continuations (a chain that loops back is read once, as the tree route reads it). */
function factText(el: Element, kind: string, continuations: Map<string, Element>): string {
  if (kind !== 'nonNumeric') return el.textContent ?? '';
  return chained(el as StreamElement, continuations, new Set());
}

function chained(el: StreamElement, continuations: Map<string, Element>, seen: Set<string>): string {
  let out = el.collectedInline ?? '';
  const next = el.getAttribute('continuedAt');
  if (next && !seen.has(next)) {
    seen.add(next);
    const cont = continuations.get(next) as StreamElement | undefined;
    if (cont) out += chained(cont, continuations, seen);
  }
  return out;
}
