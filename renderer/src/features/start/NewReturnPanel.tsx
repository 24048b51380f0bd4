import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { Client } from '../../../../preload/contract.js';
import { useClientsStore } from '../../store/clients.js';
import { ukDayMonth } from '../../format/index.js';

interface NewReturnPanelProps {
  busy: boolean;
  /** What is being started; a CT600 return unless told. */
  kind?: 'ct600' | 'report-package';
  onCreate(client: Client | null): void;
  onCancel(): void;
}

const NO_CLIENT = '';

const WORDS = {
  ct600: {
    title: 'New CT600 return',
    hint: 'The return starts with the client’s company name, numbers and usual period end. Choose “No client” to type them in.',
    create: 'Create return',
  },
  'report-package': {
    title: 'New report package',
    hint: 'The package starts with the client’s company name as its publisher and in its names. Choose “No client” to type them in.',
    create: 'Create package',
  },
} as const;

/** "New CT600 return" or "New report package": pick a client from the book (or none) and create the draft. Escape cancels. */
export function NewReturnPanel({ busy, kind = 'ct600', onCreate, onCancel }: NewReturnPanelProps) {
  const words = WORDS[kind];
  const clientsStore = useClientsStore();
  const [clients, setClients] = useState<Client[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState(NO_CLIENT);
  const selectRef = useRef<HTMLSelectElement>(null);
  const headingId = useId();
  const selectId = useId();
  const hintId = useId();
  const problemId = useId();

  useEffect(() => {
    let live = true;
    void clientsStore
      .getState()
      .activeClients()
      .then((answer) => {
        if (!live) return;
        if ('clients' in answer) setClients(answer.clients);
        else {
          setClients([]);
          setProblem(`Your client book could not be read: ${answer.message} You can still start a return without a client.`);
        }
      });
    return () => {
      live = false;
    };
  }, [clientsStore]);
  // Where the focus was when the panel opened: the client list takes the focus
  // once it has loaded only if the user has not moved it since. A layout effect,
  // so no key press can land between the button becoming usable and the move.
  const focusAtOpen = useRef<Element | null>(null);
  useLayoutEffect(() => {
    focusAtOpen.current = document.activeElement;
  }, []);
  useLayoutEffect(() => {
    if (clients && document.activeElement === focusAtOpen.current) selectRef.current?.focus();
  }, [clients]);

  return (
    <section
      className="card panel"
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <h3 id={headingId}>{words.title}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onCreate(clients?.find((c) => c.id === chosen) ?? null);
        }}
      >
        <div className="field">
          <label htmlFor={selectId}>Client</label>
          <p className="hint" id={hintId}>
            {words.hint}
          </p>
          {problem && (
            <p className="field__error" role="alert" id={problemId}>
              {problem}
            </p>
          )}
          <select
            id={selectId}
            ref={selectRef}
            className="input"
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            value={chosen}
            disabled={clients === null}
            onChange={(e) => setChosen(e.currentTarget.value)}
          >
            <option value={NO_CLIENT}>{clients === null ? 'Loading your clients…' : 'No client'}</option>
            {clients?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.companyName}
                {c.utr ? ` · UTR ${c.utr}` : ''}
                {c.periodEnd ? ` · year end ${ukDayMonth(c.periodEnd)}` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy || clients === null}>
            {busy ? 'Creating…' : words.create}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
