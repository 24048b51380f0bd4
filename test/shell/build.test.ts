import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineWorkerClient } from '../../main/engine-worker/engine-worker-client.js';
import { contentSecurityPolicyMeta } from '../../main/window/content-security-policy.js';
import { channels } from '../../preload/contract.js';
import APP_LAYOUT from '../../main/app-layout.json';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const sample = join(repoRoot, '..', 'shared', 'ct600', 'vectors', 'tpvs-accepted-sample.xml');
/** The build goes to a temporary folder, never the repository's dist/ a developer's `npm start` uses. */
let buildRoot: string;
let dist: string;
const builtinNames = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Every module name a CommonJS bundle still requires at run time. */
function requiredModules(code: string): string[] {
  return [...new Set([...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!))].sort();
}

let buildOutput = '';
beforeAll(async () => {
  buildRoot = await mkdtemp(join(tmpdir(), 'fd-build-'));
  dist = join(buildRoot, 'dist');
  // What `npm run build` runs, with the output folder moved: vite for the
  // renderer, esbuild (scripts/build-main.mjs) for main, its worker and the preload.
  const env = { ...process.env, NODE_ENV: 'production' };
  for (const [command, args] of [
    [join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--config', 'renderer/vite.config.ts', '--outDir', join(dist, 'renderer'), '--emptyOutDir']],
    [process.execPath, [join(repoRoot, 'scripts', 'build-main.mjs'), '--out-dir', dist]],
  ] as const) {
    const result = spawnSync(command, [...args], { cwd: repoRoot, encoding: 'utf8', env });
    buildOutput += `${result.stdout}\n${result.stderr}`;
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${buildOutput}`);
  }
}, 180_000);
afterAll(async () => {
  if (buildRoot) await rm(buildRoot, { recursive: true, force: true });
});

describe('npm run build', () => {
  it('puts every part where main loads it from (main/app-layout.json), and package.json names the main entry', async () => {
    for (const key of ['mainEntry', 'preload', 'rendererPage', 'engineWorker'] as const) {
      expect(existsSync(join(dist, '..', APP_LAYOUT[key])), key).toBe(true);
    }
    const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.main).toBe(APP_LAYOUT.mainEntry);
  });

  it('produces the renderer, main, engine worker and preload bundles in the folder asked for', () => {
    for (const file of ['renderer/index.html', 'main/index.cjs', 'main/engine-worker.cjs', 'preload/index.cjs']) {
      expect(existsSync(join(dist, file)), file).toBe(true);
    }
    expect(buildOutput).toContain(`built ${dist}/main/index.cjs`);
  });

  it('makes the engine worker a file of its own that requires only Node built-ins', async () => {
    const worker = await readFile(join(dist, 'main', 'engine-worker.cjs'), 'utf8');
    const others = requiredModules(worker).filter((name) => !builtinNames.has(name));
    expect(others).toEqual([]);
    expect(worker).not.toMatch(/require\(["']electron["']\)/);
  });

  it('the bundled engine worker answers on its own, from a folder with no node_modules', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fd-worker-'));
    const client = createEngineWorkerClient(() => new Worker(join(dir, 'engine-worker.cjs')));
    try {
      await copyFile(join(dist, 'main', 'engine-worker.cjs'), join(dir, 'engine-worker.cjs'));
      await expect(client.run('ct600.verify', new Uint8Array(await readFile(sample)))).resolves.toEqual({
        expected: 'YrgW02ybxWOff7gHrELynhp1gRw=',
        expectedBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4',
        found: 'YrgW02ybxWOff7gHrELynhp1gRw=',
        matches: true,
      });
    } finally {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('makes the preload one self-contained file that requires nothing but electron', async () => {
    const preload = await readFile(join(dist, 'preload', 'index.cjs'), 'utf8');
    expect(requiredModules(preload)).toEqual(['electron']);
    expect(preload).not.toMatch(/\bimport\s*\(/);
    expect(preload).toContain('exposeInMainWorld');
  });

  it('leaves main requiring only Node built-ins, electron and the native keyring', async () => {
    const main = await readFile(join(dist, 'main', 'index.cjs'), 'utf8');
    const others = requiredModules(main).filter((name) => !builtinNames.has(name));
    expect(others.every((name) => name === 'electron' || name.startsWith('@napi-rs/keyring')), others.join(', ')).toBe(true);
    expect(others).toContain('electron');
  });

  it('loads the keychain library with require, never a dynamic import() through the ES-module resolver inside app.asar', async () => {
    const main = await readFile(join(dist, 'main', 'index.cjs'), 'utf8');
    expect(main).not.toMatch(/\bimport\(\s*["']@napi-rs\/keyring/);
    expect(requiredModules(main)).toContain('@napi-rs/keyring');
    expect(buildOutput).not.toMatch(/import\.meta/);
  });

  it('emits a renderer page with relative module scripts, the CSP meta tag and no inline script', async () => {
    const html = await readFile(join(dist, 'renderer', 'index.html'), 'utf8');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicyMeta()}"`);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/type="module"/);
      expect(attrs).toMatch(/src="\.\/assets\/[^"]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  /** Runs the main bundle in plain Node with a stand-in electron, from an app folder holding only the built files. */
  async function runMainBundle(withWorker: boolean) {
    // A copy outside the repository, so nothing can be resolved from node_modules.
    const dir = await mkdtemp(join(tmpdir(), 'fd-bundle-'));
    try {
      await mkdir(join(dir, 'dist', 'main'), { recursive: true });
      await copyFile(join(dist, 'main', 'index.cjs'), join(dir, 'dist', 'main', 'index.cjs'));
      if (withWorker) await copyFile(join(dist, 'main', 'engine-worker.cjs'), join(dir, 'dist', 'main', 'engine-worker.cjs'));
      const run = spawnSync(
        process.execPath,
        [join(repoRoot, 'test', 'shell', 'fixtures', 'run-main-bundle.cjs'), join(dir, 'dist', 'main', 'index.cjs'), sample, dir],
        { cwd: dir, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      // The stand-in's app.getPath answers dir for every folder, the logs folder included.
      const log = existsSync(join(dir, 'main.log')) ? await readFile(join(dir, 'main.log'), 'utf8') : '';
      return { dir, report: JSON.parse(run.stdout.trim().split('\n').pop()!), stderr: run.stderr, log };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('starts from a folder with no node_modules and answers IPC through the bundled engine worker', async () => {
    const { dir, report, log } = await runMainBundle(true);
    expect(report.windows).toBe(1);
    expect(report.preload).toBe(join(dir, 'dist', 'preload', 'index.cjs'));
    // Every channel of the contract is registered by the bundled main, and nothing else.
    expect(report.channels).toEqual([...channels].sort());
    // No node_modules here, so no keychain library: the log says why secrets are memory-only.
    expect(log).toMatch(/keychain: the keychain library could not be loaded.*Cannot find module '@napi-rs\/keyring'/);
    expect(report.verify).toEqual({
      ok: true,
      value: { expected: 'YrgW02ybxWOff7gHrELynhp1gRw=', expectedBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4', found: 'YrgW02ybxWOff7gHrELynhp1gRw=', matches: true },
    });
  });

  it('main really hands the engine work to dist/main/engine-worker.cjs: without it, the check fails cleanly', async () => {
    const { report, stderr } = await runMainBundle(false);
    expect(report.verify).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(stderr).toMatch(/engine-worker\.cjs/);
    // The rest of the app still answers.
    expect(report.info).toEqual({ ok: true, value: { version: '0.0.0-bundle-test', platform: process.platform } });
  });
});

describe.skipIf(process.platform !== 'linux')('npm run package:check (electron-builder --linux dir, offline, stand-in Electron)', () => {
  it('packages this build, and prints the asar entries it checked, the unpacked keyring binary and the fuses, all passing', () => {
    const run = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'package-check.mjs'), '--dist', dist], { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const ok = run.stdout.split('\n').filter((line) => line.startsWith('  ok'));
    for (const file of ['/package.json', '/dist/main/index.cjs', '/dist/preload/index.cjs', '/dist/renderer/index.html', '/dist/main/engine-worker.cjs']) {
      expect(ok.some((line) => line.includes(` ${file} `)), file).toBe(true);
    }
    expect(ok.some((line) => line.includes(`app.asar.unpacked/node_modules/@napi-rs/keyring-linux-${process.arch}-gnu/keyring.linux-${process.arch}-gnu.node`))).toBe(true);
    // The keychain library of every chip an installer is built for, named, of the right format, and packed by that platform's rules.
    for (const [name, file, kind] of [
      ['macOS x64', 'keyring-darwin-x64/keyring.darwin-x64.node', 'Mach-O x64'],
      ['macOS arm64', 'keyring-darwin-arm64/keyring.darwin-arm64.node', 'Mach-O arm64'],
      ['Windows x64', 'keyring-win32-x64-msvc/keyring.win32-x64-msvc.node', 'PE x64'],
      ['Linux x64', 'keyring-linux-x64-gnu/keyring.linux-x64-gnu.node', 'ELF x64'],
    ] as const) {
      expect(ok.some((line) => line.includes(`${name}: node_modules/@napi-rs/${file}`) && line.includes(`(${kind},`)), name).toBe(true);
      if (!name.startsWith('Linux')) expect(ok.some((line) => line.includes(`app.asar.unpacked/node_modules/@napi-rs/${file}`) && line.includes(`file set, packed by electron-builder: ${kind})`)), name).toBe(true);
    }
    for (const what of ['tests', 'source maps', '.env files', 'development dependencies']) expect(ok.some((line) => line.includes(`no ${what} inside`)), what).toBe(true);
    // What the asar fuses require: the packed package.json names the main entry, and each part is where main loads it from.
    expect(ok.some((line) => line.includes('/package.json  (main: dist/main/index.cjs, the entry main/app-layout.json names: dist/main/index.cjs)'))).toBe(true);
    expect(ok.some((line) => line.includes('/dist/preload/index.cjs  (preload, where main loads it)'))).toBe(true);
    expect(ok.some((line) => line.includes('/dist/main/engine-worker.cjs  (engine worker, where main starts it)'))).toBe(true);
    expect(ok.some((line) => line.includes('no resources/app folder beside app.asar'))).toBe(true);
    expect(run.stdout).toMatch(/fuses: run-as-node, NODE_OPTIONS and --inspect off/);
    expect(run.stdout).not.toMatch(/FAIL/);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('package:check passed');
  }, 320_000);
});
