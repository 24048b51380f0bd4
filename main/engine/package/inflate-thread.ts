/**
 * Inflates a package's entries on a thread of their own while this thread
 * reads the report's facts, on the machine's other core (the package
 * validator's largest two costs, side by side). The thread only runs zlib
 * with the options zip-reader.ts gives each entry (inflateOptionsOf); what
 * its output or its failure means (the size and CRC-32 rules, a limit or
 * damaged data) is decided here by zip-reader.ts's own functions, so the
 * rules have one implementation whichever thread inflated.
 *
 * The entries' compressed data is copied once into a buffer handed to the
 * thread (the archive may be a view of something much larger); the outputs
 * come back packed in one buffer that is handed over, not copied.
 */
import { Worker } from 'node:worker_threads';
import { checkedContent, inflateFailure, inflateOptionsOf, type ZipArchive, type ZipEntry } from './zip-reader.js';

const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { inflateRawSync } = require('node:zlib');
parentPort.once('message', ({ data, ends, options }) => {
  const outs = new Array(ends.length);
  const failures = new Array(ends.length);
  let total = 0;
  for (let i = 0; i < ends.length; i++) {
    try {
      outs[i] = inflateRawSync(data.subarray(i === 0 ? 0 : ends[i - 1], ends[i]), options[i]);
      total += outs[i].length;
    } catch (err) {
      failures[i] = { code: err && err.code, message: String((err && err.message) || err) };
    }
  }
  const packed = new Uint8Array(total);
  const outEnds = new Array(ends.length);
  for (let i = 0, at = 0; i < ends.length; i++) {
    if (outs[i]) { packed.set(outs[i], at); at += outs[i].length; }
    outEnds[i] = at;
  }
  parentPort.postMessage({ packed, outEnds, failures }, [packed.buffer]);
});
`;

export interface InflateJob {
  /** An archive that reads the entries given from what the thread inflated, and any other entry itself. */
  result: Promise<ZipArchive>;
  abandon(): void;
}

/** Starts inflating `entries` (deflated ones; others are left to archive.read) of `archive` on a new thread. */
export function inflateOnThread(archive: ZipArchive, entries: readonly ZipEntry[]): InflateJob {
  const sent: ZipEntry[] = [];
  const datas: Buffer[] = [];
  for (const entry of entries) {
    if (entry.method !== 8 || entry.encrypted || entry.isDirectory) continue;
    try {
      datas.push(archive.storedData(entry));
      sent.push(entry);
    } catch {
      // A damaged local header: archive.read reports it, with the same words, when the entry is read.
    }
  }
  const ends: number[] = [];
  let total = 0;
  for (const d of datas) ends.push((total += d.length));
  const data = new Uint8Array(total);
  datas.forEach((d, i) => data.set(d, i === 0 ? 0 : ends[i - 1]!));

  const worker = new Worker(SOURCE, { eval: true });
  worker.unref();
  let settled = false;
  const result = new Promise<ZipArchive>((resolve, reject) => {
    worker.once('message', (reply: { packed: Uint8Array; outEnds: number[]; failures: ({ code?: string; message: string } | undefined)[] }) => {
      settled = true;
      void worker.terminate();
      const packed = Buffer.from(reply.packed.buffer, reply.packed.byteOffset, reply.packed.byteLength);
      const inflated = new Map<ZipEntry, { out: Buffer } | { failure: { code?: string; message: string } }>();
      sent.forEach((entry, i) => {
        const failure = reply.failures[i];
        inflated.set(entry, failure ? { failure } : { out: packed.subarray(i === 0 ? 0 : reply.outEnds[i - 1]!, reply.outEnds[i]!) });
      });
      resolve({
        entries: archive.entries,
        storedData: archive.storedData,
        read: (entry) => {
          const done = inflated.get(entry);
          if (!done) return archive.read(entry);
          if ('failure' in done) throw inflateFailure(entry, Object.assign(new Error(done.failure.message), { code: done.failure.code }));
          return checkedContent(entry, done.out);
        },
      });
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the thread inflating the package's entries stopped (exit code ${code})`));
    });
  });
  result.catch(() => undefined);
  worker.postMessage({ data, ends, options: sent.map(inflateOptionsOf) }, [data.buffer]);
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
