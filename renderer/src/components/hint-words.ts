/**
 * Whether a hint only says again what its label says ("Net trading profits"
 * under the label "Net trading profits"): such a hint is read out twice by a
 * screen reader and teaches nothing, so it is left out or rewritten.
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/\(optional\)|\(box [^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export function restatesLabel(label: string, hint: string): boolean {
  const l = words(label);
  const h = words(hint);
  return l !== '' && (h === l || h.startsWith(`${l} `));
}
