/** Identity, period and year rules: each fires on its own mistake and names box, path, expected and found. */
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import type { ValidationMessage } from '../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, replaceOnce } from './fixtures.js';

const ENVELOPE = '/GovTalkMessage/Body/IRenvelope';
const INFO = `${ENVELOPE}/CompanyTaxReturn/CompanyInformation`;
const CHARGEABLE = `${ENVELOPE}/CompanyTaxReturn/CompanyTaxCalculation/CorporationTaxChargeable`;

const described = (m: ValidationMessage) => [m.code, m.category, attr(m, 'box'), attr(m, 'path'), attr(m, 'expected'), attr(m, 'found')];

async function findings(xml: string) {
  return byType(await validateFile('r.xml', bytes(xml)), ValidationType.businessRules).messages.filter((m) => m.category !== 'info');
}

describe('period and identity rules', () => {
  it('9100: the IR header UTR differs from box 3', async () => {
    const xml = replaceOnce(builtXml(), /(<IRheader>\s*<Keys>\s*<Key Type="UTR">)8596148860/, '$11111111111');
    // HMRC also finds the IR header key missing from the GovTalk header (5005).
    expect((await findings(xml)).map(described)).toEqual([
      ['5005', 'error', '3', `${ENVELOPE}/IRheader/Keys/Key`, undefined, undefined],
      ['9100', 'error', '3', `${ENVELOPE}/IRheader/Keys/Key`, '8596148860', '1111111111'],
    ]);
  });

  it('5005: the GovTalk header UTR differs from box 3, with the GovTalk path', async () => {
    const xml = replaceOnce(builtXml(), /(<GovTalkDetails>\s*<Keys>\s*<Key Type="UTR">)8596148860/, '$11111111111');
    const found = await findings(xml);
    expect(found.map(described)).toEqual([['5005', 'error', '3', '/GovTalkMessage/GovTalkDetails/Keys/Key', '8596148860', '1111111111']]);
    expect(found[0]!.message).toContain('GovTalk header UTR 1111111111');
  });

  it('9101: a period longer than 12 months names the latest end date', async () => {
    const xml = replaceOnce(builtXml(), '<To>2025-03-31</To>', '<To>2025-04-01</To>');
    expect((await findings(xml)).filter((m) => m.code === '9101').map(described)).toEqual([['9101', 'error', '35', `${INFO}/PeriodCovered/To`, 'on or before 2025-03-31', '2025-04-01']]);
  });

  it('9105: a period ending before it starts', async () => {
    const xml = replaceOnce(builtXml(), '<To>2025-03-31</To>', '<To>2024-03-31</To>');
    expect((await findings(xml)).filter((m) => m.code === '9105').map(described)).toEqual([['9105', 'error', '35', `${INFO}/PeriodCovered/To`, undefined, '2024-03-31']]);
  });

  it('9144: box 330 missing while box 315 is above zero', async () => {
    const xml = replaceOnce(builtXml(), /<CorporationTaxChargeable>[\s\S]*<\/CorporationTaxChargeable>/, '');
    expect((await findings(xml)).filter((m) => m.code === '9144').map(described)).toEqual([['9144', 'error', '330', `${CHARGEABLE}/FinancialYearOne/Year`, undefined, undefined]]);
  });

  it('9195: box 330 is not the financial year of box 30', async () => {
    const xml = replaceOnce(builtXml(), '<Year>2024</Year>', '<Year>2025</Year>');
    expect((await findings(xml)).map(described)).toEqual([['9195', 'error', '330', `${CHARGEABLE}/FinancialYearOne/Year`, '2024', '2025']]);
  });

  it('9200: a rate not allowed for the year names the rate box, line, allowed rates and rate found', async () => {
    // 21%: no rate of FY2024 (20% is HMRC's equivalent low rate, which HMRC's rule 9200 allows).
    const xml = replaceOnce(replaceOnce(builtXml(), '<TaxRate>19.00</TaxRate>', '<TaxRate>21.00</TaxRate>'), /<Tax>7600.00<\/Tax>/, '<Tax>8400.00</Tax>');
    const found = (await findings(xml)).filter((m) => m.code === '9200');
    expect(found.map(described)).toEqual([['9200', 'error', '340', `${CHARGEABLE}/FinancialYearOne/Details[1]/TaxRate`, '19.00 or 25.00', '21.00']]);
  });
});
