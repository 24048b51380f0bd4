/** What every step of the Accounts wizard reads and calls: the open draft's session, the bridge and moving between steps. */
import { createContext, useContext } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { AccountsFinding, AccountsStatementsView, FilingDeskBridge } from '../../../../preload/contract.js';
import type { AccountsSessionState } from './accounts-session.js';

export type AccountsStepId = 'trial-balance' | 'mapping' | 'statements' | 'directors' | 'check';

export const ACCOUNTS_STEPS: ReadonlyArray<{ id: AccountsStepId; title: string; summary: string }> = [
  { id: 'trial-balance', title: 'Trial balance', summary: 'The trial balance exported from the bookkeeping: a CSV with code, name, debit and credit, or Xero’s, QuickBooks Online’s, Sage’s or FreeAgent’s own export.' },
  { id: 'mapping', title: 'Mapping', summary: 'Where each code goes in the accounts. Only codes the standard charts (Sage’s UK nominal ledger, Xero’s default chart) cannot place are asked, once: the answers are kept for this client’s next accounts.' },
  { id: 'statements', title: 'Statements', summary: 'The balance sheet and profit and loss account as they will read, in the Companies Act formats. Show any figure’s working to see the trial balance codes behind it.' },
  { id: 'directors', title: 'Directors and approval', summary: 'Who the directors are, when the board approved the accounts and who signs the balance sheet, the average number of employees, and the notes the accounts must give.' },
  { id: 'check', title: 'Check and build', summary: 'Check your answers, build the accounts as Inline XBRL, see them as they read, save them and attach them to the corporation tax return.' },
];

export interface AccountsContext {
  bridge: FilingDeskBridge;
  session: StoreApi<AccountsSessionState>;
  state: AccountsSessionState;
  go(step: AccountsStepId, fieldId?: string): void;
  /** The engine's and the answers' checks as last asked (Continue on a step, Check and build). */
  statements: AccountsStatementsView | null;
  refreshStatements(): Promise<AccountsStatementsView | null>;
  /** Errors shown beside the fields of the steps the user has continued from. */
  shownError(fieldId: string): string | undefined;
  submitStep(step: AccountsStepId): Promise<void>;
}

export const AccountsCtx = createContext<AccountsContext | null>(null);

export function useAccounts(): AccountsContext {
  const ctx = useContext(AccountsCtx);
  if (!ctx) throw new Error('useAccounts outside the Accounts wizard');
  return ctx;
}

/** Which step a check's field belongs to. */
export function stepOfField(field: string | undefined): AccountsStepId {
  if (!field || field === 'build') return 'check';
  if (field === 'trialBalance') return 'trial-balance';
  if (field === 'mapping' || field.startsWith('mapping.')) return 'mapping';
  return 'directors';
}

/** The element a check's link moves the focus to. */
export function elementOfField(field: string | undefined): string {
  if (!field || field === 'build') return 'accounts-build';
  if (field === 'trialBalance') return 'trial-balance-choose';
  return `accounts-${field.replace(/\./g, '-')}`;
}

export const errorsOfStep = (checks: AccountsFinding[], step: AccountsStepId) => checks.filter((c) => c.severity === 'error' && stepOfField(c.field) === step);
