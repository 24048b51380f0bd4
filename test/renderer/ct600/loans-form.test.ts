/** Loans to participators as the Computation step keeps them: the engine's input made from each loan account, the words of its errors, a reload, and the accounts a next return starts from. */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { computationMessage, elementIdOf, emptyComputation, fieldWords, summaryTargetOf } from '../../../renderer/src/features/ct600/computation-form.js';
import { toComputationInput } from '../../../renderer/src/features/ct600/computation-of-form.js';
import { effectiveFigures, emptyForm, formFromDraft, type Ct600Form } from '../../../renderer/src/features/ct600/form.js';
import { loansStarted, rowNumbers, type LoansForm } from '../../../renderer/src/features/ct600/loans/loans-form.js';
import { loansBroughtForward } from '../../../renderer/src/features/ct600/loans/use-loans-brought-forward.js';

const d = (day: string, month: string, year: string) => ({ day, month, year });

function loans(): LoansForm {
  return {
    filedOn: d('1', '12', '2025'),
    accounts: [
      {
        id: 'p1',
        name: 'Jane Fennel',
        loans: [{ id: 'l1', date: d('1', '6', '2024'), amount: '10,000' }],
        broughtForward: [{ id: 'b1', loanDate: d('1', '5', '2023'), periodEnd: d('31', '3', '2024'), amount: '2000' }],
        repayments: [{ id: 'r1', date: d('1', '7', '2025'), amount: '4,000', kind: 'repayment' }],
      },
      { id: 'p2', name: 'Tom Fennel', loans: [{ id: 'l2', date: d('3', '9', '2024'), amount: '£6,000' }], broughtForward: [], repayments: [] },
    ],
  };
}

function form(): Ct600Form {
  const f = emptyForm();
  f.values = { ...f.values, companyName: 'Fennel Stationery Limited', utr: '85961 48860', registrationNumber: '07654321' };
  f.dates = { periodFrom: d('1', '4', '2024'), periodTo: d('31', '3', '2025') };
  f.computation = { ...emptyComputation(), turnover: '120000', profitBeforeTax: '40000' };
  f.loans = loans();
  return f;
}

