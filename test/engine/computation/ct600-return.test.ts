/**
 * A computation's figures make a return HMRC's rules accept: built with the
 * CT600 engine and run through the whole local validation (schema, HMRC's
 * business rules, the attachments, the IRmark), including the boxes Profits
 * and tax does not show (interest, rents, gains, a loss claim, donations,
 * capital allowances), without which box 235 and the rest would not add up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeComputation, ct600FiguresOf } from '../../../main/engine/computation/index.js';
import { buildCt600 } from '../../../main/engine/ct600/index.js';
import { validateFile } from '../../../main/engine/validation/index.js';
import { repoRoot } from '../../helpers/shared.js';
import { addition, ca, disposal, pl } from './inputs.js';

/** Small Bakery Ltd's request (year to 31 March 2025, its real iXBRL accounts and computations attached), figures taken out. */
function bakeryRequest(): Record<string, unknown> {
  const r = JSON.parse(readFileSync(join(repoRoot, 'examples', 'ct600', 'small-company.json'), 'utf8')) as Record<string, unknown>;
  for (const k of Object.keys(r)) if (!['companyName', 'registrationNumber', 'reference', 'utrValue', 'companyType', 'returnType', 'sender', 'declaration', 'periodCovered', 'accounts', 'computations', 'attachedFiles'].includes(k)) delete r[k];
  return r;
}

const bakery = (over: Record<string, unknown>) => ({
  company: { name: 'Small Bakery Ltd', utr: '8596148860', registrationNumber: '09876543' },
  period: { from: '2024-04-01', to: '2025-03-31' },
  associatedCompanies: 0,
  losses: { tradingBroughtForward: 0 },
  chargeableGains: 0,
  qualifyingDonations: 0,
  ...over,
});

async function findings(computation: Record<string, unknown>) {
  const out = computeComputation(computation);
  const built = buildCt600({ ...bakeryRequest(), ...ct600FiguresOf(out) });
  const validations = await validateFile('return.xml', Buffer.from(built.xmlDoc, 'base64'));
  return { out, messages: validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info') };
}

describe('a return from the computation', () => {
  it('with interest, rents, gains, donations and every kind of allowance passes schema and HMRC’s rules', async () => {
    const { out, messages } = await findings(
      bakery({
        profitAndLoss: pl({ turnover: 85000, profitBeforeTax: 160000, depreciation: 12000, interestReceived: 1200, propertyIncome: 6000 }),
        capitalAllowances: ca({
          mainPoolBroughtForward: 20000,
          specialRatePoolBroughtForward: 8000,
          additions: [
            addition({ description: 'Oven', cost: 30000, claim: 'aia' }),
            addition({ description: 'Mixer', cost: 15000, claim: 'fullExpensing' }),
            addition({ description: 'Extraction (integral feature)', cost: 12000, pool: 'special', claim: 'fya50' }),
            addition({ description: 'Electric car', cost: 30000, car: { co2: 0 }, claim: 'fya100' }),
          ],
          disposals: [disposal({ description: 'Old mixer', proceeds: 2000, fullExpensed: true }), disposal({ description: 'Old oven', proceeds: 3000 })],
        }),
        chargeableGains: 4000,
        qualifyingDonations: 500,
      }),
    );
    expect(out.boxes).toMatchObject({ '170': 1200, '190': 6000, '210': 4000, '220': 4000, '305': 500, '690': 30000, '693': 6000, '733': 15000, '734': 2000, '726': 30000, '773': 12000 });
    expect(messages).toEqual([]);
  });

  it('with a loss claimed against the period’s total profits (boxes 275, 295 and 780) passes too', async () => {
    const { out, messages } = await findings(
      bakery({
        // −20,000 before tax includes 3,000 of interest, which is taxed apart: the trade lost 23,000.
        profitAndLoss: pl({ turnover: 85000, profitBeforeTax: -20000, interestReceived: 3000 }),
        chargeableGains: 2000,
        losses: { tradingBroughtForward: 0, claimAgainstTotalProfits: true },
      }),
    );
    expect(out.boxes).toMatchObject({ '235': 5000, '275': 5000, '295': 5000, '300': 0, '315': 0, '780': 23000 });
    expect(messages).toEqual([]);
  });
});
