/** The CT600 return wizard for one draft (its steps live beside this file). */
export function Ct600Wizard({ draftId }: { draftId: string }) {
  return <p>Opening draft {draftId}…</p>;
}
