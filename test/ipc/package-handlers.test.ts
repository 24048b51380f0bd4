import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import type { IpcResult, PackageBuildResponse, ValidationJobResult } from '../../preload/contract.js';
import { b64, sampleInlineReport } from '../engine/package/package-helpers.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';
import { unusedStoreDeps } from '../helpers/store-deps.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const conformance = join(repoRoot, '..', 'shared', 'xbrl', 'conformance', 'packages');

function setup() {
  const ipc = new FakeIpcMain();
  registerHandlers(
    ipc,
    createHandlers({
      ...unusedStoreDeps(),
      ct600: createCt600Engine(),
      packages: createPackageEngine(),
      fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: '/tmp' },
      appInfo: { version: '0.1.0', platform: 'linux' },
    }),
    { isTrustedSender: ownPageCheck },
  );
  return ipc;
}

const packageRequest = {
  name: 'ACME 2024 annual report package',
  identifier: 'http://example.com/acme/2024/package',
  publicationDate: '2025-01-15',
  publisher: 'ACME Corp',
  reportPackageName: 'ACME-2024',
  reportName: 'acme-2024-12-31-en.xhtml',
  reportBase64Content: b64(sampleInlineReport()),
};

describe('package.build and package.validate through IPC (real engine)', () => {
  it('builds a package with its hash and file name, and the built package validates clean', async () => {
    const ipc = setup();
    const built = (await ipc.invoke('package.build', OWN_PAGE, { request: packageRequest, includeHash: true })) as IpcResult<PackageBuildResponse>;
    if (!built.ok) throw new Error(JSON.stringify(built.error));
    const zip = new Uint8Array(Buffer.from(built.value.zipContentBase64, 'base64'));
    expect(built.value.hashResult?.Hash_Result).toBe(createHash('sha256').update(zip).digest('hex'));
    expect(built.value.suggestedFileName).toBe('ACME-2024.xbri');

    const checked = (await ipc.invoke('package.validate', OWN_PAGE, { fileName: built.value.suggestedFileName, bytes: zip })) as IpcResult<ValidationJobResult>;
    if (!checked.ok) throw new Error(JSON.stringify(checked.error));
    expect(checked.value.validations.length).toBeGreaterThan(0);
    expect(checked.value.validations.every((v) => v.validationResult === 'valid')).toBe(true);
  });

  it('leaves out the hash unless asked', async () => {
    const built = (await setup().invoke('package.build', OWN_PAGE, { request: packageRequest, includeHash: false })) as IpcResult<PackageBuildResponse>;
    expect(built.ok && 'hashResult' in built.value).toBe(false);
  });

  it("returns the engine's field errors for a bad package request", async () => {
    const result = await setup().invoke('package.build', OWN_PAGE, {
      request: { ...packageRequest, reportBase64Content: '' },
      includeHash: false,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request', errors: expect.arrayContaining([expect.objectContaining({ field: 'reportBase64Content' })]) } });
  });

  it('refuses a payload without the hash switch', async () => {
    await expect(setup().invoke('package.build', OWN_PAGE, { request: packageRequest })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-request', errors: [{ field: 'includeHash', message: 'must be true or false' }] },
    });
  });

  it('reports a broken package as an invalid result with official codes (not as an error)', async () => {
    const bytes = new Uint8Array(await readFile(join(conformance, 'bad-invalid-json.xbri')));
    const result = (await setup().invoke('package.validate', OWN_PAGE, { fileName: 'bad-invalid-json.xbri', bytes })) as IpcResult<ValidationJobResult>;
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const codes = result.value.validations.flatMap((v) => v.messages.filter((m) => m.category === 'error').map((m) => m.code));
    expect(codes).toContain('rpe:invalidJSON');
  });
});
