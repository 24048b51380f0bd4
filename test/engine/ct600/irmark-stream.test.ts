/**
 * The streamed IRmark (long base64 runs hashed as they stand, the rest
 * canonicalised through the DOM) against the DOM route over the whole
 * document: the same canonical text byte for byte and the same IRmark, on the
 * published vectors grown with attachment-like text, on generated documents
 * that put such text everywhere XML allows it, and on returns at 20 MB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCt600, canonicalBody, computeIrmark, computeIrmarkByDom, verifyIrmark } from '../../../main/engine/ct600/index.js';
import { joinPieces, MIN_VERBATIM_RUN, streamedCanonicalBody } from '../../../main/engine/ct600/irmark-stream.js';
import { ct600Vectors } from '../../helpers/shared.js';
import { independentIrmark } from '../../helpers/xmllint.js';
import { fullReturn } from '../../fixtures/ct600-requests.js';
import { differenceFromDom } from './dom-built.js';

const vector = (name: string) => readFileSync(join(ct600Vectors, name), 'utf8');
const FULL_MESSAGES = ['tpvs-accepted-sample.xml', 'tpvs-accepted-sample-with-comments.xml', 'hmrc-cis-irmarkprocessortest.xml', 'selfmade-seedlike-ct600-compact.xml'];

/** Base64 of `bytes` pseudo-random bytes, optionally wrapped at 76 characters with `eol`. */
function base64Text(bytes: number, seed: number, eol?: string): string {
  const b = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) b[i] = (i * 2654435761 + seed * 40503) >>> 24;
  const flat = b.toString('base64');
  return eol === undefined ? flat : (flat.match(/.{1,76}/g) ?? []).join(eol);
}

/** Both routes agree, and the streamed one was the route taken (or, with `streamed` false, declined). */
function expectSameAsDom(xml: string, streamed = true): void {
  const pieces = streamedCanonicalBody(xml);
  expect(pieces !== undefined, 'whether the streamed route is taken').toBe(streamed);
  const dom = computeIrmarkByDom(xml);
  if (pieces) expect(joinPieces(pieces.pieces)).toBe(canonicalBody(xml));
  // Bytes are scanned and hashed as bytes: the same route, the same canonical text.
  const bytePieces = streamedCanonicalBody(Buffer.from(xml, 'utf8'));
  expect(bytePieces !== undefined, 'whether the streamed route is taken for bytes').toBe(streamed);
  if (bytePieces) expect(joinPieces(bytePieces.pieces)).toBe(canonicalBody(xml));
  expect(computeIrmark(xml)).toEqual(dom);
  expect(computeIrmark(Buffer.from(xml, 'utf8'))).toEqual(dom);
  const check = verifyIrmark(xml);
  expect(check.expected).toBe(dom.base64);
}

describe('streamed IRmark on the published vectors', () => {
  for (const name of FULL_MESSAGES) {
    it(`${name}: with attachment-sized base64 in the Body (flat, LF-wrapped, in a comment) gives the DOM route's canonical text and IRmark`, () => {
      const xml = vector(name);
      const grown = xml.replace(
        '</Body>',
        `<Attached>${base64Text(9000, 1)}</Attached>\n<Wrapped>\n${base64Text(12000, 2, '\n')}\n</Wrapped><!--${base64Text(6000, 3)}--></Body>`,
      );
      expectSameAsDom(grown);
    });
  }

  it('reproduces the independent canonicaliser (xmllint --c14n) on a grown vector', () => {
    const grown = vector('tpvs-accepted-sample.xml').replace('</Body>', `<Attached>${base64Text(20000, 4)}</Attached></Body>`);
    expect(computeIrmark(grown).base64).toBe(independentIrmark(grown));
  });

  it('declines CRLF-wrapped base64 (the parser turns CR LF into LF) and the DOM route answers', () => {
    const grown = vector('tpvs-accepted-sample.xml').replace('</Body>', `<Wrapped>${base64Text(9000, 5, '\r\n')}</Wrapped></Body>`);
    expectSameAsDom(grown, false);
  });

  it('gives the same error as the DOM route when the grown document is not well-formed', () => {
    const broken = vector('tpvs-accepted-sample.xml').replace('</Body>', `<Attached>${base64Text(9000, 6)}</Attached></Body><`);
    expect(() => computeIrmark(broken)).toThrow();
    let domError = '';
    try {
      computeIrmarkByDom(broken);
    } catch (err) {
      domError = (err as Error).message;
    }
    expect(() => computeIrmark(broken)).toThrow(domError);
  });
});

