import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const read = (file: string) => readFile(join(repoRoot, file), 'utf8');

/**
 * The Node major each Electron major embeds (Electron's release notes). When
 * Electron is upgraded this test fails until this table, and with it the Node
 * that CI runs the tests on, follow.
 */
const NODE_IN_ELECTRON: Record<number, number> = { 45: 24 };

describe('Node versions line up with the Electron the app ships', () => {
  it('package.json asks for Node 22.12 or newer, what Electron 45 and its tooling need', async () => {
    const pkg = JSON.parse(await read('package.json'));
    expect(pkg.engines.node).toBe('>=22.12');
    const lock = JSON.parse(await read('package-lock.json'));
    expect(lock.packages[''].engines.node).toBe('>=22.12');
    const electronEngines = JSON.parse(await read('node_modules/electron/package.json')).engines.node as string;
    const [major = 0, minor = 0] = electronEngines.replace(/^>=\s*/, '').split('.').map(Number);
    // Electron's own tooling must need no newer Node than package.json allows.
    expect(major < 22 || (major === 22 && minor <= 12), `electron needs Node ${electronEngines}`).toBe(true);
  });

  it('CI installs and runs the suite on the Node major the shipped Electron embeds', async () => {
    const pkg = JSON.parse(await read('package.json'));
    const electronMajor = Number(String(pkg.devDependencies.electron).split('.')[0]);
    const nodeMajor = NODE_IN_ELECTRON[electronMajor];
    expect(nodeMajor, `Electron ${electronMajor}: add the Node major it embeds`).toBeDefined();
    const ci = await read('.ci/run');
    expect(ci).toMatch(new RegExp(`^ELECTRON_NODE_MAJOR=${nodeMajor}$`, 'm'));
    // Installed from the npm registry, put first on PATH and checked, before npm ci, the type check and the tests (package:check among them).
    const install = ci.indexOf('node-linux-${node_arch}@${ELECTRON_NODE_MAJOR}');
    const path = ci.indexOf('export PATH="$node_dir/node_modules/node-linux-${node_arch}/bin:$PATH"');
    expect(install).toBeGreaterThan(0);
    expect(path).toBeGreaterThan(install);
    for (const step of ['npm ci', 'npm run typecheck', 'npm test']) expect(ci.indexOf(step), step).toBeGreaterThan(path);
  });

  it('the README says Node 22 LTS or newer for developing', async () => {
    const readme = await read('README.md');
    expect(readme).toMatch(/Node\.js 22 LTS or newer/);
    expect(readme).not.toMatch(/Node 20\.19/);
  });
});
