/**
 * The computation document with loss claims: boxes 215 and 250 and the
 * capital losses of box 825 tagged with the concepts HMRC's CT2015 reference
 * linkbase gives those boxes, box 285 (which CT2015 has no name for) shown
 * untagged, the property and capital loss schedules, and a carried-back loss
 * written as the earlier return's amendment; the attachment checks find
 * nothing in either.
 */
import { describe, expect, it } from 'vitest';
import { computeParsed, parseComputationInput, type ComputationInput, type ComputationOutput } from '../../../../main/engine/computation/index.js';
import { computationDocument } from '../../../../main/engine/computation/ixbrl/write-computation.js';
import { checkAttachment } from '../../../../main/engine/validation/attachments/check-attachment.js';
import { readXbrlReport } from '../../../../main/engine/validation/attachments/xbrl-report.js';
import { computation, pl } from '../inputs.js';

function computed(raw: unknown): { input: ComputationInput; out: ComputationOutput } {
  const parsed = parseComputationInput(raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { input: parsed.input, out: computeParsed(parsed.input) };
}

// Accounts profit 10,000 with interest 20,000 and a property loss of 3,000 in it: the trade lost 7,000.
// Box 235 = interest 20,000 + gains 6,000 less capital losses 2,000 = 24,000; box 250 3,000 (the property loss, s62(3));
// box 275 7,000 (s37(3)(a)); box 285 5,000 of 8,000 brought forward (s45A(5)); box 300 = 315 = 9,000.
const claims = () =>
  computed(
    computation({
      profitAndLoss: pl({ profitBeforeTax: 10000, interestReceived: 20000, propertyIncome: -3000 }),
      chargeableGains: 6000,
      losses: { claimAgainstTotalProfits: true, totalProfitsBroughtForward: 8000, totalProfitsBroughtForwardClaim: 5000, capitalOfPeriod: 2000 },
    }),
  );
// The trade lost 40,000 with interest of 10,000: 30,000 carried back to the year before (box 300 45,000 → 15,000).
const carriedBack = () =>
  computed(
    computation({
      profitAndLoss: pl({ profitBeforeTax: -30000, interestReceived: 10000 }),
      losses: { claimAgainstTotalProfits: true, carryBack: true, earlierPeriods: [{ from: '2023-04-01', to: '2024-03-31', profitsBeforeDonationsAndGroupRelief: 45000, qualifyingDonations: 2000 }] },
    }),
  );

describe('the computation as Inline XBRL, with loss claims', () => {
  it.each([
    ['property, capital and brought-forward losses claimed', claims()],
    ['a loss carried back', carriedBack()],
  ])('%s: the attachment checks find nothing', (_, { input, out }) => {
    const text = computationDocument(input, out);
    expect(checkAttachment(new TextEncoder().encode(text), 'computations', { utr: input.company.utr, periodFrom: input.period.from, periodTo: input.period.to, computationsForThisPeriod: true })).toEqual([]);
  });

  it('tags boxes 215, 250 and 825 with HMRC’s names, shows box 285 untagged, and schedules the property and capital losses', () => {
    const { input, out } = claims();
    expect(out.boxes).toMatchObject({ '215': 2000, '235': 24000, '250': 3000, '275': 7000, '285': 5000, '300': 9000, '315': 9000, '825': 2000 });
    const text = computationDocument(input, out);
    const read = readXbrlReport(text);
    if (!read.ok) throw new Error(read.problem.message);
    const fact = (name: string) => read.report.facts.filter((f) => f.localName === name).map((f) => f.value);
    expect(fact('ChargeableGainsAllowableLossesDeductedFromGains')).toEqual(['2000']);
    expect(fact('UKPropertyBusinessLossesSetAgainstTotalProfits')).toEqual(['3000']);
    expect(fact('CapitalLossesArising')).toEqual(['2000']);
    expect(fact('AdjustmentsPropertyIncomePerAccounts')).toEqual(['-3000']);
    expect(text).toContain('Trading losses brought forward claimed against total profits</td><td class="n">(£5,000)</td><td class="note">box 285</td>');
    expect(text).toContain('<th colspan="3" class="heading" scope="colgroup">UK property business losses</th>');
    expect(text).toContain('<th colspan="3" class="heading" scope="colgroup">Capital losses</th>');
  });

  it('writes a carried-back loss as the earlier return’s amendment', () => {
    const { input, out } = carriedBack();
    expect(computationDocument(input, out)).toContain(
      'Amendment of the return for 1 April 2023 to 31 March 2024: £30,000 carried back; box 275 £0 → £30,000; box 280 no → yes; box 295 £0 → £30,000; box 300 £45,000 → £15,000; box 305 £2,000 → £2,000; box 315 £43,000 → £13,000; corporation tax £8,170 → £2,470, £5,700 repayable',
    );
  });
});
