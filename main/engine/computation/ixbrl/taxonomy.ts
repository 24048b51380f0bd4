/**
 * Which CT computational taxonomy a computation is written in: the one HMRC's
 * "Taxonomies accepted by HMRC" list gives for the period's end (CT comp 2024
 * for periods ending up to 31 March 2026, CT comp 2025 after), taken from the
 * same table the attachment checks use (JFCVC 3317), so the two cannot differ.
 */
import { ACCEPTED_TAXONOMIES, type AcceptedTaxonomy } from '../../validation/attachments/accepted-taxonomies.js';
import { RequestValidationError } from '../../errors.js';

export interface ComputationTaxonomy {
  name: string;
  entryPoint: string;
  /**
   * The concepts' namespace: HMRC's ct-comp namespaces since CT comp 2021 are
   * the entry point's folder (http://www.hmrc.gov.uk/schemas/ct/comp/2021-01-01
   * for ct-comp-2021.xsd, as filers reading HMRC's 2021 computations use it).
   */
  namespace: string;
}

const fits = (t: AcceptedTaxonomy, from: string, to: string) => to >= t.periodEndFrom && (t.periodEndTo === null || to <= t.periodEndTo) && (!t.periodStartFrom || from >= t.periodStartFrom);

/** The newest computational taxonomy HMRC accepts for the period; a period no taxonomy covers is refused, naming boxes 30 and 35. */
export function computationTaxonomy(period: { from: string; to: string }): ComputationTaxonomy {
  const candidates = ACCEPTED_TAXONOMIES.filter((t) => t.kind === 'computations' && fits(t, period.from, period.to));
  // The newest taxonomy whose window HMRC has closed, while the period ends inside it (CT comp 2024 up to
  // 31 March 2026); a taxonomy still open (CT comp 2025) only for periods that end after every closed window.
  const newest = (list: AcceptedTaxonomy[]) => [...list].sort((a, b) => (a.entryPoints[0]! < b.entryPoints[0]! ? 1 : -1))[0];
  const chosen = newest(candidates.filter((t) => t.periodEndTo !== null)) ?? newest(candidates);
  if (!chosen) {
    throw new RequestValidationError([{ field: 'period.to', message: `HMRC accepts no computational taxonomy for a period from ${period.from} to ${period.to} (boxes 30 and 35)` }]);
  }
  const entryPoint = chosen.entryPoints[0]!;
  return { name: chosen.name, entryPoint, namespace: entryPoint.slice(0, entryPoint.lastIndexOf('/')) };
}
