import { describe, expect, it } from 'vitest';
import { KEYRING_PACKAGE, loadKeyringLibrary } from '../../main/credentials/keyring-library.js';
import { openCredentialStore } from '../../main/credentials/open-credential-store.js';

function recordingLog() {
  const lines: string[] = [];
  return { lines, warn: (...values: unknown[]) => void lines.push(values.map(String).join(' ')) };
}

describe('loading the keychain library', () => {
  it('loads @napi-rs/keyring with require and hands back its AsyncEntry', () => {
    const loaded = loadKeyringLibrary();
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expect(typeof loaded.library.AsyncEntry).toBe('function');
  });

  it('asks for the keyring package by name, through the loader it is given', () => {
    const asked: string[] = [];
    loadKeyringLibrary((id) => {
      asked.push(id);
      return { AsyncEntry: class {} };
    });
    expect(asked).toEqual([KEYRING_PACKAGE]);
  });

  it('gives the reason when the platform binary is missing, instead of throwing', () => {
    const loaded = loadKeyringLibrary(() => {
      throw new Error("Cannot find module '@napi-rs/keyring-darwin-arm64'");
    });
    expect(loaded).toEqual({ ok: false, reason: "Cannot find module '@napi-rs/keyring-darwin-arm64'" });
  });

  it('refuses a package that loads but is not the keyring', () => {
    expect(loadKeyringLibrary(() => ({}))).toEqual({ ok: false, reason: '@napi-rs/keyring loaded but has no AsyncEntry' });
  });
});

describe('openCredentialStore logs why secrets are memory-only', () => {
  it('when the library cannot be loaded: the log names the reason, the user reads "memory only"', async () => {
    const log = recordingLog();
    const store = await openCredentialStore({
      service: 'Filing Desk test no library',
      log,
      loadLibrary: () => ({ ok: false, reason: "Cannot find module '@napi-rs/keyring-darwin-x64'" }),
    });
    expect(store.kind).toBe('memory-only');
    expect(store.description).toMatch(/keychain library could not be loaded.*this session only/);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^keychain: the keychain library could not be loaded.*: Cannot find module '@napi-rs\/keyring-darwin-x64'$/);
  });

  it('when the keychain does not answer: the log names the reason', async () => {
    const log = recordingLog();
    const store = await openCredentialStore({
      service: 'Filing Desk test no answer',
      log,
      entryFactory: () => {
        throw new Error('Platform failure: DBus error: Failed to connect to socket /nonexistent');
      },
    });
    expect(store.kind).toBe('memory-only');
    expect(log.lines).toEqual([
      'keychain: the system keychain did not answer, so secrets are kept in memory for this session only: Platform failure: DBus error: Failed to connect to socket /nonexistent',
    ]);
  });
});
