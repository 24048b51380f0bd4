/**
 * Everything the firm has, as the deadline rules take it: the client book's
 * clients, each with the periods of the returns started for it in the app (a
 * CT600 draft, built or not, and a submission to HMRC), so a return already
 * late is listed whatever its age until HMRC accepts it; and the companies no
 * client in the book has that a draft or a live submission names.
 *
 * Which client a return counts for: the client the draft (or submission) was
 * made for; one made without a client, or for a client no longer in the book,
 * counts for the client with the UTR typed in it. With neither, the company is
 * listed on its own, by the name and UTR in the return (a careful bookkeeper
 * would rather see a late return under a name the book lacks than not at
 * all); several such returns with one UTR (or, without a UTR, one name) are
 * one company. An archived client's returns are not listed: archiving a client
 * is how the firm says it no longer acts for it (its deadlines go with it). A
 * submission to HMRC's test services (Test in Live, the external test
 * service) counts for a client in the book, as work on its return, but never
 * lists a company of its own: such a company may be made up for the test.
 *
 * Used by the Deadlines screen (deadlines.list) and by `cli deadlines`, so the
 * two list the same periods from the same records.
 */
import type { Client, DraftSummary } from '../../preload/contract.js';
import type { AccountsProgress, DeadlineClientInput, DraftProgress, Period } from '../engine/deadlines/index.js';
import { accountsPeriodsByClient, accountsProgressOf, type AccountsWork } from './accounts-progress.js';
import { deadlineClientsOf, draftProgressOf, type AcceptedFiling } from './deadline-inputs.js';
import { taxesByPeriod, type BuiltDraft, type PeriodTaxes } from './tax-payable.js';

/** A draft's summary, and the UTR typed in it (read only for a draft whose client the book does not have). */
export type DeadlineDraft = DraftSummary & { utr?: string };

/** A submission to HMRC as the deadlines need it, with the company name sent in box 1. */
export type DeadlineSubmission = AcceptedFiling & { company?: string };

export interface FirmDeadlineInputs {
  /** The book's clients (not archived) with their returns' periods, then the companies the book lacks. */
  clients: DeadlineClientInput[];
  /** The id of the client (or company not in the book) a draft counts for; null when it counts for none. */
  ownerOf(draftId: string): string | null;
  /** How far each period's return has got, with boxes 525 and 480 of the returns built (`taxes`, by "owner/from/to"). */
  progress(taxes?: PeriodTaxes): DraftProgress;
  /** How far each period's accounts have got (accounts drafts, filings Companies House accepted live). */
  accountsProgress: AccountsProgress;
  /** Boxes 525 and 480 of the built returns, each counted for the client its draft counts for. */
  taxPayable(built: readonly BuiltDraft[], bytes: (draft: BuiltDraft) => Promise<Uint8Array | null>): Promise<PeriodTaxes>;
}

const compact = (utr: string | undefined) => (utr ?? '').replace(/\s+/g, '');

/** The UTR typed in a CT600 draft's form (box 3), spaces taken out; '' when none. */
export function utrTypedIn(form: unknown): string {
  const values = form && typeof form === 'object' ? (form as { values?: unknown }).values : undefined;
  const utr = values && typeof values === 'object' ? (values as Record<string, unknown>).utr : undefined;
  return typeof utr === 'string' ? compact(utr) : '';
}

/** A draft no client in the book accounts for by id (`clientIds`: every client's, archived too): its UTR is needed to place it. */
export function needsUtr(draft: DraftSummary, clientIds: ReadonlySet<string>): boolean {
  return draft.kind === 'ct600' && draft.periodFrom !== null && draft.periodTo !== null && (draft.clientId === null || !clientIds.has(draft.clientId));
}

export function firmDeadlineInputs(
  clients: readonly Client[],
  drafts: readonly DeadlineDraft[],
  submissions: readonly DeadlineSubmission[],
  accounts: readonly AccountsWork[] = [],
): FirmDeadlineInputs {
  const active = new Set<string>();
  const archived = new Set<string>();
  const activeByUtr = new Map<string, string>();
  const archivedUtrs = new Set<string>();
  for (const c of clients) {
    (c.archived ? archived : active).add(c.id);
    const utr = compact(c.utr);
    if (!utr) continue;
    if (c.archived) archivedUtrs.add(utr);
    else if (!activeByUtr.has(utr)) activeByUtr.set(utr, c.id);
  }
  const unlisted = new Map<string, DeadlineClientInput & { work: Period[] }>();
  const work = new Map<string, Period[]>();

  /** The client a return counts for; `mayList`: a company the book lacks is listed for it. */
  const owner = (clientId: string | null | undefined, utrText: string | undefined, name: string, mayList: boolean): string | null => {
    if (clientId && active.has(clientId)) return clientId;
    if (clientId && archived.has(clientId)) return null;
    const utr = compact(utrText);
    if (utr && activeByUtr.has(utr)) return activeByUtr.get(utr)!;
    if ((utr && archivedUtrs.has(utr)) || !mayList) return null;
    const title = name.trim() || 'A company with no name given';
    const key = utr ? `unlisted:utr:${utr}` : `unlisted:name:${title.toLowerCase()}`;
    if (!unlisted.has(key)) unlisted.set(key, { id: key, name: title, utr, usualPeriodEnd: '', periods: [], work: [], inBook: false });
    return key;
  };
  const addWork = (id: string, start: string, end: string) => {
    const list = work.get(id) ?? [];
    list.push({ start, end });
    work.set(id, list);
  };

  const ownerByDraft = new Map<string, string | null>();
  const ownedDrafts: DraftSummary[] = [];
  for (const d of drafts) {
    if (d.kind !== 'ct600') continue;
    const id = owner(d.clientId, d.utr, d.title, d.periodFrom !== null && d.periodTo !== null);
    ownerByDraft.set(d.id, id);
    if (id === null) continue;
    ownedDrafts.push({ ...d, clientId: id });
    if (d.periodFrom !== null && d.periodTo !== null) addWork(id, d.periodFrom, d.periodTo);
  }
  const ownedSubmissions: AcceptedFiling[] = [];
  for (const s of submissions) {
    const id = owner(s.clientId, s.utr, s.company ?? '', s.environment === 'live');
    if (id === null) continue;
    ownedSubmissions.push({ ...s, clientId: id });
    addWork(id, s.periodFrom, s.periodTo);
  }

  // Accounts count only for a client in the book: a company's accounts are made for a client.
  const accountsWork = accounts.filter((a) => active.has(a.clientId));
  const accountsPeriods = accountsPeriodsByClient(accountsWork);
  const inputs = [...deadlineClientsOf(clients), ...unlisted.values()].map((c) => ({ ...c, work: work.get(c.id) ?? [], accountsWork: accountsPeriods.get(c.id) ?? [] }));
  return {
    clients: inputs,
    ownerOf: (draftId) => ownerByDraft.get(draftId) ?? null,
    accountsProgress: accountsProgressOf(accountsWork),
    progress: (taxes) => draftProgressOf(ownedDrafts, { clients: [], submissions: ownedSubmissions }, taxes?.payable, taxes?.s455),
    taxPayable: (built, bytes) =>
      taxesByPeriod(
        built.flatMap((d) => {
          const id = ownerByDraft.get(d.id) ?? null;
          return id === null ? [] : [{ ...d, clientId: id }];
        }),
        bytes,
      ),
  };
}
