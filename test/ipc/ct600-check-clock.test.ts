/** The wizard's checks and "Validate a file" compare HMRC's rules on today's date with the handlers' clock. */
import { describe, expect, it } from 'vitest';
import { runValidationJob } from '../../main/ipc/ct600-handlers.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import { builtXml, bytes } from '../engine/validation/fixtures.js';

const ruleErrors = (result: Awaited<ReturnType<typeof runValidationJob>>) =>
  result.validations.flatMap((v) => v.messages.filter((m) => m.category === 'error').map((m) => [m.code, m.attributes.find((a) => a.name === 'box')?.value]));

describe('a CT600 check and the clock', () => {
  it('a period ending after the clock’s today fails HMRC’s rule 9106 at box 35; once it has ended, it passes', async () => {
    const engine = createCt600Engine({ productVersion: '0.1.0' });
    const xml = bytes(builtXml()); // period 2024-04-01 to 2025-03-31
    expect(ruleErrors(await runValidationJob(engine, () => new Date('2025-01-15T10:00:00Z'), 'r.xml', xml))).toEqual([['9106', '35']]);
    expect(ruleErrors(await runValidationJob(engine, () => new Date('2025-04-01T10:00:00Z'), 'r.xml', xml))).toEqual([]);
  });
});
