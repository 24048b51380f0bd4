/**
 * The office server in a process of its own, for the office benchmark: the
 * desks that sync against it must not share its event loop, as on a firm's
 * network they do not. It opens the office database, brings it to the
 * schema and listens on loopback over http, as `cli office serve` does
 * without a certificate.
 *
 *   tsx scripts/bench/lib/office-server-child.ts <postgres-url>
 *
 * Sends one message ({ url }) on its IPC channel once it listens; stops when
 * its stdin closes.
 */
import type { AddressInfo } from 'node:net';
import { migrateOfficeDatabase, openOfficePool } from '../../../main/server/office/database.js';
import { createOfficeServer } from '../../../main/server/office/office-server.js';

export interface OfficeServerChildReady {
  url: string;
}

const database = process.argv[2];
if (!process.send) throw new Error("office-server-child.ts reports on an IPC channel: spawn it with stdio [..., 'ipc']");
if (!database) throw new Error('usage: office-server-child.ts <postgres-url>');

const pool = openOfficePool(database);
await migrateOfficeDatabase(pool);
const server = await createOfficeServer({ pool, log: (line) => console.error(line) });
await server.listen({ host: '127.0.0.1', port: 0 });
const ready: OfficeServerChildReady = { url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
process.send(ready);

process.stdin.resume();
process.stdin.on('end', () => {
  void server
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
