/**
 * Deflates a package's files on a thread of their own, so that compressing
 * them goes on beside the work this thread must do meanwhile (reading and
 * checking the report's facts), on the machine's other core. libuv's thread
 * pool cannot do that: it takes its next file only when this thread's event
 * loop turns, which a synchronous fact walk does not let it do, and starting
 * every file's job at once would hold a zlib state (about 256 KB) for each of
 * thousands of files.
 *
 * The thread is a worker_threads Worker made from source text (eval), so it
 * needs no file of its own in a packaged app, the CLI or the office server.
 * Files whose bytes live in a SharedArrayBuffer are shared with it, not
 * copied; others are copied once. It uses the same zlib at the same level as
 * the thread pool, so the package's bytes do not depend on which deflated it.
 */
import { Worker } from 'node:worker_threads';

/** The worker: deflate each file, pack the outputs into one buffer, hand it over without a copy. */
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { deflateRawSync } = require('node:zlib');
parentPort.once('message', ({ files, level }) => {
  try {
    const outs = files.map((bytes) => deflateRawSync(bytes, { level }));
    const ends = new Array(outs.length);
    let total = 0;
    for (let i = 0; i < outs.length; i++) ends[i] = total += outs[i].length;
    const packed = new Uint8Array(total);
    for (let i = 0, at = 0; i < outs.length; at = ends[i++]) packed.set(outs[i], at);
    parentPort.postMessage({ packed, ends }, [packed.buffer]);
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

export interface DeflateJob {
  /** Each file's raw deflate output, in the order given. */
  result: Promise<Buffer[]>;
  /** Stops the thread if it is still working (a build that was refused meanwhile); harmless after the result. */
  abandon(): void;
}

/** Starts deflating `files` at `level` on a new thread; rejects if the thread cannot start or fails. */
export function deflateOnThread(files: readonly Uint8Array[], level: number): DeflateJob {
  // Kept referenced while its answer is awaited (a command-line build has nothing else keeping the process alive);
  // a refused build stops it with abandon().
  const worker = new Worker(SOURCE, { eval: true });
  let settled = false;
  const result = new Promise<Buffer[]>((resolve, reject) => {
    worker.once('message', (reply: { packed: Uint8Array; ends: number[] } | { error: string }) => {
      settled = true;
      void worker.terminate();
      if ('error' in reply) return reject(new Error(`deflating the package's files failed: ${reply.error}`));
      const packed = Buffer.from(reply.packed.buffer, reply.packed.byteOffset, reply.packed.byteLength);
      resolve(reply.ends.map((end, i) => packed.subarray(i === 0 ? 0 : reply.ends[i - 1]!, end)));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the thread deflating the package's files stopped (exit code ${code})`));
    });
  });
  result.catch(() => undefined); // a caller that gives up first leaves no unhandled rejection
  worker.postMessage({ files, level });
  return {
    result,
    abandon: () => {
      if (!settled) {
        settled = true;
        void worker.terminate();
      }
    },
  };
}
