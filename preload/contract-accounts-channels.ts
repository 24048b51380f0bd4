/**
 * The Accounts wizard's channels: their requests and responses, the channel
 * map contract.ts joins into the one map, and the bridge's methods. The
 * draft itself is in contract-accounts.ts, the screens' views in
 * contract-accounts-views.ts.
 */
import type { Draft } from './contract-drafts.js';
import type { FileSaveResponse } from './contract-files.js';
import type { IpcResult } from './contract-ipc.js';
import type { AccountsAnswers, AccountsDraftList, AccountsStandard } from './contract-accounts.js';
import type { AccountsPreview, AccountsStatementsView, AccountsView } from './contract-accounts-views.js';

export interface AccountsCreateRequest {
  clientId: string;
  periodFrom: string;
  periodTo: string;
  standard: AccountsStandard;
}

export interface AccountsIdRequest {
  id: string;
}

export interface AccountsSaveRequest {
  id: string;
  standard: AccountsStandard;
  answers: AccountsAnswers;
}

export interface AccountsSaveResponse {
  changedAt: string;
  changedSinceBuild: boolean;
}

export interface AccountsTrialBalanceRequest {
  id: string;
  fileName: string;
  bytes: Uint8Array;
}

/** Answers for codes the default mapping cannot place: code → line key, or '' to clear one. */
export interface AccountsMappingRequest {
  id: string;
  answers: Record<string, string>;
}

export interface AccountsBuildResponse {
  view: AccountsView;
  statements: AccountsStatementsView;
}

/**
 * Attach the last built accounts to a CT600 draft as its accounts (box 80A):
 * the draft named, or (null) the client's CT600 draft for the same period.
 * The accounts attached before from this draft are replaced, once the new
 * file is attached.
 */
export interface AccountsAttachRequest {
  id: string;
  ct600DraftId: string | null;
  /** Remove accounts attached to the return some other way (a file the user dropped) once these are attached. */
  replaceOtherAccounts: boolean;
}

export type AccountsAttachResponse =
  | { outcome: 'attached'; draft: Draft; attachmentId: string; view: AccountsView }
  /** No CT600 draft of the client covers the period: the window offers to start one. */
  | { outcome: 'no-return' }
  /** The return already has other accounts attached: the window asks before replacing them. Nothing was changed. */
  | { outcome: 'other-accounts'; ct600DraftId: string; title: string; fileNames: string[] };

export interface AccountsChannels {
  'accounts.list': { request: void; response: AccountsDraftList };
  'accounts.create': { request: AccountsCreateRequest; response: AccountsView };
  'accounts.open': { request: AccountsIdRequest; response: AccountsView };
  'accounts.save': { request: AccountsSaveRequest; response: AccountsSaveResponse };
  'accounts.setTrialBalance': { request: AccountsTrialBalanceRequest; response: AccountsView };
  'accounts.answerMapping': { request: AccountsMappingRequest; response: AccountsView };
  'accounts.statements': { request: AccountsIdRequest; response: AccountsStatementsView };
  'accounts.build': { request: AccountsIdRequest; response: AccountsBuildResponse };
  'accounts.preview': { request: AccountsIdRequest; response: AccountsPreview };
  'accounts.attachToReturn': { request: AccountsAttachRequest; response: AccountsAttachResponse };
  'accounts.saveFile': { request: AccountsIdRequest; response: FileSaveResponse };
}

export const accountsChannels = [
  'accounts.list',
  'accounts.create',
  'accounts.open',
  'accounts.save',
  'accounts.setTrialBalance',
  'accounts.answerMapping',
  'accounts.statements',
  'accounts.build',
  'accounts.preview',
  'accounts.attachToReturn',
  'accounts.saveFile',
] as const satisfies ReadonlyArray<keyof AccountsChannels>;

export interface AccountsBridge {
  listAccounts(): Promise<IpcResult<AccountsDraftList>>;
  /** Starts accounts for a client and period; the company's name and number come from the client book. */
  createAccounts(request: AccountsCreateRequest): Promise<IpcResult<AccountsView>>;
  openAccounts(request: AccountsIdRequest): Promise<IpcResult<AccountsView>>;
  saveAccounts(request: AccountsSaveRequest): Promise<IpcResult<AccountsSaveResponse>>;
  /** Keeps a trial balance export with the draft (refused, and the one kept before stays, when it cannot be read). */
  setTrialBalance(request: AccountsTrialBalanceRequest): Promise<IpcResult<AccountsView>>;
  /** Places codes the default mapping cannot; the answers are kept for the client's next period too. */
  answerMapping(request: AccountsMappingRequest): Promise<IpcResult<AccountsView>>;
  accountsStatements(request: AccountsIdRequest): Promise<IpcResult<AccountsStatementsView>>;
  buildAccounts(request: AccountsIdRequest): Promise<IpcResult<AccountsBuildResponse>>;
  previewAccounts(request: AccountsIdRequest): Promise<IpcResult<AccountsPreview>>;
  attachAccountsToReturn(request: AccountsAttachRequest): Promise<IpcResult<AccountsAttachResponse>>;
  saveAccountsFile(request: AccountsIdRequest): Promise<IpcResult<FileSaveResponse>>;
}

export const accountsBridgeChannels = {
  listAccounts: 'accounts.list',
  createAccounts: 'accounts.create',
  openAccounts: 'accounts.open',
  saveAccounts: 'accounts.save',
  setTrialBalance: 'accounts.setTrialBalance',
  answerMapping: 'accounts.answerMapping',
  accountsStatements: 'accounts.statements',
  buildAccounts: 'accounts.build',
  previewAccounts: 'accounts.preview',
  attachAccountsToReturn: 'accounts.attachToReturn',
  saveAccountsFile: 'accounts.saveFile',
} as const satisfies { [M in keyof AccountsBridge]: keyof AccountsChannels };
