/**
 * Boxes 326–329 in the build-ct600 request: written as HMRC's
 * AssociatedCompanies group in schema order (checked against HMRC's v1.994
 * schema with xmllint), and refused with the field and the rule when HMRC's
 * rules would reject the group.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCt600, type Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { fullReturn, gbp } from '../../fixtures/ct600-requests.js';
import { sharedDir } from '../../helpers/shared.js';
import { xmllintSchema } from '../../helpers/xmllint.js';
import { buildAndCheck } from './check-built.js';

const ct600v1994Xsd = join(sharedDir, 'ct600', 'hmrc', 'CT-2014-v1-994.xsd');

/** The IRenvelope of a built message, for HMRC's own v1.994 schema (whose root element it is). */
function irEnvelopeValidates(xml: string) {
  const start = xml.indexOf('<IRenvelope');
  const end = xml.indexOf('</IRenvelope>') + '</IRenvelope>'.length;
  return xmllintSchema(xml.slice(start, end), ct600v1994Xsd);
}

const associatedGroup = (xml: string) => /<AssociatedCompanies>[\s\S]*<\/AssociatedCompanies>/.exec(xml)?.[0].replace(/\s+/g, '');

/** A straddling period (FY2023 and FY2024) with the profit split by days. */
const straddling = (associatedCompanies: Ct600RequestInput['associatedCompanies']): Ct600RequestInput => ({
  ...fullReturn(),
  periodCovered: { from: '2024-01-01T00:00:00', to: '2024-12-31T00:00:00' },
  financialYearProfit: gbp(9945),
  financialYearTaxRate: 19,
  financialYearTax: undefined,
  financialYearTwo: { profit: gbp(30055), taxRate: 19 },
  netCorporationTaxChargeable: gbp(7600),
  associatedCompanies,
});

function refusal(request: Ct600RequestInput): { field: string; message: string }[] {
  try {
    buildCt600(request);
  } catch (error) {
    if (error instanceof RequestValidationError) return error.errors;
    throw error;
  }
  throw new Error('the request was built');
}

