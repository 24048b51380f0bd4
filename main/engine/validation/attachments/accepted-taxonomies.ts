/**
 * JFCVC 3317: the document must use a taxonomy HMRC accepts for its kind
 * (accounts or computations) and for the return's period. The table is data
 * (accepted-taxonomies.json, with its source): a new FRC suite or
 * computational taxonomy is a new row, not new code.
 */
import TABLE from './accepted-taxonomies.json';
import { errorFinding, type AttachmentFinding } from './finding.js';

export type AttachmentRole = 'accounts' | 'computations';

export interface AcceptedTaxonomy {
  name: string;
  kind: AttachmentRole;
  entryPoints: string[];
  periodStartFrom?: string;
  periodEndFrom: string;
  periodEndTo: string | null;
}

export const ACCEPTED_TAXONOMIES: AcceptedTaxonomy[] = TABLE.taxonomies as AcceptedTaxonomy[];
export const ACCEPTED_TAXONOMIES_SOURCE = TABLE.source;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function windowText(t: AcceptedTaxonomy): string {
  const from = t.periodStartFrom ? `periods starting on or after ${t.periodStartFrom} and ` : 'periods ';
  return `${from}ending on or after ${t.periodEndFrom}${t.periodEndTo ? ` and on or before ${t.periodEndTo}` : ''}`;
}

/** Whether one of the document's schema references is an entry point HMRC accepts for this kind and period. */
export function taxonomyFindings(schemaRefs: string[], role: AttachmentRole, period: { from?: string; to?: string }): AttachmentFinding[] {
  const known = ACCEPTED_TAXONOMIES.filter((t) => t.entryPoints.some((e) => schemaRefs.some((r) => same(r, e))));
  const ofKind = known.filter((t) => t.kind === role);
  const what = role === 'accounts' ? 'accounts' : 'tax computations';
  if (ofKind.length === 0) {
    const named = schemaRefs.length ? schemaRefs.map((r) => `"${r}"`).join(', ') : 'no taxonomy';
    const wrongKind = known.length ? ` (that is a taxonomy for ${known[0]!.kind}, not ${what})` : '';
    return [errorFinding('JFCVC.3317', `the document names ${named}${wrongKind}; HMRC accepts ${what} only in ${ACCEPTED_TAXONOMIES.filter((t) => t.kind === role).map((t) => t.name.split(' (')[0]).filter((n, i, all) => all.indexOf(n) === i).join(', ')}`)];
  }
  const end = period.to;
  if (!end) return [];
  const fits = (t: AcceptedTaxonomy) => end >= t.periodEndFrom && (t.periodEndTo === null || end <= t.periodEndTo) && (!t.periodStartFrom || !period.from || period.from >= t.periodStartFrom);
  if (ofKind.some(fits)) return [];
  const t = ofKind[0]!;
  return [errorFinding('JFCVC.3317', `${t.name} is accepted by HMRC only for ${windowText(t)}; this return’s period is ${period.from ?? '?'} to ${end} (boxes 30 and 35)`, ['30', '35'])];
}
