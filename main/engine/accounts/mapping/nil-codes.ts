/**
 * A code with a nil balance that no mapping places needs no line of the
 * accounts (it adds nothing to any figure), so it is left out of the trial
 * balance rather than asked about. One rule for `cli accounts build` and the
 * Accounts wizard: a code with a balance is always placed or asked, and a
 * nil code someone did place keeps its place (its working shows it).
 */
import type { AccountBalance } from './place.js';

/** The codes to leave out: nil over all their rows, and placed by no mapping (the firm's, the client's answers or the default). */
export function nilCodesLeftOut(lines: ReadonlyArray<Pick<AccountBalance, 'code' | 'debit' | 'credit'>>, isPlaced: (code: string) => boolean): Set<string> {
  const net = new Map<string, number>();
  for (const line of lines) net.set(line.code, (net.get(line.code) ?? 0) + line.debit - line.credit);
  return new Set([...net].filter(([code, balance]) => balance === 0 && !isPlaced(code)).map(([code]) => code));
}
