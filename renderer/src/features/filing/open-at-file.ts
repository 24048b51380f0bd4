/**
 * A return opened from the filing history lands on its File with HMRC step,
 * where the receipt or HMRC's errors are, rather than on its first step.
 */
let pending: string | null = null;

export function openAtFileStep(draftId: string): void {
  pending = draftId;
}

/** True once for the draft that was asked for. */
export function takeOpenAtFileStep(draftId: string): boolean {
  if (pending !== draftId) return false;
  pending = null;
  return true;
}
