/**
 * The report's schemaRef hrefs found in its bytes, against the pattern over
 * the whole decoded report that they replaced: the same URLs in the same
 * order, on any bytes, broken UTF-8 included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxonomyReferencesOfReport } from '../../../main/engine/package/report-taxonomy-urls.js';

/** The search as it was: the whole report decoded, one pattern over it. */
function byPattern(content: Uint8Array): string[] {
  const text = new TextDecoder('utf-8').decode(content);
  const out: string[] = [];
  for (const tag of text.matchAll(/<(?:[\w.-]+:)?schemaRef\b[^>]*>/g)) {
    const href = /\b(?:[\w.-]+:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag[0]);
    const value = href?.[1] ?? href?.[2];
    if (value) out.push(value.replace(/&amp;/g, '&'));
  }
  return out;
}

const enc = (s: string) => Array.from(new TextEncoder().encode(s));
/** Pieces that make the search's edges likely, as bytes: tags, prefixes, near misses, markup inside values, and bytes that are not UTF-8. */
const pieces: number[][] = [
  ...['<', '>', ':', 'link:', 'a.b-c_1:', '<link:', '<:', 'schemaRef', 'schemaRefs', 'schemaRef_', 'xschemaRef', ' ', '\n', '=', '"', "'"].map(enc),
  ...['<link:schemaRef', '<a.b-c_1:schemaRef', '<schemaRef', '<-:schemaRef', '<x::schemaRef'].map(enc),
  ...[' xlink:href="http://example.com/t.xsd"', " href='b&amp;c.xsd'", ' xlink:href = "schemaRef.xsd"', ' href=""', 'é', '€', 'x'].map(enc),
  [0xff],
  [0xc3],
  [0xe2, 0x82],
  [0xef, 0xbb, 0xbf],
];
const report = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((p) => new Uint8Array(p.flat()));

describe("a report's taxonomy URLs, found in its bytes", () => {
  it('are the URLs the pattern over the decoded report finds, in its order', () => {
    fc.assert(
      fc.property(report, (bytes) => {
        expect(taxonomyReferencesOfReport(bytes, 'inline')).toEqual(byPattern(bytes));
      }),
      { numRuns: 10_000 },
    );
  });

  it('reads a real header, a schemaRef named inside another tag, and one with no closing ">"', () => {
    const text = [
      '<?xml version="1.0"?><html><body><ix:header><ix:references>',
      '<link:schemaRef xlink:type="simple" xlink:href="https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd"/>',
      '<link:schemaRef xlink:href="a.xsd?x=1&amp;y=2" note="<link:schemaRef xlink:href=\'inner.xsd\'"/>',
      '</ix:references></ix:header></body></html><link:schemaRef xlink:href="unclosed.xsd"',
    ].join('');
    const bytes = new TextEncoder().encode(text);
    expect(taxonomyReferencesOfReport(bytes, 'inline')).toEqual(['https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd', 'a.xsd?x=1&y=2']);
    expect(taxonomyReferencesOfReport(bytes, 'inline')).toEqual(byPattern(bytes));
  });

  it('reads a JSON report’s documentInfo.taxonomy', () => {
    const json = new TextEncoder().encode('\uFEFF{"documentInfo":{"taxonomy":["https://example.com/t.xsd",3]}}');
    expect(taxonomyReferencesOfReport(json, 'json')).toEqual(['https://example.com/t.xsd']);
  });
});
