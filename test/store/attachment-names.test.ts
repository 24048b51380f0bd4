import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachmentNameProblem } from '../../main/store/attachment-rules.js';
import { attach } from '../../main/store/draft-files.js';
import { DraftStore } from '../../main/store/draft-store.js';

const ixbrl = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body>Accounts</body></html>');

describe('attachment names Windows takes for devices', () => {
  it.each(['CON.xhtml', 'con.html', 'Nul.xhtml', 'aux.tar.xhtml', 'PRN .xhtml', 'com1.xhtml', 'LPT9.HTML', 'com¹.xhtml'])('refuses %s for accounts', (name) => {
    expect(attachmentNameProblem('accounts', name)).toMatch(/^must not be ".+": Windows reserves the device names CON, PRN, AUX, NUL, COM1–9 and LPT1–9 \(with any extension\) in every folder$/);
  });

  it.each(['nul', 'CON.', 'con. .', 'aux '])('refuses %s with trailing dots or spaces in a taxonomy path', (segment) => {
    expect(attachmentNameProblem('taxonomy', `${segment}/schema.xsd`)).toContain('Windows reserves the device names');
  });

  it.each(['console.xhtml', 'com10.xhtml', 'connect.html', 'lpt.xhtml', 'my-con.xhtml'])('accepts %s, which only looks like a device name', (name) => {
    expect(attachmentNameProblem('accounts', name)).toBeNull();
  });

  it('refuses the attachment with a field error naming the rule, and stores nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'attachment-names-'));
    const store = new DraftStore({ dataDir, log: () => undefined });
    const draft = await store.create({ kind: 'ct600', clientId: null, title: 'Acme', form: {} });
    const error = await attach(store, draft.id, { role: 'accounts', fileName: 'CON.xhtml', bytes: ixbrl }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'invalid',
      message: 'CON.xhtml cannot be attached.',
      errors: [{ field: 'fileName', message: 'must not be "CON.xhtml": Windows reserves the device names CON, PRN, AUX, NUL, COM1–9 and LPT1–9 (with any extension) in every folder' }],
    });
    expect((await store.get(draft.id)).attachments).toEqual([]);
    expect((await readdir(join(dataDir, 'drafts'))).filter((n) => n.endsWith('.files'))).toEqual([]);
  });
});
