import { useEffect, useRef, useState } from 'react';
import { useWizard } from '../ct600/wizard-context.js';
import { settle } from '../frame/bridge-call.js';
import { useFilingApi } from './filing-api.js';

/** An accepted return is changed only by an amended return, started with the user's say-so. */
export function Amendment() {
  const ctx = useWizard();
  const api = useFilingApi();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  const amend = async () => {
    const r = await settle(() => api.amend({ draftId: ctx.draftId }), 'start an amendment');
    if (!r.ok) return setProblem(`The amendment was not started: ${r.failure.message}`);
    ctx.adoptDraft(r.value);
    ctx.go('company');
  };
  return (
    <div className="no-print">
      {asking ? (
        <div className="confirm-box" role="alertdialog" aria-labelledby="amend-heading" aria-describedby="amend-text">
          <h4 id="amend-heading">Start an amendment?</h4>
          <p id="amend-text">
            The return becomes an amended return you can change. The return HMRC accepted, its receipt and its filing history are kept. File the amended return when it is ready.
          </p>
          <div className="button-row">
            <button ref={yes} type="button" className="button button--primary" onClick={() => void amend()}>
              Yes, start an amendment
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="button" onClick={() => setAsking(true)}>
            Start an amendment
          </button>
        </div>
      )}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
