import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyIrmark } from '../../main/engine/ct600/index.js';
import { MAX_ATTACHMENTS_BASE64_BYTES } from '../../main/engine/ct600/index.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { MAX_CT600_ATTACHMENTS_BASE64_BYTES, type Client, type Ct600DraftBuildResponse, type Draft, type DraftList, type IpcResult, type ValidationJobResult } from '../../preload/contract.js';
import { fullReturn, minimumReturn } from '../fixtures/ct600-requests.js';
import { storeDeps } from '../helpers/store-deps.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';

const ixbrl = (title: string) =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><head><title>${title}</title></head><body><div style="display:none"><ix:header><ix:hidden/></ix:header></div><p>${title}</p></body></html>`,
  );

/** The real Inline XBRL accounts and computations of Example Trading Ltd (the fixture return's company). */
const exampleFile = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'ct600', 'attachments', name)));

/** Every answer is kept, so the last test can check none carries a path. */
const answers: unknown[] = [];

async function setup() {
  const stores = await storeDeps();
  const saveFolder = await mkdtemp(join(tmpdir(), 'saved-'));
  const opened: { path: string | null } = { path: null };
  const ipc = new FakeIpcMain();
  registerHandlers(
    ipc,
    createHandlers({
      ct600: createCt600Engine({ productVersion: '0.1.0' }),
      packages: {
        build: async () => { throw new Error('unused'); },
        validate: async () => { throw new Error('unused'); },
        planDraft: async () => { throw new Error('unused'); },
        buildDraft: async () => { throw new Error('unused'); },
      },
      fileSaver: { dialog: { showSaveDialog: async (o) => ({ canceled: false, filePath: join(saveFolder, o.defaultPath.split('/').pop()!) }) }, defaultDirectory: '/home/jane/Documents' },
      openDialog: { showOpenDialog: async () => (opened.path ? { canceled: false, filePaths: [opened.path] } : { canceled: true, filePaths: [] }) },
      clients: stores.clients,
      drafts: stores.drafts,
      online: stores.online,
      appInfo: { version: '0.1.0', platform: 'linux' },
    }),
    { isTrustedSender: ownPageCheck, logError: () => undefined },
  );
  const call = async <T>(channel: string, request?: unknown): Promise<IpcResult<T>> => {
    const result = (await (request === undefined ? ipc.invoke(channel, OWN_PAGE) : ipc.invoke(channel, OWN_PAGE, request))) as IpcResult<T>;
    answers.push(result);
    return result;
  };
  const ok = async <T>(channel: string, request?: unknown): Promise<T> => {
    const result = await call<T>(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
    return result.value;
  };
  return { call, ok, dataDir: stores.dataDir, saveFolder, opened };
}

const clientDetails = { companyName: 'Example Trading Ltd', registrationNumber: '12345678', utr: '8596148860', periodEnd: '03-31', serviceClientName: '', serviceClientId: '' };
const { attachedFiles: _omit, ...smallProfitsRequest } = fullReturn() as Record<string, unknown>;
/** The return at 19% without the claim in box 329, which HMRC's rule 9200 asks for since FY2023. */
const { associatedCompanies: _claim, ...unclaimedRequest } = smallProfitsRequest;
/** The same return at the main rate, 25%: HMRC accepts it without box 329. */
const fullRequest = {
  ...unclaimedRequest,
  financialYearTaxRate: 25,
  financialYearTax: { currency: 1, value: 10000 },
  netCorporationTaxChargeable: { currency: 1, value: 10000 },
  taxChargeable: { currency: 1, value: 10000 },
  taxPayable: { currency: 1, value: 10000 },
};

describe('client and draft channels', () => {
  it('saves, lists and archives clients; refuses bad details with field errors', async () => {
    const { ok, call } = await setup();
    const client = await ok<Client>('clients.save', { details: clientDetails });
    expect(await ok<Client[]>('clients.list', { query: 'example', includeArchived: false })).toEqual([client]);
    expect((await ok<Client>('clients.archive', { id: client.id, archived: true })).archived).toBe(true);
    const bad = await call('clients.save', { details: { ...clientDetails, utr: '123' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'details.utr', errors: [{ field: 'details.utr' }] } });
    expect(await call('clients.archive', { id: 'missing', archived: true })).toMatchObject({ ok: false, error: { code: 'failed', field: 'id' } });
  });

  it('creates, saves, opens, lists with client names, deletes and restores drafts', async () => {
    const { ok, call } = await setup();
    const client = await ok<Client>('clients.save', { details: clientDetails });
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: client.id, title: 'Example 2025', form: {} });
    const saved = await ok<{ state: string; changedSinceBuild: boolean }>('drafts.save', { id: draft.id, clientId: client.id, title: 'Example 2025', periodFrom: '2024-04-01', periodTo: '2025-03-31', form: { step: 3 } });
    expect(saved).toMatchObject({ state: 'in-progress', changedSinceBuild: true });
    expect((await ok<Draft>('drafts.open', { id: draft.id })).form).toEqual({ step: 3 });
    const list = await ok<DraftList>('drafts.list');
    expect(list.drafts).toEqual([expect.objectContaining({ id: draft.id, clientName: 'Example Trading Ltd', periodTo: '2025-03-31', state: 'in-progress' })]);
    expect((await ok<DraftList>('drafts.delete', { id: draft.id })).trash.map((d) => d.id)).toEqual([draft.id]);
    expect((await ok<DraftList>('drafts.restore', { id: draft.id })).drafts.map((d) => d.id)).toEqual([draft.id]);
    expect(await call('drafts.save', { id: draft.id, clientId: 'nobody', title: '', periodFrom: null, periodTo: null, form: {} })).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'clientId' } });
    expect(await call('drafts.save', { id: draft.id, clientId: null, title: '', periodFrom: '2025-02-30', periodTo: null, form: {} })).toMatchObject({ ok: false, error: { field: 'periodFrom' } });
    expect(await call('drafts.open', { id: '../../etc/passwd' })).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'id' } });
  });

  it('attaches and detaches files, and exports, imports and opens a .fdesk file', async () => {
    const { ok, call, saveFolder, opened } = await setup();
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example 2025', form: {} });
    const withAccounts = await ok<Draft>('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts.xhtml', bytes: ixbrl('Accounts') });
    expect(withAccounts.attachments[0]).toMatchObject({ role: 'accounts', hasInlineXbrlHeader: true });
    expect(await call('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts.pdf', bytes: ixbrl('x') })).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'fileName' } });
    expect(await ok<{ saved: boolean; fileName: string }>('drafts.export', { id: draft.id })).toEqual({ saved: true, fileName: 'Example 2025.fdesk' });
    const bytes = new Uint8Array(await readFile(join(saveFolder, 'Example 2025.fdesk')));
    const imported = await ok<Draft>('drafts.import', { fileName: 'Example 2025.fdesk', bytes });
    expect(imported.id).not.toBe(draft.id);
    expect(imported.attachments.map((a) => a.sha256)).toEqual(withAccounts.attachments.map((a) => a.sha256));
    expect(await call('drafts.import', { fileName: 'x.fdesk', bytes: new TextEncoder().encode('{"format":"other"}') })).toMatchObject({ ok: false, error: { code: 'invalid-request', errors: expect.arrayContaining([{ field: 'format', message: expect.any(String) }]) } });
    expect(await ok('drafts.openFile')).toEqual({ draft: null });
    opened.path = join(saveFolder, 'Example 2025.fdesk');
    expect((await ok<{ draft: Draft }>('drafts.openFile')).draft.title).toBe('Example 2025');
    expect((await ok<Draft>('drafts.detach', { draftId: draft.id, attachmentId: withAccounts.attachments[0]!.id })).attachments).toEqual([]);
    expect(await call('drafts.detach', { draftId: draft.id, attachmentId: 'gone' })).toMatchObject({ ok: false, error: { field: 'attachmentId' } });
  });

  it('saves validation messages as .csv through the save dialog', async () => {
    const { ok, saveFolder } = await setup();
    expect(await ok('file.save', { kind: 'validation-csv', suggestedName: 'ACME: messages', contents: 'code,message\n9200,rate\n' })).toEqual({ saved: true, fileName: 'ACME- messages.csv' });
    expect(await readFile(join(saveFolder, 'ACME- messages.csv'), 'utf8')).toBe('code,message\n9200,rate\n');
  });
});

describe('CT600 from a draft (real engine)', () => {
  it('builds with the draft’s accounts and computations, runs schema, rules and IRmark, and records the build', async () => {
    const { ok, dataDir } = await setup();
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example 2025', form: {} });
    await ok('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts-2025.xhtml', bytes: exampleFile('accounts-2025.xhtml') });
    await ok('drafts.attach', { draftId: draft.id, role: 'computations', fileName: 'computations-2025.xhtml', bytes: exampleFile('computations-2025.xhtml') });
    const form = { companyName: 'Example Trading Ltd', step: 'check' };
    const result = await ok<Ct600DraftBuildResponse>('ct600.buildDraft', { draftId: draft.id, form, request: fullRequest });
    const xml = Buffer.from(result.build.xmlDoc, 'base64');
    expect(xml.toString('utf8')).toContain('<Accounts>');
    expect(xml.toString('utf8')).toContain('EncodedInlineXBRLDocument Filename="computations-2025.xhtml"');
    const verified = verifyIrmark(new Uint8Array(xml));
    expect(verified.matches).toBe(true);
    expect(result.build.irMark).toBe(verified.expected);
    expect(result.validation.jobStatus).toBe('success');
    expect(result.validation.validations.map((v) => v.validationType)).toEqual([0, 1, 2]);
    expect(result.validation.validations.every((v) => v.validationResult === 'valid')).toBe(true);
    expect(result.draft).toMatchObject({ state: 'validated', changedSinceBuild: false, form, lastBuild: { answeredBy: 'engine', irMark: verified.expected, irMarkBase32: verified.expectedBase32, size: xml.length } });
    expect(await readFile(join(dataDir, 'drafts', `${draft.id}.files`, 'last-build.xml'))).toEqual(xml);
    // A change to the form makes the build stale.
    expect(await ok('drafts.save', { id: draft.id, clientId: null, title: 'Example 2025', periodFrom: null, periodTo: null, form: { ...form, step: 'edit' } })).toMatchObject({ state: 'in-progress', changedSinceBuild: true });
  });

  it('checkDraft gives the same rule results without recording anything; missing accounts are a 9113 finding', async () => {
    const { ok } = await setup();
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example', form: {} });
    const checked = await ok<ValidationJobResult>('ct600.checkDraft', { draftId: draft.id, request: fullRequest });
    const codes = checked.validations.flatMap((v) => v.messages.map((m) => m.code));
    expect(codes).toContain('9113');
    await ok('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts-2025.xhtml', bytes: exampleFile('accounts-2025.xhtml') });
    await ok('drafts.attach', { draftId: draft.id, role: 'computations', fileName: 'computations-2025.xhtml', bytes: exampleFile('computations-2025.xhtml') });
    const again = await ok<ValidationJobResult>('ct600.checkDraft', { draftId: draft.id, request: fullRequest });
    expect(again.validations.every((v) => v.validationResult === 'valid')).toBe(true);
    // At 19% without the claim in box 329 HMRC would reject the return: the check says so, at box 340.
    const unclaimed = await ok<ValidationJobResult>('ct600.checkDraft', { draftId: draft.id, request: unclaimedRequest });
    // With the claim, as the request now carries it, the same return passes.
    const claimed = await ok<ValidationJobResult>('ct600.checkDraft', { draftId: draft.id, request: smallProfitsRequest });
    expect(claimed.validations.every((v) => v.validationResult === 'valid')).toBe(true);
    const errors = unclaimed.validations.flatMap((v) => v.messages.filter((m) => m.category === 'error'));
    expect(errors.map((m) => [m.code, m.attributes.find((a) => a.name === 'box')?.value])).toEqual([['9200', '340']]);
    expect((await ok<Draft>('drafts.open', { id: draft.id })).lastBuild).toBeNull();
  });

  it('checkDraft reads the attached files themselves: accounts that are a page without Inline XBRL are reported by name', async () => {
    const { ok } = await setup();
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example', form: {} });
    const page = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Accounts</title></head><body><p>Example Trading Ltd accounts</p></body></html>');
    await ok('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'plain-accounts.xhtml', bytes: page });
    await ok('drafts.attach', { draftId: draft.id, role: 'computations', fileName: 'computations-2025.xhtml', bytes: exampleFile('computations-2025.xhtml') });
    const checked = await ok<ValidationJobResult>('ct600.checkDraft', { draftId: draft.id, request: fullRequest });
    const rules = checked.validations.find((v) => v.validationType === 1)!;
    expect(rules.validationResult).toBe('invalid');
    const header = rules.messages.find((m) => m.code === 'xbrl.ixbrl.HeaderAbsent');
    expect(header).toMatchObject({ category: 'error', type: 'attachment' });
    expect(header!.message).toContain('plain-accounts.xhtml');
    expect(header!.attributes).toEqual(expect.arrayContaining([{ name: 'file', value: 'plain-accounts.xhtml' }, { name: 'box', value: '80A' }]));
    // The computations are real and agree with the return: nothing about them.
    expect(rules.messages.filter((m) => m.attributes.some((a) => a.value === 'computations-2025.xhtml'))).toEqual([]);
  });

  it('ct600.checkAttachments gives each attached file’s findings against the boxes the form has so far', async () => {
    const { ok, call } = await setup();
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example', form: {} });
    const withAccounts = await ok<Draft>('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts-2025.xhtml', bytes: exampleFile('accounts-2025.xhtml') });
    const boxes = { registrationNumber: '12345678', utr: '8596148860', periodFrom: '2024-04-01', periodTo: '2025-03-31' };
    expect(await ok('ct600.checkAttachments', { draftId: draft.id, boxes })).toEqual([
      { attachmentId: withAccounts.attachments[0]!.id, fileName: 'accounts-2025.xhtml', role: 'accounts', messages: [] },
    ]);
    // Nothing filled in yet: the file is still checked on its own.
    expect(await ok('ct600.checkAttachments', { draftId: draft.id, boxes: {} })).toMatchObject([{ messages: [] }]);
    const [wrong] = await ok<{ messages: { code: string; message: string; attributes: { name: string; value: string }[] }[] }[]>('ct600.checkAttachments', {
      draftId: draft.id,
      boxes: { ...boxes, registrationNumber: '87654321' },
    });
    expect(wrong!.messages.map((m) => m.code)).toEqual(['attachment.box2', 'attachment.box2']);
    expect(wrong!.messages[0]!.attributes).toEqual(expect.arrayContaining([{ name: 'box', value: '2' }]));
    expect(wrong!.messages[0]!.message).toMatch(/registration number 12345678, but box 2 of the return is 87654321/);
    expect(await call('ct600.checkAttachments', { draftId: draft.id, boxes: { periodTo: '31/03/2025' } })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  it('a stored copy gone from disk is said against its file, and the other files are still checked', async () => {
    const { ok, dataDir } = await setup();
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example', form: {} });
    await ok('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts-2025.xhtml', bytes: exampleFile('accounts-2025.xhtml') });
    const both = await ok<Draft>('drafts.attach', { draftId: draft.id, role: 'computations', fileName: 'computations-2025.xhtml', bytes: exampleFile('computations-2025.xhtml') });
    await rm(join(dataDir, 'drafts', `${draft.id}.files`, both.attachments[0]!.sha256));
    const found = await ok<{ fileName: string; messages: { code: string; message: string }[] }[]>('ct600.checkAttachments', { draftId: draft.id, boxes: {} });
    expect(found.map((f) => [f.fileName, f.messages.map((m) => m.code)])).toEqual([
      ['accounts-2025.xhtml', ['attachment.unreadable']],
      ['computations-2025.xhtml', []],
    ]);
    expect(found[0]!.messages[0]!.message).toMatch(/The stored copy of accounts-2025\.xhtml is missing; detach it and attach it again\./);
  });

  it('refuses a request carrying its own attachedFiles, and passes the engine’s field errors on', async () => {
    const { call, ok } = await setup();
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example', form: {} });
    expect(await call('ct600.buildDraft', { draftId: draft.id, form: {}, request: fullReturn() })).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'request.attachedFiles' } });
    const engineRefusal = await call('ct600.buildDraft', { draftId: draft.id, form: {}, request: { ...minimumReturn(), reference: '12' } });
    expect(engineRefusal).toMatchObject({ ok: false, error: { code: 'invalid-request', errors: [{ field: 'reference', message: 'must be the 10-digit UTR (box 3)' }] } });
    expect((await ok<Draft>('drafts.open', { id: draft.id })).lastBuild).toBeNull();
  });

  it('ct600.validate runs the full local validation job on a dropped return', async () => {
    const { ok } = await setup();
    const sample = new Uint8Array(await readFile(join(import.meta.dirname, '..', '..', '..', 'shared', 'ct600', 'vectors', 'tpvs-accepted-sample.xml')));
    const result = await ok<ValidationJobResult>('ct600.validate', { fileName: 'tpvs-accepted-sample.xml', bytes: sample });
    expect(result.jobStatus).toBe('success');
    expect(result.validations.map((v) => v.validationType)).toEqual([0, 1, 2]);
    expect(result.startDateTime).toMatch(/Z$/);
  });

  it('keeps the attachments limit equal to the engine’s', () => {
    expect(MAX_CT600_ATTACHMENTS_BASE64_BYTES).toBe(MAX_ATTACHMENTS_BASE64_BYTES);
  });
});

describe('what crosses the bridge', () => {
  it('no answer of the new channels, errors and unreadable-draft reports included, carries a path, the home or data folder', async () => {
    const { ok, call, dataDir } = await setup();
    await mkdir(join(dataDir, 'drafts'), { recursive: true });
    await writeFile(join(dataDir, 'drafts', 'broken.json'), '{');
    const list = await ok<DraftList>('drafts.list');
    expect(list.unreadable[0]).toMatchObject({ fileName: 'broken.json', movedTo: expect.stringMatching(/^broken\.json\.unreadable-/) });
    await call('drafts.open', { id: 'broken' });
    await call('drafts.open', { id: 'nothing-here' });
    const text = JSON.stringify(answers);
    // Runs after the tests above in this file: their answers (every new channel, successes and refusals) are checked too.
    expect(answers.length).toBeGreaterThan(20);
    for (const secret of [dataDir, homedir(), tmpdir(), '/home/jane']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"[^"]*(?:\/tmp\/|\/home\/|[A-Z]:\\\\)/);
    expect(text).not.toMatch(/\bat [\w.<>]+ \(/); // no stack frames
  });
});
