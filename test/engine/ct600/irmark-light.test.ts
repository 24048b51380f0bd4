/**
 * The IRmark's light route (the light element tree, no DOM) against the DOM
 * route (xmldom and xml-crypto): the same canonical Body byte for byte and
 * the same IRmark found, or no answer at all, on HMRC's vectors, built
 * returns, generated messages that use every kind of namespace declaration,
 * attribute and escaped character, and damaged copies. Where the DOM route
 * refuses a document, the light route never answers for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCt600, canonicalBody, computeIrmarkByDom, verifyIrmark } from '../../../main/engine/ct600/index.js';
import { foundIrmark, locateBody } from '../../../main/engine/ct600/irmark-dom.js';
import { LIGHT_ROUTE_MAX_LENGTH, lightMarkedBody, verifyPlainIrmark } from '../../../main/engine/ct600/irmark-light.js';
import { verifyIrmarkWithDom } from '../../../main/engine/ct600/irmark.js';
import { ct600Vectors } from '../../helpers/shared.js';
import { independentIrmark } from '../../helpers/xmllint.js';
import { fullReturn, minimumReturn } from '../../fixtures/ct600-requests.js';

type DomAnswer = { canonical: string; found: string | null } | { refused: string };

function domAnswer(xml: string | Uint8Array): DomAnswer {
  try {
    const found = foundIrmark(locateBody(xml));
    return { canonical: canonicalBody(xml), found };
  } catch (err) {
    return { refused: (err as Error).message };
  }
}

/** The light route agrees with the DOM route or declines; returns whether it answered. */
function agreesWithDom(xml: string | Uint8Array): boolean {
  const light = lightMarkedBody(xml);
  const dom = domAnswer(xml);
  if (light === undefined) return false;
  expect('refused' in dom ? `the DOM route refused: ${dom.refused}` : '', 'the light route answered for a document the DOM route refuses').toBe('');
  expect(light).toEqual(dom);
  return true;
}

const built = (request = fullReturn()) => Buffer.from(buildCt600(request).xmlDoc, 'base64').toString('utf8');

