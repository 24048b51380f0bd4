/**
 * Keeps the computation Filing Desk writes attached to the draft as its
 * computations (box 80B): written in main from the input the engine last
 * accepted, attached like a dropped file, and replaced when that input
 * changes. Once the user removes it (to attach their own), none is attached
 * again until they ask for it on Accounts and computations; nor while a
 * computation the user dropped is attached.
 */
import { useEffect, useRef, useState } from 'react';
import type { Draft, FilingDeskBridge } from '../../../../preload/contract.js';
import type { Ct600Form } from './form.js';

/** Delay after the figures settle before the computation is written again. */
export const ATTACH_DELAY_MS = 400;

export interface GeneratedComputationState {
  busy: boolean;
  /** Why the computation could not be attached, in words. */
  problem: string | null;
}

/** The input the attached computation should be written from, or null when none should be attached now. */
export function computationToAttach(form: Ct600Form, draft: Draft, computed: boolean): { input: Record<string, unknown>; key: string; replaces: string | null } | null {
  const g = form.generatedComputation;
  if (!computed || !form.computationInput || (g && 'removed' in g)) return null;
  if (form.values.computationsChoice !== 'ThisPeriodComputations') return null;
  const key = JSON.stringify(form.computationInput);
  const attached = g && 'attachmentId' in g ? draft.attachments.find((a) => a.id === g.attachmentId && a.role === 'computations') : undefined;
  if (attached && g && 'inputKey' in g && g.inputKey === key) return null;
  // A computation the user attached themselves stands: Filing Desk's is not put beside it.
  if (draft.attachments.some((a) => a.role === 'computations' && a.id !== attached?.id)) return null;
  return { input: form.computationInput, key, replaces: attached?.id ?? null };
}

export function useGeneratedComputation(
  bridge: FilingDeskBridge,
  draftId: string,
  draft: Draft | null,
  form: Ct600Form | null,
  computed: boolean,
  update: (change: (f: Ct600Form) => Ct600Form) => void,
  adoptDraft: (d: Draft) => void,
): GeneratedComputationState {
  const [state, setState] = useState<GeneratedComputationState>({ busy: false, problem: null });
  const [settled, setSettled] = useState(0);
  const inFlight = useRef(false);
  // A refused input is not sent again until it changes: no loop of the same failure.
  const failed = useRef('');
  const wanted = form && draft ? computationToAttach(form, draft, computed) : null;
  const wantedKey = wanted ? `${wanted.key}|${wanted.replaces}` : '';

  useEffect(() => {
    if (!wanted || inFlight.current || failed.current === wantedKey) return;
    const timer = setTimeout(() => {
      inFlight.current = true;
      setState({ busy: true, problem: null });
      void bridge.attachComputation({ draftId, input: wanted.input, replaces: wanted.replaces }).then(
        (r) => {
          inFlight.current = false;
          if (r.ok) {
            adoptDraft(r.value.draft);
            update((f) => (f.generatedComputation && 'removed' in f.generatedComputation ? f : { ...f, generatedComputation: { attachmentId: r.value.attachmentId, inputKey: wanted.key } }));
            setState({ busy: false, problem: null });
          } else {
            failed.current = wantedKey;
            setState({ busy: false, problem: `The computation could not be attached: ${r.error.message}` });
          }
          setSettled((n) => n + 1);
        },
        () => {
          inFlight.current = false;
          failed.current = wantedKey;
          setState({ busy: false, problem: 'The computation could not be attached. Try again by changing a figure, or attach your own.' });
        },
      );
    }, ATTACH_DELAY_MS);
    return () => clearTimeout(timer);
    // The key stands for the input and the file it replaces.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantedKey, settled, bridge, draftId]);
  return state;
}
