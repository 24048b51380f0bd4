/**
 * The canonical Body written from the element tree (canonical-body.ts)
 * against the DOM route (parse the serialised message, canonicalise with
 * xml-crypto), byte for byte, and the IRmark of each: over the TPVS
 * vector's figures, the generated returns of the property tests, large
 * returns, and hand-made trees at the edges of what the writer vouches for.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeCanonicalBody } from '../../../main/engine/ct600/canonical-body.js';
import { buildCt600, ct600BuildOptionsSchema, ct600RequestSchema, type Ct600BuildOptions } from '../../../main/engine/ct600/index.js';
import { govTalkMessage } from '../../../main/engine/ct600/govtalk-message.js';
import { canonicalBody as canonicalBodyByDom } from '../../../main/engine/ct600/irmark.js';
import { toReturnModel } from '../../../main/engine/ct600/return-model.js';
import { CT_NS, GOVTALK_NS } from '../../../main/engine/ct600/xml-dom.js';
import { el, serialize, type XmlElement } from '../../../main/engine/ct600/xml-writer.js';
import { fullReturn, minimumReturn } from '../../fixtures/ct600-requests.js';
import { buildByDom } from './dom-built.js';
import { options, request } from './return-arbitraries.js';
import { parse, requestFromSample, sampleXml } from './tpvs-sample-request.js';

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('base64');

function treeOf(req: unknown, opts?: Ct600BuildOptions): XmlElement {
  const header = ct600BuildOptionsSchema.parse(opts ?? {});
  const model = toReturnModel(ct600RequestSchema.parse(req), { schemaVersion: header.schemaVersion });
  if (!model.ok) throw new Error(JSON.stringify(model.errors));
  return govTalkMessage(model.ret, header);
}

/** Both routes' canonical text and IRmark; the direct one must not decline. */
function expectSameAsDom(tree: XmlElement): void {
  const direct = writeCanonicalBody(tree);
  const oracle = canonicalBodyByDom(serialize(tree));
  expect(direct).toBeDefined();
  expect(direct!.length).toBe(oracle.length);
  expect(direct === oracle).toBe(true);
  expect(sha1(direct!)).toBe(sha1(oracle));
}

/** A GovTalk-shaped tree around the given IRenvelope content. */
function message(envelope: (XmlElement | undefined)[], envelopeAttributes: Record<string, string | undefined> = { xmlns: CT_NS }): XmlElement {
  return el('GovTalkMessage', [el('EnvelopeVersion', '2.0'), el('Body', [el('IRenvelope', envelope, envelopeAttributes)])], { xmlns: GOVTALK_NS });
}
const irheader = (...more: (XmlElement | undefined)[]) =>
  el('IRheader', [el('Keys', [el('Key', '1', { Type: 'UTR' })]), el('IRmark', '', { Type: 'generic' }), ...more]);