describe('loans to participators in the Computation step', () => {
  it('makes the input’s loansToParticipators section from every participator’s account, each row carrying the participator’s name', () => {
    const { input, conversionErrors } = toComputationInput(form());
    expect(conversionErrors.size).toBe(0);
    expect(input.loansToParticipators).toEqual({
      filedOn: '2025-12-01',
      loans: [
        { participator: 'Jane Fennel', date: '2024-06-01', amount: 10000 },
        { participator: 'Tom Fennel', date: '2024-09-03', amount: 6000 },
      ],
      broughtForward: [{ participator: 'Jane Fennel', loanDate: '2023-05-01', periodEnd: '2024-03-31', amount: 2000 }],
      repayments: [{ participator: 'Jane Fennel', date: '2025-07-01', amount: 4000, kind: 'repayment' }],
    });
    // The engine takes it as it is: £16,000 outstanding at the end, £4,000 of it repaid within nine months (Part 2).
    const out = computeComputation(input);
    expect(out.boxes).toMatchObject({ A15: 16000, A20: 5400, '480': out.boxes.A80 });
    expect(out.loansToParticipators?.page?.A10).toEqual([
      { name: 'Jane Fennel', amount: 10000 },
      { name: 'Tom Fennel', amount: 6000 },
    ]);
  });

  it('sends no section when no account was added, so a return without loans has no CT600A', () => {
    const f = form();
    delete f.loans;
    expect(loansStarted(f.loans)).toBe(false);
    expect(toComputationInput(f).input).not.toHaveProperty('loansToParticipators');
  });

  it('numbers rows across the accounts as the input lists them, so an engine path names the field on screen', () => {
    const f = form();
    f.loans!.accounts[1]!.loans[0]!.amount = 'six thousand';
    f.loans!.accounts[0]!.repayments[0]!.date = d('1', '', '2025');
    const { conversionErrors } = toComputationInput(f);
    expect([...conversionErrors.keys()].sort()).toEqual(['loansToParticipators.loans[1].amount', 'loansToParticipators.repayments[0].date']);
    expect(rowNumbers(f.loans!).loans).toEqual([[0], [1]]);
    expect(elementIdOf('loansToParticipators.loans[1].amount')).toBe('computation-loansToParticipators-loans-1-amount');
    expect(computationMessage('loansToParticipators.loans[1].amount', conversionErrors.get('loansToParticipators.loans[1].amount')!)).toBe('Loan 2, amount: Enter an amount in pounds and pence, for example 12,500.00');
    expect(computationMessage('loansToParticipators.repayments[0].date', 'The date must include a month')).toBe('Repayment 1, date: The date must include a month');
    expect(fieldWords('loansToParticipators.broughtForward[0].periodEnd')).toBe('loan brought forward 1, end of the period it was made in');
  });

  it('links the engine’s error on a participator’s name, which every row carries, to the first field of that row, under the name', () => {
    const f = form();
    f.loans!.accounts[1]!.name = 'T';
    let fields: string[] = [];
    try {
      computeComputation(toComputationInput(f).input);
    } catch (e) {
      fields = (e as { errors: { field: string }[] }).errors.map((x) => x.field);
    }
    expect(fields).toEqual(['loansToParticipators.loans[1].participator']);
    expect(summaryTargetOf(fields[0]!)).toBe(elementIdOf('loansToParticipators.loans[1].date'));
    expect(summaryTargetOf('loansToParticipators.broughtForward[0].participator')).toBe(elementIdOf('loansToParticipators.broughtForward[0].loanDate'));
    expect(summaryTargetOf('loansToParticipators.repayments[2].amount')).toBe(elementIdOf('loansToParticipators.repayments[2].amount'));
  });

  it('asks for the participator’s name beside the name field of an account with rows and none', () => {
    const f = form();
    f.loans!.accounts[1]!.name = '  ';
    const { conversionErrors } = toComputationInput(f);
    expect(conversionErrors.get('loansToParticipators.accounts[1].name')).toMatch(/^is required/);
    expect(computationMessage('loansToParticipators.accounts[1].name', 'is required: the participator’s name')).toBe("Participator 2's name: is required: the participator’s name");
  });

  it('survives a reload: the draft’s saved form gives back every account as typed', () => {
    const f = form();
    f.loans!.accounts[0]!.repayments.push({ id: 'r2', date: d('2', '2', '2025'), amount: '1,000', kind: 'credit' });
    const reloaded = formFromDraft(JSON.parse(JSON.stringify(f)) as Record<string, unknown>);
    expect(reloaded.loans).toEqual(f.loans);
    // Anything unknown or broken in a stored draft is dropped, not trusted.
    const odd = formFromDraft({ loans: { accounts: [{ name: 'X Y', loans: 'no', repayments: [{ kind: 'gift', amount: 5 }] }] } });
    expect(odd.loans!.accounts[0]).toMatchObject({ name: 'X Y', loans: [], repayments: [{ kind: '', amount: '' }] });
  });

  it('adds the computation’s s455 tax (box 480) to the tax chargeable in box 510, as HMRC rule 9339 asks, once the figures are the computation’s', () => {
    const f = form();
    f.values = { ...f.values, fy1Profit: '40000', fy1Rate: '19' };
    expect(effectiveFigures(f).pence.taxChargeable).toBe(760_000);
    f.computedRequestFields = { loansToParticipators: { value: 3712.5 } };
    // Not yet the computation's figures: the request carries no box 480, so box 510 leaves it out.
    expect(effectiveFigures(f).pence.taxChargeable).toBe(760_000);
    f.fromComputation = { taxPayable: true };
    expect(effectiveFigures(f).pence.taxChargeable).toBe(760_000 + 371_250);
  });

  it('starts a next return’s accounts from what was still owed at the previous period end, by participator', () => {
    let n = 0;
    const next = loansBroughtForward(
      {
        draftId: 'd1',
        title: 'Fennel Stationery Limited',
        periodFrom: '2024-04-01',
        periodTo: '2025-03-31',
        mainPool: 0,
        specialRatePool: 0,
        tradingLosses: 0,
        totalProfitsLosses: 0,
        ukPropertyLosses: 0,
        capitalLosses: 0,
        loansToParticipators: [
          { participator: 'Jane Fennel', loanDate: '2024-06-01', periodEnd: '2025-03-31', amount: 10000 },
          { participator: 'Tom Fennel', loanDate: '2024-09-03', periodEnd: '2025-03-31', amount: 6000.5 },
          { participator: 'Jane Fennel', loanDate: '2023-05-01', periodEnd: '2024-03-31', amount: 2000 },
        ],
      },
      () => `id${n++}`,
    );
    expect(next).toEqual({
      filedOn: d('', '', ''),
      broughtForwardFrom: { title: 'Fennel Stationery Limited', periodFrom: '2024-04-01', periodTo: '2025-03-31' },
      accounts: [
        {
          id: 'id0',
          name: 'Jane Fennel',
          loans: [],
          repayments: [],
          broughtForward: [
            { id: 'id1', loanDate: d('1', '6', '2024'), periodEnd: d('31', '3', '2025'), amount: '10000' },
            { id: 'id2', loanDate: d('1', '5', '2023'), periodEnd: d('31', '3', '2024'), amount: '2000' },
          ],
        },
        { id: 'id3', name: 'Tom Fennel', loans: [], repayments: [], broughtForward: [{ id: 'id4', loanDate: d('3', '9', '2024'), periodEnd: d('31', '3', '2025'), amount: '6000.5' }] },
      ],
    });
  });
});
