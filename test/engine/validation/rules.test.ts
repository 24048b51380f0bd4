import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { taxOn } from '../../../main/engine/validation/rules/money.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, errors, replaceOnce, tpvsSample } from './fixtures.js';

async function ruleFindings(xml: string) {
  return byType(await validateFile('r.xml', bytes(xml)), ValidationType.businessRules).messages;
}
const ruleCodes = async (xml: string) => (await ruleFindings(xml)).filter((m) => m.category === 'error').map((m) => m.code).sort();

describe('business rules (validationType 1)', () => {
  it('rounds tax half-up to the penny in exact arithmetic', () => {
    expect(taxOn(1_00n, 1950n)).toBe(20n); // 1.00 × 19.5% = 0.195 → 0.20
    expect(taxOn(333_33n, 1900n)).toBe(63_33n); // 63.3327 → 63.33
    expect(taxOn(99_999_999_999_00n, 2500n)).toBe(24_999_999_999_75n);
  });

  it.each([
    ['9100', '<Key Type="UTR">8596148860</Key>\n\t\t</Keys>', '<Key Type="UTR">1111111111</Key>\n\t\t</Keys>'],
    ['9101', '<To>2025-03-31</To>', '<To>2025-04-30</To>'],
    ['9149', '<LossesBroughtForward>0.00</LossesBroughtForward>', '<LossesBroughtForward>50000.00</LossesBroughtForward>'],
    ['9150', '<NetProfits>40000.00</NetProfits>', '<NetProfits>39000.00</NetProfits>'],
    ['9195', '<Year>2024</Year>', '<Year>2023</Year>'],
    ['9214', '<CorporationTax>7600.00</CorporationTax>', '<CorporationTax>7500.00</CorporationTax>'],
    ['9248', '<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7000.00</NetCorporationTaxLiability>'],
    ['9340', '<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7601.00</TaxChargeable>'],
    ['9247', '<TotalReliefsAndDeductions>0.00</TotalReliefsAndDeductions>', '<TotalReliefsAndDeductions>10.00</TotalReliefsAndDeductions>'],
  ])('rule %s fires on its own mistake', async (code, from, to) => {
    const found = await ruleCodes(replaceOnce(builtXml(), from, to));
    expect(found).toContain(code);
  });

  it('9234: box 440 = 430 − 435', async () => {
    const xml = replaceOnce(builtXml(), '<NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>', '<MarginalReliefForRingFenceTrades>100.00</MarginalReliefForRingFenceTrades><NetCorporationTaxChargeable>7600.00</NetCorporationTaxChargeable>');
    const found = (await ruleFindings(xml)).filter((m) => m.code === '9234');
    expect(found.map((m) => [attr(m, 'box'), attr(m, 'expected'), attr(m, 'found')])).toEqual([['440', '7500.00', '7600.00']]);
  });

  it('9144: box 330 is required when box 315 is above zero', async () => {
    const xml = replaceOnce(builtXml(), /<CorporationTaxChargeable>[\s\S]*<\/CorporationTaxChargeable>/, '');
    expect(await ruleCodes(xml)).toContain('9144');
  });

  it('9200: FY2017–FY2022 allow only 19%, FY2015–16 only 20%; from FY2023 19% or 25%', async () => {
    const sample = tpvsSample(); // FY2021 at 19%
    expect(await ruleCodes(sample)).toEqual([]);
    const at25 = replaceOnce(replaceOnce(sample, '<TaxRate>19.00</TaxRate>', '<TaxRate>25.00</TaxRate>'), '<Tax>19000.00</Tax>', '<Tax>25000.00</Tax>');
    expect(await ruleCodes(at25)).toContain('9200');
    const main2024 = replaceOnce(replaceOnce(builtXml(), '<TaxRate>19.00</TaxRate>', '<TaxRate>25.00</TaxRate>'), '<Tax>7600.00</Tax>', '<Tax>10000.00</Tax>');
    expect((await ruleCodes(main2024)).filter((c) => c === '9200')).toEqual([]);
  });

  it('9200 warns when the small profits rate is used above the lower limit', async () => {
    let xml = builtXml();
    for (const [from, to] of [
      ['<ChargeableProfits>40000.00</ChargeableProfits>', '<ChargeableProfits>60000.00</ChargeableProfits>'],
      ['<Profit>40000.00</Profit>', '<Profit>60000.00</Profit>'],
      ['<Tax>7600.00</Tax>', '<Tax>11400.00</Tax>'],
    ] as const) xml = replaceOnce(xml, from, to);
    const warnings = (await ruleFindings(xml)).filter((m) => m.category === 'warning');
    expect(warnings.map((m) => m.code)).toEqual(['9200']);
  });

  it('9113/9965: accounts and computations must be attached unless a reason is given', async () => {
    const xml = replaceOnce(builtXml(), /<AttachedFiles>[\s\S]*<\/AttachedFiles>/, '');
    expect(await ruleCodes(xml)).toEqual(['9113', '9965']);
  });

  it('9115/9119: "Amendment" reasons need an amended return', async () => {
    let xml = replaceOnce(builtXml(), '<ThisPeriodAccounts>yes</ThisPeriodAccounts>', '<NoAccountsReason>Amendment - a/cs already submitted</NoAccountsReason>');
    xml = replaceOnce(xml, '<ThisPeriodComputations>yes</ThisPeriodComputations>', '<NoComputationsReason>Amendment - comps already submitted</NoComputationsReason>');
    expect(await ruleCodes(xml)).toEqual(['9115', '9119', '9349']);
    expect(await ruleCodes(replaceOnce(xml, 'ReturnType="new"', 'ReturnType="amended"'))).toEqual(['9349']);
  });

  it('9116/9118: a reason contradicts box 80; a PDF reason needs a PDF', async () => {
    const both = replaceOnce(builtXml(), '<ThisPeriodAccounts>yes</ThisPeriodAccounts>', '<ThisPeriodAccounts>yes</ThisPeriodAccounts><NoAccountsReason>Other - PDF attached with explanation</NoAccountsReason>');
    expect(await ruleCodes(both)).toEqual(['9116', '9118']);
  });

  it('finds nothing in a correct return', async () => {
    expect(errors(byType(await validateFile('r.xml', bytes(builtXml())), ValidationType.businessRules))).toEqual([]);
  });
});
