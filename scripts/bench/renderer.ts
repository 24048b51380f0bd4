/**
 * The renderer's start screen: the production JavaScript it loads (the entry
 * chunk and everything it imports statically; lazy chunks are not counted)
 * in bytes and gzip, and the time from navigation to its first contentful
 * paint in headless Chromium, served through the app's own protocol handler
 * (same CSP) by the end-to-end harness, median of fresh pages.
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import type { BenchResult } from '../bench.js';
import { median, round, RUNS as FULL_RUNS, type SummaryRow } from './lib/measure.js';
import { sized, type BenchOptions } from './lib/cases.js';
import { startHarness } from '../../test/e2e/harness.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { unusedStoreDeps } from '../../test/helpers/store-deps.js';

export interface StartScreenScripts {
  /** Paths relative to the build folder, entry first. */
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** Chunks reached only through import(): loaded when their screen opens. */
  lazyFiles: string[];
}

/** The entry script of index.html and the closure of its static imports (es-module-lexer tells import() apart). */
export async function startScreenScripts(buildDir: string): Promise<StartScreenScripts> {
  await init;
  const html = await readFile(join(buildDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => posix.normalize(m[1]!.replace(/^\.\//, '')));
  if (entries.length !== 1) throw new Error(`index.html should load one module script, found ${entries.length}`);
  const files: string[] = [];
  const lazy = new Set<string>();
  const queue = [...entries];
  let bytes = 0;
  const gz: Buffer[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.includes(file)) continue;
    files.push(file);
    const code = await readFile(join(buildDir, file));
    bytes += code.byteLength;
    gz.push(code);
    const [imports] = parse(code.toString('utf8'));
    for (const i of imports) {
      if (i.n === undefined || !i.n.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file), i.n));
      // d > -1: a dynamic import(); -1 a static import; -2 import.meta.
      if (i.d === -1) queue.push(target);
      else if (i.d > -1) lazy.add(target);
    }
  }
  // Each file is compressed on its own, as it travels.
  const gzipBytes = gz.reduce((n, code) => n + gzipSync(code, { level: 9 }).byteLength, 0);
  return { files, bytes, gzipBytes, lazyFiles: [...lazy].filter((f) => !files.includes(f)).sort() };
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const RUNS = sized(options, FULL_RUNS, 1);
  const harness = await startHarness();
  try {
    registerHandlers(
      harness.ipc,
      createHandlers({
        ...unusedStoreDeps(),
        ct600: createCt600Engine(),
        packages: createPackageEngine(),
        fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: harness.workDir },
        appInfo: { version: '0.1.0', platform: process.platform },
      }),
      { isTrustedSender: harness.isTrustedSender },
    );
    const scripts = await startScreenScripts(harness.rendererDir);

    const fcp: number[] = [];
    const problems: string[] = [];
    // One warm-up page (Chromium's own start-up), then fresh pages, each in a new context (cold HTTP cache).
    for (let i = 0; i <= RUNS; i++) {
      const opened = await harness.openApp();
      await opened.page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
      // A string, not a function: tsx's transpiled functions refer to helpers the page does not have.
      const ms = await opened.page.evaluate<number>(`new Promise((resolve) => {
        const poll = () => {
          const entry = performance.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
          else setTimeout(poll, 10);
        };
        poll();
      })`);
      problems.push(...opened.problems);
      await opened.page.context().close();
      if (i > 0) fcp.push(ms);
    }
    const kb = (n: number) => round(n / 1024, 1);
    const fcpMs = round(median(fcp), 1);
    const rows: SummaryRow[] = [
      {
        case: 'Renderer start-screen JavaScript (entry + static imports)',
        oursMs: null,
        baselineMs: null,
        ratio: null,
        peakRssMB: null,
        note: `${kb(scripts.bytes)} KB raw, ${kb(scripts.gzipBytes)} KB gzip -9 in ${scripts.files.length} file(s); ${scripts.lazyFiles.length} lazy chunk(s) not counted`,
      },
      {
        case: 'Renderer start screen, navigation to first contentful paint (headless Chromium)',
        oursMs: fcpMs,
        baselineMs: null,
        ratio: null,
        peakRssMB: null,
        note: `median of ${fcp.length} fresh pages (${fcp.map((v) => Math.round(v)).join(', ')} ms)`,
      },
    ];
    return {
      name: 'renderer',
      figures: {
        'start-screen JS files': scripts.files.join(' '),
        'start-screen JS (KB)': kb(scripts.bytes),
        'start-screen JS gzip -9 (KB)': kb(scripts.gzipBytes),
        'lazy chunks': scripts.lazyFiles.join(' ') || '(none)',
        'first contentful paint, median (ms)': fcpMs,
        'first contentful paint, runs (ms)': fcp.map((v) => round(v, 1)).join(', '),
      },
      rows,
      targets: [
        { description: 'start-screen JavaScript ≤ 250 KB gzip', met: scripts.gzipBytes <= 250 * 1024 },
        { description: 'first contentful paint of the start screen ≤ 300 ms (median)', met: fcpMs <= 300 },
        { description: `no console errors or CSP reports on the start screen${problems[0] ? ` (first: ${problems[0]})` : ''}`, met: problems.length === 0 },
      ],
    };
  } finally {
    await harness.close();
  }
}
