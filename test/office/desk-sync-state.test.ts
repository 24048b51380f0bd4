/**
 * The sync state's rules on their own: canonical JSON makes the same body
 * hash alike whatever order its keys were written in, and the state file
 * keeps pending changes (with their change ids) and conflicts across a
 * restart, refusing a file it cannot read rather than starting over.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyHash, canonicalJson, emptySyncState, keepConflict, SyncStateError, SyncStateFile } from '../../main/office/sync-state.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'office-sync-state-'));
  dirs.push(dir);
  return dir;
};

const theirs = (version: number, companyName: string) => ({
  kind: 'client' as const,
  id: 'c1',
  version,
  seq: version,
  body: { companyName },
  deleted: false,
  attachments: [],
  changedBy: 'bob',
  changedOn: 'back office',
  changedAt: '2026-12-02T10:00:00.000Z',
});

describe('canonical JSON and body hashes', () => {
  it('orders keys at every depth and leaves out undefined properties', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'x' }], c: undefined } })).toBe('{"a":{"d":[3,{"y":"x","z":null}]},"b":1}');
    expect(bodyHash({ utr: '1234567890', companyName: 'Acme' })).toBe(bodyHash({ companyName: 'Acme', utr: '1234567890' }));
    expect(bodyHash({ companyName: 'Acme' })).not.toBe(bodyHash({ companyName: 'Acme ' }));
    expect(bodyHash([1, 2])).not.toBe(bodyHash([2, 1]));
    expect(bodyHash(null)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the sync state file', () => {
  it('keeps pending change ids and conflicts across a restart, and a later office version replaces the earlier one beside mine', async () => {
    const dir = dataDir();
    const file = new SyncStateFile(dir);
    expect(await file.load()).toEqual(emptySyncState());
    const state = emptySyncState();
    state.lastSeq = 7;
    state.records['client/c0'] = { version: 2, sha256: bodyHash({ companyName: 'Zed' }) };
    state.pending.push({ changeId: '3f0c9b4e-2d8a-4f7e-9c1b-5a6d7e8f9a0b', kind: 'client', id: 'c2', baseVersion: 0, sha256: bodyHash({ companyName: 'New' }) });
    keepConflict(state, { kind: 'client', id: 'c1', mine: { body: { companyName: 'Mine' }, changedAt: '2026-12-02T09:00:00.000Z' }, theirs: theirs(2, 'Theirs') });
    keepConflict(state, { kind: 'client', id: 'c1', mine: { body: { companyName: 'Mine' }, changedAt: '2026-12-02T09:00:00.000Z' }, theirs: theirs(3, 'Theirs again') });
    keepConflict(state, { kind: 'client', id: 'c1', mine: { body: { companyName: 'Mine' }, changedAt: '2026-12-02T09:00:00.000Z' }, theirs: theirs(2, 'Theirs') });
    await file.save(state);

    const loaded = await new SyncStateFile(dir).load();
    expect(loaded).toEqual(state);
    expect(loaded.conflicts).toHaveLength(1);
    expect(loaded.conflicts[0]!.theirs).toMatchObject({ version: 3, body: { companyName: 'Theirs again' } });
    expect(loaded.pending[0]!.changeId).toBe('3f0c9b4e-2d8a-4f7e-9c1b-5a6d7e8f9a0b');
  });

  it('refuses a state file it cannot use, naming what is wrong, and leaves it as it is', async () => {
    const dir = dataDir();
    const file = new SyncStateFile(dir);
    await file.save(emptySyncState());
    const path = join(dir, 'office', 'sync-state.json');
    writeFileSync(path, JSON.stringify({ ...emptySyncState(), lastSeq: -1 }));
    await expect(file.load()).rejects.toThrow(SyncStateError);
    await expect(file.load()).rejects.toThrow(/lastSeq .*nothing was synced/);
    writeFileSync(path, '{ not json');
    await expect(file.load()).rejects.toThrow(/not valid JSON; it was left as it is/);
  });
});
