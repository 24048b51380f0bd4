/**
 * The Computation step's claims at the law's edges, from the answers as
 * typed to the engine's input and back: loss claims with their boxes,
 * exempt distributions, a disposal of an asset bought in the same period,
 * the AIA shared and a reduced writing-down allowance, and the associated
 * companies counted once for a period straddling 1 April.
 */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { computationMessage, computationStarted, emptyComputation } from '../../../renderer/src/features/ct600/computation-form.js';
import { toComputationInput } from '../../../renderer/src/features/ct600/computation-of-form.js';
import { emptyLossClaims, lossClaimsBroughtForward } from '../../../renderer/src/features/ct600/computation/losses-form.js';
import { accountsSourceOf, offerAccountsFigures } from '../../../renderer/src/features/ct600/accounts-offer.js';
import { emptyForm, formFromDraft, type Ct600Form } from '../../../renderer/src/features/ct600/form.js';

function form(from: [string, string, string], to: [string, string, string]): Ct600Form {
  const f = emptyForm();
  f.values = { ...f.values, companyName: 'Fennel Stationery Limited', utr: '8596148860', registrationNumber: '07654321', associatedCompanies: '0' };
  f.dates = { periodFrom: { day: from[0], month: from[1], year: from[2] }, periodTo: { day: to[0], month: to[1], year: to[2] } };
  f.computation = { ...emptyComputation(), turnover: '90000', profitBeforeTax: '-20000', interestReceived: '3000' };
  return f;
}

