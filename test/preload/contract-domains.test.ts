/**
 * The contract is assembled from one file per domain; these hold the joins:
 * a channel a domain adds is in the one list main registers and the bridge
 * calls, no two domains claim the same channel or method, and no file of
 * the contract grows back into one big file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { bridgeChannels, channels, type Channel, type RequestResponseChannels } from '../../preload/contract.js';
import { repoRoot } from '../helpers/shared.js';

const preload = join(repoRoot, 'preload');
const domainFiles = readdirSync(preload).filter((name) => /^contract-.+\.ts$/.test(name));

describe('the contract joined from its domains', () => {
  it('lists every channel of every domain once, so main registers each and nothing twice', () => {
    expectTypeOf<Exclude<keyof RequestResponseChannels, Channel>>().toEqualTypeOf<never>();
    expect(new Set(channels).size).toBe(channels.length);
  });

  it('gives every channel exactly one bridge method', () => {
    const called = Object.values(bridgeChannels);
    expect(new Set(called).size).toBe(called.length);
    expect([...called].sort()).toEqual([...channels].sort());
  });

  it('keeps each domain in a file of its own, none of them large', () => {
    expect(domainFiles.length).toBeGreaterThanOrEqual(10);
    for (const name of [...domainFiles, 'contract.ts', 'index.ts']) {
      const lines = readFileSync(join(preload, name), 'utf8').split('\n').length;
      expect({ name, lines: Math.min(lines, 400) }).toEqual({ name, lines });
    }
  });

  it('takes each domain’s channels and bridge methods from its own file', async () => {
    const joined = new Set<string>(channels);
    const methods = new Map(Object.entries(bridgeChannels));
    for (const name of domainFiles) {
      const domain = (await import(join(preload, name))) as Record<string, unknown>;
      for (const [key, value] of Object.entries(domain)) {
        if (/Channels$/.test(key) && Array.isArray(value)) {
          for (const channel of value as string[]) expect(joined.has(channel), `${name}: ${channel}`).toBe(true);
        }
        if (/BridgeChannels$/.test(key)) {
          for (const [method, channel] of Object.entries(value as Record<string, string>)) expect(methods.get(method), `${name}: ${method}`).toBe(channel);
        }
      }
    }
  });
});
