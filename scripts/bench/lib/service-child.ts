/**
 * The local filing server in a process of its own, for the service load
 * benchmark: the load generator must not share the server's event loop.
 *
 *   tsx scripts/bench/lib/service-child.ts engine   the server as the service CLI runs it (real engine)
 *   tsx scripts/bench/lib/service-child.ts static   the same server, but build-ct600 answers a fixed
 *                                                   body: the real engine's answer to the benchmark's
 *                                                   request, built once at start-up (same bytes)
 *
 * Sends one message ({ url, credentials }) on its IPC channel when it
 * listens (stdout is the server's own, for its start-up lines); stops when
 * its stdin closes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServiceServer } from '../../../main/server/service-server.js';
import { createEngineOperations } from '../../../main/service/engine-wiring.js';
import { buildCt600 } from '../../../main/engine/ct600/index.js';
import { ct600RequestForWire } from '../../../main/service/remote/ct600-wire-codes.js';
import { minimumReturn } from '../../../test/fixtures/ct600-requests.js';

export interface ServiceChildReady {
  url: string;
  credentials: { clientId: string; clientSecret: string; username: string; password: string };
}

const mode = process.argv[2];
if (!process.send) throw new Error('service-child.ts reports on an IPC channel: spawn it with stdio [..., \'ipc\']');
if (mode !== 'engine' && mode !== 'static') throw new Error('usage: service-child.ts engine|static');

const dataDir = await mkdtemp(join(tmpdir(), `fd-service-${mode}-`));
const credentials = {
  clientId: 'load-test-client',
  clientSecret: randomBytes(16).toString('hex'),
  username: 'load@example.co.uk',
  password: randomBytes(16).toString('hex'),
};

let engine;
if (mode === 'static') {
  const real = createEngineOperations({ dataDir });
  const answer = buildCt600(ct600RequestForWire(minimumReturn()));
  engine = { ...real, buildCt600: async () => answer };
}
const server = await createServiceServer({ credentials, dataDir, host: '127.0.0.1', ...(engine ? { engine } : {}) });
const url = await server.listen(0);
const ready: ServiceChildReady = { url, credentials };
process.send(ready);

process.stdin.resume();
process.stdin.on('end', () => {
  void server
    .close()
    .then(() => rm(dataDir, { recursive: true, force: true }))
    .finally(() => process.exit(0));
});
