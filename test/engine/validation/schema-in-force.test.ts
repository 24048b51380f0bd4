/**
 * The schema in force: a return is checked against the structure of the CT
 * schema version it declares (v1.994, v1.993 or v1.991), and a version HMRC
 * does not accept is refused with the reason.
 */
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ACCEPTED_SCHEMA_VERSIONS, schemaVersionVerdict } from '../../../main/engine/validation/schema/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, declaringVersion, errors, replaceOnce, v1994AdditionsXml } from './fixtures.js';

const VERSION_PATH = '/GovTalkMessage/Body/IRenvelope/IRheader/Manifest/Contains/Reference/SchemaVersion';

async function schemaCheck(xml: string) {
  return byType(await validateFile('return.xml', bytes(xml)), ValidationType.schema);
}

describe('the schema in force', () => {
  it('accepts what v1.994 added: box 4 code 11, box 96 with the CT600P page, the electricity generator levy, AVEC/VGEC, full expensing', async () => {
    const schema = await schemaCheck(v1994AdditionsXml());
    expect(schema.messages).toEqual([]);
    expect(schema.validationResult).toBe('valid');
  });

  it('checks a return that declares v1.991 against v1.991, where each v1.994 addition is an error at its box', async () => {
    const schema = await schemaCheck(declaringVersion(v1994AdditionsXml(), '2023-v1.991'));
    const found = errors(schema);
    expect(found.find((m) => attr(m, 'box') === '4')?.message).toMatch(/at most 10/);
    expect(found.find((m) => attr(m, 'path')?.endsWith('/SupplementaryPages/CT600P'))?.message).toMatch(/<CT600P> is not an element of <SupplementaryPages>/);
    expect(found.map((m) => attr(m, 'path'))).toEqual(
      expect.arrayContaining([
        '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/CreativeIndustries',
        '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/EnergyProfitsLevy/EGLamounts',
        '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/CalculationOfTaxOutstandingOrOverpaid/EGLpayable',
      ]),
    );
  });

  it('keeps v1.991 returns valid when they keep to v1.991', async () => {
    const schema = await schemaCheck(declaringVersion(builtXml(), '2023-v1.991'));
    expect(schema.messages).toEqual([]);
  });

  it('checks a v1.993 return against v1.994 and says so, without calling it invalid', async () => {
    const schema = await schemaCheck(declaringVersion(builtXml(), '2024-v1.993'));
    expect(schema.validationResult).toBe('valid');
    expect(schema.messages.map((m) => [m.category, m.code, attr(m, 'path')])).toEqual([['info', 'schema-version-checked-as', VERSION_PATH]]);
    expect(schema.messages[0]!.message).toMatch(/v1\.993.*checks it against v1\.994/);
  });

  it('refuses a version HMRC no longer accepts, naming it, the versions it accepts and what to do', async () => {
    const schema = await schemaCheck(declaringVersion(builtXml(), '2022-v1.99'));
    expect(schema.validationResult).toBe('invalid');
    const [refusal, ...rest] = errors(schema);
    expect(rest).toEqual([]);
    expect(refusal!.code).toBe('schema-version-not-accepted');
    expect(attr(refusal!, 'path')).toBe(VERSION_PATH);
    expect(refusal!.message).toContain('2022-v1.99, which HMRC no longer accepts');
    expect(refusal!.message).toContain('v1.994, v1.993 or v1.991');
    expect(refusal!.message).toContain('2025-v1.994');
  });

  it('refuses a version HMRC does not take yet, and still checks the structure against v1.994', async () => {
    const xml = replaceOnce(declaringVersion(builtXml(), '2026-v1.995'), '<CompanyType>0</CompanyType>', '<CompanyType>12</CompanyType>');
    const found = errors(await schemaCheck(xml));
    expect(found.map((m) => m.code)).toEqual(['schema-version-not-accepted', 'invalid-value']);
    expect(found[0]!.message).toContain('does not accept yet');
    expect(attr(found[1]!, 'box')).toBe('4');
  });

  it('refuses v1.992 too: only v1.991, v1.993 and v1.994 are taken', () => {
    expect(ACCEPTED_SCHEMA_VERSIONS.map((v) => v.version)).toEqual(['1.994', '1.993', '1.991']);
    expect(schemaVersionVerdict('2024-v1.992').accepted).toBe(false);
    expect(schemaVersionVerdict('2005-v1.1').accepted).toBe(false);
    expect(schemaVersionVerdict('2025-v1.994')).toEqual({ accepted: true, edition: 'v1.994' });
    // No manifest at all (the schema allows it): checked as the current version, nothing refused.
    expect(schemaVersionVerdict(undefined)).toEqual({ accepted: true, edition: 'v1.994' });
  });

  it('reads the version from the manifest reference that names the CT namespace', async () => {
    const xml = replaceOnce(
      declaringVersion(builtXml(), '2022-v1.99'),
      '<Contains>',
      '<Contains><Reference><Namespace>http://example.com/other</Namespace><SchemaVersion>2025-v1.994</SchemaVersion><TopElementName>Other</TopElementName></Reference>',
    );
    expect(errors(await schemaCheck(xml)).map((m) => m.code)).toEqual(['schema-version-not-accepted']);
  });
});
