import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attach, attachmentBytes } from '../../main/store/draft-files.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { exportDraft, importDraft } from '../../main/store/draft-transfer.js';
import { hasInlineXbrlHeader } from '../../main/store/inline-xbrl.js';
import { sha256Of } from '../../main/store/draft-files.js';

const ixbrl = (body: string) =>
  new TextEncoder().encode(`<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body><div style="display:none"><ix:header><ix:hidden/></ix:header></div>${body}</body></html>`);

async function store() {
  const dataDir = await mkdtemp(join(tmpdir(), 'fdesk-'));
  return { dataDir, store: new DraftStore({ dataDir, log: () => undefined }) };
}

async function exported() {
  const { store: from } = await store();
  const draft = await from.create({ kind: 'ct600', clientId: null, title: 'Acme 2025', form: { boxes: { '145': '120000' } } });
  await attach(from, draft.id, { role: 'accounts', fileName: 'accounts.xhtml', bytes: ixbrl('accounts') });
  await attach(from, draft.id, { role: 'computations', fileName: 'computations.html', bytes: ixbrl('computations') });
  return JSON.parse(new TextDecoder().decode((await exportDraft(from, draft.id, null)).bytes));
}

const refusal = async (file: unknown) => {
  const { store: to, dataDir } = await store();
  const error = await importDraft(to, new TextEncoder().encode(JSON.stringify(file)), async () => null).catch((e: unknown) => e);
  // Nothing was written for a refused file.
  expect((await readdir(join(dataDir, 'drafts')).catch(() => [])).length).toBe(0);
  return error as { kind: string; errors: { field: string; message: string }[] };
};

describe('.fdesk export and import', () => {
  it('round-trips a draft with its attachments into a new draft with a new id', async () => {
    const { store: from } = await store();
    const draft = await from.create({ kind: 'ct600', clientId: 'c1', title: 'Acme 2025', form: { boxes: { '145': '120000' } } });
    const accounts = ixbrl('accounts');
    await attach(from, draft.id, { role: 'accounts', fileName: 'accounts.xhtml', bytes: accounts });
    const file = await exportDraft(from, draft.id, { companyName: 'Acme Ltd', registrationNumber: '01234567', utr: '8596148860', periodEnd: '03-31', serviceClientName: '', serviceClientId: '' });
    const { store: to } = await store();
    let asked: unknown;
    const imported = await importDraft(to, file.bytes, async (details) => ((asked = details), 'local-client'));
    expect(imported.id).not.toBe(draft.id);
    expect(imported).toMatchObject({ kind: 'ct600', title: 'Acme 2025', clientId: 'local-client', form: { boxes: { '145': '120000' } }, lastBuild: null });
    expect(asked).toMatchObject({ utr: '8596148860' });
    expect(imported.attachments).toEqual([expect.objectContaining({ role: 'accounts', fileName: 'accounts.xhtml', sha256: sha256Of(accounts), hasInlineXbrlHeader: true })]);
    expect(await attachmentBytes(to, imported.id, imported.attachments[0]!)).toEqual(Buffer.from(accounts));
  });

  it('refuses a hostile file with field errors and writes nothing', async () => {
    const good = await exported();
    const pathName = await refusal({ ...good, attachments: [{ ...good.attachments[0], fileName: '../../evil.xhtml' }] });
    expect(pathName).toMatchObject({ kind: 'invalid', errors: [{ field: 'attachments[0].fileName', message: 'must be a file name, not a path' }] });
    const badHash = await refusal({ ...good, attachments: [{ ...good.attachments[0], sha256: 'f'.repeat(64) }] });
    expect(badHash.errors).toEqual([{ field: 'attachments[0].sha256', message: expect.stringContaining('does not match') }]);
    const smuggled = await refusal({ ...good, draft: { ...good.draft, id: 'x', path: '/etc' } });
    expect(smuggled.errors.map((e) => e.field).sort()).toEqual(['draft.id', 'draft.path']);
    const wrongRole = await refusal({ ...good, attachments: [{ ...good.attachments[0], role: 'taxonomy' }] });
    expect(wrongRole.errors[0]!.field).toBe('attachments[0].role');
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 100; i++) at = (at.next = {}) as Record<string, unknown>;
    expect((await refusal({ ...good, draft: { ...good.draft, form: deep } })).errors).toEqual([{ field: 'draft.form', message: 'is nested more than 32 levels deep' }]);
    expect((await refusal({ ...good, format: 'something-else' })).errors[0]!.field).toBe('format');
    expect((await refusal({ ...good, formatVersion: 7 })).errors[0]!.field).toBe('formatVersion');
    const { store: to } = await store();
    expect(await importDraft(to, new Uint8Array([0xff, 0xfe, 0x00]), async () => null).catch((e: unknown) => e)).toMatchObject({ kind: 'invalid', errors: [{ field: '' }] });
  });
});

describe('inline XBRL header detection', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('finds ix:header under the prefix the file binds to the inline XBRL namespace', () => {
    expect(hasInlineXbrlHeader(ixbrl(''))).toBe(true);
    expect(hasInlineXbrlHeader(enc(`<html xmlns:inl = 'http://www.xbrl.org/2013/inlineXBRL'><inl:header>`))).toBe(true);
  });
  it('does not take another namespace, a header-like name, or a mention in text for one', () => {
    expect(hasInlineXbrlHeader(enc('<html xmlns:ix="http://example.com/not-ixbrl"><ix:header/></html>'))).toBe(false);
    expect(hasInlineXbrlHeader(enc('<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><ix:headers/></html>'))).toBe(false);
    expect(hasInlineXbrlHeader(enc('<p>see http://www.xbrl.org/2013/inlineXBRL and ix:header</p>'))).toBe(false);
  });
  it('scans a large file without a header in linear time (no stack, no backtracking)', () => {
    const big = new Uint8Array(30 * 1024 * 1024).fill(0x3c); // "<<<<…"
    expect(hasInlineXbrlHeader(big)).toBe(false);
  });
});
