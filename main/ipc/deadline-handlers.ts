/**
 * deadlines.list: the Deadlines screen's rows, computed in main from the
 * client book and the drafts, so the window and `cli deadlines` give the same
 * answer from the same rules.
 */
import type { DeadlineList } from '../../preload/contract.js';
import { deadlineClientsOf, draftProgressOf, localToday, type AcceptedFiling } from '../deadlines/deadline-inputs.js';
import { deadlineRows } from '../engine/deadlines/index.js';
import type { ClientBook } from '../store/client-book.js';
import type { DraftStore } from '../store/draft-store.js';

export interface DeadlineHandlerDeps {
  clients: Pick<ClientBook, 'list'>;
  drafts: Pick<DraftStore, 'list'>;
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
    // Every period the book knows, and overdue ones always: the screen filters and searches the rest itself.
    const rows = deadlineRows(deadlineClientsOf(clients), draftProgressOf(drafts.drafts, { clients, submissions }), { today, alwaysOverdue: true });
    return { today, rows };
  };
}
