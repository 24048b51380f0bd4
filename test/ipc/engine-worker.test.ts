import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RequestValidationError } from '../../main/engine/errors.js';
import { XmlInputError } from '../../main/engine/ct600/index.js';
import { inThreadRunner, type EngineRunner } from '../../main/engine-worker/engine-operations.js';
import { createEngineWorkerClient, type WorkerLike } from '../../main/engine-worker/engine-worker-client.js';
import { isPiece, PIECE_BYTES, type WorkerPiece, type WorkerReply, type WorkerRequest } from '../../main/engine-worker/worker-protocol.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
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
  const pieces: WorkerPiece[] = [];
  const worker: WorkerLike & { emit(event: string, value: unknown): void } = {
    // As a real worker's port does: a copy of the message, with what is listed for transfer taken from the sender.
    postMessage: (message, transfer) => {
      const sent = structuredClone(message, { transfer: transfer ?? [] });
      void (isPiece(sent) ? pieces.push(sent) : requests.push(sent));
    },
    on: (event: string, listener: (value: any) => void) => void (listeners[event] ??= []).push(listener),
    terminate: async () => 0,
    emit: (event, value) => listeners[event]?.forEach((l) => l(value)),
  };
  return { worker, requests, pieces, reply: (reply: WorkerReply) => worker.emit('message', reply) };
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

  it('sends a large document ahead in pieces of its own, then the request naming it, leaving the caller its bytes', async () => {
    const { worker, requests, pieces, reply } = scriptedWorker();
    const c = createEngineWorkerClient(() => worker);
    const bytes = new Uint8Array(2 * PIECE_BYTES + 1000).map((_, i) => i % 251);
    const call = c.run('package.validate', 'big.xbri', bytes);
    // Nothing is copied in the call itself: the pieces go one per turn of the event loop.
    expect(pieces.length).toBeLessThanOrEqual(1);
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 10_000 });
    expect(pieces.map((p) => [p.arg, p.offset, p.bytes.byteLength, p.total])).toEqual([
      [1, 0, PIECE_BYTES, bytes.byteLength],
      [1, PIECE_BYTES, PIECE_BYTES, bytes.byteLength],
      [1, 2 * PIECE_BYTES, 1000, bytes.byteLength],
    ]);
    const whole = new Uint8Array(bytes.byteLength);
    for (const p of pieces) whole.set(p.bytes, p.offset);
    expect(Buffer.compare(whole, bytes)).toBe(0);
    expect(requests).toEqual([{ id: 1, operation: 'package.validate', args: ['big.xbri', null], pieced: [1] }]);
    // Not handed over: the caller keeps its bytes, whole and unchanged.
    expect(bytes.byteLength).toBe(2 * PIECE_BYTES + 1000);
    expect(bytes[PIECE_BYTES + 7]).toBe((PIECE_BYTES + 7) % 251);
    reply({ id: 1, ok: true, value: 'checked' });
    await expect(call).resolves.toBe('checked');
  });

  it('stops sending pieces when the worker dies meanwhile, and sends no request', async () => {
    const { worker, requests, pieces } = scriptedWorker();
    const c = createEngineWorkerClient(() => worker);
    const call = c.run('ct600.verify', new Uint8Array(8 * PIECE_BYTES));
    worker.emit('exit', 1);
    await expect(call).rejects.toThrow(/engine worker stopped/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The first piece goes as the call is made; none after the worker is gone.
    expect(pieces.length).toBeLessThanOrEqual(1);
    expect(requests).toEqual([]);
  });
});
