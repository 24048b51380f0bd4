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
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { createServiceServer } from '../../main/server/service-server.js';
import { RemoteFilingService } from '../../main/service/remote-filing-service.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import type { EngineOperations } from '../../main/service/engine-operations.js';
import type { FaultSwitches } from '../../main/server/faults.js';
import { minimumReturn } from '../../test/fixtures/ct600-requests.js';

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

export async function run(): Promise<BenchResult> {
  const figures = await runLoad({ requests: 2000, concurrency: 20 });
  return {
    name: 'server-load',
    figures: { ...figures },
    targets: [
      {
        description: 'all 2,000 requests succeed at the first try',
        met: figures.succeeded === 2000 && figures.failures === 0 && figures.serverSaw === 2000,
      },
    ],
  };
}
