/**
 * Loans to participators worked by hand, each case against the HMRC manual
 * page it follows. The company's year is 1 April 2024 to 31 March 2025 unless
 * a case says otherwise: s455 tax at 33.75% (loans from 6 April 2022), due
 * and the end of Part 2's nine months on 1 January 2026 (nine months and a
 * day after a month's last day, CTM01800); the next accounting period, the
 * year to 31 March 2026, has its due date on 1 January 2027.
 */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { computation } from './inputs.js';

const run = (loansToParticipators: Record<string, unknown>, over: Record<string, unknown> = {}) => computeComputation(computation({ loansToParticipators, ...over }));
const loan = (participator: string, date: string, amount: number) => ({ participator, date, amount });
const repaid = (participator: string, date: string, amount: number, kind = 'repayment') => ({ participator, date, amount, kind });

describe('Part 1: the charge on loans outstanding at the period end (CTA 2010 s455; CTM61505, CTM61540)', () => {
  it('a £10,000 loan outstanding at the year end: A15 £10,000, A20 = 33.75% = £3,375, box 480 and the tax payable £3,375, due 1 January 2026', () => {
    const out = run({ filedOn: '2025-12-01', loans: [loan('Jo Smith', '2024-06-01', 10000)] });
    expect(out.boxes).toMatchObject({ A5: false, A15: 10000, A20: 3375, A75: 10000, A80: 3375, '480': 3375, '510': 3375, '525': 3375 });
    expect(out.loansToParticipators!.page!.A10).toEqual([{ name: 'Jo Smith', amount: 10000 }]);
    expect(out.loansToParticipators!.taxDue).toBe('2026-01-01');
    expect(out.loansToParticipators!.carriedForward).toEqual([{ participator: 'Jo Smith', loanDate: '2024-06-01', periodEnd: '2025-03-31', amount: 10000 }]);
    expect(out.earlierPeriodRelief).toEqual([]);
    expect(out.s455Underpaid).toBeUndefined();
  });

  it('two participators, one paying back £3,000 before the year end and owing £9,000.50 (A5 ticked; A10 in whole pounds: £5,000 and £9,000; A20 = £14,000 × 33.75% = £4,725)', () => {
    const out = run({ filedOn: '2025-12-01', loans: [loan('Ann Lee', '2024-07-01', 5000), loan('Bob Lee', '2024-08-01', 12000.5)], repayments: [repaid('Bob Lee', '2024-12-01', 3000)] });
    expect(out.loansToParticipators!.page!.A10).toEqual([
      { name: 'Ann Lee', amount: 5000 },
      { name: 'Bob Lee', amount: 9000 },
    ]);
    expect(out.boxes).toMatchObject({ A5: true, A15: 14000, A20: 4725, A80: 4725 });
    expect(out.loansToParticipators!.participators.map((p) => [p.name, p.outstandingAtEnd])).toEqual([
      ['Ann Lee', 5000],
      ['Bob Lee', 9000.5],
    ]);
    // The 50p the box drops is not tax the form cannot carry.
    expect(out.s455Underpaid).toBeUndefined();
  });

  it('no loan made in the period: no page, no box 480 (HMRC rule 9252)', () => {
    const out = run({ filedOn: '2025-12-01', broughtForward: [{ participator: 'Jo Smith', loanDate: '2023-05-01', periodEnd: '2024-03-31', amount: 4000 }] });
    expect(out.loansToParticipators!.page).toBeNull();
    expect(out.boxes['480']).toBeUndefined();
    expect(out.loansToParticipators!.carriedForward).toEqual([{ participator: 'Jo Smith', loanDate: '2023-05-01', periodEnd: '2024-03-31', amount: 4000 }]);
  });
});

