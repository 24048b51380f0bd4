import { useState } from 'react';
import { useStore } from 'zustand';
import { useBridge } from '../../bridge/bridge-context.js';
import { createFileCheckStore } from '../../store/file-check.js';
import { useOpenedFileCheck } from '../../store/opened-file.js';
import { ValidationResults } from '../results/ValidationResults.js';
import { DropZone } from './DropZone.js';
import { formatSize } from '../../format/index.js';
import { IrmarkVerdict } from './IrmarkVerdict.js';

/** "Validate a file": drop a CT600 return or a report package and see its verdict. */
export function ValidateFilePage() {
  const bridge = useBridge();
  const [store] = useState(() => createFileCheckStore(bridge));
  const state = useStore(store, (s) => s.state);
  const check = useStore(store, (s) => s.check);
  useOpenedFileCheck(check);

  return (
    <>
      <header className="page-header">
        <h2>Validate a file</h2>
        <p>Run the local checks on a CT600 return, a report package, or Inline XBRL accounts or computations (checked against the taxonomies installed in Settings) before you file it.</p>
      </header>
      <DropZone onFile={(file) => void check(file)} busy={state.status === 'checking'} />
      <section className="result" aria-label="Result" aria-live="polite" role="status" aria-busy={state.status === 'checking'}>
        {state.status === 'idle' && <p className="result__empty">No file checked yet.</p>}
        {state.status !== 'idle' && (
          <p className="result__file">
            <strong>{state.fileName}</strong>
            {'size' in state && <span> · {formatSize(state.size)}</span>}
          </p>
        )}
        {state.status === 'checking' && (
          <p className="result__progress">
            <span className="spinner" aria-hidden="true" /> Checking… a large return or package can take a few seconds.
          </p>
        )}
        {state.status === 'ct600' && (
          <>
            {state.irmark.ok ? (
              <IrmarkVerdict result={state.irmark.value} />
            ) : (
              <CouldNotCheck title="Could not check the IRmark" message={state.irmark.failure.message} />
            )}
            {state.job.ok ? (
              <ValidationResults result={state.job.value} subject={state.fileName} thing="Return" />
            ) : (
              <CouldNotCheck title="Could not run the full checks" message={state.job.failure.message} />
            )}
          </>
        )}
        {state.status === 'package' && <ValidationResults result={state.result} subject={state.fileName} thing="Package" />}
        {state.status === 'ixbrl' && <ValidationResults result={state.result} subject={state.fileName} thing="Document" />}
        {state.status === 'error' && (
          <div className="verdict verdict--bad" role="alert">
            <h3 className="verdict__headline">
              <span className="verdict__badge" aria-hidden="true">!</span>
              Could not check this file
            </h3>
            <p>{state.message}</p>
            {state.errors && state.errors.length > 0 && (
              <ul>
                {state.errors.map((e, i) => (
                  <li key={i}>
                    <code>{e.field || 'file'}</code>: {e.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
    </>
  );
}

function CouldNotCheck({ title, message }: { title: string; message: string }) {
  return (
    <div className="verdict verdict--bad" role="alert">
      <h3 className="verdict__headline">
        <span className="verdict__badge" aria-hidden="true">!</span>
        {title}
      </h3>
      <p>{message}</p>
    </div>
  );
}
