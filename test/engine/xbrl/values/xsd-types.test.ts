/**
 * XML Schema's regular expressions as JavaScript ones (Appendix F of XML
 * Schema 1.0 Part 2), a taxonomy's types compiled with their facets and
 * derivation, and the simple types the XBRL checks added to the checker the
 * CT600 schema check shares.
 */
import { describe, expect, it } from 'vitest';
import { loadDts } from '../../../../main/engine/taxonomy/dts.js';
import { compiledType } from '../../../../main/engine/xbrl/values/concept-types.js';
import { translateXsdPattern } from '../../../../main/engine/xbrl/values/xsd-pattern.js';
import { checkSimpleValue, type Primitive } from '../../../../main/engine/validation/schema/simple-types.js';

const matches = (pattern: string, value: string) => {
  const t = translateXsdPattern(pattern);
  if (!t.ok) throw new Error(t.reason);
  return t.re.test(value);
};

describe('XSD patterns as JavaScript regular expressions', () => {
  it('match the whole value, as XSD patterns always do', () => {
    expect(matches('[0-9]{10}', '0123456789')).toBe(true);
    expect(matches('[0-9]{10}', '01234567890')).toBe(false);
    expect(matches('[0-9]{3}', 'x123')).toBe(false);
    expect(matches('a|b', 'ab')).toBe(false);
  });

  it('take ^ and $ as ordinary characters', () => {
    expect(matches('^a$', '^a$')).toBe(true);
    expect(matches('^a$', 'a')).toBe(false);
  });

  it('. excludes only line feed and carriage return', () => {
    expect(matches('a.c', 'a\u2028c')).toBe(true);
    expect(matches('a.c', 'a\nc')).toBe(false);
  });

  it('\\d is any Unicode decimal digit; \\s only XML whitespace; \\i and \\c are XML name characters', () => {
    expect(matches('\\d+', '\u0661\u0662')).toBe(true);
    expect(matches('\\s', '\u00a0')).toBe(false);
    expect(matches('\\i\\c*', '_a-1.b')).toBe(true);
    expect(matches('\\i\\c*', '1a')).toBe(false);
    expect(matches('[\\i-[:]][\\c-[:]]*', 'a:b')).toBe(false);
  });

  it('subtracts classes, takes "-" first or last as a character, and Unicode categories', () => {
    expect(matches('[a-z-[aeiou]]+', 'xyz')).toBe(true);
    expect(matches('[a-z-[aeiou]]+', 'xaz')).toBe(false);
    expect(matches('[+-]?\\d+', '-5')).toBe(true);
    expect(matches('[-a]', '-')).toBe(true);
    expect(matches('\\p{Lu}\\P{Lu}', 'Ab')).toBe(true);
  });

  it('says why it cannot translate a block name or a malformed pattern, never throws', () => {
    expect(translateXsdPattern('\\p{IsBasicLatin}+')).toEqual({ ok: false, reason: expect.stringMatching(/Unicode block/) });
    expect(translateXsdPattern('[a-')).toMatchObject({ ok: false });
    expect(translateXsdPattern('a{2,x}')).toMatchObject({ ok: false });
    expect(translateXsdPattern('(a')).toMatchObject({ ok: false });
  });
});

const TYPES_URL = 'http://example.com/types.xsd';
const schema = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:t="http://example.com/t" targetNamespace="http://example.com/t">
  <xs:complexType name="codeItemType"><xs:simpleContent><xs:restriction base="xbrli:tokenItemType"><xs:pattern value="[A-Z]{2}"/><xs:pattern value="[0-9]{4}"/></xs:restriction></xs:simpleContent></xs:complexType>
  <xs:complexType name="narrowCodeItemType"><xs:simpleContent><xs:restriction base="t:codeItemType"><xs:pattern value="A.|\\d+"/><xs:attribute name="x" type="xs:string"/></xs:restriction></xs:simpleContent></xs:complexType>
  <xs:complexType name="smallItemType"><xs:simpleContent><xs:restriction base="xbrli:nonNegativeIntegerItemType"><xs:maxExclusive value="100"/></xs:restriction></xs:simpleContent></xs:complexType>
  <xs:complexType name="rateItemType"><xs:simpleContent><xs:restriction base="xbrli:decimalItemType"><xs:totalDigits value="4"/><xs:fractionDigits value="2"/></xs:restriction></xs:simpleContent></xs:complexType>
  <xs:simpleType name="colour"><xs:restriction base="xs:string"><xs:enumeration value="red"/><xs:enumeration value="green"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="latin"><xs:restriction base="xs:string"><xs:pattern value="\\p{IsBasicLatin}*"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="list"><xs:list itemType="xs:int"/></xs:simpleType>
  <xs:element name="After" id="after" type="xs:string" substitutionGroup="xbrli:item"/>
