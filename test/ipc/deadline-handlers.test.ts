import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Client, DeadlineList, Draft } from '../../preload/contract.js';
import { handlersOverStores } from './handlers-over-stores.js';

async function setup() {
  const saveFolder = await mkdtemp(join(tmpdir(), 'saved-'));
  const { call, ok } = await handlersOverStores({
    fileSaver: { dialog: { showSaveDialog: async (o) => ({ canceled: false, filePath: join(saveFolder, o.defaultPath.split('/').pop()!) }) }, defaultDirectory: '/home/jane/Documents' },
    clock: () => new Date('2026-11-24T12:00:00'),
  });
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
