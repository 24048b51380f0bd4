/**
 * deadlines.list: the Deadlines screen's rows, computed in main from the
 * client book, the drafts and the submissions to HMRC, so the window and
 * `cli deadlines` give the same answer from the same rules
 * (main/deadlines/firm-deadlines.ts).
 */
import type { DeadlineList, DraftForm, DraftSummary } from '../../preload/contract.js';
import { localToday, type AcceptedFiling } from '../deadlines/deadline-inputs.js';
import { firmDeadlineInputs, needsUtr, utrTypedIn, type DeadlineDraft } from '../deadlines/firm-deadlines.js';
import { allDeadlineRows } from '../engine/deadlines/index.js';
import type { AccountsWork } from '../deadlines/accounts-progress.js';
import type { ClientBook } from '../store/client-book.js';
import type { DraftStore } from '../store/draft-store.js';
import { paymentDatePassed, type BuiltDraft, type PeriodTaxes } from '../deadlines/tax-payable.js';

/** A draft as read in full: its last build, and its form (where the UTR of a draft without a client is). */
export type FullDraft = BuiltDraft & { form?: DraftForm };

export interface DeadlineHandlerDeps {
  clients: Pick<ClientBook, 'list'>;
  drafts: Pick<DraftStore, 'list'>;
  /**
   * A draft in full, and the bytes of its last build: box 525 is the tax
   * interest runs on, and the UTR typed in a draft without a client places
   * it. Absent: no tax is known, so no interest is shown, and such a draft is
   * listed by its name alone.
   */
  builds?: { get(id: string): Promise<FullDraft>; bytes(draft: BuiltDraft): Promise<Uint8Array | null> };
  /** The submission records: a return HMRC accepted live shows its period filed and accepted; any other keeps its period listed. */
  submissions?: { list(): Promise<{ records: readonly AcceptedFiling[] }> };
  /**
   * The accounts the app holds per client and period (accounts drafts, and
   * filings Companies House accepted live). Absent: the accounts rows come
   * from the client book alone.
   */
  accounts?: { list(): Promise<readonly AccountsWork[]> };
  clock: () => Date;
}

export function createDeadlineListHandler(deps: DeadlineHandlerDeps): () => Promise<DeadlineList> {
  return async () => {
    const [clients, drafts, submissions, accounts] = await Promise.all([
      // Archived clients too: their drafts must be known as theirs, not listed as a company the book lacks.
      deps.clients.list({ query: '', includeArchived: true }),
      deps.drafts.list(),
      deps.submissions ? deps.submissions.list().then((l) => l.records) : [],
      deps.accounts ? deps.accounts.list() : [],
    ]);
    const today = localToday(deps.clock());
    const full = new Map<string, FullDraft | null>();
    const read = async (id: string) => {
      if (!full.has(id)) full.set(id, deps.builds ? await deps.builds.get(id).catch(() => null) : null);
      return full.get(id) ?? null;
    };
    const clientIds = new Set(clients.map((c) => c.id));
    const placed: DeadlineDraft[] = [];
    for (const d of drafts.drafts) placed.push(needsUtr(d, clientIds) ? { ...d, utr: utrTypedIn((await read(d.id))?.form) } : d);
    const firm = firmDeadlineInputs(clients, placed, submissions, accounts);
    const taxes: PeriodTaxes = deps.builds ? await taxesOf(deps.builds, drafts.drafts, today, read, firm.taxPayable) : { payable: new Map(), s455: new Map() };
    // Every period the firm has work for, and overdue ones always: the screen filters and searches the rest itself.
    const rows = allDeadlineRows(firm.clients, { returns: firm.progress(taxes), accounts: firm.accountsProgress }, { today, alwaysOverdue: true });
    return { today, rows };
  };
}

/** Boxes 525 and 480 of the returns whose tax is already due (only they can owe interest), read one draft at a time. */
async function taxesOf(
  builds: NonNullable<DeadlineHandlerDeps['builds']>,
  summaries: readonly DraftSummary[],
  today: string,
  read: (id: string) => Promise<FullDraft | null>,
  taxPayable: ReturnType<typeof firmDeadlineInputs>['taxPayable'],
): Promise<PeriodTaxes> {
  const wanted = summaries.filter((d) => d.kind === 'ct600' && d.periodFrom !== null && d.periodTo !== null && paymentDatePassed(d.periodTo, today));
  const drafts: BuiltDraft[] = [];
  for (const d of wanted) {
    const draft = await read(d.id);
    if (draft) drafts.push(draft);
  }
  return taxPayable(drafts, (d) => builds.bytes(d));
}
