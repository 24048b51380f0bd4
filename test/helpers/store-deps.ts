import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenDialog } from '../../main/ipc/draft-handlers.js';
import { ClientBook } from '../../main/store/client-book.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { OnlineDesk } from '../../main/online/online-desk.js';

/** The client book, draft store and open dialog for handler tests, in a fresh temporary data folder. */
export async function storeDeps(openDialog?: OpenDialog): Promise<{ dataDir: string; clients: ClientBook; drafts: DraftStore; openDialog: OpenDialog; online: OnlineDesk }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'filing-desk-data-'));
  const log = () => undefined;
  const clients = new ClientBook({ dataDir, log });
  const drafts = new DraftStore({ dataDir, log });
  return {
    dataDir,
    clients,
    drafts,
    // Not opened: the Online channels work from what is on disk, and nothing here is queued.
    online: new OnlineDesk({ dataDir, credentials: new MemoryCredentialStore(), drafts, clients, log }),
    openDialog: openDialog ?? { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
  };
}

/** Stores for tests that never touch them: their folder (under the temp folder) is only created if used. */
export function unusedStoreDeps(): { clients: ClientBook; drafts: DraftStore; openDialog: OpenDialog; online: OnlineDesk } {
  const dataDir = join(tmpdir(), `filing-desk-unused-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const log = () => undefined;
  const clients = new ClientBook({ dataDir, log });
  const drafts = new DraftStore({ dataDir, log });
  return {
    clients,
    drafts,
    online: new OnlineDesk({ dataDir, credentials: new MemoryCredentialStore(), drafts, clients, log }),
    openDialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
  };
}