describe('the Computation step’s claims', () => {
  it('sends each loss claim with its field, and the engine gives each its box', () => {
    const f = form(['1', '4', '2025'], ['31', '3', '2026']);
    f.computation = { ...f.computation!, profitBeforeTax: '50000', interestReceived: '0', lossClaims: { ...emptyLossClaims(), totalProfitsBroughtForward: '30000', totalProfitsBroughtForwardClaim: '12,000', capitalOfPeriod: '1000', capitalBroughtForward: '500' }, chargeableGains: '4000', exemptDistributions: '10000' };
    const { input, conversionErrors } = toComputationInput(f);
    expect(conversionErrors.size).toBe(0);
    expect(input).toMatchObject({ losses: { totalProfitsBroughtForward: 30000, totalProfitsBroughtForwardClaim: 12000, capitalOfPeriod: 1000, capitalBroughtForward: 500 }, exemptDistributions: 10000 });
    const out = computeComputation(input);
    expect(out.boxes).toMatchObject({ '210': 4000, '215': 1500, '220': 2500, '285': 12000, '620': 10000 });
    // Saved and read back, the claims are as typed.
    expect(formFromDraft(JSON.parse(JSON.stringify(f))).computation).toEqual(f.computation);
  });

  it('carries a loss back as a claim, naming an earlier return’s missing figure as the step labels it', () => {
    const f = form(['1', '4', '2025'], ['31', '3', '2026']);
    f.computation = { ...f.computation!, claimAgainstTotalProfits: true, lossClaims: { ...emptyLossClaims(), carryBack: true, earlierPeriods: [{ id: 'e', from: { day: '1', month: '4', year: '2024' }, to: { day: '31', month: '3', year: '2025' }, profitsBeforeDonationsAndGroupRelief: '', tradingLosses: '', totalDeductionsAndReliefs: '', qualifyingDonations: '', associatedCompanies: '', exemptDistributions: '', tradingLoss: '', tradingLossRelieved: '' }] } };
    const { input } = toComputationInput(f);
    expect(() => computeComputation(input)).toThrow(/losses\.earlierPeriods\[0\]\.profitsBeforeDonationsAndGroupRelief/);
    expect(computationMessage('losses.earlierPeriods[0].profitsBeforeDonationsAndGroupRelief', 'is required')).toBe('Earlier return 1, box 300: is required');
    expect(computationMessage('capitalAllowances.shortLifeAssets[1].incurredInPeriodEnding', 'is required')).toBe('Short-life asset 2, end of the period it was bought in: is required');
    f.computation.lossClaims!.earlierPeriods[0]!.profitsBeforeDonationsAndGroupRelief = '40250';
    const out = computeComputation(toComputationInput(f).input);
    // A loss of 23,000: 3,000 against the interest (box 275), the other 20,000 back against the year before.
    expect(out.boxes['275']).toBe(3000);
    expect(out.losses.tradingLossesCarriedForward).toBe(0);
  });

  it('links a disposal to the asset bought in the same period, and sends the AIA share and a reduced writing-down allowance', () => {
    const f = form(['1', '1', '2026'], ['31', '12', '2026']);
    f.computation = {
      ...f.computation!,
      profitBeforeTax: '100000',
      interestReceived: '',
      aiaAllocated: '0',
      mainPoolWdaClaimed: '',
      assets: [{ id: 'a', description: 'Digger', date: { day: '1', month: '2', year: '2026' }, cost: '50000', pool: 'main', newAndUnused: 'yes', isCar: false, co2: '', claim: 'fya40', shortLife: false, forLeasing: false }],
      disposals: [{ id: 'd', description: 'Digger', date: { day: '1', month: '9', year: '2026' }, proceeds: '30000', cost: '50000', pool: 'main', fullExpensed: false, superDeduction: false, addition: '0', shortLifeAsset: '' }],
    };
    const { input } = toComputationInput(f);
    expect(input).toMatchObject({ capitalAllowances: { aiaAllocated: 0, disposals: [{ addition: 0 }] } });
    const out = computeComputation(input);
    // 40% of 50,000 is 20,000; the 30,000 left joins the pool now and the 30,000 insurance takes it out: no balancing charge.
    expect(out.capitalAllowances.mainPool.balancingCharge).toBe(0);
  });

  it('takes one count of associated companies (box 326) for a period straddling 1 April when the limits did not change', () => {
    const f = form(['1', '10', '2025'], ['30', '9', '2026']);
    // The yearly counts left from an older draft are not read: a company associated at any time counts for all of the period.
    f.values = { ...f.values, associatedCompanies: '1', associatedFirstYear: '0', associatedSecondYear: '3' };
    const r = toComputationInput(f);
    expect(r.conversionErrors.size).toBe(0);
    expect(r.input.associatedCompanies).toBe(1);
    // Across 1 April 2023, when the limits began, each financial year keeps its own count (boxes 327 and 328).
    const g = form(['1', '1', '2023'], ['31', '12', '2023']);
    g.values = { ...g.values, associatedFirstYear: '0', associatedSecondYear: '2' };
    expect(toComputationInput(g).input.associatedCompanies).toEqual({ firstYear: 0, secondYear: 2 });
  });

  it('takes a set of loss claims cleared again as no answer: the step is not begun by it', () => {
    expect(computationStarted({ ...emptyComputation(), lossClaims: emptyLossClaims() })).toBe(false);
    expect(computationStarted({ ...emptyComputation(), lossClaims: { ...emptyLossClaims(), carryBack: true } })).toBe(true);
  });

  it('keeps a figure from the accounts as the accounts’ when the field was only passed through (kept as 120000.00)', () => {
    const f = form(['1', '4', '2024'], ['31', '3', '2025']);
    f.computation!.turnover = '';
    const offered = offerAccountsFigures(f, { fileName: 'a.xhtml', sha256: 'a'.repeat(64), notes: [], turnover: { value: 120000, source: 'turnover (core:TurnoverRevenue) for 2024 in the accounts' } });
    expect(accountsSourceOf(offered, 'turnover')).toBe('turnover (core:TurnoverRevenue) for 2024 in the accounts');
    const passed = { ...offered, computation: { ...offered.computation!, turnover: '120000.00' } };
    expect(accountsSourceOf(passed, 'turnover')).toBe('turnover (core:TurnoverRevenue) for 2024 in the accounts');
    const typed = { ...offered, computation: { ...offered.computation!, turnover: '125000' } };
    expect(accountsSourceOf(typed, 'turnover')).toBeUndefined();
  });

  it('brings the previous return’s other stocks of losses forward as this one’s, and nothing when it had none', () => {
    expect(lossClaimsBroughtForward(undefined, { totalProfitsLosses: 20204, ukPropertyLosses: 0, capitalLosses: 1500.5 })).toEqual({ ...emptyLossClaims(), totalProfitsBroughtForward: '20204', capitalBroughtForward: '1500.5' });
    expect(lossClaimsBroughtForward(undefined, { totalProfitsLosses: 0, ukPropertyLosses: 0, capitalLosses: 0 })).toBeUndefined();
  });
});
