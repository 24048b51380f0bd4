import { describe, it, expect, afterEach } from 'vitest';
import { EARLY_RENEWAL_BACKOFF_MS } from '../../main/service/remote/token-session.js';
import { startServer, TestClock, type RunningServer } from '../server/support.js';
import { signedInClient } from './remote-support.js';

/**
 * Inside the renew-ahead window a call first tries to renew the token. While
 * the token endpoint is down that must not cost every call a failed refresh
 * (and, when it hangs, a whole time limit): after one failure the old token is
 * used on its own for a while.
 */
describe('early renewal while the token endpoint is down', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  it('is tried once, then not again until the back-off has passed, while the old token still works', async () => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 600 });
    const client = await signedInClient({ server: s, clock: clock.now, settings: { refreshAheadSeconds: 60 } });
    const job = await client.createValidationJob('a.xml', new Uint8Array([1]));
    const tokenRequests = () => s.seen.filter((r) => r.path === '/connect/token').length;
    expect(tokenRequests()).toBe(1);

    s.server.faults.add({ path: '/connect/token', fault: { kind: 'status', status: 503 } });
    clock.advanceSeconds(545); // in the last minute of the token's life
    for (let i = 0; i < 5; i++) expect((await client.getFilteredValidationStatus(job.value.id)).value.jobStatus).toBe('success');
    expect(tokenRequests()).toBe(2); // one failed renewal for five calls

    clock.advanceSeconds(EARLY_RENEWAL_BACKOFF_MS / 1000 - 1);
    await client.getFilteredValidationStatus(job.value.id);
    expect(tokenRequests()).toBe(2); // still backing off

    clock.advanceSeconds(1);
    s.server.faults.clear();
    await client.getFilteredValidationStatus(job.value.id);
    expect(tokenRequests()).toBe(3); // tried again, and this time it worked
    expect(s.server.tokens.issued.refresh).toBe(1);
  });

  it('does not hold back a refresh the call needs: an expired token is renewed at once', async () => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 600 });
    const client = await signedInClient({ server: s, clock: clock.now, settings: { refreshAheadSeconds: 60 } });
    s.server.faults.add({ path: '/connect/token', times: 1, fault: { kind: 'status', status: 503 } });
    clock.advanceSeconds(550);
    const job = await client.createValidationJob('a.xml', new Uint8Array([1])); // the renewal fails; the old token serves
    clock.advanceSeconds(51); // expired, well within the back-off
    expect((await client.getValidationStatus(job.value.id)).value.jobStatus).toBe('success');
    expect(s.server.tokens.issued.refresh).toBe(1);
  });
});
