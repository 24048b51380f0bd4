/**
 * What the Accounts wizard's handlers ask of the accounts engine: read a
 * trial balance export, place codes by the default mapping, build the
 * accounts and write them as Inline XBRL. An interface so the handlers take
 * it in their constructor; createAccountsEngine gives the engine's own, the
 * same code `cli accounts build` runs, so the window and the command line
 * follow one set of rules.
 */
import type { Accounts, AccountsRequest, AccountsResult, AccountsStandard, IsoDate, LineKey } from '../engine/accounts/types.js';
import { decodeExportText, importTrialBalance, type ImportedTrialBalance } from '../engine/accounts/trial-balance/index.js';
import { placeTrialBalance } from '../engine/accounts/mapping/index.js';
import { buildAccounts } from '../engine/accounts/statements/index.js';
import { writeAccountsIxbrl } from '../engine/accounts/ixbrl/document.js';

export interface AccountsEngine {
  /** The export's bytes read as the engine reads them (UTF-8, or the Windows code page desktop programs write); throws RequestValidationError naming the row and column it cannot read. */
  readTrialBalance(bytes: Uint8Array): ImportedTrialBalance;
  /** The codes the default mapping places (Sage UK nominal ledger, Xero default chart, a director's loan or bank account by its name); the others are not in it. */
  placeByDefault(lines: ReadonlyArray<{ code: string; name: string; debit: number; credit: number }>, options: { standard: AccountsStandard; format: string }): Record<string, LineKey>;
  /** `today`: the last date the board can have approved the accounts on. */
  build(request: AccountsRequest, options: { today: IsoDate }): AccountsResult;
  /** The accounts as one Inline XBRL (XHTML) document. */
  write(accounts: Accounts, software: { name: string; version: string }): string;
}

export function createAccountsEngine(): AccountsEngine {
  return {
    readTrialBalance: (bytes) => importTrialBalance(decodeExportText(bytes).text),
    placeByDefault: (lines, options) => placeTrialBalance([...lines], options).mapping,
    build: buildAccounts,
    write: (accounts, software) => writeAccountsIxbrl(accounts, { software: software.name, version: software.version }),
  };
}
