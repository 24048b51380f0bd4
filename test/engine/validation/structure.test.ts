import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, errors, replaceOnce } from './fixtures.js';

const RETURN = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn';

async function schemaErrors(xml: string) {
  const schema = byType(await validateFile('r.xml', bytes(xml)), ValidationType.schema);
  expect(schema.validationResult).toBe('invalid');
  return errors(schema);
}

describe('structure check (validationType 0)', () => {
  it('reports misordered elements with the path and the elements expected there', async () => {
    const xml = replaceOnce(
      builtXml(),
      /<ProfitsBeforeOtherDeductions>40000.00<\/ProfitsBeforeOtherDeductions>(\s*)(<ChargesAndReliefs>[\s\S]*?<\/ChargesAndReliefs>)/,
      '$2$1<ProfitsBeforeOtherDeductions>40000.00</ProfitsBeforeOtherDeductions>',
    );
    const [first, ...rest] = await schemaErrors(xml);
    expect(rest).toEqual([]);
    expect(first!.code).toBe('unexpected-element');
    expect(attr(first!, 'path')).toBe(`${RETURN}/CompanyTaxCalculation/ProfitsBeforeOtherDeductions`);
    expect(attr(first!, 'box')).toBe('235');
    expect(first!.message).toMatch(/out of order/);
    expect(first!.message).toContain('<ChargeableProfits>');
  });

  it('reports a missing required element by its own path and box', async () => {
    const xml = replaceOnce(builtXml(), /<ChargeableProfits>40000.00<\/ChargeableProfits>\s*/, '');
    const found = await schemaErrors(xml);
    expect(found).toHaveLength(1);
    expect(found[0]!.code).toBe('missing-element');
    expect(attr(found[0]!, 'path')).toBe(`${RETURN}/CompanyTaxCalculation/ChargeableProfits`);
    expect(attr(found[0]!, 'box')).toBe('315');
  });

  it('reports a required element missing at the end of its parent', async () => {
    const xml = replaceOnce(builtXml(), /<Status>Director<\/Status>\s*/, '');
    const found = await schemaErrors(xml);
    expect(found.map((m) => [m.code, attr(m, 'path')])).toEqual([['missing-element', `${RETURN}/Declaration/Status`]]);
  });

  it('reports an element the model does not know under a known parent, naming its path', async () => {
    const xml = replaceOnce(builtXml(), '<CompanyType>0</CompanyType>', '<CompanyType>0</CompanyType><FavouriteColour>blue</FavouriteColour>');
    const found = await schemaErrors(xml);
    expect(found).toHaveLength(1);
    expect(found[0]!.code).toBe('unknown-element');
    expect(attr(found[0]!, 'path')).toBe(`${RETURN}/CompanyInformation/FavouriteColour`);
    expect(found[0]!.message).toContain('<PeriodCovered>');
  });

  it('reports an element in the wrong namespace', async () => {
    const xml = replaceOnce(builtXml(), '<Turnover>', '<Turnover xmlns="urn:not-hmrc">');
    const found = await schemaErrors(xml);
    expect(found[0]!.code).toBe('unknown-element');
    expect(found[0]!.message).toMatch(/namespace urn:not-hmrc/);
  });

  it.each([
    ['12.5', 'pounds and pence written with one decimal'],
    ['1,000.00', 'a thousands separator'],
    ['-5.00', 'a negative amount'],
    ['007600.00', 'leading zeros'],
    ['', 'an empty value'],
  ])('reports a bad money value %j (%s) in box 430', async (value) => {
    const xml = replaceOnce(builtXml(), '<CorporationTax>7600.00</CorporationTax>', `<CorporationTax>${value}</CorporationTax>`);
    const found = (await schemaErrors(xml)).filter((m) => m.code === 'invalid-value');
    expect(found).toHaveLength(1);
    expect(attr(found[0]!, 'path')).toBe(`${RETURN}/CompanyTaxCalculation/CorporationTax`);
    expect(attr(found[0]!, 'box')).toBe('430');
  });

  it('requires whole pounds (.00) in a whole-pound box', async () => {
    const xml = replaceOnce(builtXml(), '<ChargeableProfits>40000.00</ChargeableProfits>', '<ChargeableProfits>40000.50</ChargeableProfits>');
    const found = (await schemaErrors(xml)).filter((m) => m.code === 'invalid-value');
    expect(found.map((m) => attr(m, 'box'))).toEqual(['315']);
    expect(found[0]!.message).toMatch(/whole pounds/);
  });

  it.each(['859614886', '85961488600', '859614886X', ' 8596148860'])('reports a bad UTR %j in box 3', async (utr) => {
    const xml = replaceOnce(builtXml(), '<Reference>8596148860</Reference>', `<Reference>${utr}</Reference>`);
    const found = (await schemaErrors(xml)).filter((m) => m.code === 'invalid-value');
    expect(found).toHaveLength(1);
    expect(attr(found[0]!, 'path')).toBe(`${RETURN}/CompanyInformation/Reference`);
    expect(attr(found[0]!, 'box')).toBe('3');
  });

  it('checks dates, enumerations, the company name charset, YesType and required attributes', async () => {
    const cases: [string, string, string][] = [
      ['<From>2024-04-01</From>', '<From>2024-02-30</From>', `${RETURN}/CompanyInformation/PeriodCovered/From`],
      ['<From>2024-04-01</From>', '<From>2014-04-01</From>', `${RETURN}/CompanyInformation/PeriodCovered/From`],
      ['<CompanyType>0</CompanyType>', '<CompanyType>12</CompanyType>', `${RETURN}/CompanyInformation/CompanyType`],
      ['<Sender>Company</Sender>', '<Sender>Robot</Sender>', '/GovTalkMessage/Body/IRenvelope/IRheader/Sender'],
      ['<CompanyName>Example Trading Ltd</CompanyName>', '<CompanyName>Cash £ Ltd</CompanyName>', `${RETURN}/CompanyInformation/CompanyName`],
      ['<CompanyName>Example Trading Ltd</CompanyName>', '<CompanyName>X</CompanyName>', `${RETURN}/CompanyInformation/CompanyName`],
      ['<ThisPeriodAccounts>yes</ThisPeriodAccounts>', '<ThisPeriodAccounts>no</ThisPeriodAccounts>', `${RETURN}/ReturnInfoSummary/Accounts/ThisPeriodAccounts`],
      ['<CompanyTaxReturn ReturnType="new">', '<CompanyTaxReturn ReturnType="replacement">', `${RETURN}/@ReturnType`],
      ['<CompanyTaxReturn ReturnType="new">', '<CompanyTaxReturn>', `${RETURN}/@ReturnType`],
      ['<TaxRate>19.00</TaxRate>', '<TaxRate>19</TaxRate>', `${RETURN}/CompanyTaxCalculation/CorporationTaxChargeable/FinancialYearOne/Details/TaxRate`],
    ];
    for (const [from, to, path] of cases) {
      const found = await schemaErrors(replaceOnce(builtXml(), from, to));
      expect(found.map((m) => attr(m, 'path')), `${from} → ${to}`).toEqual([path]);
    }
  });

  it('warns that a supplementary page is not checked instead of calling it valid silently', async () => {
    const xml = replaceOnce(builtXml(), '</Declaration>', '</Declaration><ControlledForeignCompanies><Anything/></ControlledForeignCompanies>');
    const schema = byType(await validateFile('r.xml', bytes(xml)), ValidationType.schema);
    expect(schema.validationResult).toBe('valid');
    expect(schema.messages.map((m) => [m.category, m.code])).toEqual([['warning', 'not-checked']]);
  });
});

describe('box numbers of the tax outstanding section', () => {
  it("name the boxes as HMRC's rule set does: 490, 495, 496, 497 the parts, 500 their total, 501 the energy profits levy, 502 the electricity generator levy", async () => {
    const parts: [string, string][] = [
      ['CFCtaxPayable', '490'],
      ['BankLevyPayable', '495'],
      ['BankSurchargePayable', '496'],
      ['RPDTpayable', '497'],
      ['CFCandBankLevyTotal', '500'],
      ['EOGPLpayable', '501'],
      ['EGLpayable', '502'],
    ];
    const xml = replaceOnce(builtXml(), '<TaxChargeable>', `${parts.map(([name]) => `<${name}>-1.00</${name}>`).join('')}<TaxChargeable>`);
    const found = await schemaErrors(xml);
    expect(found.map((m) => [attr(m, 'path')?.split('/').pop(), attr(m, 'box')])).toEqual(parts);
  });
});
