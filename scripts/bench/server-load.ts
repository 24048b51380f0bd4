/**
 * Load test of the local contract server through the real remote client,
 * loopback only, bounded: 2,000 requests, 20 in flight, then it stops.
 * Half build a CT600 with the real engine, half read a validation job's
 * status. Figures: requests/s, p50/p95/p99 latency, and three counts kept
 * apart: requests started, succeeded and failed, plus the requests the
 * server itself saw. The client never retries (maxAttempts 1), so a request
 * that failed once is a failure, not a success on a second try.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { createServiceServer } from '../../main/server/service-server.js';
import { RemoteFilingService } from '../../main/service/remote-filing-service.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import type { EngineOperations } from '../../main/service/engine-operations.js';
import type { FaultSwitches } from '../../main/server/faults.js';
import { minimumReturn } from '../../test/fixtures/ct600-requests.js';
import { ct600RequestForWire } from '../../main/service/remote/ct600-wire-codes.js';
import { median, round, RUNS, type SummaryRow } from './lib/measure.js';
import { serviceNodeFlags } from './lib/service-node-flags.js';
import type { ServiceChildReady } from './lib/service-child.js';
import { sized, type BenchOptions } from './lib/cases.js';

export interface LoadOptions {
  requests: number;
  concurrency: number;
  /** The real engine unless a test passes another. */
  engine?: EngineOperations;
  /** Fault switches for the server (tests show a failure is counted as one). */
  faults?: FaultSwitches;
}

