/**
 * Which of main's answers about one draft to keep. Answers can arrive out of
 * order (an attach answered after a build, the accounts' add after the
 * computations'): an older draft would hide what a newer one brought. Main
 * makes each change's changedAt later than the one before (nextChangedAt in
 * the stores), so the newer is the one with the later changedAt. Shared by
 * the CT600 draft's session and the accounts draft's.
 */
export interface NewerDraftGate {
  /** Whether a draft main answered with is no older than the newest taken so far; if so it becomes the newest. */
  take(changedAt: string): boolean;
}

export function newerDraftGate(): NewerDraftGate {
  let newest: string | null = null;
  return {
    take(changedAt) {
      if (newest !== null && changedAt < newest) return false;
      newest = changedAt;
      return true;
    },
  };
}
