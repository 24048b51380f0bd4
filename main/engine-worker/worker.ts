/**
 * The engine worker's entry point (bundled on its own as
 * dist/main/engine-worker.cjs). Parsing a 30 MB XML document or a 256 MB
 * package takes seconds and a lot of memory; here it neither freezes the
 * window (main's event loop keeps serving IPC and painting) nor, when memory
 * runs out, takes the main process down with it.
 */
import { parentPort } from 'node:worker_threads';
import { engineOperations } from './engine-operations.js';
import { toWorkerError, type WorkerMessage, type WorkerReply } from './worker-protocol.js';

if (!parentPort) throw new Error('engine-worker must run as a worker thread');
const port = parentPort;

// A large byte argument arrives as a view of memory shared with the caller, copied there before the request was sent (worker-protocol.ts).
port.on('message', async (message: WorkerMessage) => {
  let reply: WorkerReply;
  try {
    const operation = engineOperations[message.operation] as ((...args: unknown[]) => unknown) | undefined;
    if (!operation) throw new Error(`unknown engine operation ${JSON.stringify(message.operation)}`);
    reply = { id: message.id, ok: true, value: await operation(...message.args) };
  } catch (error) {
    reply = { id: message.id, ok: false, error: toWorkerError(error) };
  }
  port.postMessage(reply);
});