describe('Part 2: repaid, released or written off within nine months (s458; CTM61600)', () => {
  it('£4,000 of a £10,000 loan repaid on 30 September 2025: A30 = A40 £4,000, A45 = £1,350, A80 = £3,375 − £1,350 = £2,025, A75 £6,000', () => {
    const out = run({ filedOn: '2025-12-01', loans: [loan('Jo Smith', '2024-06-01', 10000)], repayments: [repaid('Jo Smith', '2025-09-30', 4000)] });
    expect(out.loansToParticipators!.page!.A25).toEqual([{ name: 'Jo Smith', repaid: 4000, date: '2025-09-30' }]);
    expect(out.boxes).toMatchObject({ A15: 10000, A20: 3375, A30: 4000, A40: 4000, A45: 1350, A75: 6000, A80: 2025, '480': 2025 });
    expect(out.boxes.A35).toBeUndefined();
  });

  it('a release of a £6,000 loan on 1 May 2025: A25C and A35 £6,000, A45 £2,025, nothing payable (A80 0.00, box 480 0.00)', () => {
    const out = run({ filedOn: '2025-12-01', loans: [loan('Jo Smith', '2024-06-01', 6000)], repayments: [repaid('Jo Smith', '2025-05-01', 6000, 'release')] });
    expect(out.loansToParticipators!.page!.A25).toEqual([{ name: 'Jo Smith', releasedOrWrittenOff: 6000, date: '2025-05-01' }]);
    expect(out.boxes).toMatchObject({ A35: 6000, A40: 6000, A45: 2025, A80: 0, '480': 0 });
    expect(out.boxes.A30).toBeUndefined();
    expect(out.boxes.A75).toBeUndefined();
  });

  it('repaid on 31 December 2025, the last day before the tax is due, is in Part 2; on 1 January 2026 it is not (HMRC rules 9406, 9430)', () => {
    const last = run({ filedOn: '2026-02-01', loans: [loan('Jo Smith', '2024-06-01', 10000)], repayments: [repaid('Jo Smith', '2025-12-31', 10000)] });
    expect(last.boxes).toMatchObject({ A40: 10000, A80: 0 });
    const late = run({ filedOn: '2026-02-01', loans: [loan('Jo Smith', '2024-06-01', 10000)], repayments: [repaid('Jo Smith', '2026-01-01', 10000)] });
    expect(late.boxes.A40).toBeUndefined();
    expect(late.boxes.A80).toBe(3375);
  });
});

describe('Part 3: repaid more than nine months after the period end (s458(5); CTM61605; COM53130)', () => {
  const repaidLate = (filedOn: string) => run({ filedOn, loans: [loan('Jo Smith', '2024-06-01', 10000)], repayments: [repaid('Jo Smith', '2026-02-10', 10000)] });

  it('filed on 1 March 2026, before the relief is due on 1 January 2027 (end of the year to 31 March 2026, plus nine months and a day): not on the return; the claim to make later, by amendment', () => {
    const out = repaidLate('2026-03-01');
    expect(out.boxes).toMatchObject({ A15: 10000, A20: 3375, A80: 3375 });
    expect(out.boxes.A65).toBeUndefined();
    expect(out.boxes['485']).toBeUndefined();
    expect(out.loansToParticipators!.laterRelief).toEqual([
      expect.objectContaining({ participator: 'Jo Smith', date: '2026-02-10', repaid: 10000, relief: 3375, reliefDue: '2027-01-01', claim: 'amendment' }),
    ]);
  });

  it('filed on 1 January 2027, the day the relief is due: Part 3 (A50, A55 = A65 £10,000, A70 £3,375), box 485, nothing payable', () => {
    const out = repaidLate('2027-01-01');
    expect(out.loansToParticipators!.page!.A50).toEqual([{ name: 'Jo Smith', repaid: 10000, date: '2026-02-10' }]);
    expect(out.boxes).toMatchObject({ A55: 10000, A65: 10000, A70: 3375, A80: 0, '480': 0, '485': true });
    expect(out.loansToParticipators!.laterRelief).toEqual([]);
  });
});

