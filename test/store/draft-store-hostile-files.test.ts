import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attach, attachmentBytes, recordBuild } from '../../main/store/draft-files.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { recordPackageBuild } from '../../main/store/package-builds.js';
import type { DraftBuildRecord, DraftValidationRecord } from '../../preload/contract.js';
import { makeFifo, makeSparse, MiB, peakGrowth, releaseFifos, within } from '../helpers/hostile-files.js';

async function setup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'drafts-hostile-'));
  let n = 0;
  const store = new DraftStore({ dataDir, idGenerator: () => `d${String(++n).padStart(4, '0')}`, clock: () => new Date('2025-05-01T10:00:00Z'), log: () => undefined });
  const outside = await mkdtemp(join(tmpdir(), 'outside-data-folder-'));
  return { dataDir, store, draftsDir: join(dataDir, 'drafts'), outside };
}

const draftText = (id: string, title: string) =>
  JSON.stringify({ schemaVersion: 1, id, kind: 'ct600', createdAt: '2025-05-01T10:00:00.000Z', changedAt: '2025-05-01T10:00:00.000Z', clientId: null, title, periodFrom: null, periodTo: null, form: {}, attachments: [], lastBuild: null, lastValidation: null });

const ixbrl = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body>Accounts</body></html>');
const built = {
  xml: new TextEncoder().encode('<GovTalkMessage/>'),
  bytes: new TextEncoder().encode('PK\u0005\u0006'),
  build: { builtAt: '2025-05-01T10:00:00.000Z', answeredBy: 'engine', fingerprint: '0'.repeat(64), fileName: 'x', size: 1, sha256: '0'.repeat(64) } as DraftBuildRecord,
  validation: { validatedAt: '2025-05-01T10:00:00.000Z', answeredBy: 'engine', result: { jobStatus: 'success', validations: [] } } as unknown as DraftValidationRecord,
};

afterEach(releaseFifos);

