import { useCallback, useEffect, useRef, useState } from 'react';
import type { OfficeStatusView } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { settle } from '../frame/bridge-call.js';

/** How often the status is read again while a sync runs, so its progress moves on screen. */
export const RUNNING_POLL_MS = 1_000;

/**
 * This desk's place in the office as main reports it, read when the screen
 * opens and again every second while a sync runs (one started here or by
 * the background sync, or while `syncing`: a Sync now of this screen's that
 * main has not answered yet). `problem` is why it could not be read.
 */
export function useOfficeStatus(syncing = false) {
  const bridge = useBridge();
  const [status, setStatus] = useState<OfficeStatusView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const asked = useRef(0);

  const reload = useCallback(async () => {
    // Only the answer to the latest question is shown, never an older one arriving late.
    const mine = ++asked.current;
    const r = await settle(() => bridge.officeStatus(), 'read the office settings');
    if (mine !== asked.current) return;
    if (r.ok) {
      setStatus(r.value);
      setProblem(null);
    } else setProblem(r.failure.message);
  }, [bridge]);

  /** An answer main gave to something else (join, sync, resolve) is the status now. */
  const show = useCallback((next: OfficeStatusView) => {
    asked.current++;
    setStatus(next);
    setProblem(null);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const running = syncing || (status?.joined === true && status.sync.running !== null);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), RUNNING_POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);

  return { status, problem, reload, show };
}
