/**
 * How a Transaction Engine reply's text becomes an element tree, bounded by
 * what any reply up to the size limit can cost. A tree costs memory and time
 * per node, not per byte: a 4 MiB reply of a million empty elements took
 * xmldom's DOM past 1 GB, 36,000 business errors 561 MB. So the elements and
 * attributes are counted in one pass as the tags are read, before any tree is
 * built, and a reply over the limit is refused with the limit named. A reply
 * within it is read into the light tree (a fraction of the DOM's memory and
 * time per node); only a reply the light tree does not take (not plain XML:
 * HMRC never sends one) goes to xmldom, for its verdict, and only when it is
 * small enough for the DOM. Every step is linear in the reply's size: no
 * regular expression here or below backtracks over the server's text.
 */
import { readXmlText } from '../engine/ct600/xml-dom.js';
import { readPlainXmlElements, utf8DocumentText, xmlNodesPastLimitAt, xmlTextProblem } from '../engine/ct600/xml-text.js';
import type { XmlElementView } from '../engine/xml-view.js';

/**
 * Elements and attributes together in one reply. HMRC's largest replies (a
 * business rejection) hold six elements per error; the record keeps 10,000
 * errors, so 250,000 takes every error the record could keep and more.
 */
export const MAX_REPLY_NODES = 250_000;
/** The same, for a reply that is not plain XML and so is read by xmldom, whose DOM costs several times the light tree's per node. */
export const MAX_DOM_REPLY_NODES = 20_000;

export type ReplyXmlRead = { ok: true; root: XmlElementView } | { ok: false; message: string };

const count = (n: number) => n.toLocaleString('en-GB');

/** The reply's root element, or why it cannot be read (a message naming the rule or limit). */
export function readReplyXml(xml: Uint8Array | string): ReplyXmlRead {
  let text: string;
  if (typeof xml === 'string') text = xml.replace(/^\uFEFF/, '');
  else {
    const decoded = utf8DocumentText(xml);
    if (!decoded.ok) return { ok: false, message: `the reply is not XML: ${decoded.message}` };
    text = decoded.text;
  }
  const past = xmlNodesPastLimitAt(text, MAX_REPLY_NODES);
  if (past !== undefined) {
    return { ok: false, message: `the reply holds more than ${count(MAX_REPLY_NODES)} elements and attributes (the limit for a Transaction Engine reply, passed at character ${past}); it was not read` };
  }
  const plain = readPlainXmlElements(text);
  if (plain) return { ok: true, root: plain };
  const problem = xmlTextProblem(text);
  if (problem) return { ok: false, message: `the reply is not XML: ${problem.message}` };
  const domPast = xmlNodesPastLimitAt(text, MAX_DOM_REPLY_NODES);
  if (domPast !== undefined) {
    return { ok: false, message: `the reply is not plain XML and holds more than ${count(MAX_DOM_REPLY_NODES)} elements and attributes (the limit for such a reply, passed at character ${domPast}); it was not read` };
  }
  const read = readXmlText(text);
  if (!read.ok) return { ok: false, message: `the reply is not XML: ${read.message}` };
  return { ok: true, root: read.doc.documentElement as unknown as XmlElementView };
}
