/**
 * Since financial year 2023 HMRC accepts the 19% small profits rate (rule
 * 9200) and marginal relief in box 435 (rule 9417) only from a return that
 * claims them in box 329. The returns built from the examples carry the
 * claim and pass; the same returns without it fail, as HMRC would fail them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCt600, type Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ValidationType, type ValidationMessage } from '../../../main/engine/validation-result.js';
import { repoRoot } from '../../helpers/shared.js';
import { attr, byType, bytes, replaceOnce } from './fixtures.js';

const example = (name: string): Ct600RequestInput => JSON.parse(readFileSync(join(repoRoot, 'examples', 'ct600', name), 'utf8')) as Ct600RequestInput;

/** The example with box 329 left out: the counts of associated companies stay. */
function withoutClaim(request: Ct600RequestInput): Ct600RequestInput {
  const group = request.associatedCompanies as Record<string, unknown>;
  return { ...request, associatedCompanies: { ...group, startingOrSmallCompaniesRate: false } };
}

/** The business-rule findings of the built return, once our offline structure check has accepted its AssociatedCompanies group. */
async function ruleFindings(request: Ct600RequestInput): Promise<ValidationMessage[]> {
  const xml = Buffer.from(buildCt600(request).xmlDoc, 'base64').toString('utf8');
  const validations = await validateFile('return.xml', bytes(xml));
  expect(byType(validations, ValidationType.schema).validationResult).toBe('valid');
  return byType(validations, ValidationType.businessRules).messages.filter((m) => m.category !== 'info');
}

const described = (m: ValidationMessage) => [m.code, m.category, attr(m, 'box')];

describe('the claim to the small profits rate or marginal relief (box 329)', () => {
  it('a return at 19% for FY2024 with box 329, built from examples/ct600/small-company.json, passes every business rule', async () => {
    const request = example('small-company.json');
    expect(request.associatedCompanies).toEqual({ thisPeriod: 0, startingOrSmallCompaniesRate: true });
    expect(await ruleFindings(request)).toEqual([]);
  });

  it('the same return without box 329 fails rule 9200 on its rate (box 340)', async () => {
    const found = await ruleFindings(withoutClaim(example('small-company.json')));
    expect(found.map(described)).toEqual([['9200', 'error', '340']]);
    expect(found[0]!.message).toContain('box 329');
    expect(attr(found[0]!, 'expected')).toBe('25.00');
  });

  it('a straddling return with marginal relief and box 329, built from examples/ct600/straddling-marginal-relief.json, passes every business rule', async () => {
    const request = example('straddling-marginal-relief.json');
    expect(request.associatedCompanies).toMatchObject({ startingOrSmallCompaniesRate: true });
    expect(await ruleFindings(request)).toEqual([]);
  });

  it('the same straddling return without box 329 fails rule 9417 on its marginal relief (box 435)', async () => {
    const found = await ruleFindings(withoutClaim(example('straddling-marginal-relief.json')));
    expect(found.map(described)).toEqual([['9417', 'error', '435']]);
    expect(found[0]!.message).toContain('box 329');
  });

  it('the rate rule fails 19% in the FY2023 part of a straddling period without box 329 (HMRC numbers it 9209 for the second year), and lets the FY2022 part keep its main rate of 19%', async () => {
    const request = withoutClaim(example('straddling-marginal-relief.json'));
    const at19 = { ...request, financialYearTwo: { profit: { currency: 1, value: 75342 }, taxRate: 19 }, marginalReliefForRingFenceTrades: null, netCorporationTaxChargeable: { currency: 1, value: 19000 }, taxChargeable: { currency: 1, value: 19000 }, taxPayable: { currency: 1, value: 19000 } };
    expect((await ruleFindings(at19)).filter((m) => m.category === 'error').map(described)).toEqual([['9209', 'error', '390']]);
  });

  it('rule 9417 leaves marginal relief without box 329 alone for a period ending by 31 March 2023', async () => {
    const request = example('straddling-marginal-relief.json');
    const xml = Buffer.from(buildCt600(request).xmlDoc, 'base64').toString('utf8');
    // HMRC's rule looks at the period end only: the same figures ending on 31 March 2023, without the group.
    let edited = replaceOnce(xml, /<AssociatedCompanies>[\s\S]*?<\/AssociatedCompanies>/, '');
    edited = replaceOnce(edited, '<To>2023-12-31</To>', '<To>2023-03-31</To>');
    const found = byType(await validateFile('return.xml', bytes(edited)), ValidationType.businessRules).messages;
    expect(found.filter((m) => m.code === '9417')).toEqual([]);
  });
});
