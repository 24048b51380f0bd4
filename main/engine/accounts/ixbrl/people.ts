/**
 * Directors as the FRC taxonomy names them: the n-th director of the list is
 * the member bus:Director{n} of bus:EntityOfficersDimension (the taxonomy
 * defines Director1 to Director40), and the director who signs is one of
 * them (CA 2006 s414(1)–(2); the copy delivered states the name, s444(6)).
 */
import type { Accounts } from '../types.js';
import type { Member } from './contexts.js';
import { DIRECTOR_MEMBERS } from './taxonomy.js';

export function directorMember(index: number): Member {
  const member = DIRECTOR_MEMBERS[index];
  if (!member) throw new Error(`the FRC taxonomy names at most ${DIRECTOR_MEMBERS.length} directors (Director1 to Director${DIRECTOR_MEMBERS.length})`);
  return { dimension: 'EntityOfficersDimension', member };
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export function isDirector(accounts: Accounts): boolean {
  return accounts.directors.some((d) => sameName(d, accounts.approval.director));
}

/** The signing director's place in the list of directors. */
export function signingDirectorIndex(accounts: Accounts): number {
  const i = accounts.directors.findIndex((d) => sameName(d, accounts.approval.director));
  if (i < 0) throw new Error(`approval.director: ${accounts.approval.director} signs the balance sheet but is not among the directors (${accounts.directors.join(', ')})`);
  return i;
}