const wrap = (ancestorDeclarations: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"${ancestorDeclarations}><EnvelopeVersion>2.0</EnvelopeVersion>${body}</GovTalkMessage>`;

const irheader = (mark: string) => `<IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><IRheader><Keys/><IRmark Type="generic">${mark}</IRmark><Sender>Company</Sender></IRheader></IRenvelope>`;

describe('the light IRmark route on published and built messages', () => {
  const vectors = readdirSync(ct600Vectors).filter((n) => n.endsWith('.xml'));

  for (const name of vectors) {
    it(`${name}: the DOM route's canonical Body and IRmark, or (with comments) no answer`, () => {
      const bytes = readFileSync(join(ct600Vectors, name));
      const answered = agreesWithDom(bytes);
      expect(answered, 'the light route answers exactly when the message has no comment').toBe(!bytes.toString('utf8').includes('<!--'));
      if (answered) expect(verifyPlainIrmark(bytes)).toEqual(verifyIrmark(bytes));
    });
  }

  it('answers for the returns the engine builds, as bytes and as text, with the IRmark they carry', () => {
    for (const request of [fullReturn(), minimumReturn()]) {
      const xml = built(request);
      expect(agreesWithDom(xml)).toBe(true);
      expect(agreesWithDom(Buffer.from(xml, 'utf8'))).toBe(true);
      const check = verifyPlainIrmark(Buffer.from(xml, 'utf8'))!;
      expect(check.matches).toBe(true);
      expect(check.expected).toBe(computeIrmarkByDom(xml).base64);
    }
  });

  it('matches the independent canonicaliser (xmllint --c14n) on a message full of namespaces and escapes', () => {
    const xml = wrap(
      ' xmlns:a="urn:a" xmlns:z="urn:z" xmlns:b="urn:b"',
      `<Header/><Body>${irheader('old')}<a:X b:at="1 &amp; 2 &lt; &quot;3&quot;&#9;&#10;&#13;" at="&gt;" a:y="v"><b:Y xmlns="urn:d">t&amp;t &lt;&gt; &#13; <![CDATA[<cdata & ]]></b:Y><Z xmlns:a="urn:other" a:k="v"/></a:X></Body>`,
    );
    expect(agreesWithDom(xml)).toBe(true);
    const light = lightMarkedBody(xml)!;
    expect(light.found).toBe('old');
    expect(verifyPlainIrmark(xml)!.expected).toBe(independentIrmark(xml));
  });
});

describe('the light IRmark route declines what only the DOM route can decide', () => {
  const base = built();

  it.each([
    ['a comment in the Body', base.replace('</IRheader>', '</IRheader><!-- kept by C14N WithComments -->')],
    ['a processing instruction', base.replace('</IRheader>', '</IRheader><?page 2?>')],
    ['an empty CDATA section', base.replace('</IRheader>', '</IRheader><Note><![CDATA[]]></Note>')],
    ['no Body', '<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Header/></GovTalkMessage>'],
    ['another root', '<Return><Body/></Return>'],
    ['a DOCTYPE', base.replace('<GovTalkMessage', '<!DOCTYPE GovTalkMessage>\n<GovTalkMessage')],
    ['a bare ampersand', base.replace('</IRheader>', '</IRheader><Note>A & B</Note>')],
    ['a forbidden character', base.replace('</IRheader>', '</IRheader><Note>\u0001</Note>')],
    ['an undeclared prefix', base.replace('</IRheader>', '</IRheader><q:Note/>')],
  ])('%s', (_what, xml) => {
    expect(lightMarkedBody(xml)).toBeUndefined();
    expect(lightMarkedBody(Buffer.from(xml, 'utf8'))).toBeUndefined();
  });

  it('leaves a message over a megabyte to the streamed route, which gives the same check', () => {
    const large = base.replace('</IRheader>', `</IRheader><Note>${'QUJD'.repeat(LIGHT_ROUTE_MAX_LENGTH / 4)}</Note>`);
    expect(lightMarkedBody(large)).toBeUndefined();
    const small = base.replace('</IRheader>', `</IRheader><Note>${'QUJD'.repeat(10_000)}</Note>`);
    expect(verifyPlainIrmark(small)).toEqual(verifyIrmarkWithDom(small));
    expect(verifyIrmark(large)).toEqual(verifyIrmarkWithDom(large));
    expect(verifyIrmark(large).expected).toBe(computeIrmarkByDom(large).base64);
  });

  it('declines bytes that are not UTF-8 or declare another encoding, which the DOM route refuses with its reason', () => {
    const latin1 = Buffer.from(base.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'utf8');
    expect(lightMarkedBody(latin1)).toBeUndefined();
    expect(() => verifyIrmark(latin1)).toThrow(/declares encoding "ISO-8859-1"/);
    const broken = Buffer.concat([Buffer.from(base.slice(0, 200), 'utf8'), Buffer.from([0xc3, 0x28]), Buffer.from(base.slice(200), 'utf8')]);
    expect(lightMarkedBody(broken)).toBeUndefined();
    expect(() => verifyIrmark(broken)).toThrow(/not UTF-8/);
  });
});

/** Generated messages: random prefixes, (re)declarations, attributes and text with every character C14N escapes. */
const PREFIXES = ['', 'a', 'b', 'Ab', 'a1'] as const;
const URIS = ['urn:a', 'urn:b', 'http://www.govtalk.gov.uk/taxation/CT/5', 'urn:x?q=1&amp;r=2'] as const;
const textArb = fc
  .array(fc.constantFrom('x', ' ', '&amp;', '&lt;', '&gt;', '&quot;', "'", '&#9;', '&#10;', '&#13;', '\n', '\r\n', '\t', 'é', '€', '𝄞', '&#x1F600;', ']]', '>'), { maxLength: 8 })
  .map((parts) => parts.join(''));
const declarationArb = fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...URIS)).map(([p, uri]) => (p === '' ? ` xmlns="${uri}"` : ` xmlns:${p}="${uri}"`));
const nameArb = fc.constantFrom('E', 'Item', 'z', 'A_b', 'n.1');

interface Scope {
  prefixes: Set<string>;
}

