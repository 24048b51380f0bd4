/**
 * A report's references to other documents (its schemaRef, linkbaseRef,
 * roleRef, locators: xbrl/document-references.ts) as the fact reader's scan
 * meets them, so a package build or validation, which needs both a
 * report's references and its facts, scans the report once and not twice
 * (10 MB of report is some 100 ms of scanning either way). The values are
 * read as the package's reference scan reads them (decodeReferenceValue,
 * over the text as written), and xml:base is followed as it follows it.
 */
import type { StartTag } from '../../xml-event-scan.js';
import { XML_NS } from '../../xml-light-nodes.js';
import { decodeReferenceValue, LINK_NS, referenceOf, XLINK_NS, XSD_NS, type RawReference, type ReferringElement } from '../document-references.js';

const NO_BASES: string[] = [];

export class ReferenceNotes implements ReferringElement {
  readonly references: RawReference[] = [];
  /** The xml:base values in scope per open element's depth, outermost first. */
  private readonly basesAt: string[][] = [];
  /** The start tag being read: valid only during startTag. */
  private tag: StartTag | undefined;
  namespace = '';
  localName = '';

  constructor(private readonly source: string) {}

  startTag(s: StartTag, depth: number): void {
    let bases = depth > 0 ? this.basesAt[depth - 1]! : NO_BASES;
    let xlink = false;
    for (let i = 0; i < s.attributeCount; i++) {
      const ns = s.attrNamespaces[i];
      if (ns === XLINK_NS) xlink = true;
      else if (ns === XML_NS && s.attrNames[i]!.localName === 'base') bases = [...bases, this.value(s, i)];
    }
    this.basesAt[depth] = bases;
    const ns = s.tag.namespaceURI;
    // Most of a report's elements are neither link nor schema elements and carry no xlink attribute: nothing can refer.
    if (!xlink && ns !== LINK_NS && ns !== XSD_NS) return;
    this.tag = s;
    this.namespace = ns ?? '';
    this.localName = s.tag.localName;
    const found = referenceOf(this);
    this.tag = undefined;
    if (found) this.references.push({ href: found.href, kind: found.kind, bases });
  }

  attribute(namespace: string, localName: string): string | undefined {
    const s = this.tag!;
    for (let i = 0; i < s.attributeCount; i++) {
      if ((s.attrNamespaces[i] ?? '') === namespace && s.attrNames[i]!.localName === localName) return this.value(s, i);
    }
    return undefined;
  }

  private value(s: StartTag, i: number): string {
    return decodeReferenceValue(this.source.slice(s.attrValueAt[i]!, s.attrValueEnd[i]!));
  }
}
