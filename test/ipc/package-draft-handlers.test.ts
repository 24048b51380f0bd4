import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { openZip } from '../../main/engine/package/zip-reader.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { storeBytes } from '../../main/store/draft-files.js';
import type { Draft, DraftFindBuildResponse, FileSaveResponse, IpcResult, PackageDraftBuildResponse, PackagePlan } from '../../preload/contract.js';
import { acmePackageDraftRequest, sampleInlineReport, sampleXsd } from '../engine/package/package-helpers.js';
import { storeDeps } from '../helpers/store-deps.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';

const metadata = acmePackageDraftRequest;

const linkbase = (role: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase"><!-- ${role} --></link:linkbase>\n`;

/** Real engine in this thread, real draft store in a temporary folder, a save dialog that answers with a path in another. */
async function setup() {
  const stores = await storeDeps();
  const saveDir = await mkdtemp(join(tmpdir(), 'fd-package-save-'));
  let nextPath = join(saveDir, 'ACME-2024.xbri');
  const ipc = new FakeIpcMain();
  registerHandlers(
    ipc,
    createHandlers({
      ...stores,
      ct600: createCt600Engine(),
      packages: createPackageEngine(),
      fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: false, filePath: nextPath }) }, defaultDirectory: saveDir },
      appInfo: { version: '0.1.0', platform: 'linux' },
    }),
    { isTrustedSender: ownPageCheck },
  );
  const call = async <T>(channel: string, request: unknown): Promise<T> => {
    const result = (await ipc.invoke(channel, OWN_PAGE, request)) as IpcResult<T>;
    if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
    // Nothing main answers holds a folder of this machine.
    expect(JSON.stringify(result.value, (_k, v) => (v instanceof Uint8Array ? '[bytes]' : v))).not.toMatch(new RegExp(`${tmpdir()}|${stores.dataDir}|${saveDir}`));
    return result.value;
  };
  const refusal = async (channel: string, request: unknown) => {
    const result = (await ipc.invoke(channel, OWN_PAGE, request)) as IpcResult<unknown>;
    if (result.ok) throw new Error(`${channel} accepted ${JSON.stringify(request)}`);
    return result.error;
  };
  const newDraft = async (kind: 'report-package' | 'ct600' = 'report-package') => (await call<Draft>('drafts.create', { kind, clientId: null, title: 'ACME 2024', form: {} })).id;
  const attach = (draftId: string, role: string, fileName: string, content: string | Uint8Array) =>
    call<Draft>('drafts.attach', { draftId, role, fileName, bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content });
  /** An attachment as a draft saved by an earlier Filing Desk may carry it: stored without today's name rules. */
  const carriedFromEarlierVersion = async (draftId: string, role: 'taxonomy', fileName: string, content: string) => {
    const bytes = new TextEncoder().encode(content);
    const { sha256 } = await storeBytes(stores.drafts, draftId, bytes);
    await stores.drafts.update(draftId, (r) => ({
      ...r,
      attachments: [...r.attachments, { id: `earlier-${r.attachments.length}`, role, fileName, size: bytes.byteLength, sha256, hasInlineXbrlHeader: false, addedAt: '2024-01-01T00:00:00.000Z' }],
    }));
  };
  return { ipc, call, refusal, newDraft, attach, carriedFromEarlierVersion, saveDir, setSavePath: (name: string) => (nextPath = join(saveDir, name)) };
}

