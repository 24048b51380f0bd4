/** A submission record read back from disk is held to the rules a fresh answer is, before any request. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveEnvironment } from '../../main/filing/environments.js';
import { withNextPollInBounds } from '../../main/filing/record-steps.js';
import type { SubmissionRecord } from '../../main/filing/submission-record.js';
import type { GatewayTransport } from '../../main/filing/transport.js';
import { builtReturn, makeDesk } from './filing-support.js';

const environment = resolveEnvironment('til', 'http://127.0.0.1:9/submission');

function deskWithoutNetwork() {
  const sent: string[] = [];
  const transport: GatewayTransport = {
    async post(url) {
      sent.push(url);
      throw new Error('nothing may be sent in this test');
    },
  };
  return { sent, ...makeDesk({ transport }) };
}

describe('a record read back', () => {
  for (const [what, edit] of [
    ['a figure in its Body', (m: string) => m.replace(/<Turnover>[^<]*<\/Turnover>|<TaxPayable>[^<]*<\/TaxPayable>/, (x) => x.replace(/\d/, (d) => String((Number(d) + 1) % 10)))],
    ['its TransactionID', (m: string) => m.replace(/<TransactionID>[0-9A-F]{32}<\/TransactionID>/, `<TransactionID>${'A'.repeat(32)}</TransactionID>`)],
  ] as const) {
    it(`whose message was edited (${what}) is never sent`, async () => {
      const { desk, dataDir, sent } = deskWithoutNetwork();
      const record = await desk.prepare(builtReturn(), { environment });
      const file = join(dataDir, 'submissions', `${record.transactionId}.json`);
      const kept = JSON.parse(readFileSync(file, 'utf8')) as SubmissionRecord;
      const message = Buffer.from(kept.message, 'base64').toString('utf8');
      const edited = edit(message);
      expect(edited).not.toBe(message);
      writeFileSync(file, JSON.stringify({ ...kept, message: Buffer.from(edited).toString('base64') }));
      await expect(desk.file(record.transactionId)).rejects.toThrow(/is not the return the record describes .* so it was not sent/);
      expect(sent).toEqual([]);
    });
  }

  it('a stored next poll time past the longest PollInterval from now is brought to it; one that is not a time waits the record\'s interval', () => {
    const now = new Date('2026-01-01T12:00:00.000Z');
    const base = { pollIntervalSeconds: 10 } as SubmissionRecord;
    expect(withNextPollInBounds({ ...base, nextPollAt: '2026-01-02T12:00:00.000Z' }, now).nextPollAt).toBe('2026-01-01T12:10:00.000Z');
    expect(withNextPollInBounds({ ...base, nextPollAt: '9999-12-31' }, now).nextPollAt).toBe('2026-01-01T12:10:00.000Z');
    expect(withNextPollInBounds({ ...base, nextPollAt: 'soon' }, now).nextPollAt).toBe('2026-01-01T12:00:10.000Z');
    expect(withNextPollInBounds({ ...base, nextPollAt: '2026-01-01T12:00:05.000Z' }, now).nextPollAt).toBe('2026-01-01T12:00:05.000Z');
    expect(withNextPollInBounds(base, now).nextPollAt).toBeUndefined();
  });
});
