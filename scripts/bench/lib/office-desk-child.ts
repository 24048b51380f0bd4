/**
 * One desk in a process of its own, for the office benchmark: each message
 * on its IPC channel names a fresh data folder and the office, and the desk
 * syncs that folder with the office through the desk's own stores, record
 * adapters, sync state and connection (OfficeSync), then
 * answers with what it pulled. Twenty of these syncing at once are twenty
 * desks, each with its own event loop, as on a firm's network.
 */
import { ClientBook } from '../../../main/store/client-book.js';
import { DraftStore } from '../../../main/store/draft-store.js';
import { AccountsDrafts } from '../../../main/store/accounts-drafts.js';
import { createRecordAdapters } from '../../../main/office/record-adapters/index.js';
import { OfficeConnection } from '../../../main/office/office-connection.js';
import { OfficeSync } from '../../../main/office/office-sync.js';
import { SyncStateFile } from '../../../main/office/sync-state.js';

export interface DeskSyncOrder {
  dataDir: string;
  url: string;
  user: string;
  password: string;
  desk: string;
}

export type DeskSyncAnswer = { ok: true; pulled: number; conflicts: number } | { ok: false; error: string };
export interface DeskReady {
  ready: true;
}

if (!process.send) throw new Error("office-desk-child.ts answers on an IPC channel: spawn it with stdio [..., 'ipc']");
const send = process.send.bind(process);

async function syncDesk(order: DeskSyncOrder): Promise<DeskSyncAnswer> {
  // The stores' housekeeping notes (temporary files tidied) would drown the bench's output; failures come back as the answer.
  const log = () => undefined;
  const adapters = createRecordAdapters({
    clientBook: new ClientBook({ dataDir: order.dataDir, log }),
    drafts: new DraftStore({ dataDir: order.dataDir, log }),
    accountsDrafts: new AccountsDrafts({ dataDir: order.dataDir, log }),
  });
  const connection = new OfficeConnection({
    settings: { url: order.url, user: order.user, desk: order.desk, fingerprint: null },
    certificatePem: null,
    password: async () => order.password,
  });
  const result = await new OfficeSync({ connection, adapters, state: new SyncStateFile(order.dataDir) }).run();
  return { ok: true, pulled: result.pulled, conflicts: result.conflicts.length };
}

process.on('message', (order: DeskSyncOrder) => {
  syncDesk(order).then(send, (error: unknown) => send({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});
process.on('disconnect', () => process.exit(0));
// Loaded and listening: the parent starts no clock before every desk has said so.
send({ ready: true });
