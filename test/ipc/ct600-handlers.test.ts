import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { ct600FileName } from '../../main/ipc/ct600-handlers.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';
import { unusedStoreDeps } from '../helpers/store-deps.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const vectors = join(repoRoot, '..', 'shared', 'ct600', 'vectors');

/** The real CT600 engine behind the real registry; the package engine and dialog are not used here. */
function setup() {
  const ipc = new FakeIpcMain();
  const unused = () => {
    throw new Error('not used in this test');
  };
  registerHandlers(
    ipc,
    createHandlers({
      ...unusedStoreDeps(),
      ct600: createCt600Engine({ productVersion: '0.1.0' }),
      packages: { build: unused, validate: unused, planDraft: unused, buildDraft: unused },
      fileSaver: { dialog: { showSaveDialog: unused }, defaultDirectory: '/tmp' },
      appInfo: { version: '0.1.0', platform: 'linux' },
    }),
    { isTrustedSender: ownPageCheck },
  );
  return ipc;
}

async function expectedVectors(): Promise<Map<string, { base64: string; base32: string }>> {
  const rows = (await readFile(join(vectors, 'EXPECTED.tsv'), 'utf8')).trim().split('\n').slice(1);
  return new Map(rows.map((row) => row.split('\t')).map(([file, base64, base32]) => [file!, { base64: base64!, base32: base32! }]));
}

describe('ct600.verify through IPC (real engine)', () => {
  it("says the IRmark matches for HMRC's accepted sample", async () => {
    const expected = (await expectedVectors()).get('tpvs-accepted-sample.xml')!;
    const bytes = new Uint8Array(await readFile(join(vectors, 'tpvs-accepted-sample.xml')));
    await expect(setup().invoke('ct600.verify', OWN_PAGE, { fileName: 'tpvs-accepted-sample.xml', bytes })).resolves.toEqual({
      ok: true,
      value: { expected: expected.base64, expectedBase32: expected.base32, found: expected.base64, matches: true },
    });
  });

  it('reports expected versus found for a document whose mark does not match', async () => {
    const bytes = new Uint8Array(await readFile(join(vectors, 'not-valid', 'php-govtalk-GiftAidRequest.xml')));
    const result = (await setup().invoke('ct600.verify', OWN_PAGE, { fileName: 'gift-aid.xml', bytes })) as {
      ok: true;
      value: { expected: string; found: string | null; matches: boolean };
    };
    expect(result.ok).toBe(true);
    expect(result.value.matches).toBe(false);
    expect(result.value.found).not.toBeNull();
    expect(result.value.found).not.toBe(result.value.expected);
  });

  it('answers a file that is not a GovTalk message with a plain failure naming the file', async () => {
    const bytes = new TextEncoder().encode('<?xml version="1.0"?><notes><note>hello</note></notes>');
    const result = await setup().invoke('ct600.verify', OWN_PAGE, { fileName: 'notes.xml', bytes });
    expect(result).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringMatching(/^notes\.xml could not be checked: /) } });
  });
});

describe('ct600.build through IPC (real engine)', () => {
  it('builds a marked return, adds the base32 mark and a file name, and the mark verifies', async () => {
    const ipc = setup();
    const built = (await ipc.invoke('ct600.build', OWN_PAGE, minimumReturn())) as {
      ok: true;
      value: { xmlDoc: string; originalXmlDoc: string; irMark: string; irMarkBase32: string; suggestedFileName: string };
    };
    expect(built.ok).toBe(true);
    expect(built.value.irMark).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(built.value.irMarkBase32).toMatch(/^[A-Z2-7]{32}$/);
    expect(built.value.suggestedFileName).toBe('ct600-8596148860-2025-03-31.xml');

    const bytes = new Uint8Array(Buffer.from(built.value.xmlDoc, 'base64'));
    const verified = await ipc.invoke('ct600.verify', OWN_PAGE, { fileName: built.value.suggestedFileName, bytes });
    expect(verified).toEqual({
      ok: true,
      value: { expected: built.value.irMark, expectedBase32: built.value.irMarkBase32, found: built.value.irMark, matches: true },
    });
  });

  it("returns the engine's field errors for a bad request", async () => {
    const result = (await setup().invoke('ct600.build', OWN_PAGE, { ...minimumReturn(), reference: '12' })) as {
      ok: false;
      error: { code: string; errors: { field: string; message: string }[] };
    };
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe('invalid-request');
    expect(result.error.errors.map((e) => e.field)).toContain('reference');
  });

  it('refuses a request that is not an object before the engine sees it', async () => {
    await expect(setup().invoke('ct600.build', OWN_PAGE, 'companyName=Acme')).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-request', errors: [{ field: '', message: 'must be an object' }] },
    });
  });
});

describe('ct600FileName', () => {
  it('uses what it can and stays a safe file name', () => {
    expect(ct600FileName({})).toBe('ct600.xml');
    expect(ct600FileName({ reference: '../../85961 48860', periodCovered: { to: '2025-03-31T00:00:00/../x' } })).toBe(
      'ct600-8596148860-2025-03-31.xml',
    );
  });
});
