import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import type { Client, DeadlineList, Draft, IpcResult } from '../../preload/contract.js';
import { storeDeps } from '../helpers/store-deps.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';

const unused = async () => {
  throw new Error('unused');
};

async function setup() {
  const stores = await storeDeps();
  const saveFolder = await mkdtemp(join(tmpdir(), 'saved-'));
  const ipc = new FakeIpcMain();
  registerHandlers(
    ipc,
    createHandlers({
      ct600: createCt600Engine({ productVersion: '0.1.0' }),
      packages: { build: unused, validate: unused, planDraft: unused, buildDraft: unused },
      fileSaver: { dialog: { showSaveDialog: async (o) => ({ canceled: false, filePath: join(saveFolder, o.defaultPath.split('/').pop()!) }) }, defaultDirectory: '/home/jane/Documents' },
      openDialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
      clients: stores.clients,
      drafts: stores.drafts,
      online: stores.online,
      appInfo: { version: '0.1.0', platform: 'linux' },
      clock: () => new Date('2026-11-24T12:00:00'),
    }),
    { isTrustedSender: ownPageCheck, logError: () => undefined },
  );
  const call = async <T>(channel: string, request?: unknown) =>
    (await (request === undefined ? ipc.invoke(channel, OWN_PAGE) : ipc.invoke(channel, OWN_PAGE, request))) as IpcResult<T>;
  const ok = async <T>(channel: string, request?: unknown): Promise<T> => {
    const result = await call<T>(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
    return result.value;
  };
  return { call, ok, saveFolder };
}

const details = { companyName: 'Late Ltd', registrationNumber: '', utr: '8596148860', periodEnd: '', serviceClientName: '', serviceClientId: '' };

describe('deadlines.list', () => {
  it('lists each client’s accounting periods with the state of its draft', async () => {
    const { ok } = await setup();
    const client = await ok<Client>('clients.save', { details: { ...details, periods: [{ start: '2024-07-01', end: '2025-06-30', filedOn: null, accepted: false }] } });
    let list = await ok<DeadlineList>('deadlines.list');
    expect(list.today).toBe('2026-11-24');
    expect(list.rows.map((r) => [r.name, r.filingDue, r.state, r.daysLeft, r.group])).toEqual([['Late Ltd', '2026-06-30', 'not-started', -147, 'overdue']]);
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: client.id, title: 'Late Ltd', form: {} });
    await ok('drafts.save', { id: draft.id, clientId: client.id, title: 'Late Ltd', periodFrom: '2024-07-01', periodTo: '2025-06-30', form: { values: {} } });
    list = await ok<DeadlineList>('deadlines.list');
    expect(list.rows[0]).toMatchObject({ state: 'draft', draftId: draft.id });
  });

  it('refuses a request body, and a client period that breaks a rule names the period and field', async () => {
    const { call } = await setup();
    const bad = await call('deadlines.list', { all: true });
    expect(bad.ok).toBe(false);
    const refused = await call('clients.save', { details: { ...details, periods: [{ start: '2025-07-01', end: '2025-06-30', filedOn: null, accepted: false }] } });
    expect(refused.ok === false && refused.error.errors).toContainEqual({ field: 'details.periods.0.end', message: 'must not be before the start of the period (2025-07-01)' });
  });

  it('saves the list as CSV and as an iCalendar file through the save dialog, with the right extension', async () => {
    const { ok, saveFolder } = await setup();
    expect(await ok('file.save', { kind: 'deadlines-csv', suggestedName: 'Deadlines 24 November 2026', contents: 'name\r\n' })).toEqual({ saved: true, fileName: 'Deadlines 24 November 2026.csv' });
    expect(await ok('file.save', { kind: 'deadlines-ics', suggestedName: 'Deadlines', contents: 'BEGIN:VCALENDAR\r\n' })).toEqual({ saved: true, fileName: 'Deadlines.ics' });
    expect(await readFile(join(saveFolder, 'Deadlines.ics'), 'utf8')).toBe('BEGIN:VCALENDAR\r\n');
  });
});