describe('an earlier period’s loan repaid in this period: relief for that period, never this return (CTM61605; COM53130)', () => {
  it('£10,000 repaid on 1 October 2024 pays the oldest loan first: £2,000 of a 2021 loan (32.5%: £650, form L2P) and £8,000 of a 2023 loan (33.75%: £2,700, amend that return)', () => {
    const out = run({
      filedOn: '2025-12-01',
      broughtForward: [
        { participator: 'Jo Smith', loanDate: '2023-05-01', periodEnd: '2024-03-31', amount: 8000 },
        { participator: 'Jo Smith', loanDate: '2021-06-01', periodEnd: '2022-03-31', amount: 2000 },
      ],
      repayments: [repaid('Jo Smith', '2024-10-01', 10000)],
    });
    expect(out.earlierPeriodRelief).toEqual([
      expect.objectContaining({ periodEnd: '2022-03-31', repaid: 2000, relief: 650, reliefDue: '2026-01-01', claim: 'L2P' }),
      expect.objectContaining({ periodEnd: '2024-03-31', repaid: 8000, relief: 2700, reliefDue: '2026-01-01', claim: 'amendment' }),
    ]);
    expect(out.loansToParticipators!.page).toBeNull();
    expect(out.boxes['480']).toBeUndefined();
    expect(out.loansToParticipators!.carriedForward).toEqual([]);
  });

  it('with a new loan in the period, a repayment still goes to the older, brought-forward loan first', () => {
    const out = run({
      filedOn: '2025-12-01',
      broughtForward: [{ participator: 'Jo Smith', loanDate: '2023-05-01', periodEnd: '2024-03-31', amount: 3000 }],
      loans: [loan('Jo Smith', '2024-06-01', 5000)],
      repayments: [repaid('Jo Smith', '2025-06-01', 4000)],
    });
    // £3,000 to the 2023 loan (relief for the year to 31 March 2024, due 1 January 2027), £1,000 to this year's (Part 2).
    expect(out.boxes).toMatchObject({ A15: 5000, A40: 1000, A45: 337.5, A80: 1350 });
    expect(out.earlierPeriodRelief).toEqual([expect.objectContaining({ periodEnd: '2024-03-31', repaid: 3000, relief: 1012.5, reliefDue: '2027-01-01' })]);
  });
});

describe('s464C: a repayment followed by a new loan (CTM61625–CTM61635)', () => {
  it('the 30-day rule across the period end (CTM61630 example 1): £6,000 repaid 2 days before the end, £6,000 lent on the third day of the next period: the repayment repays the new loan and the £6,000 stays charged', () => {
    const out = run({ filedOn: '2025-12-01', loans: [loan('Jo Smith', '2024-06-01', 6000), loan('Jo Smith', '2025-04-03', 6000)], repayments: [repaid('Jo Smith', '2025-03-29', 6000)] });
    expect(out.boxes).toMatchObject({ A5: false, A15: 6000, A20: 2025, A80: 2025 });
    expect(out.loansToParticipators!.matches).toEqual([expect.objectContaining({ rule: '30-day', repaymentDate: '2025-03-29', loanDate: '2025-04-03', amount: 6000 })]);
  });

  it('CTM61630 example 2: a £10,000 repayment, £6,000 of it matched to the new loan, £4,000 repaying the period’s loan (£10,000 lent): £6,000 charged', () => {
    const out = run({ filedOn: '2025-12-01', loans: [loan('Jo Smith', '2024-06-01', 10000), loan('Jo Smith', '2025-04-03', 6000)], repayments: [repaid('Jo Smith', '2025-03-29', 10000)] });
    expect(out.boxes).toMatchObject({ A5: true, A15: 6000, A20: 2025 });
  });

  it('after the period end: £10,000 repaid on 1 December 2025 and £10,000 lent on 20 December 2025: no Part 2 relief', () => {
    const out = run({ filedOn: '2026-02-01', loans: [loan('Jo Smith', '2024-06-01', 10000), loan('Jo Smith', '2025-12-20', 10000)], repayments: [repaid('Jo Smith', '2025-12-01', 10000)] });
    expect(out.boxes.A40).toBeUndefined();
    expect(out.boxes.A80).toBe(3375);
  });

  it('inside the period: a brought-forward £7,000 repaid and £7,000 lent again 9 days later: the repayment pays the new loan, no relief for the earlier period', () => {
    const out = run({
      filedOn: '2025-12-01',
      broughtForward: [{ participator: 'Jo Smith', loanDate: '2023-05-01', periodEnd: '2024-03-31', amount: 7000 }],
      loans: [loan('Jo Smith', '2024-09-10', 7000)],
      repayments: [repaid('Jo Smith', '2024-09-01', 7000)],
    });
    expect(out.earlierPeriodRelief).toEqual([]);
    expect(out.boxes).toMatchObject({ A5: true, A80: 0 });
    expect(out.boxes.A15).toBeUndefined();
    expect(out.loansToParticipators!.carriedForward).toEqual([{ participator: 'Jo Smith', loanDate: '2023-05-01', periodEnd: '2024-03-31', amount: 7000 }]);
  });

  it('under £5,000 the 30-day rule does not apply: £4,000 repaid and lent again, the repayment is relieved', () => {
    const out = run({ filedOn: '2026-02-01', loans: [loan('Jo Smith', '2024-06-01', 4000), loan('Jo Smith', '2025-06-10', 4000)], repayments: [repaid('Jo Smith', '2025-06-01', 4000)] });
    expect(out.boxes).toMatchObject({ A40: 4000, A80: 0 });
    expect(out.loansToParticipators!.matches).toEqual([]);
  });

  it('a dividend credited is taxed as income, so s464C does not apply to it (s464C(6)): relieved in Part 2 despite the new loan', () => {
    const out = run({ filedOn: '2026-02-01', loans: [loan('Jo Smith', '2024-06-01', 10000), loan('Jo Smith', '2025-12-20', 10000)], repayments: [repaid('Jo Smith', '2025-12-01', 10000, 'credit')] });
    expect(out.boxes).toMatchObject({ A30: 10000, A40: 10000, A45: 3375, A80: 0 });
  });

  it('the arrangements rule (CTM61635): £20,000 outstanding, repaid, lent again 61 days later: matched, no relief; below £15,000 outstanding it is not', () => {
    const big = run({ filedOn: '2025-09-01', loans: [loan('Jo Smith', '2024-05-01', 20000), loan('Jo Smith', '2025-08-01', 20000)], repayments: [repaid('Jo Smith', '2025-06-01', 20000)] });
    expect(big.boxes).toMatchObject({ A15: 20000, A80: 6750 });
    expect(big.loansToParticipators!.matches).toEqual([expect.objectContaining({ rule: 'arrangements', amount: 20000 })]);
    const small = run({ filedOn: '2025-09-01', loans: [loan('Jo Smith', '2024-05-01', 12000), loan('Jo Smith', '2025-08-01', 12000)], repayments: [repaid('Jo Smith', '2025-06-01', 12000)] });
    expect(small.boxes).toMatchObject({ A40: 12000, A80: 0 });
  });
});

