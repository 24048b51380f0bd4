/**
 * Each tax line of a financial year has its own boxes
 * (FY1: 335/340/345, 350/355/360, 365/370/375; FY2: 385/390/395,
 * 400/405/410, 415/420/425), in structure messages and in rule messages.
 */
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, errors, replaceOnce } from './fixtures.js';

const CHARGEABLE = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/CompanyTaxCalculation/CorporationTaxChargeable';
const line = (profit: string, rate: string, tax: string) => `<Details><Profit>${profit}</Profit><TaxRate>${rate}</TaxRate><Tax>${tax}</Tax></Details>`;
const GOOD = line('40000.00', '19.00', '7600.00');
const ZERO = line('0.00', '19.00', '0.00');

/** The built FY2024 return with its one tax line replaced by `fy1` and, when given, a second financial year. */
function withLines(fy1: string[], fy2?: string[]): string {
  let xml = replaceOnce(builtXml(), /<Details>[\s\S]*?<\/Details>/, fy1.join(''));
  if (fy2) xml = replaceOnce(xml, '</FinancialYearOne>', `</FinancialYearOne><FinancialYearTwo><Year>2025</Year>${fy2.join('')}</FinancialYearTwo>`);
  return xml;
}

async function messages(xml: string, type: number) {
  return byType(await validateFile('r.xml', bytes(xml)), type).messages;
}

describe('boxes of the second and third tax lines', () => {
  it('the correct three-line, two-year return is schema-valid', async () => {
    const xml = withLines([GOOD, ZERO, ZERO], [ZERO, ZERO, ZERO]);
    expect(errors(byType(await validateFile('r.xml', bytes(xml)), ValidationType.schema))).toEqual([]);
  });

  it.each([
    [0, 'FinancialYearOne', 'Details[1]', '335'],
    [1, 'FinancialYearOne', 'Details[2]', '350'],
    [2, 'FinancialYearOne', 'Details[3]', '365'],
    [3, 'FinancialYearTwo', 'Details[1]', '385'],
    [4, 'FinancialYearTwo', 'Details[2]', '400'],
    [5, 'FinancialYearTwo', 'Details[3]', '415'],
  ])('structure: a profit with pence in line %i (%s/%s) is reported at box %s', async (index, block, details, box) => {
    const lines = [GOOD, ZERO, ZERO, ZERO, ZERO, ZERO];
    lines[index] = line('0.50', '19.00', '0.10');
    const found = errors(byType(await validateFile('r.xml', bytes(withLines(lines.slice(0, 3), lines.slice(3)))), ValidationType.schema));
    expect(found.map((m) => [attr(m, 'path'), attr(m, 'box')])).toEqual([[`${CHARGEABLE}/${block}/${details}/Profit`, box]]);
  });

  it('structure: rate and tax boxes of a second-year third line are 420 and 425', async () => {
    const xml = withLines([GOOD], [ZERO, ZERO, line('0.00', '19', '0.0')]);
    const found = errors(byType(await validateFile('r.xml', bytes(xml)), ValidationType.schema));
    expect(found.map((m) => attr(m, 'box'))).toEqual(['420', '425']);
  });

  it('structure: a fourth tax line is refused', async () => {
    const found = errors(byType(await validateFile('r.xml', bytes(withLines([GOOD, ZERO, ZERO, ZERO]))), ValidationType.schema));
    expect(found.map((m) => [m.code, attr(m, 'path')])).toEqual([['unexpected-element', `${CHARGEABLE}/FinancialYearOne/Details[4]`]]);
  });

  it.each([
    [[GOOD, line('100.00', '19.00', '19.01')], undefined, 'FinancialYearOne/Details[2]/Tax', '360'],
    [[GOOD, ZERO, line('100.00', '19.00', '19.01')], undefined, 'FinancialYearOne/Details[3]/Tax', '375'],
    [[GOOD], [line('100.00', '19.00', '19.01')], 'FinancialYearTwo/Details[1]/Tax', '395'],
    [[GOOD], [ZERO, line('100.00', '19.00', '19.01')], 'FinancialYearTwo/Details[2]/Tax', '410'],
    [[GOOD], [ZERO, ZERO, line('100.00', '19.00', '19.01')], 'FinancialYearTwo/Details[3]/Tax', '425'],
  ])('rule 9204 (9213 in the second year) names the tax box of the line (%#)', async (fy1, fy2, at, box) => {
    const found = (await messages(withLines(fy1, fy2), ValidationType.businessRules)).filter((m) => m.code === (at.startsWith('FinancialYearOne') ? '9204' : '9213'));
    expect(found.map((m) => [attr(m, 'box'), attr(m, 'path'), attr(m, 'expected'), attr(m, 'found')])).toEqual([[box, `${CHARGEABLE}/${at}`, '19.00', '19.01']]);
  });

  it.each([
    // 21% is no rate of FY2024 or FY2025 (20% is HMRC's equivalent low rate, which rule 9200 allows).
    [[GOOD, line('0.00', '21.00', '0.00')], undefined, 'FinancialYearOne/Details[2]/TaxRate', '355'],
    [[GOOD, ZERO, line('0.00', '21.00', '0.00')], undefined, 'FinancialYearOne/Details[3]/TaxRate', '370'],
    [[GOOD], [ZERO, line('0.00', '21.00', '0.00')], 'FinancialYearTwo/Details[2]/TaxRate', '405'],
    [[GOOD], [ZERO, ZERO, line('0.00', '21.00', '0.00')], 'FinancialYearTwo/Details[3]/TaxRate', '420'],
  ])('rule 9200 (9209 in the second year) names the rate box of the line (%#)', async (fy1, fy2, at, box) => {
    const code = at.startsWith('FinancialYearOne') ? '9200' : '9209';
    const found = (await messages(withLines(fy1, fy2), ValidationType.businessRules)).filter((m) => m.code === code && m.category === 'error');
    expect(found.map((m) => [attr(m, 'box'), attr(m, 'path'), attr(m, 'found')])).toEqual([[box, `${CHARGEABLE}/${at}`, '21.00']]);
  });

  it('rule 9214 names every tax box it adds up', async () => {
    const xml = replaceOnce(withLines([GOOD, line('100.00', '19.00', '19.00')]), '<CorporationTax>7600.00</CorporationTax>', '<CorporationTax>7600.00</CorporationTax>');
    const found = (await messages(xml, ValidationType.businessRules)).filter((m) => m.code === '9214');
    expect(found.map((m) => [attr(m, 'box'), attr(m, 'expected'), attr(m, 'found')])).toEqual([['430', '7619.00', '7600.00']]);
    expect(found[0]!.message).toContain('boxes 345, 360, 375, 395, 410 and 425');
  });
});
