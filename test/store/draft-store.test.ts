import * as fsp from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attach, detach } from '../../main/store/draft-files.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { nodeStoreFs, type StoreFs } from '../../main/store/store-fs.js';
import type { DraftSaveRequest } from '../../preload/contract.js';

async function setup(fs?: StoreFs) {
  const dataDir = await mkdtemp(join(tmpdir(), 'drafts-'));
  let n = 0;
  let tick = 0;
  const logs: string[] = [];
  const store = new DraftStore({
    dataDir,
    fs,
    idGenerator: () => `d${String(++n).padStart(4, '0')}`,
    // Each reading of the clock one second later, so "most recent first" is decided by changedAt.
    clock: () => new Date(Date.UTC(2025, 4, 1, 10, 0, tick++)),
    log: (m) => logs.push(m),
  });
  return { dataDir, store, logs, draftsDir: join(dataDir, 'drafts') };
}

const saveOf = (id: string, form: Record<string, unknown>, title = 'Acme 2025'): DraftSaveRequest => ({
  id,
  clientId: null,
  title,
  periodFrom: '2024-04-01',
  periodTo: '2025-03-31',
  form,
});

/** node:fs with rename failing while `fail.on` (as a full disk or a crash before the rename would). */
function failingRename() {
  const fail = { on: false };
  const fs: StoreFs = {
    ...fsp,
    rename: (async (from: string, to: string) => {
      if (fail.on) throw Object.assign(new Error(`ENOSPC: no space left, rename '${from}' -> '${to}'`), { code: 'ENOSPC' });
      return fsp.rename(from, to);
    }) as typeof fsp.rename,
  };
  return { fs, fail };
}

