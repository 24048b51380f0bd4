/**
 * The service reads a request body in steps, letting other requests be
 * answered between them; it must refuse and accept exactly what the one-step
 * parser (the office server's) does, with the same field and words.
 */
import { describe, expect, it } from 'vitest';
import { parseJsonBody, parseJsonBodyInSteps } from '../../main/server/json-body.js';

const bodies: Record<string, string> = {
  empty: '   ',
  'broken JSON': '{"fileName": "a.xml",',
  'nested too deep': `${'['.repeat(200)}${']'.repeat(200)}`,
  'too many values': `[${Array.from({ length: 200_001 }, () => '0').join(',')}]`,
  'a prototype key': '{"a": {"__proto__": {"polluted": true}}}',
  'a constructor.prototype key': '{"constructor": {"prototype": {"x": 1}}}',
  'a good request': '{"fileName": "return.xml", "contentBase64": "PGE+PC9hPg=="}',
};

function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (err) {
    return { error: (err as Error).constructor.name, message: (err as Error).message, field: (err as { field?: string }).field };
  }
}

async function outcomeInSteps(text: string): Promise<unknown> {
  try {
    return { value: await parseJsonBodyInSteps(text) };
  } catch (err) {
    return { error: (err as Error).constructor.name, message: (err as Error).message, field: (err as { field?: string }).field };
  }
}

describe('a request body read in steps', () => {
  for (const [name, text] of Object.entries(bodies)) {
    it(`gives what the one-step parser gives: ${name}`, async () => {
      const once = outcome(() => parseJsonBody(text));
      expect(await outcomeInSteps(text)).toEqual(once);
      if (name !== 'a good request') expect(once).toHaveProperty('error');
    });
  }

  it('lets the event loop run between its steps', async () => {
    const text = JSON.stringify({ fileName: 'big.xml', contentBase64: 'QUJD'.repeat(1_000_000) });
    let turns = 0;
    let stop = false;
    const tick = () => {
      if (stop) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const value = await parseJsonBodyInSteps(text);
    stop = true;
    expect((value as { fileName: string }).fileName).toBe('big.xml');
    // One turn between each of its steps at least; the one-step parser allows none.
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
