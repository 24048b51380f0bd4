import { describe, it, expect, afterEach } from 'vitest';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnChecksWorker, workerChecks, type WorkerChecks } from '../../main/server/engine-worker-checks.js';
import { ValidationJobs } from '../../main/engine/validation/index.js';

let checks: WorkerChecks | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await checks?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('validation checks in the engine worker', () => {
  it('a worker that dies fails only the job it was checking; the next job gets a fresh worker and succeeds', async () => {
    let spawned = 0;
    // The first worker dies as one exhausting its memory would; later ones are the real worker.
    checks = workerChecks(() => (++spawned === 1 ? new Worker('process.exit(7)', { eval: true }) : spawnChecksWorker()));
    dataDir = mkdtempSync(join(tmpdir(), 'fd-worker-checks-'));
    const jobs = new ValidationJobs({ dataDir, runChecks: checks.runChecks, onSweep: () => undefined });
    const xml = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><r/>');
    const first = await jobs.create('first.xml', xml);
    await jobs.whenSettled(first.id);
    const second = await jobs.create('second.xml', xml);
    await jobs.whenSettled(second.id);
    expect((await jobs.getStatus(first.id))!.jobStatus).toBe('failed');
    const after = await jobs.getStatus(second.id);
    expect(after!.jobStatus).toBe('success');
    expect(after!.validations.length).toBeGreaterThan(0);
    expect(spawned).toBe(2);
    await jobs.close();
  });
});
