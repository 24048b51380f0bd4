/** The submission is the built return with its header set for the environment: the IRmark is never recomputed and stays valid. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCt600, computeIrmark, verifyIrmark } from '../../main/engine/ct600/index.js';
import { FILING_ENVIRONMENTS, resolveEnvironment } from '../../main/filing/environments.js';
import { bodySha256Of, maskCredentials, prepareSubmission, SubmissionMessageError, withSenderDetails } from '../../main/filing/submission-message.js';
import { sharedDir } from '../helpers/shared.js';
import { fullReturn } from '../fixtures/ct600-requests.js';
import { builtReturn, makeDesk } from './filing-support.js';

const sample = readFileSync(join(sharedDir, 'ct600', 'hmrc', 'transaction-engine', 'tpvs-accepted-sample.xml'));
const TX = 'A'.repeat(32);
const credentials = { senderId: 'agent-user-7', password: 'p&ss<word>"x' };

describe('the submission message', () => {
  it("HMRC's accepted sample gets Test in Live's header and the sender's credentials, and its IRmark is unchanged and still valid", () => {
    const prepared = prepareSubmission(sample, FILING_ENVIRONMENTS.til, TX, { vendorId: '1234', product: 'Filing Desk', version: '0.1.0' });
    const sent = withSenderDetails(prepared.message, credentials);
    const text = sent.toString('utf8');
    expect(text).toContain('<Class>HMRC-CT-CT600-TIL</Class>');
    expect(text).toContain(`<TransactionID>${TX}</TransactionID><CorrelationID></CorrelationID>`);
    expect(text).not.toContain('<GatewayTest>1</GatewayTest>');
    expect(text).toContain('<SenderID>agent-user-7</SenderID>');
    expect(text).toContain('<Value>p&amp;ss&lt;word&gt;&quot;x</Value>');
    expect(text.match(/<SenderDetails>/g)).toHaveLength(1);
    expect(text).toContain('<URI>1234</URI>');
    // The mark is the one the sample carried, the Body bytes are the sample's, and the mark verifies.
    expect(prepared.irmark).toBe('YrgW02ybxWOff7gHrELynhp1gRw=');
    const check = verifyIrmark(sent);
    expect(check).toMatchObject({ found: 'YrgW02ybxWOff7gHrELynhp1gRw=', matches: true });
    expect(bodySha256Of(sent)).toBe(bodySha256Of(sample));
    expect(prepared.bodySha256).toBe(bodySha256Of(sample));
  });

  it('a return Filing Desk built keeps its IRmark for every environment, and the external test service gets GatewayTest 1', () => {
    const built = Buffer.from(buildCt600(fullReturn(), { vendorId: '1234' }).xmlDoc, 'base64');
    for (const env of Object.values(FILING_ENVIRONMENTS)) {
      const sent = withSenderDetails(prepareSubmission(built, env, TX).message, credentials);
      expect(verifyIrmark(sent).matches).toBe(true);
      expect(bodySha256Of(sent)).toBe(bodySha256Of(built));
      expect(sent.toString('utf8').includes('<GatewayTest>1</GatewayTest>')).toBe(env.name === 'ets');
    }
  });

  it('a return whose IRmark does not match, or without a vendor ID, is refused before anything is recorded', () => {
    const tampered = Buffer.from(sample.toString('utf8').replace('<Total>100000.00</Total>', '<Total>100001.00</Total>'));
    expect(() => prepareSubmission(tampered, FILING_ENVIRONMENTS.til, TX, { vendorId: '1234' })).toThrow(SubmissionMessageError);
    expect(() => prepareSubmission(sample, FILING_ENVIRONMENTS.til, TX)).toThrow(/4-digit vendor ID/);
  });

  it('credentials are masked in anything kept', () => {
    const sent = withSenderDetails(prepareSubmission(sample, FILING_ENVIRONMENTS.til, TX, { vendorId: '1234' }).message, credentials).toString('utf8');
    const masked = maskCredentials(sent, credentials);
    expect(masked).not.toContain('agent-user-7');
    expect(masked).not.toContain('p&amp;ss');
    expect(masked).toContain('<SenderID>[masked]</SenderID>');
  });

  it('an endpoint override is one the password may go to: https to HMRC, or a test engine on this computer', () => {
    expect(resolveEnvironment('til', 'http://127.0.0.1:9000/submission').submissionUrl).toBe('http://127.0.0.1:9000/submission');
    expect(resolveEnvironment('live', 'http://[::1]:9000/submission').submissionUrl).toBe('http://[::1]:9000/submission');
    expect(resolveEnvironment('ets', 'https://test-transaction-engine.tax.service.gov.uk/submission').submissionUrl).toBe('https://test-transaction-engine.tax.service.gov.uk/submission');
    expect(() => resolveEnvironment('til', 'file:///etc/passwd')).toThrow(/https .*not file:/);
    expect(() => resolveEnvironment('live', 'https://u:p@example.com/')).toThrow(/user name or password/);
    for (const name of ['til', 'ets', 'live'] as const) {
      expect(() => resolveEnvironment(name, 'http://192.0.2.7/submission')).toThrow(/only sent over https to HMRC/);
      expect(() => resolveEnvironment(name, 'https://transaction-engine.tax.service.gov.uk.example.net/submission')).toThrow(/only sent over https to HMRC/);
      expect(() => resolveEnvironment(name, 'http://transaction-engine.tax.service.gov.uk/submission')).toThrow(/only sent over https to HMRC/);
    }
  });
});

describe('a return whose header facts the submission record cannot keep', () => {
  const remarked = (edit: (xml: string) => string) => {
    const xml = edit(builtReturn().toString('utf8'));
    return Buffer.from(xml.replace(/<IRmark Type="generic">[^<]*</, `<IRmark Type="generic">${computeIrmark(xml).base64}<`));
  };
  const cases: [string, (xml: string) => string, RegExp][] = [
    ['a UTR that is not 10 digits', (x) => x.replaceAll(/<(Reference|Key Type="UTR")>\d{10}</g, '<$1>85961488X0<'), /UTR \(box 3\) "85961488X0" must be 10 digits/],
    ['a period date not written YYYY-MM-DD', (x) => x.replace('<From>2024-04-01</From>', '<From>2024-4-1</From>'), /period date \(box 30\) "2024-4-1"/],
    ['a return type HMRC does not know', (x) => x.replace('ReturnType="new"', 'ReturnType="new-and-more-besides"'), /return type "new-and-more-besides" must be "new" or "amended"/],
    ['a company name of 1,200 characters', (x) => x.replace(/<CompanyName>[^<]*</, `<CompanyName>${'A'.repeat(1200)}<`), /company name \(box 1\) is 1200 characters/],
  ];
  for (const [what, edit, message] of cases) {
    it(`${what} is refused by name before anything is recorded or sent`, async () => {
      const { desk, store } = makeDesk();
      const attempt = desk.submit(remarked(edit), { environment: resolveEnvironment('til', 'http://127.0.0.1:9/submission') });
      await expect(attempt).rejects.toThrow(SubmissionMessageError);
      await expect(desk.submit(remarked(edit), { environment: resolveEnvironment('til', 'http://127.0.0.1:9/submission') })).rejects.toThrow(message);
      expect((await store.list()).records).toEqual([]);
    });
  }
});
