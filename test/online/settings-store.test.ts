import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as nodeFs from 'node:fs/promises';
import type { OnlineSettings } from '../../preload/contract.js';
import { DEFAULT_ONLINE_SETTINGS } from '../../main/online/online-settings.js';
import { SETTINGS_FILE, SettingsStore } from '../../main/online/settings-store.js';
import { StoreError } from '../../main/store/store-error.js';

const good: OnlineSettings = {
  ...DEFAULT_ONLINE_SETTINGS,
  baseUrl: 'https://api.example.com/',
  authUrl: 'https://auth.example.com',
  identification: { applicationName: 'Filing Desk', partnerName: 'Desk Ltd', partnerId: 'GB1', customerName: 'Smith & Co', customerId: 'SC1' },
  govTalk: { vendorId: '1234', productVersion: '1.2.0', gatewayTest: true, testInLive: false },
  includeHash: true,
};

async function fresh() {
  const dataDir = await mkdtemp(join(tmpdir(), 'fd-settings-'));
  return { dataDir, store: new SettingsStore({ dataDir, log: () => undefined }) };
}

async function refusal(p: Promise<unknown>): Promise<StoreError> {
  try {
    await p;
  } catch (e) {
    return e as StoreError;
  }
  throw new Error('expected a refusal');
}

describe('Online settings store', () => {
  it('gives the defaults before anything is saved, and the saved settings after a restart', async () => {
    const { dataDir, store } = await fresh();
    expect(await store.get()).toEqual(DEFAULT_ONLINE_SETTINGS);
    await store.save(good);
    const again = new SettingsStore({ dataDir });
    expect(await again.get()).toEqual(good);
    expect(JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8'))).toEqual(good);
  });

  it('refuses plain http to another computer, naming the field and the rule, and keeps what was saved', async () => {
    const { store } = await fresh();
    await store.save(good);
    const error = await refusal(store.save({ ...good, baseUrl: 'http://api.example.com' }));
    expect(error).toBeInstanceOf(StoreError);
    expect(error.errors).toEqual([{ field: 'baseUrl', message: expect.stringMatching(/must use https .*this computer/) }]);
    expect(await store.get()).toEqual(good);
  });

  it('allows http to this computer only', async () => {
    const { store } = await fresh();
    await expect(store.save({ ...good, baseUrl: 'http://127.0.0.1:8080', authUrl: 'http://localhost:8080' })).resolves.toMatchObject({ baseUrl: 'http://127.0.0.1:8080' });
    const error = await refusal(store.save({ ...good, authUrl: 'http://10.0.0.2:8080' }));
    expect(error.errors?.map((e) => e.field)).toEqual(['authUrl']);
  });

  it('lists every broken field at once', async () => {
    const { store } = await fresh();
    const error = await refusal(
      store.save({
        ...good,
        baseUrl: 'https://user:pw@api.example.com',
        authUrl: '',
        apiVersion: 'latest',
        identification: { ...good.identification, customerName: 'Smith\r\nX-Evil: 1' },
        govTalk: { ...good.govTalk, vendorId: '12a4' },
        workOffline: 'yes',
        extra: 1,
      }),
    );
    const fields = error.errors?.map((e) => e.field).sort();
    expect(fields).toEqual(['apiVersion', 'baseUrl', 'extra', 'govTalk.vendorId', 'identification.customerName', 'workOffline'].sort());
    expect(error.errors?.find((e) => e.field === 'baseUrl')?.message).toMatch(/user name or password/);
    expect(error.errors?.find((e) => e.field === 'identification.customerName')?.message).toMatch(/line breaks/);
  });

  it('requires both addresses or neither', async () => {
    const { store } = await fresh();
    const error = await refusal(store.save({ ...good, authUrl: '' }));
    expect(error.errors).toEqual([{ field: 'authUrl', message: 'is required when the other service address is set' }]);
  });

  it('keeps the saved settings when the write fails', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-settings-'));
    await new SettingsStore({ dataDir }).save(good);
    const failing = new SettingsStore({
      dataDir,
      fs: { ...nodeFs, rename: async () => Promise.reject(Object.assign(new Error('x'), { code: 'ENOSPC' })) },
    });
    const error = await refusal(failing.save({ ...good, includeHash: false }));
    expect(error.message).toBe('The settings could not be saved: the disk is full. The previous settings are unchanged.');
    expect(await new SettingsStore({ dataDir }).get()).toEqual(good);
    expect((await readdir(dataDir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('moves an unreadable settings file aside, says so, and starts from the defaults', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-settings-'));
    await writeFile(join(dataDir, SETTINGS_FILE), '{"baseUrl": "http://evil.example.com"');
    const store = new SettingsStore({ dataDir, clock: () => new Date('2025-06-01T09:00:00Z'), log: () => undefined });
    expect(await store.get()).toEqual(DEFAULT_ONLINE_SETTINGS);
    expect(store.problem).toMatch(/not valid JSON.*online-settings\.json\.unreadable-2025-06-01T09-00-00-000Z/);
    expect(await readdir(dataDir)).toEqual([`${SETTINGS_FILE}.unreadable-2025-06-01T09-00-00-000Z`]);
  });
});
