import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { describe, expect, it } from 'vitest';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** Every .npmrc under dir, leaving out dependencies, build output and git's own folder. */
async function npmrcFiles(dir: string): Promise<string[]> {
  const skip = new Set(['node_modules', '.git', 'dist', 'release', 'test-output']);
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !skip.has(entry.name)) out.push(...(await npmrcFiles(join(dir, entry.name))));
    else if (entry.isFile() && entry.name === '.npmrc') out.push(join(dir, entry.name));
  }
  return out;
}

// Offline check of the packaging configuration: electron-builder's own schema
// validation, plus the settings the security checklist depends on.
describe('electron-builder.yml', () => {
  it("passes electron-builder's schema validation", async () => {
    const config = await getConfig(repoRoot, join(repoRoot, 'electron-builder.yml'), null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the validation is real: a misspelt option is rejected', async () => {
    const config = await getConfig(repoRoot, join(repoRoot, 'electron-builder.yml'), null);
    await expect(
      validateConfiguration({ ...config, electronFuses: { ...config.electronFuses, runAsNodee: false } as never }, new DebugLogger(false)),
    ).rejects.toThrow(/Invalid configuration object\. electron-builder/);
  });

  it('flips the security fuses, unpacks the native keyring and never publishes', async () => {
    const config = await getConfig(repoRoot, join(repoRoot, 'electron-builder.yml'), null);
    expect(config.productName).toBe('Filing Desk');
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // Flipping fuses breaks the ad-hoc signature of an unsigned macOS arm64
      // binary, which then will not launch; electron-builder re-signs ad hoc.
      resetAdHocDarwinSignature: true,
    });
    expect(config.asarUnpack).toContain('**/node_modules/@napi-rs/keyring*/**');
    // electron-builder normalises `files` to [{ filter: [...] }] once validated.
    expect(JSON.stringify(config.files)).toContain('"dist/**","!dist/cli/**","package.json","!**/node_modules/**/*"');
    expect(config.npmRebuild).toBe(false);
    expect(config.publish).toBeNull();
    expect(config.mac).toMatchObject({
      target: [
        { target: 'dmg', arch: ['x64', 'arm64'] },
        { target: 'zip', arch: ['x64', 'arm64'] },
      ],
      hardenedRuntime: true,
      category: 'public.app-category.finance',
      entitlements: 'assets/entitlements.mac.plist',
      entitlementsInherit: 'assets/entitlements.mac.plist',
    });
    expect(config.win).toMatchObject({ target: [{ target: 'nsis', arch: ['x64'] }] });
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    // The command line's bundle stays out of the app.
    expect(JSON.stringify(config.files)).toContain('"!dist/cli/**"');
  });

  it("puts the other chips' keyring binaries into the mac and Windows apps only, never the build folder itself", async () => {
    const config = await getConfig(repoRoot, join(repoRoot, 'electron-builder.yml'), null);
    const keyringSet = (platform: 'darwin' | 'win32') => ({ from: 'build/keyring/node_modules/@napi-rs', to: 'node_modules/@napi-rs', filter: [`keyring-${platform}-*/**`] });
    expect(config.mac?.files).toEqual([keyringSet('darwin')]);
    expect(config.win?.files).toEqual([keyringSet('win32')]);
    expect(JSON.stringify(config.files)).toContain('"!build/**"');
    // Each installer script prepares its platform's binaries first.
    const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.scripts['dist:mac']).toMatch(/node scripts\/keyring-binaries\.mjs --platform darwin && electron-builder --mac/);
    expect(pkg.scripts['dist:win']).toMatch(/node scripts\/keyring-binaries\.mjs --platform win32 && electron-builder --win/);
  });

  it('installs per user on Windows, with no administrator rights, a folder the user chooses, and shortcuts', async () => {
    const config = await getConfig(repoRoot, join(repoRoot, 'electron-builder.yml'), null);
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowElevation: false,
      allowToChangeInstallationDirectory: true,
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
    });
  });

  it('declares .xbri, .xbr and .fdesk with their own icons, in every format the targets need', async () => {
    const config = await getConfig(repoRoot, join(repoRoot, 'electron-builder.yml'), null);
    const associations = config.fileAssociations as { ext: string | string[]; icon: string; mimeType: string }[];
    expect(associations.flatMap((a) => a.ext)).toEqual(['xbri', 'xbr', 'fdesk']);
    for (const { icon, mimeType } of associations) {
      expect(mimeType).toMatch(/^application\/vnd\./);
      for (const format of ['icns', 'ico']) expect(existsSync(join(repoRoot, 'assets', `${icon}.${format}`)), `${icon}.${format}`).toBe(true);
    }
    for (const file of ['icon.icns', 'icon.ico', 'icon.png', ...[16, 32, 48, 64, 128, 256, 512, 1024].map((n) => `icons/${n}x${n}.png`)]) {
      expect(existsSync(join(repoRoot, 'assets', file)), file).toBe(true);
    }
  });

  it('gives the hardened runtime only the JIT entitlement Electron needs', async () => {
    const plist = await readFile(join(repoRoot, 'assets', 'entitlements.mac.plist'), 'utf8');
    expect([...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('takes no signing or notarisation secret from the repository', async () => {
    const text = await readFile(join(repoRoot, 'electron-builder.yml'), 'utf8');
    const config = await getConfig(repoRoot, join(repoRoot, 'electron-builder.yml'), null);
    expect(JSON.stringify(config)).not.toMatch(/"(cscLink|cscKeyPassword|certificatePassword|certificateFile|appleId|appleIdPassword|teamId)"/);
    expect(text).not.toMatch(/^\s*(identity|certificateFile|certificatePassword|cscLink|cscKeyPassword)\s*:/m);
  });

  // Users must get Electron's runtime on first launch. CI may skip the download
  // (.ci/run sets the variable on its own npm ci), so .ci/run is left aside.
  describe('does not switch off the Electron binary download for users', () => {
    const forbidden = /ELECTRON_SKIP_BINARY_DOWNLOAD|electron[_-]skip[_-]binary[_-]download|electronDist/i;

    it('in electron-builder.yml', async () => {
      expect(await readFile(join(repoRoot, 'electron-builder.yml'), 'utf8')).not.toMatch(forbidden);
    });

    it("in package.json's scripts and config", async () => {
      const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
      expect(JSON.stringify({ scripts: pkg.scripts, config: pkg.config ?? {} })).not.toMatch(forbidden);
    });

    it('in any .npmrc of the project', async () => {
      const found = await npmrcFiles(repoRoot);
      for (const file of found) expect(await readFile(file, 'utf8'), file).not.toMatch(forbidden);
    });

    it("in the README's set-up steps", async () => {
      const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
      const setUp = readme.match(/^## Set up\n([\s\S]*?)(?=^## )/m);
      expect(setUp, 'README has a "## Set up" section').not.toBeNull();
      expect(setUp![1]).not.toMatch(forbidden);
    });

    it('the search is real: it finds a switch where one is written', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'fd-npmrc-'));
      try {
        await mkdir(join(dir, 'sub'));
        await writeFile(join(dir, 'sub', '.npmrc'), 'electron_skip_binary_download=1\n');
        const found = await npmrcFiles(dir);
        expect(found).toEqual([join(dir, 'sub', '.npmrc')]);
        expect(await readFile(found[0]!, 'utf8')).toMatch(forbidden);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
