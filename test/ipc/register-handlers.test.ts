import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../main/engine/errors.js';
import { INTERNAL_ERROR_MESSAGE, IpcFailure } from '../../main/ipc/ipc-errors.js';
import { registerHandlers, type Handlers } from '../../main/ipc/register-handlers.js';
import { channels } from '../../preload/contract.js';
import { FakeIpcMain, OWN_CONTENTS_ID, OWN_PAGE, ownPageCheck, topFrameEvent } from './fake-ipc-main.js';

/** Handlers that record what reached them; each test overrides the one it needs. */
function recordingHandlers(overrides: Partial<Handlers> = {}) {
  const calls: { channel: string; request: unknown }[] = [];
  const record =
    <T>(channel: string, value: T) =>
    (request: unknown) => {
      calls.push({ channel, request });
      return value;
    };
  const handlers: Handlers = {
    'ct600.build': record('ct600.build', {
      xmlDoc: 'eA==',
      originalXmlDoc: 'eQ==',
      irMark: 'm',
      irMarkBase32: 'M',
      suggestedFileName: 'ct600.xml',
    }),
    'ct600.verify': record('ct600.verify', { expected: 'a', expectedBase32: 'A', found: 'a', matches: true }),
    'package.build': record('package.build', { zipContentBase64: 'UEs=', suggestedFileName: 'p.xbri' }),
    'package.validate': record('package.validate', { jobStatus: 'success', startDateTime: null, endDateTime: null, validations: [] }),
    'file.save': record('file.save', { saved: false }),
    'app.info': record('app.info', { version: '0.1.0', platform: 'linux' }),
    ...overrides,
  } as Handlers;
  return { handlers, calls };
}

function setup(overrides: Partial<Handlers> = {}, logged: unknown[] = []) {
  const ipc = new FakeIpcMain();
  const { handlers, calls } = recordingHandlers(overrides);
  registerHandlers(ipc, handlers, { isTrustedSender: ownPageCheck, logError: (_c, e) => void logged.push(e) });
  return { ipc, calls };
}

const xmlFile = { fileName: 'return.xml', bytes: new Uint8Array([60, 97, 47, 62]) };

