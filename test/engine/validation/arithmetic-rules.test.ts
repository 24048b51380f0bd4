/** Arithmetic rules: each fires on its own mistake and names the box, path, expected and found values (review findings 6 and 7). */
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import type { ValidationMessage } from '../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, replaceOnce } from './fixtures.js';

const RETURN = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn';
const CALC = `${RETURN}/CompanyTaxCalculation`;
const OUTSTANDING = `${RETURN}/CalculationOfTaxOutstandingOrOverpaid`;
const RELIEFS = `${CALC}/TaxReliefsAndDeductions`;

const described = (m: ValidationMessage) => [m.code, m.category, attr(m, 'box'), attr(m, 'path'), attr(m, 'expected'), attr(m, 'found')];

async function findings(xml: string) {
  return byType(await validateFile('r.xml', bytes(xml)), ValidationType.businessRules).messages.filter((m) => m.category !== 'info');
}

function edit(...changes: [string | RegExp, string][]): string {
  return changes.reduce((xml, [from, to]) => replaceOnce(xml, from, to), builtXml());
}

describe('arithmetic rules', () => {
  it.each([
    ['9149', [['<LossesBroughtForward>0.00</LossesBroughtForward>', '<LossesBroughtForward>50000.00</LossesBroughtForward>']], ['9149', 'error', '160', `${CALC}/Income/Trading/LossesBroughtForward`, 'at most 40000.00', '50000.00']],
    ['9150', [['<NetProfits>40000.00</NetProfits>', '<NetProfits>39000.00</NetProfits>']], ['9150', 'error', '165', `${CALC}/Income/Trading/NetProfits`, '40000.00', '39000.00']],
    ['9204', [['<Tax>7600.00</Tax>', '<Tax>7600.01</Tax>'], ['<CorporationTax>7600.00</CorporationTax>', '<CorporationTax>7600.01</CorporationTax>'], ['<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<NetCorporationTaxChargeable>7600.01</NetCorporationTaxChargeable>'], ['<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7600.01</NetCorporationTaxLiability>'], ['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7600.01</TaxChargeable>']], ['9204', 'error', '345', `${CALC}/CorporationTaxChargeable/FinancialYearOne/Details[1]/Tax`, '7600.00', '7600.01']],
    ['9214', [['<CorporationTax>7600.00</CorporationTax>', '<CorporationTax>7500.00</CorporationTax>'], ['<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<NetCorporationTaxChargeable>7500.00</NetCorporationTaxChargeable>'], ['<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7500.00</NetCorporationTaxLiability>'], ['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7500.00</TaxChargeable>']], ['9214', 'error', '430', `${CALC}/CorporationTax`, '7600.00', '7500.00']],
    ['9214 missing', [[/<CorporationTax>7600.00<\/CorporationTax>\s*/, '']], ['9214', 'error', '430', `${CALC}/CorporationTax`, '7600.00', undefined]],
    ['9234', [['<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<NetCorporationTaxChargeable>7599.99</NetCorporationTaxChargeable>'], ['<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7599.99</NetCorporationTaxLiability>'], ['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7599.99</TaxChargeable>']], ['9234', 'error', '440', `${CALC}/NetCorporationTaxChargeable`, '7600.00', '7599.99']],
    ['9248', [['<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7000.00</NetCorporationTaxLiability>'], ['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7000.00</TaxChargeable>']], ['9248', 'error', '475', `${OUTSTANDING}/NetCorporationTaxLiability`, '7600.00', '7000.00']],
    ['9340', [['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7601.00</TaxChargeable>']], ['9340', 'error', '510', `${OUTSTANDING}/TaxChargeable`, '7600.00', '7601.00']],
    ['9339', [[/<TaxChargeable>7600.00<\/TaxChargeable>\s*/, '']], ['9339', 'error', '510', `${OUTSTANDING}/TaxChargeable`, '7600.00', undefined]],
  ] as [string, [string | RegExp, string][], unknown[]][])('%s fires alone on its own mistake, naming box, path, expected and found', async (_name, changes, expected) => {
    expect((await findings(edit(...changes))).map(described)).toEqual([expected]);
  });

  it('9151: box 155 missing while boxes 160 and 165 are given', async () => {
    const found = await findings(edit([/<Profits>40000.00<\/Profits>\s*/, '']));
    expect(found.map(described)).toEqual([['9151', 'error', '155', `${CALC}/Income/Trading/Profits`, undefined, undefined]]);
    expect(found[0]!.message).toContain('box 160 and box 165 are');
  });

  it('9248 missing box 475: reported once, and 9340 does not repeat it as a wrong box 510', async () => {
    const found = await findings(edit([/<NetCorporationTaxLiability>7600.00<\/NetCorporationTaxLiability>\s*/, '']));
    expect(found.map(described)).toEqual([['9248', 'error', '475', `${OUTSTANDING}/NetCorporationTaxLiability`, '7600.00', undefined]]);
  });

  it('9340 still checks box 510 when box 475 is absent and box 440 is zero', async () => {
    let xml = builtXml();
    for (const [from, to] of [
      [/<NetCorporationTaxLiability>7600.00<\/NetCorporationTaxLiability>\s*/, ''],
      ['<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<MarginalReliefForRingFenceTrades>7600.00</MarginalReliefForRingFenceTrades><NetCorporationTaxChargeable>0.00</NetCorporationTaxChargeable>'],
    ] as const) xml = replaceOnce(xml, from, to);
    expect((await findings(xml)).filter((m) => m.code === '9340').map(described)).toEqual([['9340', 'error', '510', `${OUTSTANDING}/TaxChargeable`, '0.00', '7600.00']]);
  });

  it('9247: reads boxes 445, 450 and 465 from TaxReliefsAndDeductions and compares their sum with box 470', async () => {
    const reliefs = (inner: string, total: string) =>
      edit([/<TaxReliefsAndDeductions>\s*<TotalReliefsAndDeductions>0.00<\/TotalReliefsAndDeductions>/, `<TaxReliefsAndDeductions>${inner}<TotalReliefsAndDeductions>${total}</TotalReliefsAndDeductions>`]);
    const inner = '<CommunityInvestmentRelief>10.00</CommunityInvestmentRelief><DoubleTaxation><DoubleTaxationRelief>20.00</DoubleTaxationRelief></DoubleTaxation><AdvancedCorporationTax>30.00</AdvancedCorporationTax>';
    // Right total, but 475 and 510 still show no reliefs: only 9248 (and no 9247).
    expect((await findings(reliefs(inner, '60.00'))).map((m) => m.code)).toEqual(['9248']);
    expect((await findings(reliefs(inner, '50.00'))).filter((m) => m.code === '9247').map(described)).toEqual([['9247', 'error', '470', `${RELIEFS}/TotalReliefsAndDeductions`, '60.00', '50.00']]);
    // Each of the three on its own counts.
    for (const one of ['<CommunityInvestmentRelief>60.00</CommunityInvestmentRelief>', '<DoubleTaxation><DoubleTaxationRelief>60.00</DoubleTaxationRelief></DoubleTaxation>', '<AdvancedCorporationTax>60.00</AdvancedCorporationTax>']) {
      expect((await findings(reliefs(one, '60.00'))).filter((m) => m.code === '9247')).toEqual([]);
    }
  });

  it('9247: box 470 above box 440 names the limit', async () => {
    const xml = edit([/<TaxReliefsAndDeductions>\s*<TotalReliefsAndDeductions>0.00<\/TotalReliefsAndDeductions>/, '<TaxReliefsAndDeductions><CommunityInvestmentRelief>8000.00</CommunityInvestmentRelief><TotalReliefsAndDeductions>8000.00</TotalReliefsAndDeductions>']);
    expect((await findings(xml)).filter((m) => m.code === '9247').map(described)).toEqual([['9247', 'error', '470', `${RELIEFS}/TotalReliefsAndDeductions`, 'at most 7600.00', '8000.00']]);
  });
});