</xs:schema>`;

describe("a taxonomy's types, compiled with their derivation and facets", () => {
  const dts = loadDts([TYPES_URL], (url) => (url === TYPES_URL ? new TextEncoder().encode(schema) : undefined));
  const check = (name: string, value: string) => checkSimpleValue(compiledType(dts, `{http://example.com/t}${name}`)!.type, value);

  it("ORs one step's patterns and ANDs the steps' (XML Schema Part 2 §4.3.4.3)", () => {
    expect(check('codeItemType', 'AB')).toBeUndefined();
    expect(check('codeItemType', '1234')).toBeUndefined();
    expect(check('codeItemType', 'A1')).toMatch(/pattern/);
    expect(check('narrowCodeItemType', 'AB')).toBeUndefined();
    expect(check('narrowCodeItemType', '1234')).toBeUndefined();
    expect(check('narrowCodeItemType', 'BB')).toMatch(/pattern A\.\|\\d\+/);
    // xbrli:tokenItemType collapses whitespace before the pattern is tried.
    expect(check('codeItemType', '  AB ')).toBeUndefined();
  });

  it("keeps the built-in's own bounds and adds the taxonomy's", () => {
    expect(check('smallItemType', '99')).toBeUndefined();
    expect(check('smallItemType', '100')).toMatch(/less than 100/);
    expect(check('smallItemType', '-1')).toMatch(/at least 0/);
    expect(check('smallItemType', '7.5')).toMatch(/is not a whole number/);
  });

  it('checks totalDigits and fractionDigits on the value, not its written form', () => {
    expect(check('rateItemType', '12.50')).toBeUndefined();
    expect(check('rateItemType', '0012.5000')).toBeUndefined();
    expect(check('rateItemType', '1.234')).toMatch(/3 digits after the decimal point/);
    expect(check('rateItemType', '123.45')).toMatch(/5 digits; at most 4/);
  });

  it('checks enumerations; leaves list types and untranslatable patterns unchecked, saying which', () => {
    expect(check('colour', 'red')).toBeUndefined();
    expect(check('colour', 'blue')).toMatch(/not an allowed value/);
    expect(compiledType(dts, '{http://example.com/t}list')).toBeUndefined();
    const latin = compiledType(dts, '{http://example.com/t}latin')!;
    expect(latin.untranslated).toEqual([{ pattern: '\\p{IsBasicLatin}*', reason: expect.stringMatching(/block/) }]);
    expect(checkSimpleValue(latin.type, 'é')).toBeUndefined();
  });

  it('compiles each type once per DTS', () => {
    expect(compiledType(dts, '{http://example.com/t}codeItemType')).toBe(compiledType(dts, '{http://example.com/t}codeItemType'));
  });

  it('does not take an element declared after a type for one of its facets', () => {
    expect(dts.types.get('{http://example.com/t}list')?.facets).toEqual({});
    expect(dts.concepts.has('{http://example.com/t}After')).toBe(true);
  });
});

describe('the simple types the XBRL checks need, in the checker the CT600 schema check shares', () => {
  const valid = (primitive: Primitive, value: string) => checkSimpleValue({ describe: 'the value', primitive }, value) === undefined;

  it('gYear has four digits or more', () => {
    expect(valid('gYear', '2015')).toBe(true);
    expect(valid('gYear', '05')).toBe(false);
  });

  it("xbrli:dateUnion is a date or a date and time, each a real one (XBRL 2.1 §5.1.1.3)", () => {
    expect(valid('dateUnion', '2015-02-28')).toBe(true);
    expect(valid('dateUnion', '2015-02-28T23:59:59Z')).toBe(true);
    expect(valid('dateUnion', '2015-02-30')).toBe(false);
    expect(valid('dateUnion', '2015-02-28T24:30:00')).toBe(false);
  });

  it('boolean, float, gYearMonth, gMonthDay, duration, language, QName', () => {
    expect([valid('boolean', 'true'), valid('boolean', '1'), valid('boolean', 'yes')]).toEqual([true, true, false]);
    expect([valid('float', '1.5e3'), valid('float', 'INF'), valid('float', 'abc')]).toEqual([true, true, false]);
    expect([valid('gYearMonth', '2015-02'), valid('gYearMonth', '2015-13')]).toEqual([true, false]);
    expect([valid('gMonthDay', '--02-28'), valid('gMonthDay', '02-28')]).toEqual([true, false]);
    expect([valid('duration', 'P1Y2M'), valid('duration', 'P'), valid('duration', 'PT')]).toEqual([true, false, false]);
    expect([valid('language', 'en-GB'), valid('language', 'en_GB')]).toEqual([true, false]);
    expect([valid('QName', 'ct-comp:Trade'), valid('QName', 'a:b:c')]).toEqual([true, false]);
  });

  it('normalizedString turns tabs and line breaks into spaces but keeps the spaces', () => {
    expect(checkSimpleValue({ describe: 'x', primitive: 'normalizedString', maxLength: 3 }, 'a\tb')).toBeUndefined();
    expect(checkSimpleValue({ describe: 'x', primitive: 'normalizedString', maxLength: 3 }, ' a b ')).toMatch(/too long/);
  });
});
