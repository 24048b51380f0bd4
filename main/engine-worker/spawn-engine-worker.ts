import { Worker } from 'node:worker_threads';
import { createEngineWorkerClient, type EngineWorkerClient } from './engine-worker-client.js';

/**
 * The app's engine runner: the bundled worker (dist/main/engine-worker.cjs,
 * loaded from inside app.asar, which Electron's worker threads can read).
 * It starts on the first engine call, not at launch.
 */
export function spawnEngineWorker(workerPath: string): EngineWorkerClient {
  return createEngineWorkerClient(() => new Worker(workerPath, { name: 'filing-desk-engine' }));
}