describe('registerHandlers', () => {
  it('registers exactly the channels of the contract', () => {
    const { ipc } = setup();
    expect([...ipc.listeners.keys()].sort()).toEqual([...channels].sort());
  });

  it('passes a valid payload to its handler and wraps the answer as ok', async () => {
    const { ipc, calls } = setup();
    await expect(ipc.invoke('ct600.verify', OWN_PAGE, xmlFile)).resolves.toEqual({
      ok: true,
      value: { expected: 'a', expectedBase32: 'A', found: 'a', matches: true },
    });
    expect(calls).toEqual([{ channel: 'ct600.verify', request: xmlFile }]);
    await expect(ipc.invoke('app.info', OWN_PAGE)).resolves.toEqual({ ok: true, value: { version: '0.1.0', platform: 'linux' } });
    await expect(ipc.invoke('package.build', OWN_PAGE, { request: { name: 'x' }, includeHash: true })).resolves.toMatchObject({
      ok: true,
    });
  });

  it('refuses a bad payload with field errors and never calls the handler', async () => {
    const { ipc, calls } = setup();
    const result = (await ipc.invoke('ct600.verify', OWN_PAGE, { fileName: '../etc/passwd.xml', bytes: 'not bytes' })) as {
      ok: false;
      error: { code: string; field?: string; errors: { field: string; message: string }[] };
    };
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe('invalid-request');
    expect(result.error.errors.map((e) => e.field).sort()).toEqual(['bytes', 'fileName']);
    expect(result.error.errors.find((e) => e.field === 'fileName')?.message).toMatch(/file name, not a path/);
    expect(result.error.errors.find((e) => e.field === 'bytes')?.message).toMatch(/Uint8Array/);
    expect(calls).toEqual([]);
  });

  it('names nested fields and the rule they break', async () => {
    const { ipc } = setup();
    const result = await ipc.invoke('package.build', OWN_PAGE, { request: 'x', includeHash: 'yes' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-request',
        field: 'request',
        errors: [
          { field: 'request', message: 'must be an object' },
          { field: 'includeHash', message: 'must be true or false' },
        ],
      },
    });
    const save = await ipc.invoke('file.save', OWN_PAGE, { kind: 'report-package', extension: 'xbri', suggestedName: 'p', contents: 42 });
    expect(save).toMatchObject({ ok: false, error: { field: 'contents', errors: [{ field: 'contents', message: 'must be the package’s bytes (Uint8Array)' }] } });
  });

  it('refuses a file of the wrong type, an empty file and extra arguments', async () => {
    const { ipc } = setup();
    await expect(ipc.invoke('package.validate', OWN_PAGE, { fileName: 'notes.txt', bytes: new Uint8Array([1]) })).resolves.toMatchObject({
      ok: false,
      error: { errors: [{ field: 'fileName', message: 'must end in .xbri, .xbr, .zip' }] },
    });
    await expect(ipc.invoke('ct600.verify', OWN_PAGE, { fileName: 'a.xml', bytes: new Uint8Array() })).resolves.toMatchObject({
      ok: false,
      error: { errors: [{ field: 'bytes', message: 'the file is empty' }] },
    });
    await expect(ipc.invoke('app.info', OWN_PAGE, 'x')).resolves.toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    await expect(ipc.invoke('ct600.verify', OWN_PAGE, xmlFile, xmlFile)).resolves.toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  it('refuses a sender that is not our own page, before looking at the payload', async () => {
    const { ipc, calls } = setup();
    const events = [
      topFrameEvent('https://evil.example/'),
      topFrameEvent('file:///tmp/x.html'),
      topFrameEvent(null),
      // A subframe, even one showing our own page.
      { senderFrame: { url: OWN_PAGE, parent: { url: OWN_PAGE } }, sender: { id: OWN_CONTENTS_ID } },
      // Our page in a web contents that is not the main window's.
      topFrameEvent(OWN_PAGE, OWN_CONTENTS_ID + 1),
    ];
    for (const event of events) {
      await expect(ipc.invoke('ct600.verify', event, xmlFile)).resolves.toEqual({
        ok: false,
        error: { code: 'untrusted-sender', message: expect.stringMatching(/own page/) },
      });
    }
    expect(calls).toEqual([]);
  });

  it("maps the engine's RequestValidationError to field errors", async () => {
    const { ipc } = setup({
      'ct600.build': () => {
        throw new RequestValidationError([
          { field: 'periodCovered.to', message: 'must be on or after periodCovered.from' },
          { field: 'reference', message: 'must be 10 digits' },
        ]);
      },
    });
    await expect(ipc.invoke('ct600.build', OWN_PAGE, { companyName: 'Acme' })).resolves.toEqual({
      ok: false,
      error: {
        code: 'invalid-request',
        message: 'The request is not valid: periodCovered.to: must be on or after periodCovered.from; reference: must be 10 digits',
        field: 'periodCovered.to',
        errors: [
          { field: 'periodCovered.to', message: 'must be on or after periodCovered.from' },
          { field: 'reference', message: 'must be 10 digits' },
        ],
      },
    });
  });

  it('passes a user-facing failure through with its message', async () => {
    const { ipc } = setup({
      'file.save': async () => {
        throw new IpcFailure('failed', 'Could not save return.xml: the disk is full. Nothing was written.');
      },
    });
    await expect(ipc.invoke('file.save', OWN_PAGE, { kind: 'ct600-xml', suggestedName: 'return', contents: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'failed', message: 'Could not save return.xml: the disk is full. Nothing was written.' },
    });
  });

  it('turns any other error into a generic internal error: no message, no stack, no path leaks', async () => {
    const logged: unknown[] = [];
    const secret = new Error("ENOENT: no such file or directory, open '/home/alice/clients/acme/secret.json'");
    const { ipc } = setup(
      {
        'package.validate': async () => {
          throw secret;
        },
      },
      logged,
    );
    const result = await ipc.invoke('package.validate', OWN_PAGE, { fileName: 'p.xbri', bytes: new Uint8Array([80, 75]) });
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE } });
    const text = JSON.stringify(result);
    expect(text).not.toContain('alice');
    expect(text).not.toContain('at ');
    // The detail is kept for the log in main.
    expect(logged).toEqual([secret]);
  });

  it('survives a thrown non-Error value', async () => {
    const { ipc } = setup({
      'app.info': () => {
        throw 'plain string';
      },
    });
    await expect(ipc.invoke('app.info', OWN_PAGE)).resolves.toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE } });
  });
});
