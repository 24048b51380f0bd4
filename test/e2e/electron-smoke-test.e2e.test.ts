/**
 * `Filing Desk --smoke-test` in the Electron stand-in, with the real main
 * bundle: a whole app exits 0; an app whose engine worker is missing from the
 * package exits 1 and the log says why.
 */
import { existsSync } from 'node:fs';
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppFolder, chromiumPath, startElectronStandIn, type AppInstance, type ElectronStandIn } from '../electron-stand-in/index.js';
import { runKeychainTests } from '../credentials/secret-service.js';

/** The exit code, or a failure saying the app kept running (a smoke test must end by itself). */
function exitCodeWithin(app: AppInstance, ms: number): Promise<number> {
  return Promise.race([app.exited, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`the app was still running after ${ms / 1000} s`)), ms))]);
}

let built: Awaited<ReturnType<typeof buildAppFolder>>;
let standIn: ElectronStandIn;

beforeAll(async () => {
  built = await buildAppFolder();
  standIn = await startElectronStandIn({ appDir: built.appDir });
}, 180_000);

afterAll(async () => {
  await standIn?.close();
  await built?.remove();
});

describe.skipIf(!existsSync(chromiumPath))('--smoke-test in the Electron stand-in', () => {
  // The keychain check needs a real Secret Service (npm test starts a private one).
  it.skipIf(!runKeychainTests)('opens the window, hears from the engine worker and the keychain, logs it and exits 0', async () => {
    const app = standIn.launch({ args: ['--smoke-test'], isPackaged: true });
    await expect(exitCodeWithin(app, 45_000)).resolves.toBe(0);
    const log = await readFile(app.logFile, 'utf8');
    expect(log).toContain('smoke test: start screen: shown');
    expect(log).toContain('smoke test: engine worker: answered with the known IRmark');
    expect(log).toContain('smoke test: keychain: answered');
    expect(log).toContain('smoke test passed (3 of 3 checks answered)');
    expect(standIn.faults).toEqual([]);
  });

  it('exits 1 with the reason in the log when the package has no engine worker', async () => {
    const damaged = `${built.appDir}-without-worker`;
    await cp(built.appDir, damaged, { recursive: true, verbatimSymlinks: true });
    await rm(join(damaged, 'dist', 'main', 'engine-worker.cjs'));
    try {
      const app = standIn.launch({ args: ['--smoke-test'], isPackaged: true, appDir: damaged });
      await expect(exitCodeWithin(app, 45_000)).resolves.toBe(1);
      const log = await readFile(app.logFile, 'utf8');
      expect(log).toContain('smoke test: start screen: shown');
      expect(log).toMatch(/smoke test: engine worker: FAILED: .*engine-worker\.cjs/);
      expect(log).toMatch(/smoke test FAILED/);
    } finally {
      await rm(damaged, { recursive: true, force: true });
    }
  });
});
