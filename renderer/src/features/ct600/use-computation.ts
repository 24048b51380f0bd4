/**
 * Runs the computation for the wizard through the bridge whenever its input
 * changes (debounced), keeps the result and the field errors the engine
 * names, and writes the computed boxes into Profits and tax. The machine-form
 * input is kept with the draft, so the client's next return can bring its
 * pools and losses forward.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ComputationOutput, FilingDeskBridge } from '../../../../preload/contract.js';
import { computationStarted } from './computation-form.js';
import { applyComputed, toComputationInput } from './computation-of-form.js';
import type { Ct600Form } from './form.js';
import { loansStarted } from './loans/loans-form.js';

export interface ComputationState {
  output?: ComputationOutput;
  /** Engine field path → message: the engine's refusals and text that is no figure or date. */
  errors: Map<string, string>;
  busy: boolean;
}

export const COMPUTE_DELAY_MS = 250;

export function useComputation(bridge: FilingDeskBridge, form: Ct600Form | undefined, update: (change: (f: Ct600Form) => Ct600Form) => void): ComputationState {
  const [state, setState] = useState<ComputationState>({ errors: new Map(), busy: false });
  // Loans to participators alone start it too: their s455 tax is the computation's.
  const started = computationStarted(form?.computation) || loansStarted(form?.loans);
  const prepared = useMemo(() => (form && started ? toComputationInput(form) : undefined), [form, started]);
  const key = prepared ? JSON.stringify(prepared.input) : '';
  const latest = useRef(0);

  useEffect(() => {
    if (!prepared) {
      setState({ errors: new Map(), busy: false });
      return;
    }
    if (prepared.conversionErrors.size) {
      setState((s) => ({ ...s, errors: prepared.conversionErrors, busy: false }));
      return;
    }
    const run = ++latest.current;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      void bridge.computeComputation({ input: prepared.input }).then((r) => {
        if (run !== latest.current) return;
        if (r.ok) {
          setState({ output: r.value, errors: new Map(), busy: false });
          update((f) => ({ ...applyComputed(f, r.value), computationInput: prepared.input }));
        } else {
          const errors = new Map<string, string>();
          for (const e of r.error.errors ?? [{ field: '', message: r.error.message }]) if (!errors.has(e.field)) errors.set(e.field, e.message);
          setState({ errors, busy: false });
        }
      });
    }, COMPUTE_DELAY_MS);
    return () => clearTimeout(timer);
    // The key stands for the input: a change elsewhere in the form does not run the engine again.
  }, [key, bridge]);
  return state;
}
