/**
 * The wizard asks for the attachment checks as the user types: each file is
 * read and checked once per set of boxes, by the engine (the worker in the
 * app), not on every call.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AttachmentFindingsCache } from '../../main/ipc/ct600-attachment-checks.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import type { DraftAttachment } from '../../preload/contract.js';

const accounts = new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'ct600', 'attachments', 'accounts-2025.xhtml')));
const attachment: DraftAttachment = { id: 'a1', role: 'accounts', fileName: 'accounts-2025.xhtml', size: accounts.length, sha256: 'a'.repeat(64), hasInlineXbrlHeader: true, addedAt: '2025-05-01T10:00:00.000Z' };

describe('attachment findings for the wizard', () => {
  it('reads and checks a file once per set of boxes, through the engine', async () => {
    const engine = createCt600Engine();
    let checks = 0;
    let reads = 0;
    const cache = new AttachmentFindingsCache((bytes, role, boxes) => {
      checks++;
      return engine.checkAttachment!(bytes, role, boxes);
    });
    const read = async () => {
      reads++;
      return accounts;
    };
    const boxes = { registrationNumber: '12345678', periodFrom: '2024-04-01', periodTo: '2025-03-31' };
    expect(await cache.messages(attachment, boxes, read)).toEqual([]);
    expect(await cache.messages(attachment, { ...boxes }, read)).toEqual([]);
    expect([checks, reads]).toEqual([1, 1]);
    const other = await cache.messages(attachment, { ...boxes, registrationNumber: '87654321' }, read);
    expect([checks, reads]).toEqual([2, 2]);
    expect(other.map((m) => [m.code, m.attributes.find((a) => a.name === 'box')?.value])).toEqual([
      ['attachment.box2', '2'],
      ['attachment.box2', '2'],
    ]);
  });
});
