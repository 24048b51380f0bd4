/** The Computation step's answers as typed, the engine input made from them, and the computed boxes written into Profits and tax. */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { computationMessage, elementIdOf, emptyComputation, summaryTargetOf } from '../../../renderer/src/features/ct600/computation-form.js';
import { applyComputed, toComputationInput } from '../../../renderer/src/features/ct600/computation-of-form.js';
import { emptyForm, formFromDraft, type Ct600Form } from '../../../renderer/src/features/ct600/form.js';
import { checkForm } from '../../../renderer/src/features/ct600/form-request.js';

function form(): Ct600Form {
  const f = emptyForm();
  f.values = { ...f.values, companyName: 'Fennel Stationery Limited', utr: '85961 48860', registrationNumber: '07654321', associatedCompanies: '1' };
  f.dates = { periodFrom: { day: '1', month: '4', year: '2024' }, periodTo: { day: '31', month: '3', year: '2025' } };
  f.computation = {
    ...emptyComputation(),
    turnover: '120,000',
    profitBeforeTax: '£118,000.50',
    depreciation: '2000',
    disallowable: [{ id: 'a', description: 'Client entertaining', amount: '500' }],
    assets: [{ id: 'b', description: 'Van', date: { day: '3', month: '6', year: '2024' }, cost: '20,000', pool: 'main', newAndUnused: 'no', isCar: false, co2: '', claim: '', shortLife: false, forLeasing: false }],
  };
  return f;
}

describe('the Computation step’s form', () => {
  it('makes the engine’s input from the text typed and the company, period and associated companies of the other steps', () => {
    const { input, conversionErrors } = toComputationInput(form());
    expect(conversionErrors.size).toBe(0);
    expect(input).toMatchObject({
      company: { name: 'Fennel Stationery Limited', utr: '8596148860', registrationNumber: '07654321' },
      period: { from: '2024-04-01', to: '2025-03-31' },
      associatedCompanies: 1,
      profitAndLoss: { turnover: 120000, profitBeforeTax: 118000.5, depreciation: 2000, disallowable: [{ description: 'Client entertaining', amount: 500 }] },
      capitalAllowances: { additions: [{ description: 'Van', date: '2024-06-03', cost: 20000, pool: 'main', newAndUnused: false, car: null, claim: null }] },
    });
  });

  it('names text that is no figure or date by its engine field, and words it as the step labels it', () => {
    const f = form();
    f.computation!.assets[0]!.cost = 'twenty';
    f.computation!.assets[0]!.date = { day: '31', month: '', year: '2024' };
    const { conversionErrors } = toComputationInput(f);
    expect([...conversionErrors.keys()]).toEqual(['capitalAllowances.additions[0].date', 'capitalAllowances.additions[0].cost']);
    expect(computationMessage('capitalAllowances.additions[0].cost', conversionErrors.get('capitalAllowances.additions[0].cost')!)).toBe('Asset 1, cost: Enter an amount in pounds and pence, for example 12,500.00');
    expect(summaryTargetOf('capitalAllowances.additions[0].cost')).toBe(elementIdOf('capitalAllowances.additions[0].change'));
  });

  it('fills Profits and tax with the computed boxes, keeps a figure typed over one, and the return then parses', () => {
    const f = form();
    const out = computeComputation(toComputationInput(f).input);
    // 118,000.50 + 2,000 + 500 − 20,000 AIA = 100,500 (pence dropped); one associated company: limits 25,000 and 125,000.
    expect(out.boxes).toMatchObject({ '155': 100500, '315': 100500, '326': 1, '329': true, '340': 25, '435': 367.5 });
    let filled = applyComputed(f, out);
    expect(filled.values).toMatchObject({ turnover: '120000', tradingProfits: '100500', chargeableProfits: '100500', fy1Profit: '100500', fy1Rate: '25', marginalRelief: '367.50', taxPayable: '24757.50', smallProfitsClaim: 'yes' });
    expect(filled.fromComputation).toMatchObject({ turnover: true, tradingProfits: true, taxPayable: true });
    // The bookkeeper's own figure for box 145 (typed over the computed one, which drops the mark) stays.
    filled = { ...filled, values: { ...filled.values, turnover: '125000' }, fromComputation: { ...filled.fromComputation } };
    delete filled.fromComputation!.turnover;
    expect(applyComputed(filled, out).values.turnover).toBe('125000');
    // Saved and read back, the draft keeps the step's answers and the marks.
    const reread = formFromDraft(JSON.parse(JSON.stringify({ ...filled, values: { ...filled.values, declarationName: 'Jane Fennel', declarationStatus: 'Director' }, accepted: true })));
    expect(reread.computation).toEqual(f.computation);
    expect(reread.fromComputation?.tradingProfits).toBe(true);
    expect(checkForm(reread).errors.size).toBe(0);
  });
});
