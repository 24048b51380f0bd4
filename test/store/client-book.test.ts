import { writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientBook } from '../../main/store/client-book.js';
import { StoreError } from '../../main/store/store-error.js';
import type { ClientDetails } from '../../preload/contract.js';
import { makeFifo, makeSparse, MiB, peakGrowth, releaseFifos, within } from '../helpers/hostile-files.js';

const details = (over: Partial<ClientDetails> = {}): ClientDetails => ({
  companyName: 'Acme Widgets Ltd',
  registrationNumber: '01234567',
  utr: '8596148860',
  periodEnd: '03-31',
  serviceClientName: 'ACME',
  serviceClientId: 'C-001',
  ...over,
});

async function book(fs?: typeof fsp) {
  const dataDir = await mkdtemp(join(tmpdir(), 'client-book-'));
  let n = 0;
  const logs: string[] = [];
  return { dataDir, logs, book: new ClientBook({ dataDir, fs, idGenerator: () => `client-${++n}`, clock: () => new Date('2025-05-01T10:00:00Z'), log: (m) => logs.push(m) }) };
}

async function fieldErrors(promise: Promise<unknown>) {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(StoreError);
  return (error as StoreError).errors;
}

afterEach(releaseFifos);

describe('client book', () => {
  it('adds, edits, archives and unarchives a client, and a fresh book reads it back from disk', async () => {
    const { dataDir, book: clients } = await book();
    const added = await clients.save(undefined, details({ utr: '85961 48860', registrationNumber: 'sc 123456' }));
    expect(added).toMatchObject({ id: 'client-1', utr: '8596148860', registrationNumber: 'SC123456', archived: false });
    const edited = await clients.save(added.id, details({ companyName: 'Acme Widgets (Holdings) Ltd' }));
    expect(edited.companyName).toBe('Acme Widgets (Holdings) Ltd');
    await clients.archive(added.id, true);
    expect(await clients.list({ query: '', includeArchived: false })).toEqual([]);
    expect((await clients.list({ query: '', includeArchived: true }))[0]!.archived).toBe(true);
    await clients.archive(added.id, false);
    const reopened = new ClientBook({ dataDir, log: () => undefined });
    expect(await reopened.list({ query: '', includeArchived: false })).toEqual([{ ...edited, archived: false }]);
  });

  it('remembers the associated companies of each client: 0 for a new client not told, kept when a change leaves them out', async () => {
    const { dataDir, book: clients } = await book();
    const plain = await clients.save(undefined, details());
    expect(plain.associatedCompanies).toBe(0);
    const group = await clients.save(undefined, details({ companyName: 'Group Member Ltd', associatedCompanies: 3 }));
    expect(group.associatedCompanies).toBe(3);
    const renamed = await clients.save(group.id, details({ companyName: 'Group Member (UK) Ltd' }));
    expect(renamed.associatedCompanies).toBe(3);
    expect((await clients.save(group.id, details({ associatedCompanies: 0 }))).associatedCompanies).toBe(0);
    const reopened = new ClientBook({ dataDir, log: () => undefined });
    expect((await reopened.list({ query: '', includeArchived: false })).map((c) => c.associatedCompanies)).toEqual([0, 0]);
  });

  it('loads a book saved before associated companies were remembered, with 0 for each client, and moves nothing aside', async () => {
    const { dataDir, book: clients } = await book();
    const old = {
      schemaVersion: 1,
      clients: [{ id: 'c1', companyName: 'Old Client Ltd', registrationNumber: '', utr: '', periodEnd: '', serviceClientName: '', serviceClientId: '', archived: false, createdAt: '2024-01-01T00:00:00.000Z', changedAt: '2024-01-01T00:00:00.000Z' }],
    };
    await writeFile(join(dataDir, 'clients.json'), JSON.stringify(old));
    expect(await clients.list({ query: '', includeArchived: true })).toEqual([{ ...old.clients[0], associatedCompanies: 0 }]);
    expect(await clients.notice()).toBeNull();
    expect(await readdir(dataDir)).toEqual(['clients.json']);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 60])('refuses %d associated companies, naming the field and box 326', async (n) => {
    const { book: clients } = await book();
    expect(await fieldErrors(clients.save(undefined, details({ associatedCompanies: n })))).toEqual([
      { field: 'details.associatedCompanies', message: 'must be a whole number of companies, 0 or more (associated companies, CT600 box 326)' },
    ]);
  });

  it('finds clients by name, UTR or registration number, ignoring case and spaces', async () => {
    const { book: clients } = await book();
    await clients.save(undefined, details());
    await clients.save(undefined, details({ companyName: 'Bramble Bakery Ltd', utr: '1234567890', registrationNumber: 'SC123456' }));
    const names = async (query: string) => (await clients.list({ query, includeArchived: false })).map((c) => c.companyName);
    expect(await names('ACME widgets')).toEqual(['Acme Widgets Ltd']);
    expect(await names('12345 67890')).toEqual(['Bramble Bakery Ltd']);
    expect(await names('sc 123')).toEqual(['Bramble Bakery Ltd']);
    expect(await names('')).toEqual(['Acme Widgets Ltd', 'Bramble Bakery Ltd']);
    expect(await names('nobody')).toEqual([]);
  });

  it('refuses details that break a rule, naming each field, and saves nothing', async () => {
    const { dataDir, book: clients } = await book();
    const errors = await fieldErrors(
      clients.save(undefined, details({ companyName: '  ', utr: '12345', registrationNumber: '1234567', periodEnd: '02-30', serviceClientId: 'a\r\nX-Evil: 1' })),
    );
    expect(errors).toEqual([
      { field: 'details.companyName', message: 'is required: the company name' },
      { field: 'details.utr', message: 'must be exactly 10 digits (the company UTR), or left empty' },
      { field: 'details.registrationNumber', message: 'must be 8 characters as Companies House writes it, with its leading zeros: 01234567' },
      { field: 'details.periodEnd', message: '02-30 is not a real month and day' },
      expect.objectContaining({ field: 'details.serviceClientId' }),
    ]);
    expect((await fieldErrors(clients.save(undefined, details({ companyName: 'x'.repeat(161) }))))![0]!.field).toBe('details.companyName');
    expect((await fieldErrors(clients.save(undefined, details({ registrationNumber: 'AB-12345' }))))![0]!.field).toBe('details.registrationNumber');
    expect((await fieldErrors(clients.save(undefined, details({ periodEnd: '3/31' }))))![0]!.field).toBe('details.periodEnd');
    // Empty optional fields and 29 February are fine.
    await clients.save(undefined, details({ utr: '', registrationNumber: '', periodEnd: '02-29' }));
    expect(await readdir(dataDir)).toEqual(['clients.json']);
  });

  it('a failed write leaves the book on disk and in memory as it was', async () => {
    let failRename = false;
    const fs = { ...fsp, rename: (async (from: string, to: string) => {
      if (failRename) throw Object.assign(new Error(`ENOSPC: ${to}`), { code: 'ENOSPC' });
      return fsp.rename(from, to);
    }) as typeof fsp.rename };
    const { dataDir, book: clients } = await book(fs);
    const first = await clients.save(undefined, details());
    const before = await readFile(join(dataDir, 'clients.json'), 'utf8');
    failRename = true;
    const error = await clients.save(first.id, details({ companyName: 'Renamed Ltd' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'failed', message: 'Could not save the client book: the disk is full. Nothing was changed.' });
    expect(await readFile(join(dataDir, 'clients.json'), 'utf8')).toBe(before);
    expect((await clients.list({ query: '', includeArchived: true }))[0]!.companyName).toBe('Acme Widgets Ltd');
    expect((await readdir(dataDir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('moves an unreadable book aside, says so, and starts an empty one', async () => {
    const { dataDir, logs, book: clients } = await book();
    await writeFile(join(dataDir, 'clients.json'), '{"schemaVersion":1,"clients":[{');
    expect(await clients.list({ query: '', includeArchived: true })).toEqual([]);
    expect((await readdir(dataDir)).sort()).toEqual(['clients.json.unreadable-2025-05-01T10-00-00-000Z']);
    expect(logs.join('\n')).toMatch(/clients\.json could not be read \(it is not valid JSON\); it was moved to clients\.json\.unreadable-/);
  });

  it('tells the user that an unreadable book was moved aside, naming the file it was kept as and why, also after a restart', async () => {
    const { dataDir, book: clients } = await book();
    await writeFile(join(dataDir, 'clients.json'), 'not json');
    expect(await clients.notice()).toEqual({ fileName: 'clients.json', keptAs: 'clients.json.unreadable-2025-05-01T10-00-00-000Z', reason: 'it is not valid JSON', readOnly: false });
    const restarted = new ClientBook({ dataDir, log: () => undefined });
    expect(await restarted.notice()).toEqual({ fileName: 'clients.json', keptAs: 'clients.json.unreadable-2025-05-01T10-00-00-000Z', reason: 'it was found unreadable when Filing Desk opened it earlier', readOnly: false });
    // Once a new book is saved, the user works from it.
    await restarted.save(undefined, details());
    expect(await restarted.notice()).toBeNull();
  });

  it('leaves a book made by a newer version in place, read-only, and says so', async () => {
    const { dataDir, logs, book: clients } = await book();
    const future = JSON.stringify({ schemaVersion: 2, clients: [{ id: 'x', name: 'From the future' }] });
    await writeFile(join(dataDir, 'clients.json'), future);
    expect(await clients.list({ query: '', includeArchived: true })).toEqual([]);
    expect(await clients.notice()).toEqual({ fileName: 'clients.json', keptAs: 'clients.json', reason: 'made by a newer version of Filing Desk', readOnly: true });
    const refused = await clients.save(undefined, details()).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      kind: 'failed',
      message: 'The client book cannot be changed: clients.json was made by a newer version of Filing Desk. Update Filing Desk to change your clients; nothing was saved.',
    });
    expect(await clients.archive('x', true).catch((e: unknown) => e)).toMatchObject({ kind: 'failed', message: expect.stringContaining('newer version') });
    expect(await readFile(join(dataDir, 'clients.json'), 'utf8')).toBe(future);
    expect(await readdir(dataDir)).toEqual(['clients.json']);
    expect(logs.join('\n')).toMatch(/newer version of Filing Desk .*left as it is/);
  });

  it.each([
    ['a named pipe', (path: string) => makeFifo(path), 'it is not an ordinary file (a pipe, a device or a socket is in its place)'],
    ['a 450 MB file', (path: string) => makeSparse(path, 450 * MiB), 'it is larger than the 8 MB Filing Desk reads for the client book'],
    ['text that is not UTF-8', (path: string) => writeFileSync(path, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])), 'it is not valid UTF-8 text'],
  ])('moves %s in place of the book aside at once, reading none of it, and tells the user', async (_what, make, reason) => {
    const { dataDir, book: clients } = await book();
    make(join(dataDir, 'clients.json'));
    const { value: listed, grewBy } = await peakGrowth(() => within(10_000, 'listing the clients', clients.list({ query: '', includeArchived: true })));
    expect(listed).toEqual([]);
    expect(grewBy).toBeLessThan(64 * MiB);
    expect(await clients.notice()).toEqual({ fileName: 'clients.json', keptAs: 'clients.json.unreadable-2025-05-01T10-00-00-000Z', reason, readOnly: false });
    expect(await readdir(dataDir)).toEqual(['clients.json.unreadable-2025-05-01T10-00-00-000Z']);
  });

  it('answers an unknown id with a not-found error naming the id', async () => {
    const { book: clients } = await book();
    expect(await clients.archive('nobody', true).catch((e: unknown) => e)).toMatchObject({ kind: 'not-found', errors: [{ field: 'id' }] });
  });
});