describe('streamed IRmark on bytes', () => {
  const grow = (inner: string) => vector('tpvs-accepted-sample.xml').replace('</Body>', `${inner}</Body>`);

  it('takes the route for runs that are not whole base64 pieces: odd lengths, "=" inside, wrapping only near the end', () => {
    const flat = base64Text(70_000, 7);
    expectSameAsDom(grow(`<A>${flat}x</A><B>${flat.slice(0, 65_536)}=${flat.slice(65_536)}</B><C>${flat}\n${flat.slice(0, 99)}</C>`));
  });

  it('keeps non-ASCII text next to a run, and declines a run holding a character outside it', () => {
    const flat = base64Text(9000, 8);
    expectSameAsDom(grow(`<A>é€</A><B>${flat}</B><C>ü${flat}</C><D>${flat.slice(0, 5000)}é${flat.slice(5000)}</D>`));
  });

  it('declines a run holding a carriage return or a character outside base64, even at a length of whole base64 pieces', () => {
    const flat = base64Text(6144, 11); // 8,192 characters: a multiple of four
    expectSameAsDom(grow(`<A>${flat.slice(0, 4000)}\r${flat.slice(4001)}</A>`), false);
    expectSameAsDom(grow(`<A>${flat.slice(0, 4000)}-${flat.slice(4001)}</A>`), false);
  });

  it("looks for runs in one pass, however many '>' the text holds before the next '<'", () => {
    const xml = grow(`<A>${'>'.repeat(20_000)}</A><B>${base64Text(9000, 12)}</B>`);
    expectSameAsDom(xml);
    // Count what the searches read: searching for the next '<' afresh after every '>' would read the 20,000 '>' 20,000 times.
    const bytes = Buffer.from(xml, 'utf8');
    let read = 0;
    const counting = Object.create(Buffer.prototype) as { indexOf: (this: Buffer, value: number, from?: number) => number };
    counting.indexOf = function (value, from) {
      const at = Buffer.prototype.indexOf.call(this, value, from);
      read += (at < 0 ? this.length : at) - (from ?? 0);
      return at;
    };
    Object.setPrototypeOf(bytes, counting);
    expect(streamedCanonicalBody(bytes)).toBeDefined();
    expect(read).toBeLessThan(3 * bytes.length);
  });

  it('reads a byte order mark as the DOM route does', () => {
    const xml = grow(`<A>${base64Text(9000, 9)}</A>`);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]);
    const pieces = streamedCanonicalBody(withBom);
    expect(pieces).toBeDefined();
    expect(joinPieces(pieces!.pieces)).toBe(canonicalBody(withBom));
    expect(computeIrmark(withBom)).toEqual(computeIrmarkByDom(withBom));
  });

  it('gives the DOM route its own error when bytes outside the runs are not UTF-8', () => {
    const xml = Buffer.from(grow(`<A>${base64Text(9000, 10)}</A><B>\u00ff</B>`), 'utf8');
    const at = xml.indexOf('\u00ff', 0, 'utf8');
    xml[at] = 0xff; // a lone byte that starts no UTF-8 sequence
    expect(streamedCanonicalBody(xml)).toBeUndefined();
    let domError = '';
    try {
      computeIrmarkByDom(xml);
    } catch (err) {
      domError = (err as Error).message;
    }
    expect(domError).toMatch(/UTF-8/);
    expect(() => computeIrmark(xml)).toThrow(domError);
  });
});

