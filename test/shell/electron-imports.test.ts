import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of architecture.md section 1, checked on the source (the
 * lint rule GitHub Desktop uses, as a test): the engine and the renderer never
 * import Electron, and only main/index.ts and preload/index.ts touch
 * ipcMain / ipcRenderer. Type-only imports are allowed anywhere in main.
 */
const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(repoRoot, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(path)));
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Value (not type-only) imports or requires of electron in a file. */
async function electronValueImports(file: string): Promise<string[]> {
  const text = await readFile(join(repoRoot, file), 'utf8');
  const imports = [...text.matchAll(/import\s+(type\s+)?([^'";]*?)\s*from\s*['"]electron(\/[^'"]*)?['"]/g)]
    .filter((m) => !m[1])
    .map((m) => m[2]!);
  const requires = [...text.matchAll(/require\(\s*['"]electron['"]\s*\)/g)].map(() => 'require');
  return [...imports, ...requires];
}

describe('who may import electron', () => {
  it('engine and renderer code never imports electron', async () => {
    const files = [...(await sources('main/engine')), ...(await sources('renderer'))];
    const offenders = [];
    for (const file of files) {
      const text = await readFile(join(repoRoot, file), 'utf8');
      if (/from\s*['"]electron['"]|require\(\s*['"]electron['"]\s*\)/.test(text)) offenders.push(relative(repoRoot, join(repoRoot, file)));
    }
    expect(offenders).toEqual([]);
  });

  it('only main/index.ts and preload/index.ts use ipcMain or ipcRenderer', async () => {
    const files = [...(await sources('main')), ...(await sources('preload'))];
    const users = [];
    for (const file of files) {
      if ((await electronValueImports(file)).some((names) => /\bipc(Main|Renderer)\b/.test(names))) users.push(file);
    }
    expect(users.sort()).toEqual([join('main', 'index.ts'), join('preload', 'index.ts')]);
  });

  it('the preload imports nothing from main at run time (types only)', async () => {
    for (const file of await sources('preload')) {
      const text = await readFile(join(repoRoot, file), 'utf8');
      const valueImports = [...text.matchAll(/import\s+(?!type\b)[^'";]*from\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      expect(valueImports.filter((source) => source.includes('/main/')), file).toEqual([]);
    }
  });
});
