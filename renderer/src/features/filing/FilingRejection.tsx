import { GATEWAY_USER_ID } from './filing-targets.js';
import type { SubmissionView } from './filing-types.js';
import { ENVIRONMENT_SHORT, STATE_WORDS } from './filing-words.js';

/**
 * HMRC's answer when it did not accept the return: each error in plain
 * English beside HMRC's own number and words, linked to the field of its box
 * the way the local validation messages are; an authentication failure leads
 * to the Government Gateway credentials instead.
 */
export function FilingRejection({
  submission,
  onField,
  onSettings,
}: {
  submission: SubmissionView;
  /** Goes to a field of the return and focuses it. */
  onField(fieldId: string): void;
  /** Opens Settings with focus on a field there. */
  onSettings(fieldId: string): void;
}) {
  const rejected = submission.state === 'rejected';
  return (
    <section className="verdict verdict--bad" aria-labelledby="rejection-heading" data-testid="filing-rejection">
      <h3 id="rejection-heading" className="verdict__headline" tabIndex={-1}>
        <span className="verdict__badge" aria-hidden="true">!</span>
        {rejected ? 'HMRC did not accept the return' : 'The return was not filed'}
      </h3>
      <p>
        {rejected
          ? `${STATE_WORDS[submission.state]} (${ENVIRONMENT_SHORT[submission.environment]}). Put right what HMRC found, build the return again and file it again. Nothing was filed.`
          : submission.stateText}
      </p>
      {submission.authenticationFailed ? (
        <p>
          HMRC did not accept the Government Gateway user ID or password.{' '}
          <a
            href={`#${GATEWAY_USER_ID}`}
            data-testid="gateway-link"
            onClick={(e) => {
              e.preventDefault();
              onSettings(GATEWAY_USER_ID);
            }}
          >
            Check them in Settings › Government Gateway
          </a>
          .
        </p>
      ) : null}
      {submission.errors.length > 0 ? (
        <table className="messages" aria-label="HMRC’s errors">
          <thead>
            <tr>
              <th scope="col">HMRC error</th>
              <th scope="col">Box</th>
              <th scope="col">What it means</th>
              <th scope="col">HMRC’s words</th>
            </tr>
          </thead>
          <tbody>
            {submission.errors.map((e, i) => (
              <tr key={`${e.number}-${i}`} className="messages__row--error">
                <td>{e.number}</td>
                <td>{e.boxes.length ? e.boxes.join(', ') : '—'}</td>
                <td>
                  {e.field ? (
                    <a
                      href={`#${e.field}`}
                      data-testid="hmrc-error-link"
                      onClick={(event) => {
                        event.preventDefault();
                        onField(e.field!);
                      }}
                    >
                      {e.message}
                    </a>
                  ) : (
                    e.message
                  )}
                </td>
                <td className="messages__hmrc">{e.hmrcText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