describe('streamed IRmark on generated documents', () => {
  const ENVELOPE_HEAD =
    '<?xml version="1.0" encoding="UTF-8"?>\n<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><EnvelopeVersion>2.0</EnvelopeVersion>';
  /** Where a run of base64 may sit: element text, a comment, CDATA, outside Body, the IRmark itself. */
  const place = fc.constantFrom('text', 'comment', 'cdata', 'header', 'irmark', 'mixed');
  const run = fc.record({
    bytes: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: MIN_VERBATIM_RUN, max: 30_000 })),
    seed: fc.integer({ min: 0, max: 1000 }),
    eol: fc.constantFrom(undefined, '\n', '\r\n', ' \t'),
    place,
  });
  const render = (r: { bytes: number; seed: number; eol: string | undefined; place: string }) => {
    const b = base64Text(r.bytes, r.seed, r.eol);
    switch (r.place) {
      case 'comment':
        return `<!--${b}-->`;
      case 'cdata':
        return `<Doc><![CDATA[${b}]]></Doc>`;
      case 'mixed':
        return `<Doc>a &amp; b ${b}<Inner/>${b}</Doc>`;
      default:
        return `<Doc Filename="x.xhtml">${b}</Doc>`;
    }
  };
  const documents = fc.array(run, { minLength: 1, maxLength: 5 }).map((runs) => {
    const header = runs.filter((r) => r.place === 'header').map(render).join('');
    const irmark = runs.find((r) => r.place === 'irmark');
    const body = runs.filter((r) => r.place !== 'header' && r.place !== 'irmark').map(render).join('\n\t');
    return `${ENVELOPE_HEAD}<Header>${header}</Header><Body>\n\t<IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><IRheader><IRmark Type="generic">${irmark ? base64Text(irmark.bytes, irmark.seed) : ''}</IRmark></IRheader>\n\t${body}</IRenvelope>\n</Body></GovTalkMessage>\n`;
  });

  it('always give the DOM route canonical text and IRmark, and the same value found in the IRmark element', () => {
    fc.assert(
      fc.property(documents, (xml) => {
        const pieces = streamedCanonicalBody(xml);
        if (pieces) expect(joinPieces(pieces.pieces)).toBe(canonicalBody(xml));
        const bytePieces = streamedCanonicalBody(new Uint8Array(Buffer.from(xml, 'utf8')));
        expect(bytePieces !== undefined).toBe(pieces !== undefined);
        if (bytePieces) expect(joinPieces(bytePieces.pieces)).toBe(canonicalBody(xml));
        const dom = computeIrmarkByDom(xml);
        expect(computeIrmark(xml)).toEqual(dom);
        expect(verifyIrmark(Buffer.from(xml))).toEqual(verifyIrmarkByDomOf(xml));
      }),
      { numRuns: 150 },
    );
  });
});

/** verifyIrmark's answer computed through the DOM alone. */
function verifyIrmarkByDomOf(xml: string) {
  const expected = computeIrmarkByDom(xml);
  const found = /<IRmark\b[^>]*>([^<]*)<\/IRmark>/.exec(xml)?.[1]?.trim() || null;
  return { expected: expected.base64, expectedBase32: expected.base32, found, matches: found === expected.base64 };
}

describe('streamed IRmark at 20 MB', () => {
  const half = Buffer.alloc(7_500_000);
  for (let i = 0; i < half.length; i++) half[i] = (i * 2654435761) >>> 24;
  const request = {
    ...fullReturn(),
    attachedFiles: [
      { filename: 'accounts.xhtml', value: half.toString('base64'), itemsElementName: 0 },
      { filename: 'computations.xhtml', value: half.subarray(1000).toString('base64'), itemsElementName: 1 },
    ],
  };

  it('builds the same message and IRmark as the DOM route', () => {
    expect(differenceFromDom(request)).toBeUndefined();
  }, 120_000);

  it('verifies the built document by the streamed route with the DOM route canonical text', () => {
    const xml = Buffer.from(buildCt600(request).xmlDoc, 'base64').toString('utf8');
    expect(xml.length).toBeGreaterThan(19_000_000);
    expectSameAsDom(xml);
    expect(verifyIrmark(xml).matches).toBe(true);
  }, 120_000);
});
