/**
 * The Inline XBRL accounts writer: built accounts (../types.ts) to the one
 * XHTML document a person reads as the accounts and HMRC and Companies House
 * read as tagged facts.
 *
 * The CLI and the window call one function:
 *
 *   accountsDocument(accounts, { software: 'Filing Desk', version: '1.4.0' })
 *     → { xhtml, bytes }   (bytes: the UTF-8 file to save or attach)
 *
 * with `copy: 'filing'` for the copy delivered to Companies House (without
 * the profit and loss account when the directors elect not to deliver it).
 * Bad accounts (an empty company name, a registered number Companies House
 * would not recognise, an approval date not after the period end, a signing
 * director who is not a director) are refused with a RequestValidationError
 * naming the field; nothing is half written.
 *
 * What the document contains and which checks it passes: README, "Accounts
 * from a trial balance". The names it tags and where each came from:
 * taxonomy.ts.
 */
import { writeAccountsIxbrl, type AccountsDocumentOptions } from './document.js';
import type { Accounts } from '../types.js';

export { writeAccountsIxbrl, type AccountsDocumentOptions } from './document.js';
export { ENTRY_POINT, suiteFor } from './taxonomy.js';

export interface AccountsDocument {
  xhtml: string;
  bytes: Uint8Array;
}

export function accountsDocument(accounts: Accounts, options: AccountsDocumentOptions): AccountsDocument {
  const xhtml = writeAccountsIxbrl(accounts, options);
  return { xhtml, bytes: new TextEncoder().encode(xhtml) };
}
