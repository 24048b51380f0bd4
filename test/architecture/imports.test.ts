/**
 * The floors of the house, drawn from the imports: the renderer (the window)
 * on top, the preload bridge below it, then main's start, its edges (IPC,
 * window, command line, server), its services, its stores, the shared
 * contract both sides type themselves from, main's pure engine, and common/
 * (code for any process: no Node, no Electron, no DOM) under them all. No
 * file may sit in an import circle; a few imports may never be made (main or
 * the bridge loading window code); and an import running from a lower floor
 * up needs its reason written at the import (`// floor: why`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { floorReasons, floorViolations, importCircles, importGraph, upwardImports, type Floor, type FloorRule } from './import-graph.js';
import { repoRoot } from '../helpers/shared.js';

const FOLDERS = ['main', 'preload', 'renderer', 'common'];

const FLOORS: FloorRule[] = [
  { from: 'main', to: 'renderer', why: 'the main process never loads window code; what both need belongs in common/' },
  { from: 'preload', to: 'renderer', why: 'the bridge types itself from the contract, never from the window' },
  // The contract carries the engine's result shapes; nothing else of main may reach the sandboxed preload bundle.
  { from: 'preload', to: 'main', unless: ['main/engine'], why: 'the preload bundle holds the bridge and its contract, nothing of main beyond the engine’s types' },
  { from: 'common', to: 'main', why: 'common/ is the lowest floor: it imports no process' },
  { from: 'common', to: 'preload', why: 'common/ is the lowest floor: it imports no process' },
  { from: 'common', to: 'renderer', why: 'common/ is the lowest floor: it imports no process' },
  {
    from: 'renderer/src',
    to: 'main',
    // The engine is pure domain code (no Node, no Electron): the window shares its rules and codes rather than copying them.
    unless: ['main/engine'],
    why: 'the window reaches the main process only through the bridge',
  },
];

/** Lowest first. Imports within a floor are free; one running up needs a `// floor:` reason at the import. */
const HOUSE: Floor[] = [
  { name: 'common/', holds: ['common'] },
  { name: 'the engine', holds: ['main/engine'] },
  { name: 'the IPC contract', holds: ['preload/contract*'] },
  { name: 'main’s stores, log and keychain', holds: ['main/store', 'main/log', 'main/credentials'] },
  {
    name: 'main’s services',
    holds: ['main/service', 'main/outbox', 'main/online', 'main/filing', 'main/deadlines', 'main/taxonomies', 'main/engine-worker', 'main/office'],
  },
  { name: 'main’s edges', holds: ['main/ipc', 'main/window', 'main/cli', 'main/server'] },
  { name: 'main’s start', holds: ['main/index.ts', 'main/app-layout.json'] },
  { name: 'the preload bridge', holds: ['preload/index.ts'] },
  { name: 'the window', holds: ['renderer'] },
];

describe('the import graph of main/, preload/, renderer/ and common/', () => {
  const graph = importGraph(repoRoot, FOLDERS);

  it('is read from the source (a sanity check that the scanner sees the files and their imports)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('main/store/draft-folder.ts')).toContain('main/engine/atomic-write.ts');
    expect(graph.get('renderer/src/features/ct600/Ct600Wizard.tsx')).toContain('preload/contract.ts');
  });

  it('has no import circles', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('never makes an import no reason allows', () => {
    expect(floorViolations(graph, FLOORS)).toEqual([]);
  });

  it('puts every file on a floor', () => {
    expect(upwardImports(graph, HOUSE, new Map()).onNoFloor).toEqual([]);
  });

  it('has no import running from a lower floor up without its reason written at the import', () => {
    const { unexplained, explained } = upwardImports(graph, HOUSE, floorReasons(repoRoot, graph));
    expect(unexplained).toEqual([]);
    // Two at most, each a choice (the log's watch on the service's transport, for its types; a draft's .fdesk
    // file read with the filing record's own schema): one more means code to move, not another reason.
    expect(explained.length).toBeLessThanOrEqual(2);
  });
});

describe('the checks themselves fail on what they are for', () => {
  const root = mkdtempSync(join(tmpdir(), 'fd-import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('main/store/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
  // A type-only import closes a circle too.
  write('main/store/b.ts', "import type { A } from './c.js';\nexport const b = 1 as A;\n");
  write('main/store/c.ts', "import { a } from './a.js';\nexport type A = typeof a;\n");
  write('main/ipc/fields.ts', "export { FIELDS } from '../../renderer/src/fields.js';\n");
  write('renderer/src/fields.ts', "export const FIELDS = [];\n");
  write('renderer/src/view.tsx', "import { a } from '../../main/store/a.js';\nimport { rule } from '../../main/engine/rule.js';\nexport const v = [a, rule];\n");
  write('main/engine/rule.ts', "export const rule = 1;\n");
  write('preload/lazy.ts', "export const later = () => import('./lazy.js');\n");
  write('main/engine/jobs.ts', "import { a } from '../store/a.js';\n// floor: the jobs keep their files with the stores' one atomic write\nimport { b } from '../store/b.js';\nexport const jobs = [a, b];\n");
  write('main/store/lazy-engine.ts', "export const later = async () => {\n  // floor: loaded only when asked for, and the reason\n  // may run on over two lines\n  return import('../ipc/fields.js');\n};\n");
  write('main/elsewhere/x.ts', "export const x = 1;\n");
  const graph = importGraph(root, FOLDERS);

  it('finds a circle, whether its imports are of values, types or import()', () => {
    expect(importCircles(graph)).toEqual([['main/store/a.ts', 'main/store/b.ts', 'main/store/c.ts'], ['preload/lazy.ts']]);
  });

  it('finds main importing the renderer and the window importing main beyond the engine', () => {
    expect(floorViolations(graph, FLOORS)).toEqual([
      'main/ipc/fields.ts → renderer/src/fields.ts (the main process never loads window code; what both need belongs in common/)',
      'renderer/src/view.tsx → main/store/a.ts (the window reaches the main process only through the bridge)',
    ]);
  });

  it('finds an import running up the floors without a reason, and reads the reason written at one', () => {
    const { unexplained, explained, onNoFloor } = upwardImports(graph, HOUSE, floorReasons(root, graph));
    expect(unexplained).toEqual([
      'main/engine/jobs.ts → main/store/a.ts (from the engine up to main’s stores, log and keychain)',
      'main/ipc/fields.ts → renderer/src/fields.ts (from main’s edges up to the window)',
    ]);
    expect(explained).toEqual([
      "main/engine/jobs.ts → main/store/b.ts (the jobs keep their files with the stores' one atomic write)",
      'main/store/lazy-engine.ts → main/ipc/fields.ts (loaded only when asked for, and the reason may run on over two lines)',
    ]);
    // A new folder, or a preload file that is neither the bridge nor part of the contract, must be given its floor.
    expect(onNoFloor).toEqual(['main/elsewhere/x.ts', 'preload/lazy.ts']);
  });
});
