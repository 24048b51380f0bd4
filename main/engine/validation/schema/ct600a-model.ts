/**
 * CT600A (loans to participators by close companies): CompanyTaxReturn/
 * LoansByCloseCompanies, of type CTA, identical in v1.991 and v1.994, with
 * the CT600A box on each element: A5, the loans (A10) and their totals (A15,
 * A20), relief within nine months (A25–A45), relief now due for later
 * repayments (A50–A70), A75 and A80.
 */
import { CT } from './ct-types.js';
import { element, opt, req, seq, UNBOUNDED, type ElementDecl } from './model.js';

const NAME = CT.excluded(2, 56);
/** The schema leaves the loans unbounded; HMRC's rules 9400, 9403 and 9418 stop at 999. */
const MAX_LOANS = UNBOUNDED;

/** Part 2 (ReliefEarlierThan, A25–A45) or Part 3 (LoanLaterReliefNow, A50–A70). */
const reliefPart = (name: string, first: number) => {
  const box = (n: number) => `A${first + n}`;
  return opt(
    name,
    seq(
      element(
        'Loan',
        1,
        MAX_LOANS,
        seq(
          req('Name', NAME, { box: `${box(0)}A` }),
          opt('AmountRepaid', CT.nonZeroWholePound, { box: `${box(0)}B` }),
          opt('AmountReleasedOrWrittenOff', CT.nonZeroWholePound, { box: `${box(0)}C` }),
          req('Date', CT.date, { box: `${box(0)}D` }),
        ),
      ),
      opt('TotalAmountRepaid', CT.nonZeroWholePound, { box: box(5) }),
      opt('TotalAmountReleasedOrWritten', CT.nonZeroWholePound, { box: box(10) }),
      req('TotalLoans', CT.nonZeroWholePound, { box: box(15) }),
      req('ReliefDue', CT.nonZeroPoundPence, { box: box(20) }),
    ),
  );
};

export function loansByCloseCompanies(): ElementDecl {
  return opt(
    'LoansByCloseCompanies',
    seq(
      req('BeforeEndPeriod', CT.yesNo, { box: 'A5' }),
      opt(
        'LoansInformation',
        seq(
          element('Loan', 1, MAX_LOANS, seq(req('Name', NAME, { box: 'A10A' }), req('AmountOfLoan', CT.nonZeroWholePound, { box: 'A10B' }))),
          req('TotalLoans', CT.nonZeroWholePound, { box: 'A15' }),
          req('TaxChargeable', CT.nonZeroPoundPence, { box: 'A20' }),
        ),
      ),
      reliefPart('ReliefEarlierThan', 25),
      reliefPart('LoanLaterReliefNow', 50),
      opt('TotalLoansOutstanding', CT.nonZeroWholePound, { box: 'A75' }),
      req('TaxPayable', CT.poundPence, { box: 'A80' }),
    ),
  );
}
