import type { Ct600VerifyResponse } from '../../../../preload/contract.js';

/** The IRmark check of a CT600 message: matches, differs, or missing. */
export function IrmarkVerdict({ result }: { result: Ct600VerifyResponse }) {
  const headline = result.matches
    ? 'IRmark matches'
    : result.found === null
      ? 'This document has no IRmark'
      : 'IRmark does not match';
  const explanation = result.matches
    ? 'The IRmark in the document agrees with its content: the return has not changed since it was marked.'
    : result.found === null
      ? 'The IRmark element is missing or empty. The value below is the one the document should carry.'
      : 'The content has changed since the document was marked, or the mark was computed wrongly. HMRC would reject it.';
  return (
    <div className={`verdict ${result.matches ? 'verdict--good' : 'verdict--bad'}`}>
      <h3 className="verdict__headline">
        <span className="verdict__badge" aria-hidden="true">{result.matches ? '✓' : '!'}</span>
        {headline}
      </h3>
      <p>{explanation}</p>
      <dl className="facts">
        <dt>Expected IRmark</dt>
        <dd><code>{result.expected}</code></dd>
        <dt>Expected, receipt form (base32)</dt>
        <dd><code>{result.expectedBase32}</code></dd>
        <dt>Found in the document</dt>
        <dd>{result.found === null ? <em>none</em> : <code>{result.found}</code>}</dd>
      </dl>
    </div>
  );
}
