/**
 * An app folder laid out as `electron .` or a packaged app sees it
 * (app.getAppPath()): package.json, dist/main/index.cjs,
 * dist/main/engine-worker.cjs, dist/preload/index.cjs and dist/renderer,
 * built by the project's own build (Vite for the renderer,
 * scripts/build-main.mjs for the bundles) into a temporary folder, never the
 * developer's dist/. node_modules is linked so the bundle's external
 * packages (@napi-rs/keyring) resolve as they do beside the app.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build as esbuild } from 'esbuild';
import { buildRendererAsShipped } from '../helpers/renderer-build.js';

export const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export interface BuiltApp {
  appDir: string;
  remove(): Promise<void>;
}

export async function buildAppFolder(): Promise<BuiltApp> {
  const appDir = await mkdtemp(join(tmpdir(), 'fd-electron-app-'));
  await buildRendererAsShipped(join(appDir, 'dist', 'renderer'));
  await promisify(execFile)(process.execPath, [join(repoRoot, 'scripts', 'build-main.mjs'), '--out-dir', join(appDir, 'dist')], { cwd: repoRoot });
  const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(appDir, 'package.json'), JSON.stringify({ name: pkg.name, productName: pkg.productName, version: pkg.version, main: pkg.main }, null, 2));
  await symlink(join(repoRoot, 'node_modules'), join(appDir, 'node_modules'), 'dir');
  return { appDir, remove: () => rm(appDir, { recursive: true, force: true }) };
}

/** The two scripts the stand-in puts in every page: the preload's isolated world and the page's world. */
export interface PageScripts {
  /** Source for the isolated world, to be followed by the preload itself (see preloadWorldSource). */
  preloadHost: string;
  mainWorld: string;
}

let pageScripts: Promise<PageScripts> | undefined;

export function buildPageScripts(): Promise<PageScripts> {
  pageScripts ??= (async () => {
    const bundle = async (entry: string, globalName?: string) => {
      const out = await esbuild({
        entryPoints: [join(repoRoot, 'test', 'electron-stand-in', 'page', entry)],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'chrome120',
        write: false,
        ...(globalName ? { globalName } : {}),
      });
      return out.outputFiles[0]!.text;
    };
    return { preloadHost: await bundle('preload-world.ts', '__electronStandInPreloadHost'), mainWorld: await bundle('main-world.ts') };
  })();
  return pageScripts;
}

/** The isolated world's script: the host, then the preload file's own text wrapped as Node wraps a CommonJS module. */
export function preloadWorldSource(host: string, preloadText: string, preloadPath: string): string {
  return `${host}
;__electronStandInPreloadHost.run(function (exports, require, module, __filename, __dirname) {
${preloadText}
}, ${JSON.stringify(preloadPath)});`;
}
