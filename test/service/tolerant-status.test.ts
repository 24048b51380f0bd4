import { describe, it, expect, afterEach } from 'vitest';
import { UnexpectedResponseError } from '../../main/service/service-errors.js';
import type { Transport } from '../../main/service/remote/http-transport.js';
import { axiosTransport } from '../../main/service/remote/http-transport.js';
import { startServer, type RunningServer } from '../server/support.js';
import { rejection, signedInClient } from './remote-support.js';

/**
 * The interface leaves the words of jobStatus, validationResult, category
 * and validationType unshown: a real service may use others than ours, and
 * the client must read them rather than fail every status call.
 */
const JOB = '00000000-0000-4000-8000-000000000000';

/** The real exchange, with the status operations' answer replaced. */
function answering(body: unknown): Transport {
  const real = axiosTransport();
  return async (exchange) =>
    exchange.url.includes('/validation/')
      ? { status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) }
      : real(exchange);
}

const theirWords = {
  jobStatus: 'CompletedWithWarnings',
  startDateTime: '2025-06-01T09:00:00Z',
  endDateTime: null,
  validations: [
    {
      validationType: 17,
      validationResult: 'partiallyValid',
      messages: [
        { category: 'fatal', type: 'xbrl-formula', code: 'F-1', message: 'A formula failed.', attributes: [{ name: 'rule', value: 'F-1' }] },
        { category: 'notice', type: 'other', code: 'N', message: 'Heads up.', attributes: [] },
      ],
    },
  ],
  aFieldFromALaterVersion: true,
};

describe('status answers in the service\'s own words', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  it('are read as given, by both status operations', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s, transport: answering(theirWords) });
    for (const answer of [await client.getValidationStatus(JOB), await client.getFilteredValidationStatus(JOB)]) {
      expect(answer.value).toEqual({
        jobStatus: 'CompletedWithWarnings',
        startDateTime: '2025-06-01T09:00:00Z',
        endDateTime: null,
        validations: [{ validationType: 17, validationResult: 'partiallyValid', messages: theirWords.validations[0]!.messages }],
      });
    }
  });

  it('a null jobStatus is allowed (the interface says nullable)', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s, transport: answering({ ...theirWords, jobStatus: null, validations: [] }) });
    expect((await client.getValidationStatus(JOB)).value.jobStatus).toBeNull();
  });

  it('but a field of the wrong type is still an UnexpectedResponseError naming it', async () => {
    s = await startServer();
    const broken = { ...theirWords, validations: [{ ...theirWords.validations[0], validationType: 'schema' }] };
    const client = await signedInClient({ server: s, transport: answering(broken), waits: [] });
    const err = await rejection(client.getValidationStatus(JOB));
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect(err.message).toContain('validations.0.validationType');
  });
});