function elementArb(depth: number): fc.Arbitrary<(scope: Scope) => string> {
  const childArb: fc.Arbitrary<(scope: Scope) => string> =
    depth <= 0
      ? fc.oneof(textArb.map((t) => () => t), fc.constant(() => ''))
      : fc.oneof(
          { weight: 2, arbitrary: elementArb(depth - 1) },
          { weight: 2, arbitrary: textArb.map((t) => () => t) },
          { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !s.includes(']]>')).map((s) => () => `<![CDATA[${s}]]>`) },
        );
  return fc
    .record({
      prefix: fc.constantFrom(...PREFIXES),
      name: nameArb,
      declarations: fc.uniqueArray(declarationArb, { maxLength: 3, selector: (d) => d.split('=')[0] }),
      attributes: fc.uniqueArray(fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom('at', 'b', 'xmlnsx', 'Z')), { maxLength: 3, selector: ([p, n]) => `${p}:${n}` }),
      values: fc.array(textArb.map((t) => t.replace(/</g, '').replace(/"/g, '&quot;')), { minLength: 3, maxLength: 3 }),
      xmlLang: fc.boolean(),
      children: fc.array(childArb, { maxLength: 4 }),
    })
    .map((e) => (outer: Scope) => {
      const scope: Scope = { prefixes: new Set(outer.prefixes) };
      for (const d of e.declarations) {
        const p = /^ xmlns:([^=]+)=/.exec(d)?.[1];
        if (p) scope.prefixes.add(p);
      }
      // Only bound prefixes: an undeclared one is a namespace error, declined on both sides (tested above).
      const own = e.prefix && scope.prefixes.has(e.prefix) ? `${e.prefix}:` : '';
      const attributes = e.attributes
        .filter(([p]) => p === '' || scope.prefixes.has(p))
        .map(([p, n], i) => ` ${p ? `${p}:` : ''}${n}="${e.values[i]!}"`)
        .filter((a, i, all) => all.indexOf(a) === i);
      const tag = `${own}${e.name}`;
      return `<${tag}${e.declarations.join('')}${attributes.join('')}${e.xmlLang ? ' xml:lang="en"' : ''}>${e.children.map((c) => c(scope)).join('')}</${tag}>`;
    });
}

const messageArb = fc
  .record({
    ancestors: fc.uniqueArray(declarationArb, { maxLength: 3, selector: (d) => d.split('=')[0] }),
    bodyDeclarations: fc.uniqueArray(declarationArb, { maxLength: 2, selector: (d) => d.split('=')[0] }),
    markAt: fc.constantFrom('header', 'none', 'empty'),
    inner: fc.array(elementArb(3), { maxLength: 3 }),
    bom: fc.boolean(),
    crlf: fc.boolean(),
  })
  .map((m) => {
    const ancestorPrefixes = new Set(m.ancestors.map((d) => /^ xmlns:([^=]+)=/.exec(d)?.[1]).filter((p): p is string => !!p && p !== ''));
    for (const d of m.bodyDeclarations) {
      const p = /^ xmlns:([^=]+)=/.exec(d)?.[1];
      if (p) ancestorPrefixes.add(p);
    }
    const scope: Scope = { prefixes: ancestorPrefixes };
    const header = m.markAt === 'none' ? '' : irheader(m.markAt === 'empty' ? '' : 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=');
    // A Body that rebinds the default namespace would put GovTalk's elements out of it: kept to prefixed declarations.
    const bodyDeclarations = m.bodyDeclarations.filter((d) => d.startsWith(' xmlns:'));
    const ancestors = m.ancestors.filter((d) => d.startsWith(' xmlns:'));
    const xml = wrap(ancestors.join(''), `<Header/><Body${bodyDeclarations.join('')}>${header}${m.inner.map((e) => e(scope)).join('\n')}</Body>`);
    const text = m.crlf ? xml.replace(/\n/g, '\r\n') : xml;
    return m.bom ? `\uFEFF${text}` : text;
  });

describe('the light IRmark route on generated messages', () => {
  it('gives the DOM route’s canonical Body and IRmark for every message it answers, and answers for most', () => {
    let answered = 0;
    let runs = 0;
    fc.assert(
      fc.property(messageArb, (xml) => {
        runs++;
        if (agreesWithDom(xml)) answered++;
        agreesWithDom(Buffer.from(xml, 'utf8'));
      }),
      { numRuns: 400, seed: 20261128 },
    );
    expect(answered / runs, `answered ${answered} of ${runs}`).toBeGreaterThan(0.8);
  });

  it('never answers for a damaged copy the DOM route refuses, and agrees where it does answer', () => {
    const xml = built();
    const pieces = ['<', '>', '/', '"', '&', ':', 'xmlns:q="urn:q" ', ' ', 'é', '<!---->', ']]>', '&#0;', '&#x20;', "'"];
    let refusedByDom = 0;
    fc.assert(
      fc.property(fc.nat(xml.length - 1), fc.nat(4), fc.constantFrom(...pieces), (at, cut, piece) => {
        const damaged = xml.slice(0, at) + piece + xml.slice(at + cut);
        if ('refused' in domAnswer(damaged)) refusedByDom++;
        agreesWithDom(damaged);
      }),
      { numRuns: 1500, seed: 28112026 },
    );
    expect(refusedByDom, 'damaged copies the DOM route refused').toBeGreaterThan(100);
  });
});
