/**
 * What to do when the window's renderer process dies (a crash, out of
 * memory, killed by the OS): reload our page once, so the user gets the app
 * back; if it dies again within a short time, reloading would only loop, so
 * we stop and say so. A renderer that closed normally is left alone.
 */
export interface RenderProcessGone {
  reason: string;
  exitCode: number;
}

export interface CrashRecoveryDeps {
  reload(): void;
  giveUp(details: RenderProcessGone): void;
  now?: () => number;
  logError?: (message: string, details: RenderProcessGone) => void;
}

/** Two deaths closer than this are a crash loop, not bad luck. */
export const CRASH_LOOP_WINDOW_MS = 60_000;

export function createRendererCrashRecovery(deps: CrashRecoveryDeps, windowMs = CRASH_LOOP_WINDOW_MS): (details: RenderProcessGone) => void {
  const now = deps.now ?? Date.now;
  const logError = deps.logError ?? ((message, details) => console.error(message, details));
  let lastReloadAt: number | null = null;
  let gaveUp = false;
  return (details) => {
    if (details.reason === 'clean-exit' || gaveUp) return;
    logError('Filing Desk page stopped', details);
    const at = now();
    if (lastReloadAt !== null && at - lastReloadAt < windowMs) {
      gaveUp = true;
      deps.giveUp(details);
      return;
    }
    lastReloadAt = at;
    deps.reload();
  };
}
