import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { describe, expect, it } from 'vitest';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

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
    });
    expect(config.asarUnpack).toContain('**/node_modules/@napi-rs/keyring*/**');
    // electron-builder normalises `files` to [{ filter: [...] }] once validated.
    expect(JSON.stringify(config.files)).toContain('"dist/**","package.json","!**/node_modules/**/*"');
    expect(config.npmRebuild).toBe(false);
    expect(config.publish).toBeNull();
    expect(config.mac).toMatchObject({ target: 'dmg', hardenedRuntime: true, category: 'public.app-category.finance' });
    expect(config.win).toMatchObject({ target: 'nsis' });
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
  });

  it('does not switch off the Electron binary download for users', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(join(repoRoot, 'electron-builder.yml'), 'utf8');
    expect(text).not.toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD|electronDist/);
  });
});