describe('the canonical Body written from the element tree', () => {
  it("matches the DOM route on the TPVS vector's figures, with every header setting", () => {
    const req = requestFromSample(parse(sampleXml));
    for (const opts of [{ schemaVersion: '2022-v1.99', gatewayTest: true }, {}, { testInLive: true, transactionId: 'ABC', senderId: 'user & <co>', authenticationValue: `"pass' word"` }]) {
      expectSameAsDom(treeOf(req, opts));
    }
  });

  it('matches the DOM route on the minimum and the full return', () => {
    expectSameAsDom(treeOf(minimumReturn()));
    expectSameAsDom(treeOf(fullReturn()));
  });

  it('matches the DOM route on generated returns (all boxes, both financial years, attachments, names with & < > " \')', () => {
    fc.assert(
      fc.property(request, options, (r, o) => {
        expectSameAsDom(treeOf(r, o));
      }),
      { numRuns: 400 },
    );
  });

  it('matches the DOM route on names made of the awkward characters alone', () => {
    const awkward = fc.array(fc.constantFrom(...`&<>"' ;=&amp;&lt;&gt;&quot;`.split('')), { minLength: 2, maxLength: 40 }).map((cs) => cs.join('')).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(awkward, awkward, (companyName, name) => {
        const r = { ...fullReturn(), companyName, declaration: { acceptDeclaration: true, name, status: name } };
        expectSameAsDom(treeOf(r));
      }),
      { numRuns: 200 },
    );
  });

  it('matches the DOM route on a large return (3 MB of attachments)', () => {
    const r = fullReturn();
    const big = Buffer.alloc(1_000_000, 7).toString('base64');
    r.attachedFiles = [0, 1, 0].map((itemsElementName, i) => ({ filename: `big ${i} & co's.xhtml`, value: big, itemsElementName }));
    expectSameAsDom(treeOf(r));
  });

  it('makes the build give the same response, byte for byte, as the DOM route', () => {
    for (const r of [minimumReturn(), fullReturn(), requestFromSample(parse(sampleXml))]) {
      expect(buildCt600(r)).toEqual(buildByDom(r));
    }
  });

  it('renders attributes in order with C14N escaping, namespaces only where they change, and empty elements as start and end tags', () => {
    expectSameAsDom(
      message([
        irheader(el('Empty'), el('EmptyText', ''), el('Group', [undefined])),
        el('Attrs', 'x', { zeta: 'z', Alpha: 'tab\there\nline "q" \'a\' & < >', beta: '' }),
        el('Same', [el('Inner', 'same default', { xmlns: CT_NS })], { xmlns: CT_NS }),
        el('Other', [el('Back', 'back', { xmlns: CT_NS })], { xmlns: 'urn:other' }),
        el('Text', 'a & b < c > d " e \' f ]]> g \t tab\nline é € 中'),
      ]),
    );
    expectSameAsDom(message([el('NoMark', 'x')]));
    expectSameAsDom(message([irheader(el('IRmark', 'second', { Type: 'generic' }))]));
    expectSameAsDom(message([irheader()], {}));
  });

  it('matches the DOM route on any text and attribute value it does not decline', () => {
    const awkwardChar = fc.constantFrom(...'&<>"\'\t\n ]=;a\u00A0é€中\uFEFF\uFFFC'.split(''));
    const rareChar = fc.constantFrom(...'\r\u0085\u2028\u2029\uFFFD\uFFFE\u0000\u007F'.split(''));
    const anyText = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.oneof({ weight: 30, arbitrary: awkwardChar }, { weight: 1, arbitrary: rareChar }) }),
      fc.string({ unit: awkwardChar }),
    );
    let vouched = 0;
    fc.assert(
      fc.property(anyText, anyText, anyText, (text, attribute, mark) => {
        const tree = message([irheader(el('Sender', mark)), el('Note', text, { Filename: attribute, Type: text })]);
        if (writeCanonicalBody(tree) === undefined) return;
        vouched++;
        expectSameAsDom(tree);
      }),
      { numRuns: 1000 },
    );
    expect(vouched).toBeGreaterThan(200);
  });

  it('matches the DOM route on every character of the Basic Multilingual Plane it does not decline, in text and in attributes', () => {
    let vouched = 0;
    for (let block = 0; block < 0x10000; block += 0x400) {
      let chars = '';
      for (let c = block; c < block + 0x400; c++) {
        const ch = String.fromCharCode(c);
        if (writeCanonicalBody(message([el('A', ch, { B: ch })])) !== undefined) chars += ch;
      }
      if (chars === '') continue;
      vouched += chars.length;
      expectSameAsDom(message([irheader(), el('Text', chars), el('Attribute', 'x', { Filename: chars })]));
    }
    expect(vouched).toBeGreaterThan(60_000);
  });

  it('removes only the first IRmark even when the same element object is written twice', () => {
    const mark = el('IRmark', '', { Type: 'generic' });
    expectSameAsDom(message([el('IRheader', [mark, el('Sender', 'x'), mark])]));
  });

  it('declines what it does not model, and the DOM route is then used', () => {
    const declined = [
      message([el('Text', 'carriage\rreturn')]),
      message([el('Text', 'control \u0001')]),
      message([el('Text', 'surrogates 😀')]),
      message([el('Text', 'next line \u0085')]),
      message([el('Text', 'line separator \u2028')]),
      message([el('A', 'x', { note: 'paragraph separator \u2029' })]),
      message([el('Text', 'replacement \uFFFD')]),
      message([el('A', 'x', { note: 'cr\r' })]),
      message([el('p:Prefixed', 'x')]),
      message([el('A', 'x', { 'xml:lang': 'en' })]),
      message([el('A', 'x', { 'xmlns:p': 'urn:p' })]),
      message([el('A', [el('B', 'x')], { xmlns: '' })]),
      el('Other', [el('Body', [])]),
      el('GovTalkMessage', [el('Header', [])]),
    ];
    for (const tree of declined) expect(writeCanonicalBody(tree)).toBeUndefined();
  });
});
