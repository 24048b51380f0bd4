import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalBody, computeIrmark, toBase32, verifyIrmark, XmlInputError } from '../../../main/engine/ct600/index.js';
import { ct600Vectors } from '../../helpers/shared.js';
import { independentIrmark } from '../../helpers/xmllint.js';

interface Vector {
  file: string;
  base64: string;
  base32: string | null;
}

const vectors: Vector[] = readFileSync(join(ct600Vectors, 'EXPECTED.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [file, base64, base32] = line.split('\t');
    return { file: file!, base64: base64!, base32: base32 === '-' ? null : base32! };
  });

const read = (name: string) => readFileSync(join(ct600Vectors, name));

describe('IRmark test vectors (../shared/ct600/vectors/EXPECTED.tsv)', () => {
  it('lists every vector file the README describes', () => {
    expect(vectors.map((v) => v.file)).toEqual(
      expect.arrayContaining([
        'tpvs-accepted-sample.xml',
        'tpvs-accepted-sample-with-comments.xml',
        'hmrc-cis-irmarkprocessortest.xml',
        'm3rc155-rti-fps-body.xml',
        'selfmade-seedlike-ct600-compact.xml',
      ]),
    );
  });

  for (const v of vectors) {
    it(`reproduces ${v.file}`, () => {
      const mark = computeIrmark(read(v.file));
      expect(mark.base64).toBe(v.base64);
      expect(mark.base64).toHaveLength(28);
      if (v.base32) expect(mark.base32).toBe(v.base32);
    });
  }

  for (const v of vectors.filter((x) => x.base32)) {
    it(`verifies the full message ${v.file} from its bytes and from its text`, () => {
      const bytes = read(v.file);
      const fromBytes = verifyIrmark(bytes);
      const fromText = verifyIrmark(bytes.toString('utf8'));
      expect(fromBytes).toEqual(fromText);
      expect(fromBytes.expected).toBe(v.base64);
      expect(fromBytes.expectedBase32).toBe(v.base32);
    });
  }

  it('reports the stale IRmark of the CIS sample as not matching, with the right value expected', () => {
    const check = verifyIrmark(read('hmrc-cis-irmarkprocessortest.xml'));
    expect(check.expected).toBe('tpwOaKfCHJDirqJn31ceHrX1XYc=');
    expect(check.found).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(check.found).not.toBe(check.expected);
    expect(check.matches).toBe(false);
  });

  it('accepts the TPVS sample, whose IRmark HMRC accepted', () => {
    expect(verifyIrmark(read('tpvs-accepted-sample.xml'))).toEqual({
      expected: 'YrgW02ybxWOff7gHrELynhp1gRw=',
      expectedBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4',
      found: 'YrgW02ybxWOff7gHrELynhp1gRw=',
      matches: true,
    });
  });

  it('canonicalises the TPVS samples to exactly the published bytes', () => {
    for (const name of ['tpvs-accepted-sample', 'tpvs-accepted-sample-with-comments']) {
      const expected = read(`${name}.body.c14n`).toString('utf8');
      expect(canonicalBody(read(`${name}.xml`))).toBe(expected);
    }
  });

  it('keeps comments inside Body (C14N with comments): the commented sample has its own mark', () => {
    const plain = computeIrmark(read('tpvs-accepted-sample.xml')).base64;
    const commented = computeIrmark(read('tpvs-accepted-sample-with-comments.xml')).base64;
    expect(commented).not.toBe(plain);
  });

  it('rejects the two known-wrong answers for the TPVS sample', () => {
    const sample = read('tpvs-accepted-sample.xml').toString('utf8');
    const right = 'YrgW02ybxWOff7gHrELynhp1gRw=';
    for (const wrong of ['c9GftdyDsaADxEdOnzQ5kpVWLPs=', 'OTPqqDMgKUk/9xQrfXGn3GVNAdQ=']) {
      const tampered = sample.replace(right, wrong);
      expect(tampered).not.toBe(sample);
      const check = verifyIrmark(tampered);
      expect(check).toMatchObject({ expected: right, found: wrong, matches: false });
    }
  });

  it('does not reproduce the wrong answers by the wrong routes (guards against regressions to them)', () => {
    const sample = read('tpvs-accepted-sample.xml').toString('utf8');
    // Dropping the inherited, unused xmlns:xsi is what exclusive C14N does.
    const withoutXsi = sample.replace(' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"', '');
    expect(computeIrmark(withoutXsi).base64).toBe('c9GftdyDsaADxEdOnzQ5kpVWLPs=');
    // Removing the IRmark with its leading whitespace.
    const withoutLeadingSpace = sample.replace(/\s*<IRmark Type="generic">[^<]*<\/IRmark>/, '');
    expect(computeIrmark(withoutLeadingSpace).base64).toBe('OTPqqDMgKUk/9xQrfXGn3GVNAdQ=');
  });

  it('gives the same mark after a Windows editor turned line ends into CRLF or CR (parsing normalises them)', () => {
    const sample = read('tpvs-accepted-sample.xml').toString('utf8');
    expect(computeIrmark(sample.replace(/\n/g, '\r\n')).base64).toBe('YrgW02ybxWOff7gHrELynhp1gRw=');
    expect(computeIrmark(sample.replace(/\n/g, '\r')).base64).toBe('YrgW02ybxWOff7gHrELynhp1gRw=');
  });

  it('reports the not-valid sample as not matching', () => {
    const check = verifyIrmark(read('not-valid/php-govtalk-GiftAidRequest.xml'));
    expect(check).toMatchObject({ found: 'WKw8IW/6247iwBmJ3bA8RRxrYgQ=', expected: 'bVzkjJml/Zj9/ZlOdlaSq2cocqI=', matches: false });
  });

  it('agrees with the independent xmllint --c14n route on every full-message vector', () => {
    for (const v of vectors.filter((x) => x.base32)) {
      expect(independentIrmark(read(v.file).toString('utf8'))).toBe(v.base64);
    }
  });
});

