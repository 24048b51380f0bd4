import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { credentials, startServer, TestClock, type RunningServer } from './support.js';

const attempt = (url: string, password: string, username = credentials.username) =>
  fetch(`${url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: credentials.clientId, client_secret: credentials.clientSecret, username, password }),
  });

describe('password guesses are throttled per user', () => {
  const clock = new TestClock();
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ clock: clock.now });
  });
  afterAll(() => s.stop());

  it('five failures are free; then 429 with Retry-After, doubling to at most 30 s, and the password is not even checked meanwhile', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(s.url, `guess-${i}`)).status).toBe(403);
    expect((await attempt(s.url, 'guess-5')).status).toBe(403); // the sixth failure closes the door for 1 s
    const blocked = await attempt(s.url, credentials.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect(await blocked.json()).toMatchObject({ error: 'too_many_attempts', error_description: expect.stringContaining('try again in 1 seconds') });
    // Each further failure doubles the wait: 2, 4, 8, 16, 30, 30.
    const waits: string[] = [];
    for (let i = 0; i < 6; i++) {
      clock.advanceSeconds(60);
      expect((await attempt(s.url, 'GUESS')).status).toBe(403);
      waits.push((await attempt(s.url, 'again')).headers.get('retry-after') ?? '');
    }
    expect(waits).toEqual(['2', '4', '8', '16', '30', '30']);
  });

  it('the real user gets in once the short wait is over, and that success forgets the failures', async () => {
    clock.advanceSeconds(30);
    expect((await attempt(s.url, credentials.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(s.url, `typo-${i}`)).status).toBe(403);
    expect((await attempt(s.url, credentials.password)).status).toBe(200);
  });

  it('varying the case of the user name buys no fresh guesses; another user is not affected', async () => {
    for (let i = 0; i < 6; i++) expect((await attempt(s.url, 'x', i % 2 ? credentials.username.toUpperCase() : credentials.username)).status).toBe(403);
    expect((await attempt(s.url, 'x', ` ${credentials.username.toUpperCase()}`)).status).toBe(429);
    expect((await attempt(s.url, 'x', 'someone.else@example.co.uk')).status).toBe(403);
    clock.advanceSeconds(2);
    expect((await attempt(s.url, credentials.password)).status).toBe(200);
  });

  it('failures are forgotten after a quiet quarter of an hour', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(s.url, `old-${i}`)).status).toBe(403);
    clock.advanceSeconds(16 * 60);
    expect((await attempt(s.url, 'new guess')).status).toBe(403);
    expect((await attempt(s.url, credentials.password)).status).toBe(200);
  });
});
