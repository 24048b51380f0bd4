/** The submission record: written before anything is sent, read only when it is what Filing Desk wrote. */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveEnvironment } from '../../main/filing/environments.js';
import { FilingRefusal } from '../../main/filing/filing-desk.js';
import { bodySha256Of } from '../../main/filing/submission-message.js';
import { SubmissionStore, SubmissionStoreError } from '../../main/filing/submission-store.js';
import { TransportError, type GatewayTransport } from '../../main/filing/transport.js';
import { buildCt600 } from '../../main/engine/ct600/index.js';
import { fullReturn } from '../fixtures/ct600-requests.js';
import { builtReturn, makeDesk } from './filing-support.js';

const environment = resolveEnvironment('til', 'http://127.0.0.1:9/submission');

describe('submission records', () => {
  it('the record with the exact message and its TransactionID is on disk, marked as possibly sent, before the first byte leaves', async () => {
    const seen: { sendStartedAt?: string; message: string; transactionId: string }[] = [];
    let store!: SubmissionStore;
    const transport: GatewayTransport = {
      async post(_url, body) {
        const { records } = await store.list();
        seen.push(...records.map((r) => ({ sendStartedAt: r.sendStartedAt, message: r.message, transactionId: r.transactionId })));
        // The first message out is the submission: its Body is byte for byte the recorded one.
        if (seen.length === 1) expect(bodySha256Of(body)).toBe(records[0]!.bodySha256);
        else expect(body.toString('utf8')).toContain('<Function>list</Function>');
        throw new TransportError('the connection was refused');
      },
    };
    const made = makeDesk({ transport, retry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 2 } });
    store = made.store;
    const outcome = await made.desk.submit(builtReturn(), { environment });
    expect(seen[0]).toMatchObject({ transactionId: outcome.transactionId, sendStartedAt: expect.any(String) });
    // No answer at all: still unknown whether HMRC holds it, so it is left pending, never sent again.
    expect(outcome.outcome).toBe('pending');
    expect(seen.filter((s) => s.transactionId === outcome.transactionId)).toHaveLength(3);
  });

  it('a changed return is not sent while an earlier version of it is still being filed', async () => {
    const transport: GatewayTransport = { post: async () => Promise.reject(new TransportError('the connection was refused')) };
    const { desk } = makeDesk({ transport, retry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 1 } });
    const first = await desk.submit(builtReturn(), { environment });
    expect(first.outcome).toBe('pending');
    const changed = Buffer.from(buildCt600({ ...fullReturn(), companyName: 'Renamed Trading Ltd' }, { vendorId: '1234' }).xmlDoc, 'base64');
    await expect(desk.submit(changed, { environment })).rejects.toThrow(FilingRefusal);
    await expect(desk.submit(changed, { environment })).rejects.toThrow(/earlier version of this return .* must finish/);
  });

  it('a record changed by hand, or a link in place of the folder, is refused and named, never acted on', async () => {
    const transport: GatewayTransport = { post: async () => Promise.reject(new TransportError('the connection was refused')) };
    const { desk, store, dataDir } = makeDesk({ transport, retry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 1 } });
    const outcome = await desk.submit(builtReturn(), { environment });
    const file = join(dataDir, 'submissions', `${outcome.transactionId}.json`);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...record, state: 'accepted-by-hand' }));
    await expect(store.load(outcome.transactionId)).rejects.toThrow(SubmissionStoreError);
    await expect(store.load(outcome.transactionId)).rejects.toThrow(/cannot be used: state/);
    const { problems } = await store.list();
    expect(problems).toEqual([{ file: `${outcome.transactionId}.json`, reason: expect.stringContaining('cannot be used') }]);
    expect(problems[0]!.reason).not.toContain(dataDir);
    // That record may be this very return: nothing new is sent while it cannot be read.
    await expect(desk.submit(builtReturn(), { environment })).rejects.toThrow(/cannot tell whether this return was already sent/);

    const other = mkdtempSync(join(tmpdir(), 'fd-elsewhere-'));
    const linked = mkdtempSync(join(tmpdir(), 'fd-linked-'));
    mkdirSync(join(other, 'real'));
    symlinkSync(join(other, 'real'), join(linked, 'submissions'));
    const linkedStore = new SubmissionStore({ dataDir: linked });
    await expect(linkedStore.list()).rejects.toThrow(/link to another place/);
    await expect(makeDesk({ dataDir: linked, transport }).desk.submit(builtReturn(), { environment })).rejects.toThrow(/link to another place/);
  });

  it('a record larger than the store reads back is never written in place of the one on disk', async () => {
    const transport: GatewayTransport = { post: async () => Promise.reject(new TransportError('the connection was refused')) };
    const { desk, store, dataDir } = makeDesk({ transport, retry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 1 } });
    const outcome = await desk.submit(builtReturn(), { environment });
    const file = join(dataDir, 'submissions', `${outcome.transactionId}.json`);
    const before = readFileSync(file, 'utf8');
    const record = await store.load(outcome.transactionId);
    const entry = { at: record.createdAt, direction: 'received' as const, what: 'answer to the poll: acknowledgement', xml: '界'.repeat(2 * 1024 * 1024 - 64) };
    await expect(store.save({ ...record, log: [...record.log, ...Array.from({ length: 12 }, () => entry)] })).rejects.toThrow(/would be larger than the 64 MB Filing Desk reads; it was not written/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a record is parsed again only when its file changed, by this store or by hand; one read is handed out frozen', async () => {
    const transport: GatewayTransport = { post: async () => Promise.reject(new TransportError('the connection was refused')) };
    const { desk, store, dataDir } = makeDesk({ transport, retry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 1 } });
    const outcome = await desk.submit(builtReturn(), { environment });
    const first = (await store.list()).records[0]!;
    expect((await store.list()).records[0]).toBe(first);
    expect(await store.load(outcome.transactionId)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.log)).toBe(true);
    expect(() => (first.log as unknown[]).push('x')).toThrow();

    // Changed by hand, even to the same size: another stamp, so read again.
    const file = join(dataDir, 'submissions', `${outcome.transactionId}.json`);
    const onDisk = readFileSync(file, 'utf8');
    writeFileSync(file, onDisk.replace(first.createdAt, first.createdAt.replace(/.$/, (d) => String((Number(d) + 1) % 10))));
    const byHand = await store.load(outcome.transactionId);
    expect(byHand).not.toBe(first);
    expect(byHand.createdAt).not.toBe(first.createdAt);

    await store.save({ ...byHand, company: 'Saved Again Ltd' });
    expect((await store.load(outcome.transactionId)).company).toBe('Saved Again Ltd');

    writeFileSync(file, '{');
    await expect(store.load(outcome.transactionId)).rejects.toThrow(/not valid JSON/);
  });
});
