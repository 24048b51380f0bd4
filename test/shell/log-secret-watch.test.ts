import { describe, expect, it } from 'vitest';
import { DeferredCredentialStore } from '../../main/credentials/deferred-credential-store.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { watchCredentialStore, watchTransport } from '../../main/log/secret-watch.js';
import type { HttpExchange } from '../../main/service/remote/http-transport.js';

describe('the secret watch in front of the keychain and the transport', () => {
  it('registers what is saved to and read back from the keychain, and still says what the store underneath says', async () => {
    const registered: string[] = [];
    let open!: (store: MemoryCredentialStore) => void;
    const deferred = new DeferredCredentialStore(new Promise((resolve) => (open = resolve)));
    const store = watchCredentialStore(deferred, (v) => registered.push(v));
    expect(store.description).toMatch(/^Checking/);
    const memory = new MemoryCredentialStore('no keychain here');
    await memory.set('password:jane', 'kept-before-start');
    open(memory);
    await deferred.ready;
    expect(store.description).toBe(memory.description); // a getter, not a copy taken while opening
    await store.set('client-secret:desk', 'saved-secret');
    expect(await store.get('password:jane')).toBe('kept-before-start');
    expect(await store.get('missing')).toBeUndefined();
    expect(registered).toEqual(['saved-secret', 'kept-before-start']);
  });

  it('registers the secrets of a token request and the tokens of its answer, and the bearer token of a call, handing everything on untouched', async () => {
    const registered: string[] = [];
    const seen: HttpExchange[] = [];
    const tokenAnswer = { status: 200, headers: {}, text: JSON.stringify({ access_token: 'at-1', refresh_token: 'rt-1', token_type: 'bearer', expires_in: 3600 }) };
    const transport = watchTransport(
      async (exchange) => {
        seen.push(exchange);
        return exchange.url.endsWith('/connect/token') ? tokenAnswer : { status: 200, headers: {}, text: '{"xmlDoc":"PD94"}' };
      },
      (v) => registered.push(v),
    );
    const form = new URLSearchParams({ grant_type: 'password', client_id: 'desk', client_secret: 'cs-1', username: 'jane', password: 'pw-1' }).toString();
    const exchange: HttpExchange = { method: 'POST', url: 'https://auth.example/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, timeoutMs: 1000 };
    expect(await transport(exchange)).toBe(tokenAnswer);
    expect(seen[0]).toBe(exchange);
    await transport({ method: 'POST', url: 'https://api.example/hrmc/build-ct600', headers: { Authorization: 'Bearer at-1' }, body: '{"password":"not-a-form"}', timeoutMs: 1000 });
    // Not "desk", "jane" or the grant type, and nothing from an operation's body.
    expect(registered).toEqual(['cs-1', 'pw-1', 'at-1', 'rt-1', 'at-1']);
  });
});
