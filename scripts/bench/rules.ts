/**
 * `npm run bench -- rules`: HMRC's full rule set (and ours) over a return
 * carrying 20 MB of attachments, in the engine worker, time per return; and,
 * in this thread, the heap the rules take over that return's DOM (the XPath
 * reads the 20 MB of attachment text in place, never copying it).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { BenchResult } from '../bench.js';
import { buildCt600 } from '../../main/engine/ct600/index.js';
import { readXmlText } from '../../main/engine/ct600/xml-dom.js';
import { createEngineWorkerClient } from '../../main/engine-worker/engine-worker-client.js';
import { runBusinessRules } from '../../main/engine/validation/rules/index.js';
import { returnWithAttachments } from './lib/ct600-inputs.js';
import { sized, type BenchOptions } from './lib/cases.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function heapTakenByRules(xml: string): { growthMB: number; rulesMs: number } {
  const read = readXmlText(xml);
  if (!read.ok) throw new Error(read.message);
  runBusinessRules(read.doc); // the rule table's XPath is parsed once, outside the measure
  gc();
  const before = process.memoryUsage().heapUsed;
  const start = performance.now();
  const messages = runBusinessRules(read.doc);
  const rulesMs = performance.now() - start;
  const after = process.memoryUsage().heapUsed;
  if (messages.length < 0) throw new Error('unreachable');
  return { growthMB: (after - before) / 1048576, rulesMs };
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const ATTACHMENTS = sized(options, 20 * 1024 * 1024, 64 * 1024);
  const RUNS = sized(options, 5, 1);
  const bytes = Buffer.from(buildCt600(returnWithAttachments(ATTACHMENTS)).xmlDoc, 'base64');
  const small = Buffer.from(buildCt600(returnWithAttachments(4096)).xmlDoc, 'base64');
  const source = pathToFileURL(join(repoRoot, 'main', 'engine-worker', 'worker.ts')).href;
  const client = createEngineWorkerClient(
    () => new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`, { eval: true }),
  );
  try {
    await client.run('validation.businessRules', new Uint8Array(await readFile(join(repoRoot, '..', 'shared', 'ct600', 'vectors', 'tpvs-accepted-sample.xml')))); // start-up, table parsed
    const perReturn: number[] = [];
    const rulesOnly: number[] = [];
    const smallRules: number[] = [];
    const smallPerReturn: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const result = await client.run('validation.businessRules', new Uint8Array(bytes));
      perReturn.push(performance.now() - start);
      rulesOnly.push(result.rulesMs);
      const smallStart = performance.now();
      smallRules.push((await client.run('validation.businessRules', new Uint8Array(small))).rulesMs);
      smallPerReturn.push(performance.now() - smallStart);
    }
    const heap = heapTakenByRules(bytes.toString('utf8'));
    const smallHeap = heapTakenByRules(small.toString('utf8'));
    const perReturnMs = median(perReturn);
    return {
      name: 'rules',
      figures: {
        'return size (MB)': Number((bytes.byteLength / 1048576).toFixed(1)),
        'all rules in the worker, per return, parse included (ms, median of 5)': Math.round(perReturnMs),
        'all rules in the worker, rules alone (ms, median of 5)': Math.round(median(rulesOnly)),
        'all rules on the same return with 4 KB of attachments, rules alone (ms)': Math.round(median(smallRules)),
        'heap taken by the rules over the 20 MB return in this thread (MB)': Number(heap.growthMB.toFixed(1)),
        'heap taken by the rules over the same return with 4 KB of attachments (MB)': Number(smallHeap.growthMB.toFixed(1)),
        'rules alone in this thread (ms)': Math.round(heap.rulesMs),
      },
      rows: [
        {
          case: `HMRC rules, ${(ATTACHMENTS / 1048576).toFixed(2)} MB of attachments, in the worker (per return), vs the same return with 4 KB`,
          oursMs: Number(perReturnMs.toFixed(1)),
          baselineMs: Number(median(smallPerReturn).toFixed(1)),
          ratio: Number((perReturnMs / median(smallPerReturn)).toFixed(2)),
          peakRssMB: null,
          note: `rules alone ${Math.round(median(rulesOnly))} ms vs ${Math.round(median(smallRules))} ms`,
        },
      ],
      targets: [
        { description: 'all rules over a return with 20 MB of attachments take under 10 s per return in the worker', met: perReturnMs < 10_000 },
        { description: 'the rules take less than 20 MB of heap over the 20 MB return (its text is read in place, not copied)', met: heap.growthMB < 20 },
        { description: 'the 20 MB of attachments add under 5 MB to the heap the rules take', met: heap.growthMB - smallHeap.growthMB < 5 },
      ],
    };
  } finally {
    await client.close();
  }
}
