/**
 * A stand-in for Electron that runs the app's REAL bundles: dist/main/index.cjs
 * is loaded in this process with `require('electron')` answered by the
 * stand-in (per launch, so a second instance is a second copy of main), and
 * its window is a page in Debian's Chromium where dist/preload/index.cjs runs
 * in an isolated world. What is real and what is substituted:
 *  - real: main's bundle, the preload's bundle, the built renderer, Chromium,
 *    the CSP headers main's protocol handler sends, structured clone on both
 *    sides of IPC, the engine worker thread, the keychain library, the log.
 *  - substituted: app:// is shown to Chromium as https:// (see protocol.ts);
 *    IPC travels over CDP (a binding in the isolated world); the clipboard's
 *    permission goes through main's session handlers by a wrapper in the
 *    page (see page/main-world.ts); app.exit ends the launch, not this
 *    process; dialogs answer from a script.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildPageScripts } from './build-app.js';
import { AppInstance, type LaunchOptions, type SharedStandIn } from './app-instance.js';
import { chromiumArgs, chromiumPath } from '../helpers/chromium.js';

export { chromiumPath };

export { buildAppFolder } from './build-app.js';
export type { AppInstance, LaunchOptions } from './app-instance.js';


export const STAND_IN_BANNER = 'electron stand-in: real main + preload bundles, structured clone IPC';

export interface ElectronStandIn {
  /** The user's home for every launch: the data folder, logs and documents live under it. */
  home: string;
  /** Starts the app as the OS would (a second call while one runs is a second instance). */
  launch(options?: LaunchOptions): AppInstance;
  /** Errors in the stand-in's own plumbing, which a test should treat as failures. */
  faults: unknown[];
  close(): Promise<void>;
}

export async function startElectronStandIn({ appDir }: { appDir: string }): Promise<ElectronStandIn> {
  const home = await mkdtemp(join(tmpdir(), 'fd-electron-home-'));
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const faults: unknown[] = [];
  const shared: SharedStandIn = {
    browser,
    pageScripts: await buildPageScripts(),
    appDir,
    home,
    locks: new Map(),
    fault: (error) => {
      faults.push(error);
      console.error('electron stand-in:', error);
    },
  };
  const launched: AppInstance[] = [];
  console.log(STAND_IN_BANNER);
  return {
    home,
    faults,
    launch(options = {}) {
      const instance = new AppInstance(shared, options);
      launched.push(instance);
      return instance.start();
    },
    async close() {
      for (const instance of launched) instance.finish(instance.exitCode ?? 0);
      await browser.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}
