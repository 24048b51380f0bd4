/**
 * What a desk is told when the office will not let it file: another desk is
 * filing the return, it was filed already, or the office cannot be reached
 * (and then nothing is sent: in an office, only the office can say no other
 * desk is filing it).
 */
import type { FilingClaimRequest } from '../../common/office/protocol.js';

/** "2 December 2026", as the office's time falls in the UK. */
export function ukDay(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso.slice(0, 40);
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
}

/** "2 December 2026 at 11:42", UK time. */
export function ukMoment(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso.slice(0, 40);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
  return `${ukDay(iso)} at ${time}`;
}

/** What is being filed, in words, from the key the claims go by (submission-record.ts sameReturnKey, filing-record.ts sameAccountsKey). */
export function describeReturnKey(kind: FilingClaimRequest['kind'], returnKey: string): string {
  const parts = returnKey.split(' ');
  if (kind === 'ct600' && parts.length === 4) return `the Company Tax Return for UTR ${parts[0]}, period ${parts[1]} to ${parts[2]} (${parts[3]})`;
  if (kind === 'accounts' && parts.length === 4 && parts[0] === 'CH') return `the accounts of company ${parts[1]} made up to ${parts[2]} (Companies House ${parts[3]})`;
  return kind === 'ct600' ? `the Company Tax Return ${returnKey}` : `the accounts ${returnKey}`;
}

export function unreachableWords(url: string): string {
  return `The office at ${url} cannot be reached, so this return was not sent: in an office, a return is filed only once the office has confirmed no other desk is filing it. Try again when the office can be reached.`;
}

export function heldWords(what: string, holder: { user: string; desk: string; since: string }, howToTakeOver: string): string {
  return `${holder.user} on ${holder.desk} has been filing ${what} since ${ukMoment(holder.since)}; it is never sent twice, so nothing was sent from this desk: let it finish, then look again. ${howToTakeOver}`;
}

export function filedWords(what: string, by: { user: string; desk: string; since: string }, reference: string | null): string {
  return `${what[0]!.toUpperCase()}${what.slice(1)} was already filed by ${by.user} on ${by.desk} on ${ukDay(by.since)}${reference ? `, reference ${reference}` : ''}; it is not filed again, and nothing was sent.`;
}

export function officeRefusedWords(url: string, why: string): string {
  return `The office at ${url} refused this desk's claim to file (${why.slice(0, 300)}), so nothing was sent.`;
}