describe('the rate by the loan’s date (s455(3); CTM61540)', () => {
  it('a loan made after 5 April 2026 is charged at 35.75% by law; the boxes carry the 33.75% HMRC’s v1.994 rules accept and s455Underpaid says the rest (£200) and that an amendment is needed', () => {
    const out = run({ filedOn: '2026-12-01', loans: [loan('Jo Smith', '2025-09-01', 10000), loan('Jo Smith', '2026-05-01', 10000)] }, { period: { from: '2025-07-01', to: '2026-06-30' } });
    expect(out.boxes).toMatchObject({ A15: 20000, A20: 6750, A80: 6750, '480': 6750 });
    expect(out.s455Underpaid).toMatchObject({ amount: 200, byLaw: 6950, onForm: 6750, amendmentNeeded: true });
    expect(out.s455Underpaid!.how).toContain('35.75%');
    expect(out.loansToParticipators!.taxByLaw).toBe(6950);
  });

  it('relief within nine months on such a loan is at its own 35.75% too: £4,000 repaid leaves 2% of £6,000 (£120) beyond the form', () => {
    const out = run({ filedOn: '2027-04-01', loans: [loan('Jo Smith', '2026-05-01', 10000)], repayments: [repaid('Jo Smith', '2026-09-01', 4000)] }, { period: { from: '2025-07-01', to: '2026-06-30' } });
    expect(out.boxes).toMatchObject({ A20: 3375, A45: 1350, A80: 2025 });
    expect(out.s455Underpaid).toMatchObject({ amount: 120, byLaw: 2145, onForm: 2025 });
  });
});

describe('bad input: the field and the rule', () => {
  const errors = (section: Record<string, unknown>) => {
    try {
      run(section);
    } catch (e) {
      return (e as RequestValidationError).errors;
    }
    throw new Error('no error');
  };

  it('refuses a repayment of more than was owed on its day', () => {
    expect(errors({ filedOn: '2025-12-01', loans: [loan('Jo Smith', '2024-06-01', 1000)], repayments: [repaid('Jo Smith', '2024-05-01', 500)] })).toEqual([
      expect.objectContaining({ field: 'loansToParticipators.repayments[0].amount', message: expect.stringContaining('s458') }),
    ]);
  });

  it('refuses a loan dated before the period, a kind it does not know and a name the form cannot take', () => {
    const e = errors({ filedOn: '2025-12-01', loans: [loan('Jo Smith', '2024-01-01', 1000), loan('J', '2024-06-01', 1000)], repayments: [repaid('Jo Smith', '2024-06-01', 500, 'dividend')] });
    expect(e.map((x) => x.field)).toEqual(['loansToParticipators.loans[0].date', 'loansToParticipators.loans[1].participator', 'loansToParticipators.repayments[0].kind']);
    expect(e[0]!.message).toContain('broughtForward');
    expect(e[2]!.message).toContain('s464C(6)');
  });
});
