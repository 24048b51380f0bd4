/**
 * The built accounts attached to the client's CT600 draft for the same
 * period as its accounts (box 80A), exactly as a dropped file is attached,
 * so the return's build, its attachment checks and the Computation step's
 * starting figures (profit before tax, turnover, depreciation) treat them
 * like any other accounts file. The new file is attached before the one it
 * replaces goes: a failure leaves the return with the accounts it had.
 */
import type { AccountsDraft } from '../../preload/contract-accounts.js';
import type { AccountsAttachResponse } from '../../preload/contract-accounts-channels.js';
import type { Draft, DraftList } from '../../preload/contract-drafts.js';
import { attach, detach } from '../store/draft-files.js';
import type { DraftStore } from '../store/draft-store.js';
import { IpcFailure } from './ipc-errors.js';

export type ReturnDrafts = DraftStore;

type Attached = Extract<AccountsAttachResponse, { outcome: 'attached' }>;
type Outcome = Omit<Attached, 'view'> | Exclude<AccountsAttachResponse, { outcome: 'attached' }>;

/** The client's CT600 draft ending on the accounts' balance sheet date, not yet filed; one for the same start first, then the latest changed. */
export function returnForPeriod(list: DraftList, accounts: Pick<AccountsDraft, 'clientId' | 'periodFrom' | 'periodTo'>): string | null {
  const candidates = list.drafts
    .filter((d) => d.kind === 'ct600' && d.clientId === accounts.clientId && d.periodTo === accounts.periodTo && !d.filed)
    .sort((a, b) => Number(b.periodFrom === accounts.periodFrom) - Number(a.periodFrom === accounts.periodFrom) || (a.changedAt < b.changedAt ? 1 : a.changedAt > b.changedAt ? -1 : 0));
  return candidates[0]?.id ?? null;
}

export async function attachToReturn(drafts: ReturnDrafts, accounts: AccountsDraft, bytes: Uint8Array, named: string | null, replaceOtherAccounts = false): Promise<Outcome> {
  const targetId = named ?? returnForPeriod(await drafts.list(), accounts);
  if (!targetId) return { outcome: 'no-return' };
  const target: Draft = await drafts.get(targetId);
  if (target.kind !== 'ct600') throw new IpcFailure('invalid-request', 'Accounts are attached only to a CT600 return.', [{ field: 'ct600DraftId', message: 'names a draft that is not a CT600 return' }]);
  if (target.clientId !== accounts.clientId) throw new IpcFailure('invalid-request', `That return is not ${accounts.companyName}’s: the accounts are attached only to the same client’s return.`, [{ field: 'ct600DraftId', message: 'names another client’s return' }]);
  const accountsFiles = target.attachments.filter((a) => a.role === 'accounts');
  const ours = accounts.attachedTo?.ct600DraftId === target.id ? accountsFiles.find((a) => a.id === accounts.attachedTo!.attachmentId) : undefined;
  const others = accountsFiles.filter((a) => a !== ours);
  if (others.length && !replaceOtherAccounts) return { outcome: 'other-accounts', ct600DraftId: target.id, title: target.title, fileNames: others.map((a) => a.fileName) };
  if (ours && ours.sha256 === accounts.lastBuild?.sha256 && !others.length) return { outcome: 'attached', draft: target, attachmentId: ours.id };
  let draft = await attach(drafts, target.id, { role: 'accounts', fileName: accounts.lastBuild!.fileName, bytes });
  const made = draft.attachments[draft.attachments.length - 1]!;
  for (const old of [...(ours ? [ours] : []), ...others]) draft = await detach(drafts, target.id, old.id);
  return { outcome: 'attached', draft, attachmentId: made.id };
}
