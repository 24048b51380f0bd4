import { describe, it, expect } from 'vitest';
import { runLoad } from '../../scripts/bench/server-load.js';
import { FaultSwitches } from '../../main/server/faults.js';

// The bounded, smaller sibling of `npm run bench -- server-load`: 200
// requests, 20 in flight, real engine, real HTTP on 127.0.0.1. It asserts
// only the counts; the timings belong to the benchmark.
describe('server under load', () => {
  it('answers 200 concurrent requests, every one at the first try', async () => {
    const figures = await runLoad({ requests: 200, concurrency: 20 });
    expect(figures.firstFailure).toBe('');
    expect(figures.succeeded).toBe(200);
    expect(figures.failures).toBe(0);
    expect(figures.attempted).toBe(200);
    // The server's own count: no request was sent twice.
    expect(figures.serverSaw).toBe(200);
  });

  it('counts a request that failed once as a failure, not as a success after a retry', async () => {
    const faults = new FaultSwitches()
      .add({ path: '/validation/filtered-status', times: 3, fault: { kind: 'status', status: 503 } })
      .add({ path: '/hrmc/build-ct600', times: 2, fault: { kind: 'drop-connection' } });
    const figures = await runLoad({ requests: 40, concurrency: 4, faults });
    expect(figures.failures).toBe(5);
    expect(figures.succeeded).toBe(35);
    expect(figures.attempted).toBe(40);
    expect(figures.serverSaw).toBe(40);
    expect(figures.firstFailure).not.toBe('');
  });
});
