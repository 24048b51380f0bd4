/**
 * The floors of the house, drawn from the imports: the renderer (the window)
 * on top, the preload bridge and the shared contract below it, the main
 * process and its pure engine at the bottom, and common/ (code for any
 * process: no Node, no Electron, no DOM) under them all. No file may sit in
 * an import circle, and no import may run from a lower floor up.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { floorViolations, importCircles, importGraph, type FloorRule } from './import-graph.js';
import { repoRoot } from '../helpers/shared.js';

const FOLDERS = ['main', 'preload', 'renderer', 'common'];

const FLOORS: FloorRule[] = [
  { from: 'main', to: 'renderer', why: 'the main process never loads window code; what both need belongs in common/' },
  { from: 'preload', to: 'renderer', why: 'the bridge types itself from the contract, never from the window' },
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

describe('the import graph of main/, preload/, renderer/ and common/', () => {
  const graph = importGraph(repoRoot, FOLDERS);

  it('is read from the source (a sanity check that the scanner sees the files and their imports)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('main/store/draft-store.ts')).toContain('main/store/atomic-write.ts');
    expect(graph.get('renderer/src/features/ct600/Ct600Wizard.tsx')).toContain('preload/contract.ts');
  });

  it('has no import circles', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('has no import running from a lower floor up', () => {
    expect(floorViolations(graph, FLOORS)).toEqual([]);
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
});
