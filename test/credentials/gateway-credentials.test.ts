import { mkdtemp, readFile, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretAccount, type CredentialStore } from '../../main/credentials/credential-store.js';
import { GatewayCredentialStore, GatewayCredentialsMissing } from '../../main/credentials/gateway-credentials.js';
import { FilingSettingsStore, FILING_SETTINGS_FILE } from '../../main/filing/filing-settings-store.js';
import { createFilingWiring } from '../../main/ipc/filing-wiring.js';
import { createAppLog, type LogSink } from '../../main/log/app-log.js';
import { createRedactor } from '../../main/log/redact.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { StoreError } from '../../main/store/store-error.js';

const PASSWORD = 'Gw-pass-word-5521!';

/** A keychain that keeps what it holds where the test can see it, as the OS keychain would. */
function keychainFake(): CredentialStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    kind: 'os-keychain',
    description: 'Secrets are kept in the system keychain under "Filing Desk".',
    items,
    get: async (account) => items.get(account),
    set: async (account, secret) => void items.set(account, secret),
    delete: async (account) => items.delete(account),
  };
}

describe('the Government Gateway credentials', () => {
  it('keeps the password in the keychain beside the user ID and says only whether one is saved', async () => {
    const keychain = keychainFake();
    const gateway = new GatewayCredentialStore(keychain);
    expect(await gateway.status()).toEqual({ userId: null, passwordSaved: false, where: keychain.description });
    const status = await gateway.save('AGENT-8841', PASSWORD);
    expect(status).toEqual({ userId: 'AGENT-8841', passwordSaved: true, where: keychain.description });
    expect(JSON.stringify(status)).not.toContain(PASSWORD);
    expect(keychain.items.get(SecretAccount.gatewayPassword('AGENT-8841'))).toBe(PASSWORD);
    expect(await gateway.credentials()).toEqual({ senderId: 'AGENT-8841', password: PASSWORD });
  });

  it('a new user ID drops the old user’s password, and clearing removes both', async () => {
    const keychain = keychainFake();
    const gateway = new GatewayCredentialStore(keychain);
    await gateway.save('AGENT-1', 'first-password');
    await gateway.save('AGENT-2', 'second-password');
    expect([...keychain.items.keys()].sort()).toEqual([SecretAccount.gatewayPassword('AGENT-2'), SecretAccount.gatewayUserId()].sort());
    expect(await gateway.clear()).toMatchObject({ userId: null, passwordSaved: false });
    expect(keychain.items.size).toBe(0);
  });

  it('filing without them is refused by field, before anything is sent', async () => {
    const gateway = new GatewayCredentialStore(keychainFake());
    await expect(gateway.credentials()).rejects.toMatchObject({ field: 'gatewayUserId' });
    await expect(gateway.credentials()).rejects.toBeInstanceOf(GatewayCredentialsMissing);
  });

  it('the log redactor learns the password the moment it is saved, and again when it is read after a restart', async () => {
    const lines: string[] = [];
    const sink: LogSink = { write: (_level, line) => void lines.push(line) };
    const keychain = keychainFake();
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-gateway-'));
    const fileSaver = { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: dataDir };
    const log = createAppLog({ sink, file: join(dataDir, 'main.log'), redactor: createRedactor(), echo: { error: () => undefined, warn: () => undefined, info: () => undefined } as never });
    const wiring = createFilingWiring({ dataDir, drafts: new DraftStore({ dataDir, log: () => undefined }), credentials: keychain, fileSaver, registerSecret: (v) => log.registerSecret(v) });
    await wiring.handlers['gateway.credentials.save']({ userId: 'AGENT-8841', password: PASSWORD });
    log.warn(`a line that should never hold it: ${PASSWORD} (url-encoded ${encodeURIComponent(PASSWORD)})`);
    expect(lines.join('\n')).not.toContain(PASSWORD);
    expect(lines.join('\n')).not.toContain(encodeURIComponent(PASSWORD));

    // A new start: the keychain holds it already; reading it for a submission teaches the new log.
    const lines2: string[] = [];
    const log2 = createAppLog({ sink: { write: (_l, line) => void lines2.push(line) }, file: join(dataDir, 'main.log'), redactor: createRedactor(), echo: { error: () => undefined, warn: () => undefined, info: () => undefined } as never });
    const restarted = createFilingWiring({ dataDir, drafts: new DraftStore({ dataDir, log: () => undefined }), credentials: keychain, fileSaver, registerSecret: (v) => log2.registerSecret(v) });
    await restarted.gateway.credentials();
    log2.error('sending failed', new Error(`refused password ${PASSWORD}`));
    expect(lines2.join('\n')).not.toContain(PASSWORD);
    expect(lines2.join('\n')).toContain('sending failed');
  });
});

describe('the filing settings', () => {
  it('start empty (no vendor ID until HMRC issues one) and with Test in Live as the default', async () => {
    const store = new FilingSettingsStore({ dataDir: await mkdtemp(join(tmpdir(), 'fd-fsettings-')) });
    expect(await store.get()).toEqual({ vendorId: '', productName: 'Filing Desk', productVersion: '', liveFiling: false, endpointOverride: null });
  });

  it('refuse an endpoint over plain http to another computer by field, keeping the saved settings', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-fsettings-'));
    const store = new FilingSettingsStore({ dataDir });
    const saved = await store.save({ vendorId: '1234', productName: 'Filing Desk', productVersion: '0.1.0', liveFiling: false, endpointOverride: 'http://127.0.0.1:9000/submission' });
    const refused = await store.save({ ...saved, endpointOverride: 'http://peer.example/submission' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as StoreError).errors).toEqual([{ field: 'endpointOverride', message: expect.stringMatching(/https/) }]);
    expect(JSON.parse(await readFile(join(dataDir, FILING_SETTINGS_FILE), 'utf8'))).toEqual(saved);
    expect(await new FilingSettingsStore({ dataDir }).get()).toEqual(saved);
    if (process.platform !== 'win32') expect((await stat(join(dataDir, FILING_SETTINGS_FILE))).mode & 0o077).toBe(0);
  });

  it('set a file changed by hand to something unsafe aside and use the defaults', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-fsettings-'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dataDir, FILING_SETTINGS_FILE), JSON.stringify({ vendorId: '1234', productName: 'x', productVersion: '', liveFiling: true, endpointOverride: 'http://evil.example/' }));
    const store = new FilingSettingsStore({ dataDir, log: () => undefined });
    expect((await store.get()).endpointOverride).toBeNull();
    expect(store.problem).toMatch(/endpointOverride/);
    expect((await readdir(dataDir)).some((n) => n.startsWith(`${FILING_SETTINGS_FILE}.unreadable-`))).toBe(true);
  });
});
