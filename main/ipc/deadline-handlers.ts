/**
 * deadlines.list: the Deadlines screen's rows, computed in main from the
 * client book and the drafts, so the window and `cli deadlines` give the same
 * answer from the same rules.
 */
import type { DeadlineList } from '../../preload/contract.js';
import { deadlineClientsOf, draftProgressOf, localToday } from '../deadlines/deadline-inputs.js';
import { deadlineRows } from '../engine/deadlines/index.js';
import type { ClientBook } from '../store/client-book.js';
import type { DraftStore } from '../store/draft-store.js';

export interface DeadlineHandlerDeps {
  clients: Pick<ClientBook, 'list'>;
  drafts: Pick<DraftStore, 'list'>;
  clock: () => Date;
}

export function createDeadlineListHandler(deps: DeadlineHandlerDeps): () => Promise<DeadlineList> {
  return async () => {
    const [clients, drafts] = await Promise.all([deps.clients.list({ query: '', includeArchived: false }), deps.drafts.list()]);
    const today = localToday(deps.clock());
    // Every period the book knows, and overdue ones always: the screen filters and searches the rest itself.
    const rows = deadlineRows(deadlineClientsOf(clients), draftProgressOf(drafts.drafts), { today, alwaysOverdue: true });
    return { today, rows };
  };
}
