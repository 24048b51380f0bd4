// @vitest-environment jsdom
/** What the Computation step shows of the CT600A beyond its boxes: the s455 tax the forms cannot carry, relief to claim later, and relief that belongs to an earlier period's return. */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { Ct600aPage } from '../../../renderer/src/features/ct600/loans/Ct600aPage.js';

afterEach(cleanup);

/** A year to 31 March 2027: a loan made after 5 April 2026 (35.75% by law), an earlier period's loan repaid, and one of this period's repaid too late for this return. */
const input = {
  company: { name: 'Fennel Stationery Limited', utr: '8596148860', registrationNumber: '07654321' },
  period: { from: '2026-04-01', to: '2027-03-31' },
  associatedCompanies: 0,
  profitAndLoss: { turnover: 120000, profitBeforeTax: 40000, depreciation: 0, disallowable: [], nonTaxableIncome: [], interestReceived: 0, propertyIncome: 0 },
  capitalAllowances: { mainPoolBroughtForward: 0, specialRatePoolBroughtForward: 0, additions: [], disposals: [] },
  losses: { tradingBroughtForward: 0 },
  chargeableGains: 0,
  qualifyingDonations: 0,
  loansToParticipators: {
    filedOn: '2028-01-15',
    loans: [
      { participator: 'Jane Fennel', date: '2026-06-01', amount: 10000 },
      { participator: 'Tom Fennel', date: '2026-07-01', amount: 2000 },
    ],
    broughtForward: [{ participator: 'Jane Fennel', loanDate: '2025-05-01', periodEnd: '2026-03-31', amount: 3000 }],
    repayments: [
      { participator: 'Jane Fennel', date: '2026-05-01', amount: 3000, kind: 'repayment' },
      { participator: 'Tom Fennel', date: '2028-01-05', amount: 2000, kind: 'repayment' },
    ],
  },
};

describe('the CT600A page in the Computation step', () => {
  it('says how much more s455 tax the law asks than the boxes carry, what relief to claim later and what belongs to the earlier period’s return', () => {
    const out = computeComputation(input);
    const loans = out.loansToParticipators!;
    expect(out.s455Underpaid).toBeDefined();
    expect(loans.laterRelief.length).toBeGreaterThan(0);
    expect(out.earlierPeriodRelief.length).toBeGreaterThan(0);
    render(<Ct600aPage output={out} loans={loans} />);

    const underpaid = screen.getByTestId('s455-underpaid');
    expect(underpaid).toHaveTextContent(`The law asks £${out.s455Underpaid!.amount.toFixed(2)} more s455 tax`);
    expect(underpaid).toHaveTextContent('amend this return when HMRC’s forms take the new rate');
    // Tom's £2,000 repaid in January 2028: the relief is due nine months and a day after the end of the period of repayment, after the day of filing.
    expect(screen.getByTestId('later-relief')).toHaveTextContent(/Tom Fennel: relief of £[\d,]+\.\d\d, due 1 January 2029, by (amending this return|form L2P)/);
    // Jane's £3,000 from the year to 31 March 2026, repaid in May 2026: that period's relief, never this return's.
    expect(screen.getByTestId('earlier-period-relief')).toHaveTextContent(/Period ending 31 March 2026: £3,000 repaid, relief of £1,012\.50/);
    // The boxes carry the forms' 33.75%: A20 on the £12,000 outstanding.
    expect(screen.getByTestId('ct600a-box-A20')).toHaveTextContent('£4,050.00');
    expect(screen.getAllByTestId('ct600a-line-A10')).toHaveLength(2);
    expect(screen.getByTestId('loans-carried-forward')).toHaveTextContent('Jane Fennel: £10,000.00 still owed of the loan made 1 June 2026');
  });

  it('says no CT600A is needed when no loan was made in the period', () => {
    const out = computeComputation({ ...input, loansToParticipators: { ...input.loansToParticipators, loans: [], repayments: [input.loansToParticipators.repayments[0]!] } });
    render(<Ct600aPage output={out} loans={out.loansToParticipators!} />);
    expect(screen.getByTestId('no-ct600a')).toHaveTextContent('the return needs no CT600A and no box 480');
    expect(screen.queryByTestId('ct600a-boxes')).toBeNull();
    expect(out.boxes['480']).toBeUndefined();
  });
});