describe('associated companies and the small profits rate claim (boxes 326–329)', () => {
  it('writes box 326 and box 329 before the first financial year, valid for HMRC v1.994', () => {
    const xml = buildAndCheck({ ...fullReturn(), associatedCompanies: { thisPeriod: 2, startingOrSmallCompaniesRate: true } });
    expect(associatedGroup(xml)).toBe('<AssociatedCompanies><ThisPeriod>2</ThisPeriod><StartingOrSmallCompaniesRate>yes</StartingOrSmallCompaniesRate></AssociatedCompanies>');
    expect(xml.indexOf('<AssociatedCompanies>')).toBeLessThan(xml.indexOf('<FinancialYearOne>'));
    expect(xml.indexOf('<CorporationTaxChargeable>')).toBeLessThan(xml.indexOf('<AssociatedCompanies>'));
    const schema = irEnvelopeValidates(xml);
    expect(schema.valid, schema.output).toBe(true);
  });

  it('writes boxes 327 and 328 for a straddling period, valid for HMRC v1.994', () => {
    const xml = buildAndCheck(straddling({ firstYear: 1, secondYear: 3, startingOrSmallCompaniesRate: true }));
    expect(associatedGroup(xml)).toBe(
      '<AssociatedCompanies><AssociatedCompaniesFinancialYears><FirstYear>1</FirstYear><SecondYear>3</SecondYear></AssociatedCompaniesFinancialYears><StartingOrSmallCompaniesRate>yes</StartingOrSmallCompaniesRate></AssociatedCompanies>',
    );
    const schema = irEnvelopeValidates(xml);
    expect(schema.valid, schema.output).toBe(true);
  });

  it('writes box 326 without box 329 when the company does not claim, and nothing when the group is left out', () => {
    const without = buildAndCheck({ ...fullReturn(), financialYearTaxRate: 25, financialYearTax: gbp(10000), netCorporationTaxChargeable: gbp(10000), taxChargeable: gbp(10000), taxPayable: gbp(10000), associatedCompanies: { thisPeriod: 0, startingOrSmallCompaniesRate: false } });
    expect(associatedGroup(without)).toBe('<AssociatedCompanies><ThisPeriod>0</ThisPeriod></AssociatedCompanies>');
    expect(buildAndCheck({ ...fullReturn(), associatedCompanies: undefined })).not.toContain('AssociatedCompanies');
    expect(buildAndCheck({ ...fullReturn(), associatedCompanies: null })).not.toContain('AssociatedCompanies');
  });

  it('refuses box 329 without a count of associated companies (HMRC rule 9240)', () => {
    expect(refusal({ ...fullReturn(), associatedCompanies: { startingOrSmallCompaniesRate: true } })).toEqual([
      { field: 'associatedCompanies.thisPeriod', message: expect.stringMatching(/is required when box 329 is claimed.*0 when there are none.*9240/) },
    ]);
  });

  it('refuses boxes 327 and 328 together with box 326 (HMRC rule 9397), and one without the other', () => {
    expect(refusal(straddling({ thisPeriod: 1, firstYear: 1, secondYear: 1, startingOrSmallCompaniesRate: true }))).toEqual([
      { field: 'associatedCompanies.firstYear', message: expect.stringContaining('must not be given with box 326') },
    ]);
    expect(refusal(straddling({ firstYear: 1, startingOrSmallCompaniesRate: true }))).toEqual([
      { field: 'associatedCompanies.secondYear', message: expect.stringContaining('boxes 327 and 328 go together') },
    ]);
  });

  it('refuses boxes 327 and 328 for a period within one financial year', () => {
    expect(refusal({ ...fullReturn(), associatedCompanies: { firstYear: 0, secondYear: 0, startingOrSmallCompaniesRate: true } })).toEqual([
      { field: 'associatedCompanies.firstYear', message: expect.stringContaining('2024-04-01 to 2025-03-31 lies in one financial year, so give box 326') },
    ]);
  });

  it('refuses the group for a period ending before 1 April 2023 (HMRC rule 9389)', () => {
    const request: Ct600RequestInput = {
      ...fullReturn(),
      periodCovered: { from: '2022-01-01T00:00:00', to: '2022-12-31T00:00:00' },
      financialYearProfit: gbp(10000),
      financialYearTax: undefined,
      financialYearTwo: { profit: gbp(30000), taxRate: 19 },
      associatedCompanies: { thisPeriod: 0, startingOrSmallCompaniesRate: true },
    };
    expect(refusal(request)).toEqual([{ field: 'associatedCompanies', message: expect.stringContaining('ends on 2022-12-31 (HMRC rule 9389)') }]);
  });

  it.each([1, 2, 3, 9, 10, 11])('refuses box 329 for a company of type %i, which pays the main rate', (companyType) => {
    expect(refusal({ ...fullReturn(), companyType, associatedCompanies: { thisPeriod: 0, startingOrSmallCompaniesRate: true } })).toEqual([
      { field: 'associatedCompanies.startingOrSmallCompaniesRate', message: expect.stringContaining(`type ${companyType} (box 4`) },
    ]);
  });

  it('refuses the group on a return without a tax calculation', () => {
    const request: Ct600RequestInput = {
      ...fullReturn(),
      financialYearProfit: undefined,
      financialYearTaxRate: undefined,
      financialYearTax: undefined,
      chargeableProfits: gbp(0),
      netCorporationTaxChargeable: gbp(0),
      taxChargeable: gbp(0),
      taxPayable: gbp(0),
      associatedCompanies: { thisPeriod: 0, startingOrSmallCompaniesRate: true },
    };
    expect(refusal(request).map((e) => e.field)).toContain('associatedCompanies');
  });

  it.each([
    [{ thisPeriod: -1 }, 'associatedCompanies.thisPeriod', 'must not be negative (box 326'],
    [{ thisPeriod: 1.5 }, 'associatedCompanies.thisPeriod', 'must be a whole number of companies'],
    [{ thisPeriod: '2' }, 'associatedCompanies.thisPeriod', 'must be a whole number of companies'],
    [{ thisPeriod: 0, startingOrSmallCompaniesRate: 'yes' }, 'associatedCompanies.startingOrSmallCompaniesRate', 'must be true or false (box 329'],
    [{ thisPeriod: 0, other: 1 }, 'associatedCompanies.other', ''],
  ])('refuses a malformed group %j naming the field', (group, field, words) => {
    const errors = refusal({ ...fullReturn(), associatedCompanies: group as never });
    expect(errors.map((e) => e.field)).toContain(field);
    expect(errors.find((e) => e.field === field)!.message).toContain(words);
  });
});
