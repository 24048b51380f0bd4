/**
 * The service's main thread under heavy and hostile input: how long it takes
 * to refuse bodies nested 100,000 levels deep or holding two million keys,
 * and the longest stall of its event loop (when no other request could be
 * answered) while a 20 MB validation job runs, with the checks in the engine
 * worker versus in the server's own thread.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BenchResult } from '../bench.js';
import { createServiceServer, type ServiceServer } from '../../main/server/service-server.js';
import { createEngineOperations } from '../../main/service/engine-wiring.js';
import { sized, type BenchOptions } from './lib/cases.js';
import { round } from './lib/measure.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const credentials = { clientId: 'bench', clientSecret: 'bench-secret', username: 'bench@example.co.uk', password: 'bench-password' };

async function returnOfSize(bytes: number): Promise<Buffer> {
  const sample = await readFile(join(repoRoot, '..', 'shared', 'ct600', 'vectors', 'tpvs-accepted-sample.xml'), 'utf8');
  const element = `<Extra>${'a'.repeat(100)}</Extra>`;
  return Buffer.from(sample.replace('</Body>', `${element.repeat(Math.ceil((bytes - sample.length) / element.length))}</Body>`));
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: credentials.clientId, client_secret: credentials.clientSecret, username: credentials.username, password: credentials.password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Runs `work` and reports the longest gap between 5 ms timer ticks of this thread meanwhile. */
async function longestStall(work: () => Promise<void>): Promise<{ stallMs: number; totalMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  await work();
  const totalMs = performance.now() - start;
  clearInterval(timer);
  return { stallMs: Math.max(longest, performance.now() - last), totalMs };
}

async function withServer<T>(inThread: boolean, use: (url: string, auth: Record<string, string>) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fd-bench-hostile-'));
  const server: ServiceServer = await createServiceServer({
    credentials,
    dataDir,
    ...(inThread ? { engine: createEngineOperations({ dataDir }) } : {}),
  });
  try {
    const url = await server.listen(0);
    return await use(url, { authorization: `Bearer ${await token(url)}`, 'content-type': 'application/json', 'x-api-version': '1.0' });
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The upload and the status polls come from a worker thread of their own: a
 * client in the server's thread would put its own work (encoding and
 * sending a 27 MB body) into the stall measured, which no real client does.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.once('message', async () => {
  const { url, auth, body } = workerData;
  const res = await fetch(url + '/validation', { method: 'POST', headers: auth, body });
  const { id } = await res.json();
  for (;;) {
    const status = await (await fetch(url + '/validation/status/' + id, { headers: auth })).json();
    if (status.jobStatus !== 'queued' && status.jobStatus !== 'running') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage('done');
});
`;

async function validationStall(inThread: boolean, file: Buffer) {
  return withServer(inThread, async (url, auth) => {
    const body = JSON.stringify({ fileName: 'big.xml', contentBase64: file.toString('base64') });
    // The body is handed to the client before the clock starts.
    const client = new Worker(CLIENT, { eval: true, workerData: { url, auth, body } });
    await new Promise((resolve) => client.once('online', resolve));
    try {
      return await longestStall(async () => {
        const done = new Promise((resolve, reject) => {
          client.once('message', resolve);
          client.once('error', reject);
        });
        client.postMessage('go');
        await done;
      });
    } finally {
      await client.terminate();
    }
  });
}

async function refusalMs(body: string): Promise<number> {
  return withServer(false, async (url, auth) => {
    const start = performance.now();
    const res = await fetch(`${url}/hrmc/build-ct600`, { method: 'POST', headers: auth, body });
    await res.text();
    if (res.status !== 400) throw new Error(`expected 400, got ${res.status}`);
    return performance.now() - start;
  });
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const file = await returnOfSize(sized(options, 20 * 1024 * 1024, 64 * 1024));
  const mb = round(file.length / 1048576, 1);
  const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
  const wide = `{${Array.from({ length: 2_000_000 }, (_, i) => `"k${i}":0`).join(',')}}`;
  const deepMs = await refusalMs(deep);
  const wideMs = await refusalMs(wide);
  const inWorker = await validationStall(false, file);
  const inThread = await validationStall(true, file);
  return {
    name: 'server-hostile',
    figures: {
      'refuse a body nested 100,000 levels (ms)': Math.round(deepMs),
      [`refuse a body of 2 million keys, ${(wide.length / 1048576).toFixed(1)} MB (ms)`]: Math.round(wideMs),
      [`${mb} MB validation job, checks in the worker: total (ms)`]: Math.round(inWorker.totalMs),
      [`${mb} MB validation job, checks in the worker: longest event-loop stall (ms)`]: Math.round(inWorker.stallMs),
      [`${mb} MB validation job, checks in the server thread: total (ms)`]: Math.round(inThread.totalMs),
      [`${mb} MB validation job, checks in the server thread: longest event-loop stall (ms)`]: Math.round(inThread.stallMs),
    },
    rows: [
      { case: 'Service: refuse a JSON body nested 100,000 levels', oursMs: round(deepMs, 1), baselineMs: null, ratio: null, peakRssMB: null },
      { case: 'Service: refuse a JSON body of 2 million keys', oursMs: round(wideMs, 1), baselineMs: null, ratio: null, peakRssMB: null, note: `${(wide.length / 1048576).toFixed(1)} MB` },
      {
        case: `Service: longest event-loop stall during a ${mb} MB validation job, checks in the worker vs in the server thread`,
        oursMs: round(inWorker.stallMs, 1),
        baselineMs: round(inThread.stallMs, 1),
        ratio: round(inWorker.stallMs / inThread.stallMs, 2),
        peakRssMB: null,
        note: `job total ${Math.round(inWorker.totalMs)} ms in the worker, ${Math.round(inThread.totalMs)} ms in the thread`,
      },
    ],
    targets: [
      { description: 'a body nested 100,000 levels is refused within 100 ms', met: deepMs < 100 },
      { description: `with the checks in the worker, the server thread never stalls 200 ms during a 20 MB job (upload parsing included; longest ${Math.round(inWorker.stallMs)} ms)`, met: inWorker.stallMs < 200 },
    ],
  };
}
