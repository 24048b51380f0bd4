/**
 * The engine worker's entry point (bundled on its own as
 * dist/main/engine-worker.cjs). Parsing a 30 MB XML document or a 256 MB
 * package takes seconds and a lot of memory; here it neither freezes the
 * window (main's event loop keeps serving IPC and painting) nor, when memory
 * runs out, takes the main process down with it.
 */
import { parentPort } from 'node:worker_threads';
import { engineOperations } from './engine-operations.js';
import { isPiece, toWorkerError, type WorkerMessage, type WorkerReply } from './worker-protocol.js';

if (!parentPort) throw new Error('engine-worker must run as a worker thread');
const port = parentPort;

/** Large arguments being put together from their pieces, by request id and argument index. */
const arriving = new Map<string, Uint8Array>();

port.on('message', async (message: WorkerMessage) => {
  if (isPiece(message)) {
    const key = `${message.id}:${message.arg}`;
    let whole = arriving.get(key);
    if (!whole) arriving.set(key, (whole = new Uint8Array(message.total)));
    whole.set(message.bytes, message.offset);
    return;
  }
  let reply: WorkerReply;
  try {
    for (const index of message.pieced ?? []) {
      const key = `${message.id}:${index}`;
      const whole = arriving.get(key);
      arriving.delete(key);
      if (!whole) throw new Error(`argument ${index} of the request did not arrive`);
      message.args[index] = whole;
    }
    const operation = engineOperations[message.operation] as ((...args: unknown[]) => unknown) | undefined;
    if (!operation) throw new Error(`unknown engine operation ${JSON.stringify(message.operation)}`);
    reply = { id: message.id, ok: true, value: await operation(...message.args) };
  } catch (error) {
    reply = { id: message.id, ok: false, error: toWorkerError(error) };
  }
  port.postMessage(reply);
});