describe('the drafts folder holding what Filing Desk never wrote', () => {
  it('lists the good drafts beside named pipes (in drafts and in the trash), each refused at once and kept aside', async () => {
    const { store, draftsDir, dataDir } = await setup();
    const good = await store.create({ kind: 'ct600', clientId: null, title: 'Good', form: {} });
    // More pipes than Node has file threads: one blocking read each would stall every file operation.
    for (const name of ['p1', 'p2', 'p3', 'p4', 'p5']) makeFifo(join(draftsDir, `${name}.json`));
    await mkdir(join(dataDir, 'trash'));
    makeFifo(join(dataDir, 'trash', 'p6.json'));
    const list = await within(10_000, 'listing the drafts', store.list());
    expect(list.drafts.map((d) => d.id)).toEqual([good.id]);
    const reasons = new Map(list.unreadable.map((u) => [u.fileName, u.reason]));
    for (const name of ['p1', 'p2', 'p3', 'p4', 'p5']) expect(reasons.get(`${name}.json`)).toBe('it is not an ordinary file (a pipe, a device or a socket is in its place)');
    expect(reasons.get('trash/p6.json')).toBe('in the trash, it is not an ordinary file (a pipe, a device or a socket is in its place)');
    // Every other file operation still works.
    expect((await within(10_000, 'opening a draft', store.get(good.id))).title).toBe('Good');
  });

  it('refuses sixteen 450 MB draft files by their size without reading them, and lists the good draft', async () => {
    const { store, draftsDir } = await setup();
    const good = await store.create({ kind: 'ct600', clientId: null, title: 'Good', form: {} });
    for (let i = 0; i < 16; i++) makeSparse(join(draftsDir, `huge-${i}.json`), 450 * MiB);
    const { value: list, grewBy } = await peakGrowth(() => within(10_000, 'listing the drafts', store.list()));
    expect(grewBy).toBeLessThan(64 * MiB);
    expect(list.drafts.map((d) => d.id)).toEqual([good.id]);
    expect(list.unreadable).toHaveLength(16);
    for (const u of list.unreadable) expect(u).toMatchObject({ movedTo: expect.stringMatching(/^huge-\d+\.json\.unreadable-/), reason: 'it is larger than the 16 MB Filing Desk reads for draft files' });
  });

  it('refuses a draft that is not valid UTF-8, setting it aside untouched rather than repairing it', async () => {
    const { store, draftsDir } = await setup();
    await store.open();
    // The title "Café" in Latin-1: a decoder that repairs would turn it into "Caf\uFFFD" and save that back.
    const raw = Buffer.from(draftText('latin', 'CafX'));
    raw[raw.indexOf('X')] = 0xe9;
    await writeFile(join(draftsDir, 'latin.json'), raw);
    const list = await store.list();
    expect(list.drafts).toEqual([]);
    expect(list.unreadable).toEqual([{ fileName: 'latin.json', movedTo: 'latin.json.unreadable-2025-05-01T10-00-00-000Z', reason: 'it is not valid UTF-8 text' }]);
    expect(await readFile(join(draftsDir, 'latin.json.unreadable-2025-05-01T10-00-00-000Z'))).toEqual(raw);
    expect(await store.get('latin').catch((e: unknown) => e)).toMatchObject({ kind: 'not-found' });
  });

  it('writes nothing through a draft files folder that is a link to another folder', async () => {
    const { store, outside } = await setup();
    const draft = await store.create({ kind: 'report-package', clientId: null, title: 'Linked', form: {} });
    await writeFile(join(outside, 'last-build.xml'), 'precious');
    await writeFile(join(outside, 'last-build.package'), 'precious too');
    await rm(store.filesDir(draft.id), { recursive: true, force: true });
    await symlink(outside, store.filesDir(draft.id), 'dir');
    const linkReason = `the data folder's drafts/${draft.id}.files is a link to another place, not a real folder; Filing Desk does not read or write through it`;

    const ct600 = await store.create({ kind: 'ct600', clientId: null, title: 'Linked return', form: {} });
    await symlink(outside, store.filesDir(ct600.id), 'dir');
    expect(await attach(store, ct600.id, { role: 'accounts', fileName: 'accounts.xhtml', bytes: ixbrl }).catch((e: unknown) => e)).toMatchObject({
      kind: 'failed',
      message: `Could not store the attached file: ${linkReason.replace(draft.id, ct600.id)}. The draft is unchanged.`,
    });
    expect(await recordBuild(store, ct600.id, built).catch((e: unknown) => e)).toMatchObject({ kind: 'failed', message: expect.stringContaining(linkReason.replace(draft.id, ct600.id)) });
    expect(await recordPackageBuild(store, draft.id, built).catch((e: unknown) => e)).toMatchObject({ kind: 'failed', message: expect.stringContaining(linkReason) });

    expect((await readdir(outside)).sort()).toEqual(['last-build.package', 'last-build.xml']);
    expect(await readFile(join(outside, 'last-build.xml'), 'utf8')).toBe('precious');
    expect(await readFile(join(outside, 'last-build.package'), 'utf8')).toBe('precious too');
    expect((await store.get(ct600.id)).attachments).toEqual([]);
    expect((await store.get(ct600.id)).lastBuild).toBeNull();
  });

  it('reads no stored file through a linked files folder', async () => {
    const { store, outside } = await setup();
    const draft = await store.create({ kind: 'ct600', clientId: null, title: 'Linked', form: {} });
    const withFile = await attach(store, draft.id, { role: 'accounts', fileName: 'accounts.xhtml', bytes: ixbrl });
    const sha = withFile.attachments[0]!.sha256;
    await writeFile(join(outside, sha), ixbrl);
    await rm(store.filesDir(draft.id), { recursive: true });
    await symlink(outside, store.filesDir(draft.id), 'dir');
    expect(await attachmentBytes(store, draft.id, withFile.attachments[0]!).catch((e: unknown) => e)).toMatchObject({ kind: 'failed', message: expect.stringContaining('is a link to another place') });
  });

  it('moves nothing into a trash folder that is a link, and the draft stays', async () => {
    const { store, dataDir, outside } = await setup();
    const draft = await store.create({ kind: 'ct600', clientId: null, title: 'Kept', form: {} });
    await writeFile(join(outside, `${draft.id}.json`), 'precious');
    await symlink(outside, join(dataDir, 'trash'), 'dir');
    expect(await store.delete(draft.id).catch((e: unknown) => e)).toMatchObject({
      kind: 'failed',
      message: "Could not move the draft to the trash: the data folder's trash is a link to another place, not a real folder; Filing Desk does not read or write through it. The draft is unchanged.",
    });
    expect(await readFile(join(outside, `${draft.id}.json`), 'utf8')).toBe('precious');
    const list = await store.list();
    expect(list.drafts.map((d) => d.id)).toEqual([draft.id]);
    expect(list.unreadable).toEqual([{ fileName: 'trash', movedTo: 'trash', reason: expect.stringContaining('is a link to another place') }]);
  });
});
