/**
 * The Deadlines screen's whole list: the Company Tax Returns due with HMRC
 * and the accounts due at Companies House, in one order (overdue first), so
 * the window, `cli deadlines` and the exports show the same rows.
 */
import { accountsDeadlineRows, type AccountsDeadlineRow, type AccountsProgress } from './accounts-list.js';
import { compareRows, deadlineRows, type DeadlineClientInput, type DeadlineListOptions, type DraftProgress, type ReturnDeadlineRow } from './deadline-list.js';

/** A row of the Deadlines screen: a Company Tax Return to HMRC, or accounts to Companies House. */
export type DeadlineRow = ReturnDeadlineRow | AccountsDeadlineRow;

export function allDeadlineRows(
  clients: readonly DeadlineClientInput[],
  progress: { returns: DraftProgress; accounts: AccountsProgress },
  options: DeadlineListOptions,
): DeadlineRow[] {
  const rows: DeadlineRow[] = [...deadlineRows(clients, progress.returns, options), ...accountsDeadlineRows(clients, progress.accounts, options)];
  return rows.sort(compareRows);
}
