/**
 * What the engine worker buys the app's main process: the longest time the
 * main thread's event loop cannot run (no IPC answered, no window painted)
 * while a CT600 document at the 30 MB drop limit is checked, with the engine
 * in the main thread versus in the worker.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BenchResult } from '../bench.js';
import { inThreadRunner, type EngineRunner } from '../../main/engine-worker/engine-operations.js';
import { createEngineWorkerClient } from '../../main/engine-worker/engine-worker-client.js';
import { MAX_CT600_XML_BYTES } from '../../preload/contract.js';
import { sized, type BenchOptions } from './lib/cases.js';
import { round } from './lib/measure.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** The accepted sample grown to just under the drop limit with extra elements in its Body. */
async function documentOfSize(bytes: number): Promise<Uint8Array> {
  const sample = await readFile(join(repoRoot, '..', 'shared', 'ct600', 'vectors', 'tpvs-accepted-sample.xml'), 'utf8');
  const element = `<Extra>${'a'.repeat(100)}</Extra>`;
  const filler = element.repeat(Math.max(0, Math.floor((bytes - sample.length - 1024) / element.length)));
  return new TextEncoder().encode(sample.replace('</Body>', `${filler}</Body>`));
}

/** Runs one verify and reports the longest gap between 5 ms timer ticks meanwhile. */
async function longestStall(runner: EngineRunner, bytes: Uint8Array): Promise<{ stallMs: number; totalMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  await runner.run('ct600.verify', bytes);
  const totalMs = performance.now() - start;
  longest = Math.max(longest, performance.now() - last);
  clearInterval(timer);
  return { stallMs: longest, totalMs };
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const bytes = await documentOfSize(sized(options, MAX_CT600_XML_BYTES, 64 * 1024));
  const source = pathToFileURL(join(repoRoot, 'main', 'engine-worker', 'worker.ts')).href;
  const client = createEngineWorkerClient(
    () => new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`, { eval: true }),
  );
  try {
    await client.run('ct600.verify', new TextEncoder().encode(await readFile(join(repoRoot, '..', 'shared', 'ct600', 'vectors', 'tpvs-accepted-sample.xml'), 'utf8'))); // start-up
    const inThread = await longestStall(inThreadRunner, bytes);
    const inWorker = await longestStall(client, bytes);
    return {
      name: 'engine-worker',
      figures: {
        'document size (MB)': Number((bytes.byteLength / 1048576).toFixed(1)),
        'verify in main thread, total (ms)': Math.round(inThread.totalMs),
        'verify in main thread, longest event-loop stall (ms)': Math.round(inThread.stallMs),
        'verify in worker, total (ms)': Math.round(inWorker.totalMs),
        'verify in worker, longest event-loop stall (ms)': Math.round(inWorker.stallMs),
      },
      rows: [
        {
          case: `Engine worker: longest main-thread stall while a ${round(bytes.byteLength / 1048576, 1)} MB return is verified, worker vs in the main thread`,
          oursMs: round(inWorker.stallMs, 1),
          baselineMs: round(inThread.stallMs, 1),
          ratio: round(inWorker.stallMs / inThread.stallMs, 2),
          peakRssMB: null,
          note: `verify total ${Math.round(inWorker.totalMs)} ms in the worker, ${Math.round(inThread.totalMs)} ms in the thread`,
        },
      ],
      targets: [
        { description: 'with the worker, the main thread never stalls 100 ms while a 30 MB return is checked', met: inWorker.stallMs < 100 },
      ],
    };
  } finally {
    await client.close();
  }
}
