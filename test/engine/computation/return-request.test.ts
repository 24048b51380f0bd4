/**
 * The build-ct600 request made from a computation: every computed box in its
 * request field, the declaration, the accounts and the computation attached.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeParsed, parseComputationInput } from '../../../main/engine/computation/index.js';
import { returnRequest } from '../../../main/engine/computation/return-request.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { ct600RequestSchema } from '../../../main/engine/ct600/request-schema.js';
import { repoRoot } from '../../helpers/shared.js';
import { busyYearInput } from './ixbrl/inputs.js';

const computed = (raw: unknown) => {
  const parsed = parseComputationInput(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { input: parsed.input, out: computeParsed(parsed.input) };
};
const straddle = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'ct600', 'computations', 'straddling-marginal-relief.json'), 'utf8')) as Record<string, unknown>;
const doc = (filename: string) => ({ filename, bytes: new TextEncoder().encode('<html/>') });

describe('a build-ct600 request from a computation', () => {
  it('carries both financial years, marginal relief, the declaration and both attachments, and the request schema takes it', () => {
    const { input, out } = computed(straddle());
    const request = returnRequest(input, out, doc('comp.xhtml'), doc('accounts.xhtml'));
    expect(request).toMatchObject({
      companyName: 'Straddle Engineering Ltd',
      reference: '8596148860',
      periodCovered: { from: '2023-01-01T00:00:00', to: '2023-12-31T00:00:00' },
      declaration: { acceptDeclaration: true, name: 'Jane Director', status: 'Director' },
      chargeableProfits: { value: 100000 },
      associatedCompanies: { thisPeriod: 0, startingOrSmallCompaniesRate: true },
      financialYearTwo: { taxRate: 25 },
      marginalReliefForRingFenceTrades: { value: out.boxes['435'] },
      taxPayable: { value: out.boxes['525'] },
      allowancesAndCharges: { annualInvestmentAllowance: { value: out.boxes['690'] } },
    });
    expect((request.attachedFiles as { filename: string; itemsElementName: number }[]).map((f) => [f.filename, f.itemsElementName])).toEqual([
      ['accounts.xhtml', 0],
      ['comp.xhtml', 1],
    ]);
    expect(ct600RequestSchema.safeParse(request).success).toBe(true);
  });

  it('refuses without the declaration or the accounts, naming both', () => {
    const { declaration: _, ...rest } = straddle();
    const { input, out } = computed(rest);
    try {
      returnRequest(input, out, doc('comp.xhtml'), null);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(RequestValidationError);
      expect((err as RequestValidationError).errors.map((e) => e.field)).toEqual(['declaration', 'accountsFile']);
    }
  });

  it('carries the income, gains, losses and donations between boxes 155 and 315 in their own fields', () => {
    const { input, out } = computed({ ...busyYearInput(), declaration: { name: 'Jane Director', status: 'Director' } });
    const request = returnRequest(input, out, doc('comp.xhtml'), doc('accounts.xhtml'));
    for (const [field, box] of [['nonTradingLoanProfitsAndGains', '170'], ['propertyBusinessIncome', '190'], ['grossChargeableGains', '210'], ['netChargeableGains', '220'], ['qualifyingDonations', '305']] as const) {
      expect(out.boxes[box]).not.toBe(0);
      expect(request[field]).toEqual({ value: out.boxes[box] });
    }
    expect(ct600RequestSchema.safeParse(request).success).toBe(true);
  });
});
