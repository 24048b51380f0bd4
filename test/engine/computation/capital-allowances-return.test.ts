/**
 * The new allowances reach the return: the super-deduction (boxes 691, 692
 * and 772) and short-life asset pools (boxes 725 and 730) built with the
 * CT600 engine pass HMRC's schema and business rules, box 235 adding up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeComputation, ct600FiguresOf } from '../../../main/engine/computation/index.js';
import { buildCt600 } from '../../../main/engine/ct600/index.js';
import { validateFile } from '../../../main/engine/validation/index.js';
import { repoRoot } from '../../helpers/shared.js';
import { addition, ca, disposal, pl } from './inputs.js';

/** Small Bakery Ltd's request with its identity, declaration and attachments, for the period given. */
function request(period: { from: string; to: string }): Record<string, unknown> {
  const r = JSON.parse(readFileSync(join(repoRoot, 'examples', 'ct600', 'small-company.json'), 'utf8')) as Record<string, unknown>;
  for (const k of Object.keys(r)) if (!['companyName', 'registrationNumber', 'reference', 'utrValue', 'companyType', 'returnType', 'sender', 'declaration', 'accounts', 'computations', 'attachedFiles'].includes(k)) delete r[k];
  return { ...r, periodCovered: period };
}

async function findings(period: { from: string; to: string }, capitalAllowances: Record<string, unknown>) {
  const out = computeComputation({
    company: { name: 'Small Bakery Ltd', utr: '8596148860', registrationNumber: '09876543' },
    period,
    associatedCompanies: 0,
    profitAndLoss: pl({ turnover: 400000, profitBeforeTax: 300000 }),
    capitalAllowances,
  });
  const built = buildCt600({ ...request(period), ...ct600FiguresOf(out) });
  const xml = Buffer.from(built.xmlDoc, 'base64');
  const validations = await validateFile('return.xml', xml);
  // The bakery's attached accounts and computations are for its own year: only their period checks are left out.
  const messages = validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info' && m.type !== 'attachment');
  return { out, xml: xml.toString('utf8'), messages };
}

describe('a return with the allowances at the law’s edges', () => {
  it('carries the super-deduction, its balancing charges and its expenditure (boxes 691, 692, 772)', async () => {
    // Year to 31 March 2023: a machine, £100,000 (super-deduction £130,000); an older one sold for £20,000 (charge £26,000).
    const { out, xml, messages } = await findings(
      { from: '2022-04-01', to: '2023-03-31' },
      ca({ additions: [addition({ date: '2022-06-01', cost: 100000, claim: 'superDeduction' })], disposals: [disposal({ date: '2022-09-01', proceeds: 20000, superDeduction: true })] }),
    );
    expect(out.boxes).toMatchObject({ '691': 130000, '692': 26000, '772': 100000, '155': 196000 });
    expect(xml).toMatch(/<MachineryAndPlantSuperDeduction>\s*<BalancingCharges>26000\.00<\/BalancingCharges>\s*<CapitalAllowances>130000\.00<\/CapitalAllowances>\s*<\/MachineryAndPlantSuperDeduction>/);
    expect(xml).toMatch(/<QualifyingExpenditure>\s*<MachineryAndPlantSuperDeduction>100000\.00<\/MachineryAndPlantSuperDeduction>/);
    expect(messages).toEqual([]);
  });

  it('carries short-life asset allowances and charges as other allowances and charges (boxes 725, 730)', async () => {
    // Year to 31 March 2025: a laptop elected short-life (£3,000, WDA £540); a server brought forward (£1,345) sold for £2,000 (charge £655).
    const { out, messages } = await findings(
      { from: '2024-04-01', to: '2025-03-31' },
      ca({
        additions: [addition({ description: 'Laptop', cost: 3000, claim: 'pool', shortLife: true })],
        shortLifeAssets: [{ description: 'Server', broughtForward: 1345, incurredInPeriodEnding: '2023-03-31' }],
        disposals: [{ description: 'Server sold', date: '2024-10-01', proceeds: 2000, shortLifeAsset: 0 }],
      }),
    );
    expect(out.boxes).toMatchObject({ '725': 540, '730': 655 });
    expect(messages).toEqual([]);
  });
});
