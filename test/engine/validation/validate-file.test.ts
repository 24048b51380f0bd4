import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, codes, errors, replaceOnce, tpvsSample, seedlikeSample } from './fixtures.js';

describe('validateFile on CT600 returns', () => {
  it('finds nothing wrong in a return built by buildCt600: schema, business rules and IRmark all valid', async () => {
    const validations = await validateFile('return.xml', bytes(builtXml()));
    expect(validations.map((v) => [v.validationType, v.validationResult])).toEqual([
      [ValidationType.schema, 'valid'],
      [ValidationType.businessRules, 'valid'],
      [ValidationType.irmark, 'valid'],
    ]);
    expect(validations.flatMap(errors)).toEqual([]);
  });

  it("passes HMRC's accepted TPVS sample on rules and IRmark, quotes the receipt form, and refuses only the schema version it declared in 2022", async () => {
    const validations = await validateFile('tpvs.xml', bytes(tpvsSample()));
    // Its structure is right; HMRC took v1.99 then, and no longer does.
    expect(errors(byType(validations, ValidationType.schema)).map((m) => m.code)).toEqual(['schema-version-not-accepted']);
    expect(byType(validations, ValidationType.businessRules).validationResult).toBe('valid');
    const irmark = byType(validations, ValidationType.irmark);
    expect(irmark.validationResult).toBe('valid');
    expect(irmark.messages).toHaveLength(1);
    expect(irmark.messages[0]!.category).toBe('info');
    expect(attr(irmark.messages[0]!, 'irmark')).toBe('YrgW02ybxWOff7gHrELynhp1gRw=');
    expect(attr(irmark.messages[0]!, 'receipt')).toBe('MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4');
  });

  it('the schema-valid seed-like sample (FY2024 at 19% without box 329) fails only HMRC’s rule 9200, and passes with box 329', async () => {
    const validations = await validateFile('seed.xml', bytes(seedlikeSample()));
    expect(validations.flatMap(errors).map((m) => [m.code, attr(m, 'box')])).toEqual([['9200', '340']]);
    expect(validations.flatMap(errors)[0]!.message).toContain('box 329');
    const claimed = replaceOnce(seedlikeSample(), /<CorporationTaxChargeable>\s*<FinancialYearOne>/, '<CorporationTaxChargeable><AssociatedCompanies><ThisPeriod>0</ThisPeriod><StartingOrSmallCompaniesRate>yes</StartingOrSmallCompaniesRate></AssociatedCompanies><FinancialYearOne>');
    expect((await validateFile('seed.xml', bytes(claimed))).flatMap(errors).filter((m) => m.type !== 'irmark')).toEqual([]);
  });

  it('reports a wrong tax rate (rules 9200 and 9204) and the broken IRmark of the edited file', async () => {
    const xml = replaceOnce(builtXml(), '<TaxRate>19.00</TaxRate>', '<TaxRate>21.00</TaxRate>');
    const validations = await validateFile('return.xml', bytes(xml));
    expect(byType(validations, ValidationType.schema).validationResult).toBe('valid');
    const rules = byType(validations, ValidationType.businessRules);
    expect(rules.validationResult).toBe('invalid');
    expect(codes(rules).sort()).toEqual(['9200', '9204']);
    const rate = errors(rules).find((m) => m.code === '9200')!;
    expect(attr(rate, 'box')).toBe('340');
    expect(attr(rate, 'found')).toBe('21.00');
    const tax = errors(rules).find((m) => m.code === '9204')!;
    expect(attr(tax, 'expected')).toBe('8400.00');
    expect(attr(tax, 'found')).toBe('7600.00');
    const irmark = byType(validations, ValidationType.irmark);
    expect(irmark.validationResult).toBe('invalid');
    expect(irmark.messages[0]!.code).toBe('irmark-mismatch');
    expect(attr(irmark.messages[0]!, 'found')).toBe(/<IRmark Type="generic">([^<]+)</.exec(xml)![1]);
    expect(attr(irmark.messages[0]!, 'expected')).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('reports an empty IRmark as missing', async () => {
    const xml = builtXml().replace(/<IRmark Type="generic">[^<]*<\/IRmark>/, '<IRmark Type="generic"></IRmark>');
    const irmark = byType(await validateFile('r.xml', bytes(xml)), ValidationType.irmark);
    expect(codes(irmark)).toEqual(['irmark-missing']);
  });

  it('refuses a DOCTYPE (XXE) with a clear schema error and reads nothing it names', async () => {
    const xml = builtXml().replace('<GovTalkMessage', '<!DOCTYPE GovTalkMessage [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<GovTalkMessage');
    const validations = await validateFile('evil.xml', bytes(xml));
    expect(validations).toHaveLength(1);
    const schema = byType(validations, ValidationType.schema);
    expect(codes(schema)).toEqual(['doctype']);
    expect(schema.messages[0]!.message).toMatch(/DOCTYPE/);
    expect(JSON.stringify(validations)).not.toContain('root:');
  });

  it('reports XML that is not well-formed as a schema error', async () => {
    const xml = builtXml().replace('</CompanyName>', '</CompanyNam>');
    const schema = byType(await validateFile('broken.xml', bytes(xml)), ValidationType.schema);
    expect(codes(schema)).toEqual(['not-well-formed']);
  });

  it('reports bytes that are not UTF-8', async () => {
    const raw = new Uint8Array([...bytes('<?xml version="1.0"?><a>'), 0xff, 0xfe, ...bytes('</a>')]);
    expect(codes(byType(await validateFile('x.xml', raw), ValidationType.schema))).toEqual(['not-utf8']);
  });

  it('answers a file kind it does not validate with one error naming the kind', async () => {
    const text = await validateFile('notes.txt', bytes('just some notes'));
    expect(text).toHaveLength(1);
    expect(codes(text[0]!)).toEqual(['unsupported-file-kind']);
    const otherXml = await validateFile('other.xml', bytes('<Invoice xmlns="urn:x"><Total>1</Total></Invoice>'));
    expect(otherXml[0]!.messages[0]!.message).toMatch(/root <Invoice>/);
  });
});
