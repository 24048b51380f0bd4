import { setImmediate } from 'node:timers/promises';
import type { EngineOperation, EngineRunner, OperationArgs, OperationResult } from './engine-operations.js';
import { fromWorkerError, PIECE_BYTES, type WorkerMessage, type WorkerReply } from './worker-protocol.js';

/** The part of node:worker_threads' Worker the client uses; tests may pass their own. */
export interface WorkerLike {
  postMessage(message: WorkerMessage): void;
  on(event: 'message', listener: (reply: WorkerReply) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<number>;
  ref?(): void;
  unref?(): void;
}

export interface EngineWorkerClient extends EngineRunner {
  /** Stops the worker; calls still waiting are rejected. */
  close(): Promise<void>;
}

/**
 * Runs engine operations in one long-lived worker thread, started on the
 * first call. Calls are answered by id, so several can wait at once (the
 * worker takes them in turn). If the worker dies (an uncaught error, out of
 * memory), every waiting call is rejected and the next call starts a fresh
 * worker: one bad file must not leave the app unable to check the next.
 */
/**
 * The arguments with each large byte argument copied into memory shared
 * with the worker, a piece per turn of the event loop (worker-protocol.ts,
 * PIECE_BYTES), so the worker reads it without a copy of its own. The
 * caller's bytes are only read. Undefined if the call was given up
 * meanwhile: the worker died.
 */
async function withSharedCopies(args: unknown[], large: number[], wanted: () => boolean): Promise<unknown[] | undefined> {
  const out = [...args];
  for (const arg of large) {
    const bytes = args[arg] as Uint8Array;
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
    for (let offset = 0; offset < bytes.byteLength; offset += PIECE_BYTES) {
      if (!wanted()) return undefined;
      shared.set(bytes.subarray(offset, offset + PIECE_BYTES), offset);
      await setImmediate();
    }
    out[arg] = shared;
  }
  return wanted() ? out : undefined;
}

export function createEngineWorkerClient(spawn: () => WorkerLike): EngineWorkerClient {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  const start = (): WorkerLike => {
    const started = spawn();
    started.on('message', (reply) => {
      const call = pending.get(reply.id);
      if (!call) return;
      pending.delete(reply.id);
      if (reply.ok) call.resolve(reply.value);
      else call.reject(fromWorkerError(reply.error));
      // An idle worker must not keep a process (a test, the CLI) alive.
      if (pending.size === 0) started.unref?.();
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(new Error(`the engine worker failed: ${error.message}`));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`the engine worker stopped (exit code ${code})`));
    });
    return started;
  };

  return {
    run<K extends EngineOperation>(operation: K, ...args: OperationArgs<K>): Promise<OperationResult<K>> {
      worker ??= start();
      const current = worker;
      const id = nextId++;
      return new Promise<OperationResult<K>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        current.ref?.();
        const fail = (error: unknown) => {
          // A value structured clone cannot copy (a function, …): a bug in the caller.
          pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        };
        const large = args.flatMap((arg, i) => (arg instanceof Uint8Array && arg.byteLength > PIECE_BYTES ? [i] : []));
        if (large.length === 0) {
          try {
            current.postMessage({ id, operation, args });
          } catch (error) {
            fail(error);
          }
          return;
        }
        withSharedCopies(args, large, () => pending.has(id))
          .then((shared) => {
            if (shared) current.postMessage({ id, operation, args: shared });
          })
          .catch(fail);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      failAll(new Error('the engine worker was closed'));
      if (current) await current.terminate();
    },
  };
}