/** A draft with an inline XBRL report, a zip of linkbases written here, and the schema as a loose file in the same folder. */
async function draftWithTaxonomy(s: Awaited<ReturnType<typeof setup>>) {
  const draftId = await s.newDraft();
  await s.attach(draftId, 'report', 'acme-2024.xhtml', sampleInlineReport());
  const zip = new JSZip();
  zip.file('example.com/acme/2024/acme-2024-lab.xml', linkbase('labels'));
  zip.file('example.com/acme/2024/acme-2024-pre.xml', linkbase('presentation'));
  await s.attach(draftId, 'taxonomy', 'acme-linkbases.zip', await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
  await s.attach(draftId, 'taxonomy', 'example.com/acme/2024/acme-2024.xsd', sampleXsd);
  return draftId;
}

describe('package.planDraft', () => {
  it('lists exactly the entries, in order and with their sizes, of the zip the engine writes for the same draft', async () => {
    const s = await setup();
    const draftId = await draftWithTaxonomy(s);
    const plan = await s.call<PackagePlan>('package.planDraft', { draftId, request: metadata });
    expect(plan).toMatchObject({ canBuild: true, complete: true, problems: [], requestErrors: [], extension: 'xbri', fileName: 'ACME-2024.xbri' });

    const built = await s.call<PackageDraftBuildResponse>('package.buildDraft', { draftId, form: { step: 'review' }, request: metadata, includeHash: false });
    const archive = openZip(built.build.bytes);
    const written = archive.entries.map((e) => ({ path: e.name, size: archive.read(e).byteLength }));
    expect(plan.entries.map((e) => ({ path: e.path, size: e.size }))).toEqual(written);
    expect(plan.entries).toHaveLength(7);
    expect(plan.totalSize).toBe(written.reduce((n, e) => n + e.size, 0));
    // The taxonomy folder named after the URL's host is kept, and the catalog maps the URL to it.
    expect(plan.entries.map((e) => [e.path, e.source, e.from])).toEqual([
      ['ACME-2024/META-INF/reportPackage.json', 'generated', null],
      ['ACME-2024/META-INF/taxonomyPackage.xml', 'generated', null],
      ['ACME-2024/META-INF/catalog.xml', 'generated', null],
      ['ACME-2024/reports/acme-2024.xhtml', 'report', 'acme-2024.xhtml'],
      ['ACME-2024/example.com/acme/2024/acme-2024-lab.xml', 'taxonomy', 'acme-linkbases.zip › example.com/acme/2024/acme-2024-lab.xml'],
      ['ACME-2024/example.com/acme/2024/acme-2024-pre.xml', 'taxonomy', 'acme-linkbases.zip › example.com/acme/2024/acme-2024-pre.xml'],
      ['ACME-2024/example.com/acme/2024/acme-2024.xsd', 'taxonomy', 'example.com/acme/2024/acme-2024.xsd'],
    ]);
  });

  it('refuses a taxonomy file named CON.xsd and two files differing only in letter case, naming each, before Build', async () => {
    const s = await setup();
    const draftId = await s.newDraft();
    await s.attach(draftId, 'report', 'acme-2024.xhtml', sampleInlineReport());
    // Refused at the door since attachments follow the device-name rule; a draft from an earlier version may still carry one.
    expect(await s.refusal('drafts.attach', { draftId, role: 'taxonomy', fileName: 'acme/CON.xsd', bytes: new TextEncoder().encode(sampleXsd) })).toMatchObject({
      code: 'invalid-request',
      errors: [{ field: 'fileName', message: expect.stringContaining('Windows reserves the device names') }],
    });
    await s.carriedFromEarlierVersion(draftId, 'taxonomy', 'acme/CON.xsd', sampleXsd);
    await s.attach(draftId, 'taxonomy', 'acme/acme-2024.xsd', sampleXsd);
    await s.attach(draftId, 'taxonomy', 'acme/ACME-2024.xsd', sampleXsd);
    const plan = await s.call<PackagePlan>('package.planDraft', { draftId, request: metadata });
    expect(plan.canBuild).toBe(false);
    expect(plan.problems.map((p) => [p.file, p.role])).toEqual([
      ['acme/CON.xsd', 'taxonomy'],
      ['acme/ACME-2024.xsd', 'taxonomy'],
    ]);
    expect(plan.problems[0]!.message).toMatch(/"CON.xsd", a device name Windows has reserved/);
    expect(plan.problems[1]!.message).toMatch(/"acme\/acme-2024.xsd" differ only in letter case/);

    const build = await s.refusal('package.buildDraft', { draftId, form: {}, request: metadata, includeHash: true });
    expect(build.code).toBe('invalid-request');
    expect(build.errors).toEqual([
      { field: 'taxonomy', message: expect.stringMatching(/^acme\/CON\.xsd: refused/) },
      { field: 'taxonomy', message: expect.stringMatching(/^acme\/ACME-2024\.xsd: refused/) },
    ]);
    expect((await s.call<Draft>('drafts.open', { id: draftId })).lastBuild).toBeNull();
  });

  it("shows the About page's errors by field and the tree so far, with generated sizes not yet known", async () => {
    const s = await setup();
    const draftId = await s.newDraft();
    await s.attach(draftId, 'report', 'acme-2024.xhtml', sampleInlineReport());
    const plan = await s.call<PackagePlan>('package.planDraft', { draftId, request: { ...metadata, identifier: 'not a uri', publisherCountry: 'gb' } });
    expect(plan.requestErrors.map((e) => e.field).sort()).toEqual(['identifier', 'publisherCountry']);
    expect(plan).toMatchObject({ complete: false, canBuild: false, totalSize: null, fileName: 'ACME-2024.xbri' });
    expect(plan.entries.map((e) => [e.path, e.size])).toEqual([
      ['ACME-2024/META-INF/reportPackage.json', null],
      ['ACME-2024/META-INF/taxonomyPackage.xml', null],
      ['ACME-2024/reports/acme-2024.xhtml', new TextEncoder().encode(sampleInlineReport()).byteLength],
    ]);
  });
});

describe('package.buildDraft, file.save with its .sha256 and drafts.findBuild', () => {
  it('builds in the engine, validates at once, saves with a checksum sha256sum -c accepts, and finds the draft by the saved bytes', async () => {
    const s = await setup();
    const draftId = await draftWithTaxonomy(s);
    const built = await s.call<PackageDraftBuildResponse>('package.buildDraft', { draftId, form: { step: 'review' }, request: metadata, includeHash: true });
    const digest = createHash('sha256').update(built.build.bytes).digest('hex');
    expect(built).toMatchObject({ extension: 'xbri', fileName: 'ACME-2024.xbri', sha256: digest, size: built.build.bytes.byteLength, reportCount: 1 });
    expect(built.build.hashResult).toEqual({ Hash_Result: digest });
    expect(built.validation.validations.map((v) => [v.validationType, v.validationResult])).toEqual([
      [3, 'valid'],
      [4, 'valid'],
    ]);
    expect(built.draft.lastBuild).toMatchObject({ sha256: digest, size: built.size, fileName: 'ACME-2024.xbri', answeredBy: 'engine' });
    expect(built.draft.lastValidation?.result).toEqual(built.validation);
    expect(built.draft.form).toEqual({ step: 'review' });
    expect(built.draft.state).toBe('validated');

    const saved = await s.call<FileSaveResponse>('file.save', {
      kind: 'report-package',
      extension: built.extension,
      suggestedName: 'ACME-2024',
      contents: built.build.bytes,
      writeHashFile: true,
    });
    expect(saved).toEqual({ saved: true, fileName: 'ACME-2024.xbri', hashFileName: 'ACME-2024.xbri.sha256' });
    expect((await readdir(s.saveDir)).sort()).toEqual(['ACME-2024.xbri', 'ACME-2024.xbri.sha256']);
    const onDisk = await readFile(join(s.saveDir, 'ACME-2024.xbri'));
    expect(createHash('sha256').update(onDisk).digest('hex')).toBe(built.sha256);
    expect(await readFile(join(s.saveDir, 'ACME-2024.xbri.sha256'), 'utf8')).toBe(`${built.sha256}  ACME-2024.xbri\n`);

    const check = () => spawnSync('sha256sum', ['-c', 'ACME-2024.xbri.sha256'], { cwd: s.saveDir, encoding: 'utf8' });
    expect(check()).toMatchObject({ status: 0, stdout: 'ACME-2024.xbri: OK\n' });
    const found = await s.call<DraftFindBuildResponse>('drafts.findBuild', { sha256: createHash('sha256').update(onDisk).digest('hex') });
    expect(found.matches).toEqual([expect.objectContaining({ draftId, fileName: 'ACME-2024.xbri', sha256: built.sha256, changedSinceBuild: false })]);

    // One changed byte: sha256sum says so, and no draft claims the file.
    onDisk.writeUInt8(onDisk.readUInt8(onDisk.length - 1) ^ 1, onDisk.length - 1);
    await writeFile(join(s.saveDir, 'ACME-2024.xbri'), onDisk);
    expect(check().status).toBe(1);
    expect(await s.call<DraftFindBuildResponse>('drafts.findBuild', { sha256: createHash('sha256').update(onDisk).digest('hex') })).toEqual({ matches: [] });
  });

  it('writes no checksum file unless asked', async () => {
    const s = await setup();
    s.setSavePath('plain.zip');
    const saved = await s.call<FileSaveResponse>('file.save', { kind: 'report-package', extension: 'zip', suggestedName: 'p', contents: new Uint8Array([0x50, 0x4b]) });
    expect(saved).toEqual({ saved: true, fileName: 'plain.zip' });
    expect(await readdir(s.saveDir)).toEqual(['plain.zip']);
  });
});

describe('hostile and mistaken requests', () => {
  it('refuses taxonomy paths that climb out, are absolute or use backslashes, and files that are not taxonomy files, by field', async () => {
    const s = await setup();
    const draftId = await s.newDraft();
    for (const [fileName, message] of [
      ['../escape.xsd', /"\.\." parts/],
      ['/etc/acme.xsd', /not an absolute path/],
      ['C:/acme/acme.xsd', /not an absolute path/],
      ['acme\\acme.xsd', /"\/", not "\\"/],
      ['acme/readme.txt', /must be a taxonomy file/],
      ['acme/more.zip', /give it as a file name/],
    ] as const) {
      const error = await s.refusal('drafts.attach', { draftId, role: 'taxonomy', fileName, bytes: new TextEncoder().encode('x') });
      expect(error, fileName).toMatchObject({ code: 'invalid-request', field: 'fileName', errors: [{ field: 'fileName', message: expect.stringMatching(message) }] });
    }
    const report = await s.refusal('drafts.attach', { draftId, role: 'report', fileName: 'ACME.XHTML', bytes: new TextEncoder().encode('x') });
    expect(report).toMatchObject({ field: 'fileName', errors: [{ message: expect.stringMatching(/lower case/) }] });
    await s.attach(draftId, 'report', 'acme.xhtml', sampleInlineReport());
    const second = await s.refusal('drafts.attach', { draftId, role: 'report', fileName: 'other.xhtml', bytes: new TextEncoder().encode('x') });
    expect(second).toMatchObject({ field: 'role', errors: [{ message: expect.stringMatching(/acme\.xhtml is the draft's report/) }] });
  });

  it('refuses report content sent by the page, a CT600 draft, and a malformed hash, by field', async () => {
    const s = await setup();
    const draftId = await s.newDraft();
    const sent = await s.refusal('package.planDraft', { draftId, request: { ...metadata, reportBase64Content: 'PGh0bWwvPg==', base64ZipFiles: 'UEs=' } });
    expect(sent.errors?.map((e) => e.field)).toEqual(['request.reportBase64Content', 'request.base64ZipFiles']);
    const ct600 = await s.newDraft('ct600');
    expect(await s.refusal('package.planDraft', { draftId: ct600, request: metadata })).toMatchObject({ field: 'draftId' });
    expect(await s.refusal('package.buildDraft', { draftId: '../x', form: {}, request: metadata, includeHash: false })).toMatchObject({ field: 'draftId' });
    expect(await s.refusal('drafts.findBuild', { sha256: 'ABC' })).toMatchObject({ field: 'sha256' });
    expect(await s.refusal('file.save', { kind: 'report-package', extension: 'xbri', suggestedName: 'p', contents: new Uint8Array([1]), writeHashFile: 'yes' })).toMatchObject({ field: 'writeHashFile' });
  });

  it('says a report is missing instead of building', async () => {
    const s = await setup();
    const draftId = await s.newDraft();
    const plan = await s.call<PackagePlan>('package.planDraft', { draftId, request: metadata });
    expect(plan.problems).toEqual([{ file: null, attachmentId: null, role: 'report', message: expect.stringMatching(/^No report is attached/) }]);
    expect(plan.extension).toBeNull();
    const build = await s.refusal('package.buildDraft', { draftId, form: {}, request: metadata, includeHash: false });
    expect(build.errors).toEqual([{ field: 'report', message: expect.stringMatching(/^No report is attached/) }]);
  });
});
