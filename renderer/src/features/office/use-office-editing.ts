import { useEffect, useState } from 'react';
import type { OfficeEditingView, OfficeRecordKindView } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { settle } from '../frame/bridge-call.js';

/** How often an open draft tells the office it is still open; the office forgets a desk that has not said so for 90 seconds. */
export const EDITING_EVERY_MS = 60_000;

/**
 * While a draft is open here: tells main so (at once, then every minute) and
 * that it is closed on leaving; answers who else has it open. A desk that
 * has not joined an office, or cannot reach it, hears of nobody: the draft
 * works as always and nothing is shown.
 */
export function useOfficeEditing(kind: OfficeRecordKindView, id: string): OfficeEditingView[] {
  const bridge = useBridge();
  const [others, setOthers] = useState<OfficeEditingView[]>([]);

  useEffect(() => {
    let live = true;
    const say = async () => {
      const r = await settle(() => bridge.officeEditing({ kind, id, open: true }), 'tell the office this draft is open');
      if (live) setOthers(r.ok ? r.value.others : []);
    };
    void say();
    const timer = setInterval(() => void say(), EDITING_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
      setOthers([]);
      void settle(() => bridge.officeEditing({ kind, id, open: false }), 'tell the office this draft is closed');
    };
  }, [bridge, kind, id]);

  return others;
}
