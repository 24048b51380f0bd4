/**
 * The service's validation checks in the engine worker thread: a 20 MB
 * return takes seconds to parse and check, and on the server's own thread
 * every other request (a status poll, a token) would wait for it. The worker
 * starts on the first job and is replaced if it dies, so one file that
 * exhausts memory fails its own job and nothing else.
 */
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEngineWorkerClient, type EngineWorkerClient } from '../engine-worker/engine-worker-client.js';
import type { FileChecks } from '../engine/validation/validate-file.js';

/** The worker next to this file: built JavaScript, or the TypeScript source run through tsx (npm run service, tests). */
export function spawnChecksWorker(): Worker {
  const built = fileURLToPath(new URL('../engine-worker/worker.js', import.meta.url));
  if (existsSync(built)) return new Worker(built, { name: 'filing-desk-service-checks' });
  const source = pathToFileURL(fileURLToPath(new URL('../engine-worker/worker.ts', import.meta.url))).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, name: 'filing-desk-service-checks' });
}

export interface WorkerChecks {
  runChecks(fileName: string, bytes: Uint8Array, today: string): Promise<FileChecks>;
  close(): Promise<void>;
}

/** `dataFolder`: where the firm's taxonomy packages are installed, which the checks use. */
export function workerChecks(spawn: () => Worker = spawnChecksWorker, dataFolder?: string): WorkerChecks {
  const client: EngineWorkerClient = createEngineWorkerClient(spawn);
  return {
    runChecks: (fileName, bytes, today) => client.run('validation.checkFile', fileName, bytes, today, dataFolder),
    close: () => client.close(),
  };
}
