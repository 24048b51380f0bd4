import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AttributeValues } from '../../../../main/engine/xbrl/fact-stream/attribute-values.js';
import { attributeValue } from '../../../../main/engine/xml-references.js';

/** Each literal written as name="…" in one source, with its [start, end). */
function sourceOf(literals: string[]): { source: string; places: [number, number][] } {
  let source = '<x';
  const places: [number, number][] = [];
  for (const literal of literals) {
    source += ' a="';
    places.push([source.length, source.length + literal.length]);
    source += `${literal}"`;
  }
  return { source: `${source}/>`, places };
}

describe('attribute values kept once each', () => {
  it('reads every literal as attributeValue does, whatever was read before it', () => {
    const literal = fc.oneof(
      fc.constantFrom('acme:Item1', 'c0', 'GBP', '0', '-3', 'ixt:num-dot-decimal', 'x&amp;y', 'a\tb', 'a\nb', '&#65;', ''),
      fc.string({ maxLength: 80 }).map((s) => s.replace(/["<&]/g, '')),
    );
    fc.assert(
      fc.property(fc.array(literal, { maxLength: 60 }), (literals) => {
        const { source, places } = sourceOf(literals);
        const values = new AttributeValues(source);
        places.forEach(([start, end], i) => expect(values.read(start, end)).toBe(attributeValue(literals[i]!)));
      }),
    );
  });

  it('gives the same string for a repeated value, so a report holds each distinct value once', () => {
    const { source, places } = sourceOf(['acme:Item7', 'c12', 'acme:Item7', 'c12']);
    const values = new AttributeValues(source);
    const [a, b, c, d] = places.map(([start, end]) => values.read(start, end));
    expect(c).toBe(a);
    expect(d).toBe(b);
  });

  it('never answers one value for another that lands in the same place of its table', () => {
    // Many distinct values of one length: some share a slot, and each must still read as itself.
    const literals = Array.from({ length: 20000 }, (_, i) => `v${String(i).padStart(6, '0')}`);
    const { source, places } = sourceOf([...literals, ...literals]);
    const values = new AttributeValues(source);
    places.forEach(([start, end], i) => expect(values.read(start, end)).toBe(literals[i % literals.length]));
  });
});
