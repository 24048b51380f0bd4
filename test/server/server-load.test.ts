import { describe, it, expect } from 'vitest';
import { runLoad } from '../../scripts/bench/server-load.js';

// The bounded, smaller sibling of `npm run bench -- server-load`: 200
// requests, 20 in flight, real engine, real HTTP on 127.0.0.1. It asserts
// only that nothing failed; the timings belong to the benchmark.
describe('server under load', () => {
  it('answers 200 concurrent requests with no failure', async () => {
    const figures = await runLoad({ requests: 200, concurrency: 20 });
    expect(figures.firstFailure).toBe('');
    expect(figures.failures).toBe(0);
    expect(figures.requests).toBe(200);
  });
});
