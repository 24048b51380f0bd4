import { describe, it, expect } from 'vitest';
import { InMemoryEngine, passwordToken, startServer } from './support.js';

class FailingEngine extends InMemoryEngine {
  override async buildCt600(): Promise<never> {
    throw new Error('the builder broke');
  }
}

describe('a failure inside the server', () => {
  it('answers a plain 500 and tells onInternalError the error and the request line only', async () => {
    const logged: { message: string; method: string; path: string }[] = [];
    const s = await startServer({
      engine: new FailingEngine(),
      onInternalError: (err, request) => logged.push({ message: err.message, ...request }),
    });
    try {
      const token = (await passwordToken(s.url)).access_token;
      const res = await fetch(`${s.url}/hrmc/build-ct600?x=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ companyName: 'Acme' }),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: 'internal', message: 'The service failed while handling the request.' });
      expect(logged).toEqual([{ message: 'the builder broke', method: 'POST', path: '/hrmc/build-ct600' }]);
    } finally {
      await s.stop();
    }
  });
});
