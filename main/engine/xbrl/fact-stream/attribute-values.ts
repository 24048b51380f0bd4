/**
 * The kept elements' attribute values, each distinct one made once. A
 * report's facts repeat the same few hundred concept names, context and
 * unit references and decimals (a 10 MB report: some 180,000 values, a
 * few thousand distinct), and each kept element holds its values until the
 * report is read: made afresh, they were about 11 of the 77 MB that
 * reading a 10 MB report allocated. A value with a reference or a tab or line end in
 * it is read as written (attributeValue) and not kept; the others are
 * found by a hash of their characters in a table of recent values.
 */
import { attributeValue } from '../../xml-references.js';

const SLOTS = 4096;
/** Longer values (a style, a long id) are rarely repeated: sliced as they are. */
const LONGEST = 64;

export class AttributeValues {
  private readonly slots: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);

  constructor(private readonly source: string) {}

  /** The value whose literal is [start, end) of the source, as attributeValue reads it. */
  read(start: number, end: number): string {
    const source = this.source;
    const length = end - start;
    if (length > LONGEST) return attributeValue(source.slice(start, end));
    let hash = length;
    for (let i = start; i < end; i++) {
      const c = source.charCodeAt(i);
      // "&" (a reference), tab and line feed change the value: read by the one rule for them.
      if (c === 0x26 || c === 0x09 || c === 0x0a) return attributeValue(source.slice(start, end));
      hash = (hash * 31 + c) | 0;
    }
    const slot = (hash ^ (hash >>> 12)) & (SLOTS - 1);
    const kept = this.slots[slot];
    if (kept !== undefined && kept.length === length && source.startsWith(kept, start)) return kept;
    const value = source.slice(start, end);
    this.slots[slot] = value;
    return value;
  }
}
