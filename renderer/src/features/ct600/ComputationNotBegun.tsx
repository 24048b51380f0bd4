/**
 * Continue on a Computation not begun leads on to Profits and tax, which
 * says so at its top. GOV.UK's inset text, not an error summary: leaving the
 * computation to the bookkeeper's own figures is an answer, not a mistake to
 * fix, so nothing stops them; but the step they arrive at must not read as if
 * its boxes had been worked out. The step's heading (focused on arrival) is
 * described by it, so a screen reader says it with the heading.
 */
import '../../components/inset-text.css';

export const COMPUTATION_NOT_BEGUN_ID = 'computation-not-begun';

export function ComputationNotBegun({ onGoBack }: { onGoBack(): void }) {
  return (
    <div className="inset-text" id={COMPUTATION_NOT_BEGUN_ID} data-testid={COMPUTATION_NOT_BEGUN_ID}>
      <p>
        The Computation was not begun, so nothing here is worked out from the accounts: type the figures from your own tax computation in the boxes below.
      </p>
      <p>
        <button type="button" className="link" onClick={onGoBack}>
          Go back to the Computation
        </button>{' '}
        to have Filing Desk work them out instead.
      </p>
    </div>
  );
}