describe('verifyIrmark on unusable input', () => {
  it('refuses XML that is not well-formed', () => {
    expect(() => verifyIrmark('<GovTalkMessage><Body></GovTalkMessage>')).toThrow(XmlInputError);
  });
  it('refuses a document with no Body', () => {
    expect(() => verifyIrmark('<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"/>')).toThrow(/no GovTalkMessage\/Body/);
  });
  it('refuses a DOCTYPE (no entity expansion)', () => {
    expect(() =>
      verifyIrmark('<!DOCTYPE x [<!ENTITY e "boom">]><GovTalkMessage><Body>&e;</Body></GovTalkMessage>'),
    ).toThrow(/DOCTYPE/);
  });
  it('refuses a processing instruction inside Body (C14N would render it differently)', () => {
    const sample = read('tpvs-accepted-sample.xml').toString('utf8');
    expect(() => verifyIrmark(sample.replace('<IRheader>', '<IRheader><?app data?>'))).toThrow(/processing instruction <\?app\?>/);
    expect(() => verifyIrmark(sample.replace('<IRheader>', '<IRheader><?app?>'))).toThrow(XmlInputError);
  });
  it('refuses bytes that are not UTF-8 or declare another encoding, instead of marking a mis-decoded text', () => {
    const sample = read('tpvs-accepted-sample.xml').toString('utf8');
    const latin1 = Buffer.from(sample.replace("version='1.0' encoding='UTF-8'", "version='1.0' encoding='ISO-8859-1'").replace('Enter Company Name', 'Café Ltd'), 'latin1');
    expect(() => verifyIrmark(latin1)).toThrow(/not UTF-8|encoding "ISO-8859-1"/);
    const declaredOnly = Buffer.from(sample.replace("encoding='UTF-8'", "encoding='ISO-8859-1'"), 'utf8');
    expect(() => verifyIrmark(declaredOnly)).toThrow(/declares encoding "ISO-8859-1"/);
  });
  it('refuses what XML forbids even where xmldom is lenient: bare &, control characters, unquoted attributes', () => {
    const sample = read('tpvs-accepted-sample.xml').toString('utf8');
    expect(() => verifyIrmark(sample.replace('Enter Company Name', 'Smith & Jones'))).toThrow(/unescaped &/);
    expect(() => verifyIrmark(sample.replace('Enter Company Name', 'Smith &nbsp; Jones'))).toThrow(/entity XML does not define/);
    expect(() => verifyIrmark(sample.replace('Enter Company Name', 'Smith\u0001Jones'))).toThrow(/U\+0001/);
    expect(() => verifyIrmark(sample.replace('ReturnType="new"', 'ReturnType=new'))).toThrow(XmlInputError);
    // Escaped ampersands, character references and & inside comments stay fine.
    expect(verifyIrmark(sample.replace('Enter Company Name', 'Smith &amp; Jones &#38; Co')).matches).toBe(false);
    expect(() => verifyIrmark(sample.replace('<Body>', '<Body><!-- R&D -->'))).not.toThrow();
  });
  it('refuses "]]>" in text, which XML allows only to end a CDATA section, and takes it where XML does', () => {
    const sample = read('tpvs-accepted-sample.xml').toString('utf8');
    expect(() => verifyIrmark(sample.replace('Enter Company Name', 'Smith ]]> Jones'))).toThrow(/"\]\]>" stands in text at character \d+/);
    expect(() => computeIrmark(Buffer.from(sample.replace('Enter Company Name', 'Smith]]>Jones'), 'utf8'))).toThrow(XmlInputError);
    // Escaped, in an attribute value, a comment or a CDATA section it is XML, and the message is marked.
    expect(verifyIrmark(sample.replace('Enter Company Name', 'Smith ]]&gt; Jones')).matches).toBe(false);
    expect(() => verifyIrmark(sample.replace('ReturnType="new"', 'ReturnType="new" note="a]]>b"'))).not.toThrow();
    expect(() => verifyIrmark(sample.replace('<Body>', '<Body><!-- a]]>b -->'))).not.toThrow();
    expect(() => verifyIrmark(sample.replace('Enter Company Name', '<![CDATA[Smith ]]>'))).not.toThrow();
  });
  it('reports an absent IRmark as found: null', () => {
    const check = verifyIrmark('<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body><x/></Body></GovTalkMessage>');
    expect(check.found).toBeNull();
    expect(check.matches).toBe(false);
  });
});

describe('base32 (RFC 4648)', () => {
  it('matches the RFC 4648 test vectors', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['f', 'MY======'],
      ['fo', 'MZXQ===='],
      ['foo', 'MZXW6==='],
      ['foob', 'MZXW6YQ='],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI======'],
    ];
    for (const [input, output] of cases) expect(toBase32(new TextEncoder().encode(input))).toBe(output);
  });
});
