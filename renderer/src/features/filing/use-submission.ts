import { useEffect, useRef, useState } from 'react';
import type { FilingApi } from './filing-api.js';
import { announceFilingChange } from './filing-changes.js';
import type { SubmissionView } from './filing-types.js';
import { isUnderWay } from './filing-words.js';

/** How often the window asks main about a submission under way (main itself keeps HMRC's poll interval). */
export const FOLLOW_EVERY_MS = 1000;

/**
 * Follows one submission while it is under way: asks main about once a
 * second and stops once HMRC's answer is stored. Leaving the screen stops the
 * asking, never the filing, which carries on in main.
 */
export function useSubmission(api: FilingApi, initial: SubmissionView): { view: SubmissionView; problem: string | null } {
  const [view, setView] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const current = useRef(initial);
  useEffect(() => {
    current.current = initial;
    setView(initial);
  }, [initial]);
  useEffect(() => {
    if (!isUnderWay(view.state)) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const r = await api.get({ transactionId: view.transactionId });
        if (stopped) return;
        if (r.ok) {
          setProblem(null);
          if (r.value.state !== current.current.state) announceFilingChange();
          current.current = r.value;
          setView(r.value);
        } else {
          setProblem(r.error.message);
          setView({ ...current.current });
        }
      } catch {
        if (!stopped) {
          setProblem('Filing Desk could not read how the filing is going. It carries on; this screen asks again.');
          setView({ ...current.current });
        }
      }
    }, FOLLOW_EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, view]);
  return { view, problem };
}

/** A clock that ticks once a second, for the "Next check in N s" line. */
export function useSecondClock(on: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}
