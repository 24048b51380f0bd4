/**
 * Load test of the local contract server through the real remote client,
 * loopback only, bounded: 2,000 requests, 20 in flight, then it stops.
 * Half build a CT600 with the real engine, half read a validation job's
 * status. Figures: requests/s, p50/p95/p99 latency, failures.
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
import { minimumReturn } from '../../test/fixtures/ct600-requests.js';

export interface LoadOptions {
  requests: number;
  concurrency: number;
  /** The real engine unless a test passes another. */
  engine?: EngineOperations;
}

export interface LoadFigures {
  requests: number;
  concurrency: number;
  failures: number;
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
  const server = await createServiceServer({
    credentials,
    dataDir,
    host: '127.0.0.1',
    ...(options.engine ? { engine: options.engine } : {}),
  });
  try {
    const url = await server.listen(0);
    const client = new RemoteFilingService({
      settings: { baseUrl: url, authUrl: url, clientId: credentials.clientId, username: credentials.username, timeoutMs: 30_000 },
      credentials: new MemoryCredentialStore('load test'),
    });
    await client.signIn({ clientSecret: credentials.clientSecret, password: credentials.password });
    const job = await client.createValidationJob('load.xml', new TextEncoder().encode('<a/>'));
    /** A minimal return the engine accepts: not within charge to CT, nil tax. */
    const ct600Request = minimumReturn();

    const latencies: number[] = [];
    let failures = 0;
    let firstFailure = '';
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < options.requests) {
        const n = next++;
        const t0 = performance.now();
        try {
          if (n % 2 === 0) await client.buildCt600(ct600Request);
          else await client.getFilteredValidationStatus(job.value.id);
        } catch (err) {
          failures++;
          firstFailure ||= err instanceof Error ? err.message : String(err);
        }
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const durationMs = performance.now() - started;
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      concurrency: options.concurrency,
      failures,
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
      { description: 'all 2,000 requests succeed', met: figures.failures === 0 && figures.requests === 2000 },
    ],
  };
}
