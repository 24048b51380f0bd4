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

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** The accepted sample grown to just under the drop limit with extra elements in its Body. */
async function documentAtLimit(): Promise<Uint8Array> {
  const sample = await readFile(join(repoRoot, '..', 'shared', 'ct600', 'vectors', 'tpvs-accepted-sample.xml'), 'utf8');
  const element = `<Extra>${'a'.repeat(100)}</Extra>`;
  const filler = element.repeat(Math.floor((MAX_CT600_XML_BYTES - sample.length - 1024) / element.length));
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

export async function run(): Promise<BenchResult> {
  const bytes = await documentAtLimit();
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
      targets: [
        { description: 'with the worker, the main thread never stalls 100 ms while a 30 MB return is checked', met: inWorker.stallMs < 100 },
      ],
    };
  } finally {
    await client.close();
  }
}
