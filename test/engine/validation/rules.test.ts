import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { taxOn } from '../../../main/engine/validation/rules/money.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { gbp } from '../../fixtures/ct600-requests.js';
import { attr, builderXml, builtXml, byType, bytes, errors, replaceOnce, tpvsSample, tradingReturn, unclaimed } from './fixtures.js';

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
    ['5005', '<Key Type="UTR">8596148860</Key>\n\t\t</Keys>', '<Key Type="UTR">1111111111</Key>\n\t\t</Keys>'],
    ['9101', '<To>2025-03-31</To>', '<To>2025-04-30</To>'],
    ['9149', '<LossesBroughtForward>0.00</LossesBroughtForward>', '<LossesBroughtForward>50000.00</LossesBroughtForward>'],
    ['9151', '<NetProfits>40000.00</NetProfits>', '<NetProfits>39000.00</NetProfits>'],
    ['9195', '<Year>2024</Year>', '<Year>2023</Year>'],
    ['9214', '<CorporationTax>7600.00</CorporationTax>', '<CorporationTax>7500.00</CorporationTax>'],
    ['9248', '<NetCorporationTaxLiability>7600.00</NetCorporationTaxLiability>', '<NetCorporationTaxLiability>7000.00</NetCorporationTaxLiability>'],
    ['9339', '<TaxChargeable>7600.00</TaxChargeable>', '<TaxChargeable>7601.00</TaxChargeable>'],
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

  it('9200: FY2017–FY2022 allow only 19%; from FY2023 19% needs the claim in box 329, else 25%', async () => {
    const sample = tpvsSample(); // FY2021 at 19%, a members' club (box 4 code 6)
    expect(await ruleCodes(sample)).toEqual([]);
    const at25 = replaceOnce(replaceOnce(sample, '<TaxRate>19.00</TaxRate>', '<TaxRate>25.00</TaxRate>'), '<Tax>19000.00</Tax>', '<Tax>25000.00</Tax>');
    // HMRC numbers the rate rule by company type: 9145 for clubs, property management companies and charities.
    expect(await ruleCodes(at25)).toContain('9145');
    const main2024 = replaceOnce(replaceOnce(builtXml(), '<TaxRate>19.00</TaxRate>', '<TaxRate>25.00</TaxRate>'), '<Tax>7600.00</Tax>', '<Tax>10000.00</Tax>');
    expect((await ruleCodes(main2024)).filter((c) => c === '9200')).toEqual([]);
    // The builder's return at 19% without box 329: HMRC rejects it under rule 9200, naming box 340.
    const unclaimedFindings = (await ruleFindings(builderXml(unclaimed()))).filter((m) => m.category === 'error');
    expect(unclaimedFindings.map((m) => [m.code, attr(m, 'box')])).toEqual([['9200', '340']]);
    expect(unclaimedFindings[0]!.message).toContain('box 329');
  });

  it('9417: marginal relief (box 435) needs the claim in box 329', async () => {
    const relief = tradingReturn({
      total: gbp(300000),
      netProfits: gbp(100000),
      profitsBeforeOtherDeductions: gbp(100000),
      profitsBeforeDonationsAndGroupRelief: gbp(100000),
      chargeableProfits: gbp(100000),
      financialYearProfit: gbp(100000),
      financialYearTaxRate: 25,
      financialYearTax: gbp(25000),
      marginalReliefForRingFenceTrades: gbp(2250),
      netCorporationTaxChargeable: gbp(22750),
      taxChargeable: gbp(22750),
      taxPayable: gbp(22750),
    });
    const unclaimedFindings = (await ruleFindings(builderXml(unclaimed(relief)))).filter((m) => m.category === 'error');
    expect(unclaimedFindings.map((m) => [m.code, attr(m, 'box')])).toEqual([['9417', '435']]);
    expect(unclaimedFindings[0]!.message).toContain('box 329');
    expect(await ruleCodes(builtXml(relief))).toEqual([]);
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
    // With iXBRL accounts and computations attached, HMRC also refuses the reasons themselves (9349, 9118).
    expect(await ruleCodes(xml)).toEqual(['9115', '9118', '9119', '9349']);
    expect(await ruleCodes(replaceOnce(xml, 'ReturnType="new"', 'ReturnType="amended"'))).toEqual(['9118', '9349']);
  });

  it('9116/9349: a no-accounts reason contradicts box 80A and the attached iXBRL accounts', async () => {
    const both = replaceOnce(builtXml(), '<ThisPeriodAccounts>yes</ThisPeriodAccounts>', '<ThisPeriodAccounts>yes</ThisPeriodAccounts><NoAccountsReason>Other - PDF attached with explanation</NoAccountsReason>');
    expect(await ruleCodes(both)).toEqual(['9116', '9349']);
  });

  it('finds nothing in a correct return', async () => {
    expect(errors(byType(await validateFile('r.xml', bytes(builtXml())), ValidationType.businessRules))).toEqual([]);
  });
});
