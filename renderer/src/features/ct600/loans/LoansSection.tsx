/**
 * Loans to participators, a section of the Computation step rather than a
 * task of its own: the s455 tax is worked out by the same computation from
 * the same input and joins the tax payable (boxes 480, 510, 525), so its
 * figures can never be finished apart from the computation; and the
 * bookkeeper reviews the director's loan account from the same year-end
 * trial balance as the rest of the computation. The section stays one line
 * ("None") for the many companies without such loans.
 */
import type { ComputationOutput } from '../../../../../preload/contract.js';
import { keepDatesTogether, ukPeriod } from '../../../format/index.js';
import { Ct600aPage } from './Ct600aPage.js';
import { LoanAccounts, useLoansForm } from './LoanAccounts.js';
import { loansStarted } from './loans-form.js';
import { useLoansBroughtForward } from './use-loans-brought-forward.js';
import './loans.css';

export function LoansSection({ output }: { output: ComputationOutput | undefined }) {
  useLoansBroughtForward();
  const { loans } = useLoansForm();
  return (
    <section className="step-section" aria-labelledby="computation-loans-heading" data-testid="loans-to-participators">
      <h3 id="computation-loans-heading">Loans to participators (CT600A)</h3>
      <p className="step-section__intro">
        A close company’s loans to its directors, shareholders and their associates (usually an overdrawn director’s loan account): s455 tax on what is still owed nine months after the period end, relief when it is repaid (CTA 2010 s455–s464D).
      </p>
      {loans.broughtForwardFrom ? (
        <p className="step-section__intro" data-testid="loans-brought-forward-from">
          The loans from earlier periods come from this client’s return for {keepDatesTogether(ukPeriod(loans.broughtForwardFrom.periodFrom, loans.broughtForwardFrom.periodTo) ?? '')}.
        </p>
      ) : null}
      <LoanAccounts />
      {loansStarted(loans) && output?.loansToParticipators ? <Ct600aPage output={output} loans={output.loansToParticipators} /> : null}
    </section>
  );
}
