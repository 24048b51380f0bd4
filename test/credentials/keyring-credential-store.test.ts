import { describe, it, expect, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { KeyringCredentialStore } from '../../main/credentials/keyring-credential-store.js';
import { openCredentialStore } from '../../main/credentials/open-credential-store.js';
import { SecretAccount, CredentialStoreError } from '../../main/credentials/credential-store.js';
import { runKeychainTests, secretServiceItems } from './secret-service.js';

// A service name of our own per run, so a developer's real "Filing Desk"
// items can never be touched and parallel runs cannot collide.
const service = `Filing Desk test ${randomUUID()}`;
const accounts = {
  'client secret': SecretAccount.clientSecret('desk-client'),
  password: SecretAccount.password('clerk@example.co.uk'),
  'refresh token': SecretAccount.refreshToken('http://127.0.0.1:9/connect', 'clerk@example.co.uk'),
  'Government Gateway user ID': SecretAccount.gatewayUserId(),
  'Government Gateway password': SecretAccount.gatewayPassword('AGENT-8841'),
};

describe.runIf(runKeychainTests)('KeyringCredentialStore against the real Secret Service', () => {
  const store = new KeyringCredentialStore({ service });

  afterAll(async () => {
    for (const account of Object.values(accounts)) await store.delete(account).catch(() => false);
  });

  it('finds a Secret Service to talk to (fails under CI when there is none)', async () => {
    const opened = await openCredentialStore({ service });
    expect(opened.description).not.toMatch(/No OS keychain/);
    expect(opened.kind).toBe('os-keychain');
  });

  for (const [what, account] of Object.entries(accounts)) {
    it(`stores, reads, replaces and deletes the ${what}`, async () => {
      expect(await store.get(account)).toBeUndefined();

      await store.set(account, `first ${what} ✓`);
      expect(await store.get(account)).toBe(`first ${what} ✓`);
      // The item is a real Secret Service item, seen over D-Bus by another program.
      expect(secretServiceItems(service, account)).toHaveLength(1);

      await store.set(account, `second ${what}`);
      expect(await store.get(account)).toBe(`second ${what}`);
      expect(secretServiceItems(service, account)).toHaveLength(1);

      // A second store object (as after a restart) reads the same item.
      expect(await new KeyringCredentialStore({ service }).get(account)).toBe(`second ${what}`);

      expect(await store.delete(account)).toBe(true);
      expect(await store.get(account)).toBeUndefined();
      expect(secretServiceItems(service, account)).toHaveLength(0);
      expect(await store.delete(account)).toBe(false);
    });
  }

  it('keeps items of different services apart', async () => {
    const other = new KeyringCredentialStore({ service: `${service} other` });
    await store.set(accounts.password, 'mine');
    expect(await other.get(accounts.password)).toBeUndefined();
    await store.delete(accounts.password);
  });
});

describe('KeyringCredentialStore failures', () => {
  it('reports an unreachable keychain as CredentialStoreError naming the account', async () => {
    const store = new KeyringCredentialStore({
      service,
      entryFactory: () => {
        // What @napi-rs/keyring throws when there is no D-Bus session.
        throw Object.assign(new Error('Platform failure: DBus error: Failed to connect to socket'), {
          code: 'GenericFailure',
        });
      },
    });
    const err = await store.set('password:someone', 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CredentialStoreError);
    expect((err as CredentialStoreError).message).toContain('Could not save "password:someone"');
    expect((err as CredentialStoreError).message).toContain('DBus error');
  });

  it('keeps only the code and message of the library\'s error, so nothing else it carries can be printed', async () => {
    const secret = 'the-password-being-saved-0042';
    const store = new KeyringCredentialStore({
      service,
      entryFactory: () => ({
        getPassword: async () => null,
        deleteCredential: async () => false,
        // A native error may carry whatever it was given; this one carries the secret.
        setPassword: async (value: string) => {
          throw Object.assign(new Error('Platform failure: the collection is locked'), { code: 'GenericFailure', input: value });
        },
      }),
    });
    const err = (await store.set('password:someone', secret).catch((e: unknown) => e)) as CredentialStoreError;
    expect(err).toBeInstanceOf(CredentialStoreError);
    expect(err.cause).toEqual({ code: 'GenericFailure', message: 'Platform failure: the collection is locked' });
    const { inspect } = await import('node:util');
    expect(inspect(err, { depth: 10, showHidden: true })).not.toContain(secret);
  });
});
