/**
 * The small profits rate and marginal relief (rule 9200 warnings, from
 * FY2023): associated companies, pro-rating by days, straddling periods and
 * the relief amount (review findings 2, 3, 4 and 7).
 */
import { describe, expect, it } from 'vitest';
import type { Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import type { ValidationMessage } from '../../../main/engine/validation-result.js';
import { gbp } from '../../fixtures/ct600-requests.js';
import { attr, builtXml, byType, bytes, replaceOnce, tradingReturn } from './fixtures.js';

const CALC = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/CompanyTaxCalculation';
const CHARGEABLE = `${CALC}/CorporationTaxChargeable`;

interface Figures {
  from?: string;
  to?: string;
  profit: number;
  /** First financial year's tax line (profit, rate); defaults to the whole profit. */
  fy1?: [number, number];
  fy2?: [number, number];
  rate?: number;
  relief?: number;
}

const taxOf = (profit: number, rate: number) => Math.round(profit * rate) / 100;

/** A trading return with the given profits, tax lines and marginal relief, all boxes consistent. */
function trading(f: Figures): string {
  const [p1, r1] = f.fy1 ?? [f.profit, f.rate ?? 19];
  const t1 = taxOf(p1, r1);
  const t2 = f.fy2 ? taxOf(f.fy2[0], f.fy2[1]) : 0;
  const net = Math.round((t1 + t2 - (f.relief ?? 0)) * 100) / 100;
  const request: Ct600RequestInput = tradingReturn({
    periodCovered: { from: `${f.from ?? '2024-04-01'}T00:00:00`, to: `${f.to ?? '2025-03-31'}T00:00:00` },
    total: gbp(f.profit * 3),
    netProfits: gbp(f.profit),
    profitsBeforeOtherDeductions: gbp(f.profit),
    profitsBeforeDonationsAndGroupRelief: gbp(f.profit),
    chargeableProfits: gbp(f.profit),
    financialYearProfit: gbp(p1),
    financialYearTaxRate: r1,
    financialYearTax: gbp(t1),
    ...(f.fy2 ? { financialYearTwo: { profit: gbp(f.fy2[0]), taxRate: f.fy2[1], tax: gbp(t2) } } : {}),
    ...(f.relief ? { marginalReliefForRingFenceTrades: gbp(f.relief) } : {}),
    netCorporationTaxChargeable: gbp(net),
    taxChargeable: gbp(net),
    taxPayable: gbp(net),
  } as Partial<Ct600RequestInput>);
  return builtXml(request);
}

/** Sets the AssociatedCompanies block (boxes 326–329), replacing any the builder wrote, with the claim of box 329. */
const withAssociates = (xml: string, inner: string) =>
  replaceOnce(
    xml.replace(/<AssociatedCompanies>[\s\S]*?<\/AssociatedCompanies>\s*/, ''),
    /<CorporationTaxChargeable>\s*<FinancialYearOne>/,
    `<CorporationTaxChargeable><AssociatedCompanies>${inner}<StartingOrSmallCompaniesRate>yes</StartingOrSmallCompaniesRate></AssociatedCompanies><FinancialYearOne>`,
  );
const thisPeriod = (n: number) => `<ThisPeriod>${n}</ThisPeriod>`;
const byYear = (first: number, second: number) => `<AssociatedCompaniesFinancialYears><FirstYear>${first}</FirstYear><SecondYear>${second}</SecondYear></AssociatedCompaniesFinancialYears>`;

const described = (m: ValidationMessage) => [m.category, attr(m, 'box'), attr(m, 'path'), attr(m, 'expected'), attr(m, 'found')];

/** The rate rules' findings: the attached example accounts are for 2024-25, and these returns move the period to test the rates. */
async function findings(xml: string) {
  return byType(await validateFile('r.xml', bytes(xml)), ValidationType.businessRules).messages.filter((m) => m.category !== 'info' && m.type !== 'attachment');
}

const STRADDLE = { from: '2022-10-01', to: '2023-09-30' }; // FY2022: 182 days, FY2023: 183 days
const FY1_RATE = `${CHARGEABLE}/FinancialYearOne/Details[1]/TaxRate`;
const FY2_RATE = `${CHARGEABLE}/FinancialYearTwo/Details[1]/TaxRate`;
const RELIEF = `${CALC}/MarginalReliefForRingFenceTrades`;

describe('small profits rate and marginal relief', () => {
  it.each([
    ['a small company at 19%', { profit: 40000 }],
    ['profits exactly at the lower limit at 19%', { profit: 50000 }],
    ['a large company at 25%', { profit: 300000, rate: 25 }],
    ['marginal relief of 3/200 × (250,000 − 100,000)', { profit: 100000, rate: 25, relief: 2250 }],
    ['a straddling period at 19% then 25%', { ...STRADDLE, profit: 365000, fy1: [182000, 19], fy2: [183000, 25] }],
    ['a small company straddling at 19% in both years', { ...STRADDLE, profit: 36500, fy1: [18200, 19], fy2: [18300, 19] }],
    ['marginal relief on the FY2023 part of a straddling period', { ...STRADDLE, profit: 100000, fy1: [49863, 19], fy2: [50137, 25], relief: 1128.08 }],
  ] as [string, Figures][])('no finding for %s', async (_name, figures) => {
    expect(await findings(trading(figures))).toEqual([]);
  });

  describe('associated companies (boxes 326–328) divide the limits', () => {
    it('one associate: 20,000 at 19% and 30,000 at 25% with relief 1,425 are right', async () => {
      expect(await findings(withAssociates(trading({ profit: 20000 }), thisPeriod(1)))).toEqual([]);
      expect(await findings(withAssociates(trading({ profit: 30000, rate: 25, relief: 1425 }), thisPeriod(1)))).toEqual([]);
    });

    it('one associate: 30,000 at 19% is above the lower limit of 25,000', async () => {
      const found = await findings(withAssociates(trading({ profit: 30000 }), thisPeriod(1)));
      expect(found.map(described)).toEqual([['warning', '340', FY1_RATE, 'at most 25000.00', '30000.00']]);
      expect(found[0]!.message).toContain('1 associated company');
    });

    it('one associate: relief at 130,000 is outside the band, and the warning names the band', async () => {
      const found = await findings(withAssociates(trading({ profit: 130000, rate: 25, relief: 100 }), thisPeriod(1)));
      expect(found.map(described)).toEqual([['warning', '435', RELIEF, 'box 315 more than 25000.00 and at most 125000.00', '130000.00']]);
    });

    it('straddling: box 327 (first year) does not reduce the FY2023 part, so no false warning', async () => {
      const xml = withAssociates(trading({ ...STRADDLE, profit: 36500, fy1: [18200, 19], fy2: [18300, 19] }), byYear(3, 0));
      expect(await findings(xml)).toEqual([]);
    });

    it('straddling: box 328 (second year) reduces the FY2023 part, so 19% there is warned about', async () => {
      const xml = withAssociates(trading({ ...STRADDLE, profit: 36500, fy1: [18200, 19], fy2: [18300, 19] }), byYear(0, 3));
      // FY2023 part: 183 days; lower limit 50,000 × 183/365 / 4 = 6,267.12; its profits 36,500 × 183/365 = 18,300.
      expect((await findings(xml)).map(described)).toEqual([['warning', '390', FY2_RATE, 'at most 6267.12', '18300.00']]);
    });
  });

  describe('pro-rating by days (CTA 2010 s18D(4): only a period of less than 12 months reduces the limits)', () => {
    it('a 12-month period of 366 days keeps the full lower limit of 50,000', async () => {
      const leap = { from: '2023-04-01', to: '2024-03-31' };
      expect(await findings(trading({ ...leap, profit: 50000 }))).toEqual([]);
      expect((await findings(trading({ ...leap, profit: 50100 }))).map(described)).toEqual([['warning', '340', FY1_RATE, 'at most 50000.00', '50100.00']]);
    });

    it('a 12-month period of 366 days keeps the full upper limit of 250,000', async () => {
      const found = await findings(trading({ from: '2023-04-01', to: '2024-03-31', profit: 250100, rate: 25, relief: 1 }));
      expect(found.filter((m) => attr(m, 'box') === '435').map((m) => attr(m, 'expected'))).toEqual(['box 315 more than 50000.00 and at most 250000.00']);
    });

    it('a period of 183 days has its limits reduced to 183/365', async () => {
      const short = { from: '2024-04-01', to: '2024-09-30' };
      expect(await findings(trading({ ...short, profit: 25000 }))).toEqual([]);
      expect((await findings(trading({ ...short, profit: 26000 }))).map(described)).toEqual([['warning', '340', FY1_RATE, 'at most 25068.49', '26000.00']]);
    });

    it('a 12-month straddling period of 366 days splits the full limits between its parts by days', async () => {
      // 2023-10-01 to 2024-09-30: 183 days in FY2023, 183 in FY2024; each part's lower limit is 25,000.
      const straddle = { from: '2023-10-01', to: '2024-09-30' };
      expect(await findings(trading({ ...straddle, profit: 50000, fy1: [25000, 19], fy2: [25000, 19] }))).toEqual([]);
      const found = await findings(trading({ ...straddle, profit: 50100, fy1: [25050, 19], fy2: [25050, 19] }));
      expect(found.map(described)).toEqual([
        ['warning', '340', FY1_RATE, 'at most 25000.00', '25050.00'],
        ['warning', '390', FY2_RATE, 'at most 25000.00', '25050.00'],
      ]);
    });

    it('a short straddling period reduces each part by its days over 365', async () => {
      // 2023-01-01 to 2023-06-30: 90 days in FY2022 (no limits), 91 in FY2023: lower limit 50,000 × 91/365 = 12,465.75.
      const short = { from: '2023-01-01', to: '2023-06-30' };
      const found = await findings(trading({ ...short, profit: 30000, fy1: [14917, 19], fy2: [15083, 19] }));
      expect(found.map(described)).toEqual([['warning', '390', FY2_RATE, 'at most 12465.75', '15082.87']]);
    });
  });

  describe('the marginal relief amount (box 435) = 3/200 × (U − A) × N/A', () => {
    const withFranked = (xml: string, pounds: number) =>
      replaceOnce(xml, '<Declaration>', `<IndicatorsAndInformation><FrankedInvestmentIncome>${pounds}.00</FrankedInvestmentIncome></IndicatorsAndInformation><Declaration>`);

    it('a wrong amount is warned about with the expected relief', async () => {
      const found = await findings(trading({ profit: 100000, rate: 25, relief: 5000 }));
      expect(found.map(described)).toEqual([['warning', '435', RELIEF, '2250.00', '5000.00']]);
    });

    it('one associate halves the upper limit: 30,000 gives 1,425, not 3,300', async () => {
      const found = await findings(withAssociates(trading({ profit: 30000, rate: 25, relief: 3300 }), thisPeriod(1)));
      expect(found.map(described)).toEqual([['warning', '435', RELIEF, '1425.00', '3300.00']]);
    });

    it('a straddling period gets relief on its FY2023 part only', async () => {
      const found = await findings(trading({ ...STRADDLE, profit: 100000, fy1: [49863, 19], fy2: [50137, 25], relief: 2250 }));
      expect(found.map(described)).toEqual([['warning', '435', RELIEF, '1128.08', '2250.00']]);
    });

    it('a short period pro-rates U: 183 days, 50,000 gives 3/200 × (125,342.47 − 50,000) = 1,130.14', async () => {
      const short = { from: '2024-04-01', to: '2024-09-30' };
      expect(await findings(trading({ ...short, profit: 50000, rate: 25, relief: 1130.14 }))).toEqual([]);
      expect((await findings(trading({ ...short, profit: 50000, rate: 25, relief: 1131 }))).map(described)).toEqual([['warning', '435', RELIEF, '1130.14', '1131.00']]);
    });

    it('franked investment income (augmented profits A) reduces the relief: 100,000 + 20,000 gives 1,625', async () => {
      const xml = trading({ profit: 100000, rate: 25, relief: 1625 });
      expect(await findings(withFranked(xml, 20000))).toEqual([]);
      expect((await findings(withFranked(trading({ profit: 100000, rate: 25, relief: 2250 }), 20000))).map(described)).toEqual([['warning', '435', RELIEF, '1625.00', '2250.00']]);
    });

    it('franked investment income counts towards the lower limit for the small profits rate', async () => {
      const found = await findings(withFranked(trading({ profit: 45000 }), 10000));
      expect(found.map(described)).toEqual([['warning', '340', FY1_RATE, 'at most 50000.00', '55000.00']]);
      expect(found[0]!.message).toContain('augmented profits');
    });
  });
});
