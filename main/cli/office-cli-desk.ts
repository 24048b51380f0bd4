/**
 * The desk's office service for the office commands: the data folder's own
 * stores and the OS keychain, as the window has them, so `cli office sync`
 * and Sync now do the same thing to the same files. The office's refusals
 * are printed in the desk's words and end the command with exit 2.
 */
import { openCredentialStore } from '../credentials/open-credential-store.js';
import type { CredentialStore } from '../credentials/credential-store.js';
import { OfficeCertificateRefused, OfficeRefused, OfficeUnreachable } from '../office/office-connection.js';
import { OfficeDesk } from '../office/office-desk.js';
import { OfficeSettingsError } from '../office/office-settings.js';
import { OfficeUrlError } from '../office/office-transport.js';
import { createRecordAdapters } from '../office/record-adapters/index.js';
import { SyncStateError } from '../office/sync-state.js';
import { AccountsDrafts } from '../store/accounts-drafts.js';
import { ClientBook } from '../store/client-book.js';
import { DraftStore } from '../store/draft-store.js';
import { StoreError } from '../store/store-error.js';
import { CliUsageError, type CliIo, type ParsedArgs } from './io.js';
import { terminalText } from './safe-text.js';

export function dataFolderOf(parsed: ParsedArgs, usage: { area: string; name: string }): string {
  const dataDir = parsed.values['data-folder'];
  if (!dataDir) throw new CliUsageError("--data-folder is required: the desk's data folder", usage);
  return dataDir;
}

export async function openKeychain(io: CliIo): Promise<CredentialStore> {
  return openCredentialStore({ log: { warn: (...values: unknown[]) => io.err(`office: ${terminalText(values.map(String).join(' '))}\n`) } });
}

export function openOfficeDesk(dataDir: string, credentials: CredentialStore, io: CliIo): OfficeDesk {
  const log = (message: string) => io.err(`office: ${terminalText(message)}\n`);
  const stores = { clientBook: new ClientBook({ dataDir, log }), drafts: new DraftStore({ dataDir, log }), accountsDrafts: new AccountsDrafts({ dataDir }) };
  return new OfficeDesk({ dataDir, credentials, adapters: createRecordAdapters(stores) });
}

/**
 * What the office or the data folder refused, printed with what was not
 * done, and exit 2; undefined for anything else (a fault, left to the
 * command line's own handling).
 */
export function reportOfficeFailure(io: CliIo, error: unknown, notDone: string): number | undefined {
  let words: string | undefined;
  if (error instanceof OfficeUnreachable || error instanceof OfficeCertificateRefused) words = error.message;
  else if (error instanceof OfficeRefused) {
    const fields = error.fields.map((f) => `${f.field} ${f.message}`).join('; ');
    words = `the office refused: ${error.message}${fields ? ` (${fields})` : ''}`;
  } else if (error instanceof OfficeUrlError || error instanceof OfficeSettingsError || error instanceof SyncStateError) words = error.message;
  else if (error instanceof StoreError) {
    const fields = (error.errors ?? []).map((f) => `${f.field} ${f.message}`).join('; ');
    words = `${error.message}${fields ? ` (${fields})` : ''}`;
  }
  if (words === undefined) return undefined;
  io.err(`office: ${notDone}: ${terminalText(words)}\n`);
  return 2;
}
