import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RequestValidationError } from '../../main/engine/errors.js';
import { XmlInputError } from '../../main/engine/ct600/index.js';
import { inThreadRunner, type EngineRunner } from '../../main/engine-worker/engine-operations.js';
import { createEngineWorkerClient, type WorkerLike } from '../../main/engine-worker/engine-worker-client.js';
import { PIECE_BYTES, type WorkerReply, type WorkerRequest } from '../../main/engine-worker/worker-protocol.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { buildCt600 } from '../../main/engine/ct600/index.js';
import { ixbrlText, returnWithAttachments } from '../../scripts/bench/lib/ct600-inputs.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';
import { unusedStoreDeps } from '../helpers/store-deps.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const vectors = join(repoRoot, '..', 'shared', 'ct600', 'vectors');
const workerSource = join(repoRoot, 'main', 'engine-worker', 'worker.ts');

/**
 * The worker from its TypeScript source, with tsx's loader registered inside
 * the worker first (the shipped build bundles it instead: the bundled worker
 * is tested in test/shell/build.test.ts).
 */
const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(workerSource).href)}); })`;
const client = createEngineWorkerClient(() => new Worker(bootstrap, { eval: true }));
afterAll(() => client.close());

function ipcOver(runner: EngineRunner) {
  const ipc = new FakeIpcMain();
  registerHandlers(
    ipc,
    createHandlers({
      ...unusedStoreDeps(),
      ct600: createCt600Engine({ productVersion: '0.1.0' }, runner),
      packages: createPackageEngine(runner),
      fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: '/tmp' },
      appInfo: { version: '0.1.0', platform: 'linux' },
    }),
    { isTrustedSender: ownPageCheck },
  );
  return ipc;
}

/** A large but well-formed GovTalk message: the accepted sample with 20 MB of extra elements in its Body. */
async function largeMessage(): Promise<Uint8Array> {
  const sample = await readFile(join(vectors, 'tpvs-accepted-sample.xml'), 'utf8');
  const filler = `<Extra>${'a'.repeat(100)}</Extra>`.repeat(Math.floor((20 * 1024 * 1024) / 115));
  return new TextEncoder().encode(sample.replace('</Body>', `${filler}</Body>`));
}

describe('engine worker', () => {
  it('answers through the IPC handlers exactly as the engine in the calling thread does', async () => {
    const bytes = new Uint8Array(await readFile(join(vectors, 'tpvs-accepted-sample.xml')));
    const file = { fileName: 'tpvs-accepted-sample.xml', bytes };
    const viaWorker = await ipcOver(client).invoke('ct600.verify', OWN_PAGE, file);
    expect(viaWorker).toEqual({
      ok: true,
      value: { expected: 'YrgW02ybxWOff7gHrELynhp1gRw=', expectedBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4', found: 'YrgW02ybxWOff7gHrELynhp1gRw=', matches: true },
    });
    expect(viaWorker).toEqual(await ipcOver(inThreadRunner).invoke('ct600.verify', OWN_PAGE, file));

    const built = (await ipcOver(client).invoke('ct600.build', OWN_PAGE, minimumReturn())) as { ok: boolean; value: { irMark: string; suggestedFileName: string } };
    expect(built.ok).toBe(true);
    expect(built.value.suggestedFileName).toBe('ct600-8596148860-2025-03-31.xml');
  });

  it('keeps the engine’s errors apart across the thread: field errors and unreadable XML', async () => {
    const refused = await client.run('ct600.build', { ...minimumReturn(), reference: '12' }, {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).errors.map((e) => e.field)).toContain('reference');

    const unreadable = await client.run('ct600.verify', new TextEncoder().encode('<notes/>')).catch((e: unknown) => e);
    expect(unreadable).toBeInstanceOf(XmlInputError);
    await expect(ipcOver(client).invoke('ct600.verify', OWN_PAGE, { fileName: 'notes.xml', bytes: new TextEncoder().encode('<notes/>') })).resolves.toMatchObject({
      ok: false,
      error: { code: 'failed', message: expect.stringMatching(/^notes\.xml could not be checked: /) },
    });

    const packageRefused = await ipcOver(client).invoke('package.build', OWN_PAGE, { request: { name: 'x' }, includeHash: false });
    expect(packageRefused).toMatchObject({ ok: false, error: { code: 'invalid-request', errors: expect.arrayContaining([expect.objectContaining({ field: 'reportBase64Content' })]) } });
  });

  // A large byte argument reaches the worker as a view of memory shared with the caller (worker-protocol.ts): every engine read must take it.
  it('checks documents larger than a piece, read from shared memory, as the engine in the calling thread does', async () => {
    const built = buildCt600(returnWithAttachments(6_000_000));
    const ret = new Uint8Array(Buffer.from(built.xmlDoc, 'base64'));
    const accounts = new TextEncoder().encode(ixbrlText(5_000_000, 3));
    const notAZip = new Uint8Array(5 * 1024 * 1024).map((_, i) => (i * 7919) % 251);
    for (const bytes of [ret, accounts, notAZip]) expect(bytes.byteLength).toBeGreaterThan(PIECE_BYTES);
    // What does not depend on when it ran.
    const timeless = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (/^(startDateTime|endDateTime)$/.test(key) ? undefined : v)));
    const checked = await client.run('validation.checkFile', 'return.xml', ret, '2026-11-28');
    expect(checked.validations.length).toBeGreaterThanOrEqual(3);
    expect(checked.failedChecks).toEqual([]);
    expect(timeless(checked)).toEqual(timeless(await inThreadRunner.run('validation.checkFile', 'return.xml', ret, '2026-11-28')));
    expect(await client.run('ct600.verify', ret)).toEqual(await inThreadRunner.run('ct600.verify', ret));
    expect(timeless(await client.run('taxonomy.checkDocument', 'accounts.xhtml', accounts))).toEqual(timeless(await inThreadRunner.run('taxonomy.checkDocument', 'accounts.xhtml', accounts)));
    expect(timeless(await client.run('package.validate', 'big.xbri', notAZip))).toEqual(timeless(await inThreadRunner.run('package.validate', 'big.xbri', notAZip)));
  }, 60_000);

  it('leaves the calling thread free while it works (the in-thread engine does not)', async () => {
    const bytes = await largeMessage();
    const ticksDuring = async (runner: EngineRunner) => {
      let ticks = 0;
      let done = false;
      const tick = () => {
        if (done) return;
        ticks++;
        setTimeout(tick, 0);
      };
      setTimeout(tick, 0);
      const result = await runner.run('ct600.verify', bytes);
      done = true;
      return { ticks, result };
    };
    const inWorker = await ticksDuring(client);
    const inThread = await ticksDuring(inThreadRunner);
    expect(inWorker.result).toEqual(inThread.result);
    expect(inWorker.result.matches).toBe(false);
    // The timer ran while the worker parsed; in the calling thread it could not run at all.
    expect(inWorker.ticks).toBeGreaterThan(0);
    expect(inThread.ticks).toBe(0);
  }, 60_000);
});

/** A worker stand-in that records requests and can reply, fail or die on demand. */
function scriptedWorker() {
  const listeners: Record<string, ((value: any) => void)[]> = {};
  const requests: WorkerRequest[] = [];
  const worker: WorkerLike & { emit(event: string, value: unknown): void } = {
    // As a real worker's port does: a copy of the message, memory shared with the sender still shared.
    postMessage: (message) => void requests.push(structuredClone(message)),
    on: (event: string, listener: (value: any) => void) => void (listeners[event] ??= []).push(listener),
    terminate: async () => 0,
    emit: (event, value) => listeners[event]?.forEach((l) => l(value)),
  };
  return { worker, requests, reply: (reply: WorkerReply) => worker.emit('message', reply) };
}

describe('engine worker client', () => {
  it('matches replies to calls by id, whatever order they come back in', async () => {
    const { worker, requests, reply } = scriptedWorker();
    const c = createEngineWorkerClient(() => worker);
    const first = c.run('ct600.verify', new Uint8Array([1]));
    const second = c.run('package.validate', 'p.xbri', new Uint8Array([2]));
    expect(requests.map((r) => [r.id, r.operation])).toEqual([[1, 'ct600.verify'], [2, 'package.validate']]);
    reply({ id: 2, ok: true, value: 'second' });
    reply({ id: 1, ok: false, error: { kind: 'internal', name: 'TypeError', message: 'boom' } });
    await expect(second).resolves.toBe('second');
    await expect(first).rejects.toThrow('engine worker: TypeError: boom');
  });

  it('rejects waiting calls when the worker dies, and starts a fresh worker for the next call', async () => {
    const spawned: ReturnType<typeof scriptedWorker>[] = [];
    const c = createEngineWorkerClient(() => {
      const w = scriptedWorker();
      spawned.push(w);
      return w.worker;
    });
    const waiting = c.run('ct600.verify', new Uint8Array([1]));
    spawned[0]!.worker.emit('error', new Error('Worker terminated due to reaching memory limit: JS heap out of memory'));
    spawned[0]!.worker.emit('exit', 1);
    await expect(waiting).rejects.toThrow(/engine worker failed: .*out of memory/);
    const next = c.run('ct600.verify', new Uint8Array([1]));
    expect(spawned).toHaveLength(2);
    spawned[1]!.reply({ id: spawned[1]!.requests[0]!.id, ok: true, value: 'fresh' });
    await expect(next).resolves.toBe('fresh');
  });

  it('copies a large document into memory shared with the worker, a piece per turn, then sends the request with it, leaving the caller its bytes', async () => {
    const { worker, requests, reply } = scriptedWorker();
    const c = createEngineWorkerClient(() => worker);
    const bytes = new Uint8Array(2 * PIECE_BYTES + 1000).map((_, i) => i % 251);
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const call = c.run('package.validate', 'big.xbri', bytes);
    // Not copied in the call itself: the request goes once every piece is in, a turn of the event loop each.
    expect(requests).toEqual([]);
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 10_000 });
    clearInterval(counting);
    const [request] = requests;
    expect([request!.id, request!.operation, request!.args[0]]).toEqual([1, 'package.validate', 'big.xbri']);
    const sent = request!.args[1] as Uint8Array;
    // The worker's view is of the shared copy itself (structured clone shares it), so it makes no copy of its own.
    expect(sent.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.compare(sent, bytes)).toBe(0);
    expect(turns).toBeGreaterThan(0);
    // Not handed over: the caller keeps its bytes, whole and unchanged.
    expect(bytes.buffer).toBeInstanceOf(ArrayBuffer);
    expect(bytes.byteLength).toBe(2 * PIECE_BYTES + 1000);
    expect(bytes[PIECE_BYTES + 7]).toBe((PIECE_BYTES + 7) % 251);
    reply({ id: 1, ok: true, value: 'checked' });
    await expect(call).resolves.toBe('checked');
  });

  it('sends a small document as it is, in the request', async () => {
    const { worker, requests, reply } = scriptedWorker();
    const c = createEngineWorkerClient(() => worker);
    const call = c.run('ct600.verify', new Uint8Array([1, 2, 3]));
    expect(requests).toHaveLength(1);
    expect((requests[0]!.args[0] as Uint8Array).buffer).toBeInstanceOf(ArrayBuffer);
    reply({ id: 1, ok: true, value: 'small' });
    await expect(call).resolves.toBe('small');
  });

  it('stops copying when the worker dies meanwhile, and sends no request', async () => {
    const { worker, requests } = scriptedWorker();
    const c = createEngineWorkerClient(() => worker);
    const call = c.run('ct600.verify', new Uint8Array(8 * PIECE_BYTES));
    worker.emit('exit', 1);
    await expect(call).rejects.toThrow(/engine worker stopped/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toEqual([]);
  });
});
