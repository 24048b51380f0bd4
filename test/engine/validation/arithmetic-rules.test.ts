/**
 * Arithmetic rules: each fires on its own mistake with HMRC's number and
 * names the box, path, expected and found values; HMRC's other rules that
 * the same mistake breaks (a wrong box 430 also makes box 525 wrong) are
 * listed beside it.
 */
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
    ['9149', [['<LossesBroughtForward>0.00</LossesBroughtForward>', '<LossesBroughtForward>50000.00</LossesBroughtForward>']], ['9149', 'error', '160', `${CALC}/Income/Trading/LossesBroughtForward`, 'at most 40000.00', '50000.00'], ['9151']],
    ['9151', [['<NetProfits>40000.00</NetProfits>', '<NetProfits>39000.00</NetProfits>']], ['9151', 'error', '165', `${CALC}/Income/Trading/NetProfits`, '40000.00', '39000.00'], ['9332']],
    ['9204', [['<Tax>7600.00</Tax>', '<Tax>7600.01</Tax>'], ['<CorporationTax>7600.00</CorporationTax>', '<CorporationTax>7600.01</CorporationTax>'], ['<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<NetCorporationTaxChargeable>7600.01</NetCorporationTaxChargeable>'], ['<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7600.01</NetCorporationTaxLiability>'], ['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7600.01</TaxChargeable>']], ['9204', 'error', '345', `${CALC}/CorporationTaxChargeable/FinancialYearOne/Details[1]/Tax`, '7600.00', '7600.01'], ['9347']],
    ['9214', [['<CorporationTax>7600.00</CorporationTax>', '<CorporationTax>7500.00</CorporationTax>'], ['<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<NetCorporationTaxChargeable>7500.00</NetCorporationTaxChargeable>'], ['<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7500.00</NetCorporationTaxLiability>'], ['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7500.00</TaxChargeable>']], ['9214', 'error', '430', `${CALC}/CorporationTax`, '7600.00', '7500.00'], ['9347']],
    ['9146 (box 430 missing)', [[/<CorporationTax>7600.00<\/CorporationTax>\s*/, '']], ['9146', 'error', '430', `${CALC}/CorporationTax`, '7600.00', undefined], ['9234']],
    ['9234', [['<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<NetCorporationTaxChargeable>7599.99</NetCorporationTaxChargeable>'], ['<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7599.99</NetCorporationTaxLiability>'], ['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7599.99</TaxChargeable>']], ['9234', 'error', '440', `${CALC}/NetCorporationTaxChargeable`, '7600.00', '7599.99'], ['9347']],
    ['9248', [['<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7000.00</NetCorporationTaxLiability>'], ['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7000.00</TaxChargeable>']], ['9248', 'error', '475', `${OUTSTANDING}/NetCorporationTaxLiability`, '7600.00', '7000.00'], ['9347']],
    ['9339', [['<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7601.00</TaxChargeable>']], ['9339', 'error', '510', `${OUTSTANDING}/TaxChargeable`, '7600.00', '7601.00'], ['9347']],
    ['9340', [[/<TaxChargeable>7600.00<\/TaxChargeable>\s*/, '']], ['9340', 'error', '510', `${OUTSTANDING}/TaxChargeable`, '7600.00', undefined], []],
  ] as [string, [string | RegExp, string][], unknown[], string[]][])('%s fires on its own mistake, naming box, path, expected and found', async (_name, changes, expected, others) => {
    const found = await findings(edit(...changes));
    expect(found.filter((m) => m.code === expected[0]).map(described)).toEqual([expected]);
    expect(found.filter((m) => m.code !== expected[0]).map((m) => m.code)).toEqual(others);
  });

  it('9150: box 155 missing while boxes 160 and 165 are given', async () => {
    const found = await findings(edit([/<Profits>40000.00<\/Profits>\s*/, '']));
    expect(found.map(described)).toEqual([
      ['9150', 'error', '155', `${CALC}/Income/Trading/Profits`, undefined, undefined],
      ['9151', 'error', '165', `${CALC}/Income/Trading/NetProfits`, undefined, undefined],
    ]);
    expect(found[0]!.message).toContain('box 160 and box 165 are');
  });

  it('9319 missing box 475: reported once, and 9344 does not repeat it as a wrong box 510', async () => {
    const found = await findings(edit([/<NetCorporationTaxLiability>7600.00<\/NetCorporationTaxLiability>\s*/, '']));
    expect(found.map(described)).toEqual([['9319', 'error', '475', `${OUTSTANDING}/NetCorporationTaxLiability`, '7600.00', undefined]]);
  });

  it('9344 still checks box 510 when box 475 is absent and box 440 is zero', async () => {
    let xml = builtXml();
    for (const [from, to] of [
      [/<NetCorporationTaxLiability>7600.00<\/NetCorporationTaxLiability>\s*/, ''],
      ['<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<MarginalReliefForRingFenceTrades>7600.00</MarginalReliefForRingFenceTrades><NetCorporationTaxChargeable>0.00</NetCorporationTaxChargeable>'],
    ] as const) xml = replaceOnce(xml, from, to);
    expect((await findings(xml)).filter((m) => m.code === '9344').map(described)).toEqual([['9344', 'error', '510', `${OUTSTANDING}/TaxChargeable`, '0.00', '7600.00']]);
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

  it('9247: box 470 above box 440 is warned about, naming the limit; HMRC rejects the relief itself (9241)', async () => {
    const xml = edit([/<TaxReliefsAndDeductions>\s*<TotalReliefsAndDeductions>0.00<\/TotalReliefsAndDeductions>/, '<TaxReliefsAndDeductions><CommunityInvestmentRelief>8000.00</CommunityInvestmentRelief><TotalReliefsAndDeductions>8000.00</TotalReliefsAndDeductions>']);
    const found = await findings(xml);
    expect(found.filter((m) => m.code === '9247').map(described)).toEqual([['9247', 'warning', '470', `${RELIEFS}/TotalReliefsAndDeductions`, 'at most 7600.00', '8000.00']]);
    expect(found.filter((m) => m.category === 'error').map((m) => m.code)).toContain('9241');
  });
});