describe('draft store', () => {
  it('creates, saves and reopens a draft from its own JSON file, with schemaVersion and changedAt', async () => {
    const { store, draftsDir, dataDir } = await setup();
    const draft = await store.create({ kind: 'ct600', clientId: null, title: 'Acme', form: { step: 1 } });
    expect(draft).toMatchObject({ id: 'd0001', schemaVersion: 1, state: 'in-progress', changedSinceBuild: true, attachments: [] });
    await store.save(saveOf(draft.id, { step: 2, boxes: { '145': '120000' } }));
    const onDisk = JSON.parse(await readFile(join(draftsDir, 'd0001.json'), 'utf8'));
    expect(onDisk).toMatchObject({ schemaVersion: 1, id: 'd0001', form: { step: 2, boxes: { '145': '120000' } }, changedAt: expect.any(String) });
    const reopened = new DraftStore({ dataDir, log: () => undefined });
    expect((await reopened.get('d0001')).form).toEqual({ step: 2, boxes: { '145': '120000' } });
  });

  it('coalesces saves arriving while a write is in flight: the last content wins, every promise settles, one more write', async () => {
    let renames = 0;
    let release!: () => void;
    const gate = { held: false, reached: Promise.resolve(), open: Promise.resolve() };
    const fs: StoreFs = {
      ...fsp,
      rename: (async (a: string, b: string) => {
        renames++;
        // The first write of the burst waits here, in flight, until the test has sent the rest.
        if (gate.held) {
          gate.held = false;
          markReached();
          await gate.open;
        }
        return fsp.rename(a, b);
      }) as typeof fsp.rename,
    };
    let markReached!: () => void;
    const { store, draftsDir } = await setup(fs);
    const draft = await store.create({ kind: 'ct600', clientId: null, title: 'Acme', form: {} });
    renames = 0;
    gate.held = true;
    gate.reached = new Promise<void>((r) => (markReached = r));
    gate.open = new Promise<void>((r) => (release = r));
    const first = store.save(saveOf(draft.id, { keystrokes: 0 }));
    await gate.reached;
    const rest = Array.from({ length: 99 }, (_, i) => store.save(saveOf(draft.id, { keystrokes: i + 1 })));
    release();
    const results = await Promise.allSettled([first, ...rest]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(JSON.parse(await readFile(join(draftsDir, `${draft.id}.json`), 'utf8')).form).toEqual({ keystrokes: 99 });
    expect((await store.get(draft.id)).form).toEqual({ keystrokes: 99 });
    // The first save's write, then one write carrying the newest of the 99 that came during it.
    expect(renames).toBe(2);
  });

  it('reports a failed write to every caller waiting on it, leaves the saved copy intact and readable, and the next save succeeds', async () => {
    const { fs, fail } = failingRename();
    const { store, draftsDir, dataDir } = await setup(fs);
    const draft = await store.create({ kind: 'ct600', clientId: null, title: 'Acme', form: { v: 'saved' } });
    const before = await readFile(join(draftsDir, `${draft.id}.json`), 'utf8');
    fail.on = true;
    const results = await Promise.allSettled([store.save(saveOf(draft.id, { v: 'lost 1' })), store.save(saveOf(draft.id, { v: 'lost 2' }))]);
    for (const r of results) {
      expect(r).toMatchObject({ status: 'rejected', reason: { kind: 'failed', message: 'Could not save the draft: the disk is full. The copy already saved is unchanged.' } });
      expect((r as PromiseRejectedResult).reason.message).not.toContain(dataDir);
    }
    expect(await readFile(join(draftsDir, `${draft.id}.json`), 'utf8')).toBe(before);
    expect((await readdir(draftsDir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect((await new DraftStore({ dataDir, log: () => undefined }).get(draft.id)).form).toEqual({ v: 'saved' });
    expect((await store.get(draft.id)).form).toEqual({ v: 'saved' });
    fail.on = false;
    await store.save(saveOf(draft.id, { v: 'kept' }));
    expect((await store.get(draft.id)).form).toEqual({ v: 'kept' });
  });

  it('sweeps temporary files a crash left between write and rename, keeps the old draft, and logs how many', async () => {
    const { store, draftsDir, dataDir } = await setup();
    const draft = await store.create({ kind: 'ct600', clientId: null, title: 'Acme', form: { v: 1 } });
    // What a crash after the fsync and before the rename leaves: a complete temp file beside the draft.
    await writeFile(join(draftsDir, `.${draft.id}.json.0123456789ab.tmp`), JSON.stringify({ half: true }));
    await mkdir(join(draftsDir, `${draft.id}.files`), { recursive: true });
    await writeFile(join(draftsDir, `${draft.id}.files`, `.${'a'.repeat(64)}.ba9876543210.tmp`), 'partial');
    const logs: string[] = [];
    const reopened = new DraftStore({ dataDir, log: (m) => logs.push(m) });
    const list = await reopened.list();
    expect(list.drafts.map((d) => d.id)).toEqual([draft.id]);
    expect(logs).toContain('removed 2 temporary files left by an interrupted save');
    expect((await readdir(draftsDir)).some((n) => n.endsWith('.tmp'))).toBe(false);
    expect((await reopened.get(draft.id)).form).toEqual({ v: 1 });
  });

  it('lists most recent first; moves unreadable files aside and reports them, while the other drafts still list and open', async () => {
    const { store, draftsDir } = await setup();
    const a = await store.create({ kind: 'ct600', clientId: 'client-1', title: 'Older', form: {} });
    const b = await store.create({ kind: 'report-package', clientId: null, title: 'Newer', form: {} });
    await writeFile(join(draftsDir, 'bad-json.json'), '{"schemaVersion":1,');
    await writeFile(join(draftsDir, 'wrong-shape.json'), JSON.stringify({ schemaVersion: 1, id: 'wrong-shape', kind: 'vat' }));
    await mkdir(join(draftsDir, 'a-folder.json'));
    await writeFile(join(draftsDir, 'future.json'), JSON.stringify({ schemaVersion: 99, id: 'future' }));
    const list = await store.list();
    expect(list.drafts.map((d) => [d.id, d.title, d.kind, d.state])).toEqual([
      [b.id, 'Newer', 'report-package', 'in-progress'],
      [a.id, 'Older', 'ct600', 'in-progress'],
    ]);
    const byName = new Map(list.unreadable.map((u) => [u.fileName, u]));
    expect([...byName.keys()].sort()).toEqual(['a-folder.json', 'bad-json.json', 'future.json', 'wrong-shape.json']);
    expect(byName.get('bad-json.json')).toMatchObject({ movedTo: expect.stringMatching(/^bad-json\.json\.unreadable-2025-05-01T10-00-\d\d-000Z$/), reason: expect.stringContaining('not valid JSON') });
    expect(byName.get('a-folder.json')!.reason).toBe('a folder is in its place');
    expect(byName.get('wrong-shape.json')!.movedTo).toMatch(/^wrong-shape\.json\.unreadable-/);
    // A newer version's file is refused but left where it is, untouched.
    expect(byName.get('future.json')).toEqual({ fileName: 'future.json', movedTo: 'future.json', reason: 'made by a newer version of Filing Desk; it was left as it is' });
    expect(JSON.parse(await readFile(join(draftsDir, 'future.json'), 'utf8')).schemaVersion).toBe(99);
    // Never dropped: still reported on the next listing.
    expect((await store.list()).unreadable.map((u) => u.fileName).sort()).toEqual(['a-folder.json', 'bad-json.json', 'future.json', 'wrong-shape.json']);
    expect((await store.get(a.id)).title).toBe('Older');
  });

  it('sets aside a draft file whose form is not an object, saying so', async () => {
    const { store, draftsDir } = await setup();
    await store.create({ kind: 'ct600', clientId: null, title: 'Fine', form: {} });
    const handWritten = (id: string, form: unknown) =>
      JSON.stringify({ schemaVersion: 1, id, kind: 'ct600', createdAt: '2024-06-01T09:00:00.000Z', changedAt: '2024-06-01T09:00:00.000Z', clientId: null, title: id, periodFrom: null, periodTo: null, form, attachments: [], lastBuild: null, lastValidation: null });
    await writeFile(join(draftsDir, 'form-list.json'), handWritten('form-list', ['a']));
    await writeFile(join(draftsDir, 'form-text.json'), handWritten('form-text', 'text'));
    await writeFile(join(draftsDir, 'form-missing.json'), handWritten('form-missing', undefined));
    const list = await store.list();
    expect(list.drafts.map((d) => d.title)).toEqual(['Fine']);
    expect(Object.fromEntries(list.unreadable.map((u) => [u.fileName, u.reason]))).toEqual({
      'form-list.json': 'its form must be an object',
      'form-text.json': 'its form must be an object',
      'form-missing.json': 'its form must be an object',
    });
  });

  it('reads a hand-written version 1 draft file', async () => {
    const { store, draftsDir } = await setup();
    await mkdir(draftsDir, { recursive: true });
    await writeFile(
      join(draftsDir, 'v1-draft.json'),
      `{
        "schemaVersion": 1, "id": "v1-draft", "kind": "ct600",
        "createdAt": "2024-06-01T09:00:00.000Z", "changedAt": "2024-06-02T09:00:00.000Z",
        "clientId": null, "title": "Written by hand", "periodFrom": "2023-04-01", "periodTo": "2024-03-31",
        "form": { "companyName": "Hand Ltd" }, "attachments": [], "lastBuild": null, "lastValidation": null
      }`,
    );
    expect(await store.get('v1-draft')).toMatchObject({ schemaVersion: 1, title: 'Written by hand', periodTo: '2024-03-31', form: { companyName: 'Hand Ltd' }, state: 'in-progress' });
  });

  it('deletes to the trash (most recently deleted first) and restores with the attachments', async () => {
    const { store, dataDir, draftsDir } = await setup();
    const a = await store.create({ kind: 'ct600', clientId: null, title: 'A', form: {} });
    const b = await store.create({ kind: 'ct600', clientId: null, title: 'B', form: {} });
    const accounts = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body>accounts</body></html>');
    const withFile = await attach(store, a.id, { role: 'accounts', fileName: 'accounts.xhtml', bytes: accounts });
    await store.delete(a.id);
    await store.delete(b.id);
    let list = await store.list();
    expect(list.drafts).toEqual([]);
    expect(list.trash.map((d) => d.id)).toEqual([b.id, a.id]);
    expect((await readdir(join(dataDir, 'trash'))).sort()).toEqual([`${a.id}.files`, `${a.id}.json`, `${b.id}.json`]);
    expect(await store.get(a.id).catch((e: unknown) => e)).toMatchObject({ kind: 'not-found' });
    await store.restore(a.id);
    list = await store.list();
    expect(list.drafts.map((d) => d.id)).toEqual([a.id]);
    expect(list.trash.map((d) => d.id)).toEqual([b.id]);
    expect(await readFile(join(draftsDir, `${a.id}.files`, withFile.attachments[0]!.sha256))).toEqual(Buffer.from(accounts));
    expect(await store.restore(a.id).catch((e: unknown) => e)).toMatchObject({ kind: 'not-found' });
  });

  it('keeps attachment bytes beside the draft, not in its JSON, and detach removes them', async () => {
    const { store, draftsDir } = await setup();
    const d = await store.create({ kind: 'ct600', clientId: null, title: 'A', form: {} });
    const bytes = new Uint8Array(200_000).fill(65);
    const attached = await attach(store, d.id, { role: 'computations', fileName: 'comps.html', bytes });
    const json = await readFile(join(draftsDir, `${d.id}.json`), 'utf8');
    expect(json.length).toBeLessThan(2000);
    const a = attached.attachments[0]!;
    expect(a).toMatchObject({ role: 'computations', fileName: 'comps.html', size: 200_000, hasInlineXbrlHeader: false });
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    const detached = await detach(store, d.id, a.id);
    expect(detached.attachments).toEqual([]);
    expect(await readdir(join(draftsDir, `${d.id}.files`))).toEqual([]);
  });

  it('keeps the bytes of a file removed and attached again at once: the removal never deletes what the new attachment uses', async () => {
    // A slow disk: removing a file takes until the next attach has looked for its bytes.
    let looked: () => void = () => undefined;
    const lookedForBytes = new Promise<void>((resolve) => (looked = resolve));
    let attaching = false;
    const slowFs: StoreFs = {
      ...nodeStoreFs,
      lstat: ((path: string) => {
        if (attaching) looked();
        return nodeStoreFs.lstat(path);
      }) as StoreFs['lstat'],
      rm: (async (path: string, options?: Parameters<StoreFs['rm']>[1]) => {
        if (attaching) await Promise.race([lookedForBytes, new Promise((r) => setTimeout(r, 500))]);
        return nodeStoreFs.rm(path, options);
      }) as StoreFs['rm'],
    };
    const { store, draftsDir } = await setup(slowFs);
    const d = await store.create({ kind: 'ct600', clientId: null, title: 'A', form: {} });
    const bytes = new Uint8Array(5_000).fill(66);
    const first = (await attach(store, d.id, { role: 'accounts', fileName: 'accounts.html', bytes })).attachments[0]!;
    // The bookkeeper removes the file and drops it again before the removal has finished.
    attaching = true;
    const [, again] = await Promise.all([detach(store, d.id, first.id), attach(store, d.id, { role: 'accounts', fileName: 'accounts.html', bytes })]);
    expect(again.attachments).toHaveLength(1);
    expect(await readFile(join(draftsDir, `${d.id}.files`, first.sha256))).toEqual(Buffer.from(bytes));
  });

  it('refuses CT600 attachments that are not inline XBRL files, in the wrong role, or past the 25 MB of base64', async () => {
    const { store } = await setup();
    const d = await store.create({ kind: 'ct600', clientId: null, title: 'A', form: {} });
    const small = new Uint8Array(10);
    expect(await attach(store, d.id, { role: 'accounts', fileName: 'accounts.pdf', bytes: small }).catch((e: unknown) => e)).toMatchObject({ kind: 'invalid', errors: [{ field: 'fileName' }] });
    expect(await attach(store, d.id, { role: 'taxonomy', fileName: 'a.xhtml', bytes: small }).catch((e: unknown) => e)).toMatchObject({ kind: 'invalid', errors: [{ field: 'role' }] });
    await attach(store, d.id, { role: 'accounts', fileName: 'big.xhtml', bytes: new Uint8Array(18 * 1024 * 1024) });
    const tooMuch = await attach(store, d.id, { role: 'computations', fileName: 'comps.xhtml', bytes: new Uint8Array(2 * 1024 * 1024) }).catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ kind: 'invalid', errors: [{ field: 'bytes', message: expect.stringContaining('HMRC accepts at most 25 MB per return') }] });
    expect((await store.get(d.id)).attachments).toHaveLength(1);
  });
});

describe('draft store: changedAt', () => {
  it('is later at every change, even when the clock stands still or is set back', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'drafts-'));
    const readings = [Date.UTC(2025, 4, 1, 10), Date.UTC(2025, 4, 1, 10), Date.UTC(2025, 4, 1, 10), Date.UTC(2025, 4, 1, 9)];
    let i = 0;
    const store = new DraftStore({ dataDir, idGenerator: () => 'd0001', clock: () => new Date(readings[Math.min(i++, readings.length - 1)]!), log: () => undefined });
    const created = await store.create({ kind: 'ct600', clientId: null, title: 'Acme', form: {} });
    const seen = [created.changedAt];
    for (const step of [1, 2, 3]) seen.push((await store.save(saveOf(created.id, { step }))).changedAt);
    expect(seen).toEqual(['2025-05-01T10:00:00.000Z', '2025-05-01T10:00:00.001Z', '2025-05-01T10:00:00.002Z', '2025-05-01T10:00:00.003Z']);
  });
});