export interface LoadFigures {
  /** The number asked for. */
  requests: number;
  concurrency: number;
  /** Requests the load sent (each once: no retries). */
  attempted: number;
  succeeded: number;
  failures: number;
  /** Operation requests that reached the server during the load, counted by the server. */
  serverSaw: number;
  firstFailure: string;
  durationMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fd-server-load-'));
  const credentials = {
    clientId: 'load-test-client',
    clientSecret: randomBytes(16).toString('hex'),
    username: 'load@example.co.uk',
    password: randomBytes(16).toString('hex'),
  };
  let counting = false;
  let serverSaw = 0;
  const server = await createServiceServer({
    credentials,
    dataDir,
    host: '127.0.0.1',
    onRequest: (seen) => {
      if (counting && seen.path !== '/connect/token') serverSaw++;
    },
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
  });
  try {
    const url = await server.listen(0);
    const client = new RemoteFilingService({
      settings: {
        baseUrl: url,
        authUrl: url,
        clientId: credentials.clientId,
        username: credentials.username,
        timeoutMs: 30_000,
        // One try per request: a retried success would hide a failure.
        retry: { maxAttempts: 1 },
      },
      credentials: new MemoryCredentialStore('load test'),
    });
    await client.signIn({ clientSecret: credentials.clientSecret, password: credentials.password });
    const job = await client.createValidationJob('load.xml', new TextEncoder().encode('<a/>'));
    /** A minimal return the engine accepts: not within charge to CT, nil tax. */
    const ct600Request = minimumReturn();

    const latencies: number[] = [];
    let attempted = 0;
    let succeeded = 0;
    let failures = 0;
    let firstFailure = '';
    let next = 0;
    counting = true;
    const started = performance.now();
    const worker = async () => {
      while (next < options.requests) {
        const n = next++;
        attempted++;
        const t0 = performance.now();
        try {
          if (n % 2 === 0) await client.buildCt600(ct600Request);
          else await client.getFilteredValidationStatus(job.value.id);
          succeeded++;
        } catch (err) {
          failures++;
          firstFailure ||= err instanceof Error ? err.message : String(err);
        }
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const durationMs = performance.now() - started;
    counting = false;
    latencies.sort((a, b) => a - b);
    return {
      requests: options.requests,
      concurrency: options.concurrency,
      attempted,
      succeeded,
      failures,
      serverSaw,
      firstFailure,
      durationMs: Math.round(durationMs),
      requestsPerSecond: Math.round((latencies.length / durationMs) * 1000 * 10) / 10,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      p99Ms: percentile(latencies, 99),
    };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One load against a server in a child process: `requests` build-ct600 calls, `concurrency` in flight. */
interface Drive {
  durationMs: number;
  latencies: number[];
  failures: number;
  firstFailure: string;
}

interface ChildServer {
  url: string;
  token: string;
  pid: number;
  stop(): Promise<void>;
}

const childScript = fileURLToPath(new URL('./lib/service-child.ts', import.meta.url));

/** BENCH_SERVER_PROFILE=<folder>: each server process writes a V8 CPU profile there (node --cpu-prof) when it stops. */
const profileArgs = process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_PROFILE] : [];

/** Starts the server in its own process, with the Node options `npm run service` uses, and signs in through the app's own client. */
async function startChild(mode: 'engine' | 'static'): Promise<ChildServer> {
  // The server's own start-up lines (its idempotency sweep among them) go to stdout like any office server's;
  // the child reports where it listens on the IPC channel, so nothing the server prints can be mistaken for it.
  const child = spawn(process.execPath, [...serviceNodeFlags(), ...profileArgs, '--import', 'tsx', childScript, mode], { stdio: ['pipe', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { url, credentials } = await new Promise<ServiceChildReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ServiceChildReady));
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited (${code}) before listening`)));
  });
  const client = new RemoteFilingService({
    settings: { baseUrl: url, authUrl: url, clientId: credentials.clientId, username: credentials.username, timeoutMs: 30_000, retry: { maxAttempts: 1 } },
    credentials: new MemoryCredentialStore('load test'),
  });
  await client.signIn({ clientSecret: credentials.clientSecret, password: credentials.password });
  return {
    url,
    token: await client.session.accessToken(),
    pid: child.pid!,
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
}

/**
 * The load itself over node:http (keep-alive, `concurrency` sockets): a
 * generator much cheaper than the server, so the server is what is measured.
 * Every answer must be 200 with exactly the expected body.
 */
async function drive(server: ChildServer, body: string, expected: string | undefined, requests: number, concurrency: number): Promise<Drive & { firstBody: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL('/hrmc/build-ct600', server.url);
  const headers = {
    Authorization: `Bearer ${server.token}`,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    Accept: 'application/json',
  };
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure = '';
  let firstBody = '';
  let next = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = httpRequest(target, { method: 'POST', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          firstBody ||= text;
          if (res.statusCode !== 200 || (expected !== undefined && text !== expected)) {
            failures++;
            firstFailure ||= `status ${res.statusCode}: ${text.slice(0, 200)}`;
          }
          latencies.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', (err) => {
        failures++;
        firstFailure ||= err.message;
        latencies.push(performance.now() - t0);
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        await one();
      }
    }),
  );
  const durationMs = performance.now() - started;
  agent.destroy();
  return { durationMs, latencies, failures, firstFailure, firstBody };
}

function peakRssOf(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

function resetPeakRssOf(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux or not permitted: the peak then counts from the child's start.
  }
}

export interface CeilingFigures {
  ours: { durationMs: number; requestsPerSecond: number; p50Ms: number; p99Ms: number };
  ceiling: { durationMs: number; requestsPerSecond: number; p50Ms: number; p99Ms: number };
  /** ours' requests/s as a share of the ceiling's. */
  shareOfCeiling: number;
  failures: number;
  firstFailure: string;
  responseBytes: number;
  peakRssMB: number;
}

/**
 * Ours (the real engine) against the framework's ceiling (the same server,
 * sign-in, bearer check, idempotency hooks and body parser, answering the
 * same bytes without building them): alternately, after a warm-up of each,
 * `runs` loads of `requests` each; medians of the durations, percentiles over
 * every request of the measured loads.
 */
export async function runCeiling(requests = 2000, concurrency = 20, runs = RUNS): Promise<CeilingFigures> {
  const body = JSON.stringify(ct600RequestForWire(minimumReturn()));
  const ours = await startChild('engine');
  const ceiling = await startChild('static');
  try {
    // The real engine's answer is deterministic for one request: every answer, ours and static, must be these bytes.
    const expected = (await drive(ours, body, undefined, 1, 1)).firstBody;
    let failures = 0;
    let firstFailure = '';
    const tally = (d: Drive) => {
      failures += d.failures;
      firstFailure ||= d.firstFailure;
    };
    tally(await drive(ours, body, expected, Math.min(500, requests), concurrency));
    tally(await drive(ceiling, body, expected, Math.min(500, requests), concurrency));
    resetPeakRssOf(ours.pid);
    const o: Drive[] = [];
    const c: Drive[] = [];
    for (let i = 0; i < runs; i++) {
      for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const d = await drive(which === 0 ? ours : ceiling, body, expected, requests, concurrency);
        tally(d);
        (which === 0 ? o : c).push(d);
      }
    }
    const sum = (list: Drive[]) => {
      const durationMs = median(list.map((d) => d.durationMs));
      const all = list.flatMap((d) => d.latencies).sort((a, b) => a - b);
      return { durationMs: round(durationMs, 1), requestsPerSecond: round((requests / durationMs) * 1000, 0), p50Ms: percentile(all, 50), p99Ms: percentile(all, 99) };
    };
    const oursSum = sum(o);
    const ceilingSum = sum(c);
    return {
      ours: oursSum,
      ceiling: ceilingSum,
      shareOfCeiling: round(oursSum.requestsPerSecond / ceilingSum.requestsPerSecond, 2),
      failures,
      firstFailure,
      responseBytes: Buffer.byteLength(expected),
      peakRssMB: round(peakRssOf(ours.pid), 0),
    };
  } finally {
    await ours.stop();
    await ceiling.stop();
  }
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const requests = sized(options, 2000, 10);
  const figures = await runLoad({ requests, concurrency: sized(options, 20, 2) });
  const vs = await runCeiling(requests, sized(options, 20, 2), sized(options, RUNS, 1));
  const row: SummaryRow = {
    case: `Local service, ${requests.toLocaleString('en-GB')} build-ct600 at ${figures.concurrency} in flight, vs the same server answering the same bytes statically`,
    oursMs: vs.ours.durationMs,
    baselineMs: vs.ceiling.durationMs,
    ratio: round(vs.ours.durationMs / vs.ceiling.durationMs, 2),
    peakRssMB: vs.peakRssMB,
    note:
      `ms = time for the ${requests.toLocaleString('en-GB')} requests; ours ${vs.ours.requestsPerSecond} req/s (p50 ${vs.ours.p50Ms} ms, p99 ${vs.ours.p99Ms} ms), ` +
      `ceiling ${vs.ceiling.requestsPerSecond} req/s (p50 ${vs.ceiling.p50Ms} ms, p99 ${vs.ceiling.p99Ms} ms): ` +
      `${Math.round(vs.shareOfCeiling * 100)} % of the ceiling; ${vs.responseBytes} B answers; RSS is the server process's`,
  };
  return {
    name: 'server-load',
    figures: {
      ...Object.fromEntries(Object.entries(figures).map(([k, v]) => [`mixed load: ${k}`, v])),
      'build-ct600 ours: requests/s': vs.ours.requestsPerSecond,
      'build-ct600 ours: p50 (ms)': vs.ours.p50Ms,
      'build-ct600 ours: p99 (ms)': vs.ours.p99Ms,
      'build-ct600 ceiling: requests/s': vs.ceiling.requestsPerSecond,
      'build-ct600 ceiling: p50 (ms)': vs.ceiling.p50Ms,
      'build-ct600 ceiling: p99 (ms)': vs.ceiling.p99Ms,
      'build-ct600: share of the ceiling': vs.shareOfCeiling,
      'build-ct600: failed answers': vs.failures,
    },
    rows: [row],
    targets: [
      {
        description: `mixed load: all ${requests.toLocaleString('en-GB')} requests succeed at the first try`,
        met: figures.succeeded === requests && figures.failures === 0 && figures.serverSaw === requests,
      },
      { description: `build-ct600: every answer 200 with the expected bytes${vs.firstFailure ? ` (first failure: ${vs.firstFailure})` : ''}`, met: vs.failures === 0 },
      { description: 'build-ct600: ours ≥ 50 % of the static-body ceiling\'s requests per second', met: vs.shareOfCeiling >= 0.5 },
    ],
  };
}
