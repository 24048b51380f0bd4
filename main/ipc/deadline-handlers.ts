/**
 * deadlines.list: the Deadlines screen's rows, computed in main from the
 * client book and the drafts, so the window and `cli deadlines` give the same
 * answer from the same rules.
 */
import type { DeadlineList, DraftSummary } from '../../preload/contract.js';
import { deadlineClientsOf, draftProgressOf, localToday, type AcceptedFiling } from '../deadlines/deadline-inputs.js';
import { deadlineRows } from '../engine/deadlines/index.js';
import type { ClientBook } from '../store/client-book.js';
import type { DraftStore } from '../store/draft-store.js';
import { paymentDatePassed, taxPayableByPeriod, type BuiltDraft } from '../deadlines/tax-payable.js';

export interface DeadlineHandlerDeps {
  clients: Pick<ClientBook, 'list'>;
  drafts: Pick<DraftStore, 'list'>;
  /**
   * A draft with its last build, and the bytes of that build: box 525 is the
   * tax interest runs on. Absent: no tax is known, so no interest is shown.
   */
  builds?: { get(id: string): Promise<BuiltDraft>; bytes(draft: BuiltDraft): Promise<Uint8Array | null> };
  /** The submission records: a return HMRC accepted live shows its period filed and accepted. */
  submissions?: { list(): Promise<{ records: readonly AcceptedFiling[] }> };
  clock: () => Date;
}

export function createDeadlineListHandler(deps: DeadlineHandlerDeps): () => Promise<DeadlineList> {
  return async () => {
    const [clients, drafts, submissions] = await Promise.all([
      deps.clients.list({ query: '', includeArchived: false }),
      deps.drafts.list(),
      deps.submissions ? deps.submissions.list().then((l) => l.records) : [],
    ]);
    const today = localToday(deps.clock());
    const taxes = deps.builds ? await taxesOf(deps.builds, drafts.drafts, today) : new Map<string, number>();
    // Every period the book knows, and overdue ones always: the screen filters and searches the rest itself.
    const rows = deadlineRows(deadlineClientsOf(clients), draftProgressOf(drafts.drafts, { clients, submissions }, taxes), { today, alwaysOverdue: true });
    return { today, rows };
  };
}

/** Box 525 of the returns whose tax is already due (only they can owe interest), read one draft at a time. */
async function taxesOf(builds: NonNullable<DeadlineHandlerDeps['builds']>, summaries: readonly DraftSummary[], today: string): Promise<Map<string, number>> {
  const wanted = summaries.filter((d) => d.kind === 'ct600' && d.clientId !== null && d.periodFrom !== null && d.periodTo !== null && paymentDatePassed(d.periodTo, today));
  const drafts: BuiltDraft[] = [];
  for (const d of wanted) {
    const full = await builds.get(d.id).catch(() => null);
    if (full) drafts.push(full);
  }
  return taxPayableByPeriod(drafts, (d) => builds.bytes(d));
}
