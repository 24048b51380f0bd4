import { useState } from 'react';
import { useStore } from 'zustand';
import { useBridge } from '../../bridge/bridge-context.js';
import { createFileCheckStore } from '../../store/file-check.js';
import { DropZone } from './DropZone.js';
import { formatSize } from './file-kind.js';
import { IrmarkVerdict } from './IrmarkVerdict.js';
import { PackageVerdict } from './PackageVerdict.js';

/** "Validate a file": drop a CT600 return or a report package and see its verdict. */
export function ValidateFilePage() {
  const bridge = useBridge();
  const [store] = useState(() => createFileCheckStore(bridge));
  const state = useStore(store, (s) => s.state);
  const check = useStore(store, (s) => s.check);

  return (
    <>
      <header className="page-header">
        <h2>Validate a file</h2>
        <p>Check a CT600 return’s IRmark or a report package’s structure before you file it.</p>
      </header>
      <DropZone onFile={(file) => void check(file)} busy={state.status === 'checking'} />
      <section className="result" aria-label="Result" aria-live="polite" role="status">
        {state.status === 'idle' && <p className="result__empty">No file checked yet.</p>}
        {state.status !== 'idle' && (
          <p className="result__file">
            <strong>{state.fileName}</strong>
            {'size' in state && <span> · {formatSize(state.size)}</span>}
          </p>
        )}
        {state.status === 'checking' && <p className="result__progress">Checking…</p>}
        {state.status === 'irmark' && <IrmarkVerdict result={state.result} />}
        {state.status === 'package' && <PackageVerdict result={state.result} />}
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
