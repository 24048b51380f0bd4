/** The Transaction Engine peer checks what HMRC checks and answers like HMRC. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseGatewayReply } from '../../../main/filing/gateway-reply.js';
import { FILING_ENVIRONMENTS } from '../../../main/filing/environments.js';
import { pollMessage, prepareSubmission, withSenderDetails } from '../../../main/filing/submission-message.js';
import { builtReturn, GATEWAY, startPeer } from '../../filing/filing-support.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

const TX = '0123456789ABCDEF0123456789ABCDEF';

async function post(url: string, body: Buffer | string) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: typeof body === 'string' ? body : new Uint8Array(body) });
  return { status: res.status, reply: parseGatewayReply(Buffer.from(await res.arrayBuffer())) };
}

const submission = (mutate: (text: string) => string = (t) => t) =>
  Buffer.from(mutate(withSenderDetails(prepareSubmission(builtReturn(), FILING_ENVIRONMENTS.til, TX).message, GATEWAY).toString('utf8')));

describe('the Transaction Engine peer', () => {
  it('acknowledges a good submission with a CorrelationID, its poll address and PollInterval', async () => {
    const { peer, url } = await startPeer({ pollIntervalSeconds: 7 });
    peers.push(peer);
    const { reply } = await post(`${url}/submission`, submission());
    expect(reply.kind).toBe('acknowledgement');
    expect(reply.header).toMatchObject({ transactionId: TX, correlationId: expect.stringMatching(/^[0-9A-F]{32}$/), responseEndPoint: `${url}/poll`, pollIntervalSeconds: 7 });
  });

  it.each([
    ['a CorrelationID on a submission', (t: string) => t.replace('<CorrelationID></CorrelationID>', '<CorrelationID>ABC</CorrelationID>'), '1020'],
    ['a wrong password', (t: string) => t.replace(`<Value>${GATEWAY.password}</Value>`, '<Value>wrong</Value>'), '1046'],
    ['a class this engine does not take', (t: string) => t.replace('HMRC-CT-CT600-TIL', 'HMRC-VAT-DEC'), '1001'],
    ['no vendor ID', (t: string) => t.replace('<URI>1234</URI>', '<URI></URI>'), '1001'],
  ])('refuses %s with HMRC error %s, holding nothing', async (_name, mutate, number) => {
    const { peer, url } = await startPeer();
    peers.push(peer);
    const { reply } = await post(`${url}/submission`, submission(mutate));
    expect(reply.kind === 'error' && reply.errors.map((e) => e.number)).toEqual([number]);
    expect(peer.held.size).toBe(0);
  });

  it('a return whose figures were changed after marking is answered on the poll with 3001 and IRmark error 2021', async () => {
    const { peer, url } = await startPeer();
    peers.push(peer);
    const { reply } = await post(`${url}/submission`, submission((t) => t.replace(/<CompanyName>[^<]*<\/CompanyName>/, '<CompanyName>Changed Ltd</CompanyName>')));
    const poll = await post(`${url}/poll`, pollMessage({ messageClass: 'HMRC-CT-CT600-TIL', gatewayTest: false, correlationId: reply.header.correlationId, transactionId: reply.header.transactionId }));
    expect(poll.reply.kind).toBe('error');
    if (poll.reply.kind !== 'error') return;
    expect(poll.reply.errors[0]?.number).toBe('3001');
    expect(poll.reply.businessErrors.map((e) => e.number)).toEqual(['2021']);
  });
});
