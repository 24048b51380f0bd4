import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { openCredentialStore } from '../../main/credentials/open-credential-store.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

describe('MemoryCredentialStore', () => {
  it('stores, reads, replaces and deletes secrets for the session', async () => {
    const store = new MemoryCredentialStore();
    expect(await store.get('password:a')).toBeUndefined();
    await store.set('password:a', 'one');
    await store.set('password:a', 'two');
    expect(await store.get('password:a')).toBe('two');
    expect(await store.delete('password:a')).toBe(true);
    expect(await store.delete('password:a')).toBe(false);
    expect(await store.get('password:a')).toBeUndefined();
  });

  it('says plainly that secrets last for this session only', () => {
    const store = new MemoryCredentialStore('no Secret Service');
    expect(store.kind).toBe('memory-only');
    expect(store.description).toMatch(/No OS keychain is available \(no Secret Service\)/);
    expect(store.description).toMatch(/this session only/);
  });
});

describe('openCredentialStore without a keychain', () => {
  it('falls back to memory when the keychain factory fails', async () => {
    const store = await openCredentialStore({
      service: 'Filing Desk test fallback',
      entryFactory: () => {
        throw new Error('Platform failure: DBus error: Failed to connect to socket /nonexistent');
      },
    });
    expect(store.kind).toBe('memory-only');
    expect(store.description).toContain('Failed to connect to socket /nonexistent');
  });

  // The real library in a process whose D-Bus address leads nowhere: what a
  // Linux desktop without a Secret Service looks like.
  it.runIf(process.platform === 'linux')('falls back to memory with the real library and no D-Bus', () => {
    const script = `
      import { openCredentialStore } from './main/credentials/open-credential-store.ts';
      const store = await openCredentialStore({ service: 'Filing Desk test no-dbus' });
      console.log(JSON.stringify({ kind: store.kind, description: store.description }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
    });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout.trim()) as { kind: string; description: string };
    expect(out.kind).toBe('memory-only');
    expect(out.description).toMatch(/No OS keychain is available .*this session only/);
  });
});
