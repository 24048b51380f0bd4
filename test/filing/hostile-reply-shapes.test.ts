/**
 * Replies built to make reading them slow or large, at the 4 MiB reply
 * limit: unclosed comments and a comment of "<Authentication>" openers (once
 * minutes of backtracking regular expressions), a million empty elements and
 * 36,000 business errors (once more than a gigabyte and half a gigabyte of
 * DOM), nesting 100,000 deep, nothing but references, odd encodings. Each is
 * read, or refused with the rule or limit named, within the test's timeout;
 * the times and peaks themselves are the bench's (scripts/bench/hostile-replies.ts).
 * Through the filing desk and the real transport, none stops a filing or
 * leaves a record that cannot be read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseGatewayReply, ReplyFormatError } from '../../main/filing/gateway-reply.js';
import { MAX_REPLY_BYTES } from '../../main/filing/protocol-rules.js';
import { MAX_REPLY_NODES } from '../../main/filing/reply-xml.js';
import { maskCredentials } from '../../main/filing/submission-message.js';
import { bareAmpersandAt } from '../../main/engine/ct600/xml-text.js';
import { submissionRecordSchema } from '../../main/filing/submission-record.js';
import type { PeerReplyContext } from '../../main/server/transaction-engine/peer-faults.js';
import { hostileReply, HOSTILE_SHAPES, type HostileShape } from '../../scripts/bench/lib/hostile-replies.js';
import { builtReturn, makeDesk, startPeer, virtualTime } from './filing-support.js';

const FULL = MAX_REPLY_BYTES - 1024;
const ours = { messageClass: 'HMRC-CT-CT600-TIL', transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', correlationId: '0123456789ABCDEF0123456789ABCDEF', pollUrl: 'http://127.0.0.1:1/poll' };

function verdict(xml: string): string {
  try {
    return parseGatewayReply(Buffer.from(xml, 'utf8')).kind;
  } catch (err) {
    if (err instanceof ReplyFormatError) return `refused: ${err.message}`;
    throw err;
  }
}

describe('a reply at the 4 MiB limit is read or refused by name, in one pass', () => {
  const expected: Record<Exclude<HostileShape, 'well-formed'>, RegExp> = {
    'open-comments': /^refused: the reply is not XML: .*comment/,
    'authentication-in-comment': /^acknowledgement$/,
    'empty-elements': new RegExp(`^refused: the reply holds more than ${MAX_REPLY_NODES.toLocaleString('en-GB')} elements and attributes \\(the limit for a Transaction Engine reply`),
    'business-errors': /^error$/,
    'deep-nesting': /^refused: the reply is not XML: the XML nests elements more than 256 levels deep/,
    references: /^acknowledgement$/,
  };
  for (const shape of HOSTILE_SHAPES) {
    it(`${shape}: ${expected[shape].source}`, { timeout: 30_000 }, () => {
      const xml = hostileReply(shape, ours, FULL);
      expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(MAX_REPLY_BYTES);
      expect(verdict(xml)).toMatch(expected[shape]);
    });
  }

  it('some 36,000 business errors are all read (the record keeps the first 10,000 and says how many more)', { timeout: 30_000 }, () => {
    const reply = parseGatewayReply(hostileReply('business-errors', ours, FULL));
    if (reply.kind !== 'error') throw new Error('expected an error reply');
    expect(reply.businessErrors.length).toBeGreaterThan(35_000);
    expect(reply.header.correlationId).toBe(ours.correlationId);
  });

  it('references are decoded, as xmldom decodes them', () => {
    const xml = hostileReply('references', ours, 4096).replace('<Extra>', '<Extra><x>&#x41;&#66;&amp;&lt;&gt;&quot;&apos;</x>');
    expect(verdict(xml)).toBe('acknowledgement');
    expect(verdict(xml.replace('&#66;', '&#X42;'))).toMatch(/^refused: /);
    expect(verdict(xml.replace('&#66;', '&bogus;'))).toMatch(/^refused: .*unescaped &/);
  });

  it('a reply in UTF-16, or declaring another encoding, is refused by name', () => {
    const xml = hostileReply('well-formed', ours, 4096);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expect(() => parseGatewayReply(utf16)).toThrow(/not UTF-8/);
    expect(() => parseGatewayReply(Buffer.from(xml.replace("encoding='UTF-8'", "encoding='ISO-8859-1'"), 'latin1'))).toThrow(/declares encoding "ISO-8859-1"/);
  });

  it('the credentials in a comment of 262,000 "<Authentication>" openers are masked where a Value follows, as before', { timeout: 30_000 }, () => {
    const xml = hostileReply('authentication-in-comment', ours, FULL);
    expect(maskCredentials(xml)).toBe(xml);
    const withValue = xml.replace('--></GovTalkMessage>', '<Value>Gw-pass</Value>--></GovTalkMessage>');
    expect(maskCredentials(withValue)).toBe(withValue.replace('<Value>Gw-pass</Value>', '<Value>[masked]</Value>'));
  });
});

describe('the linear scans answer as the regular expressions they replace', () => {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const soup = (pieces: readonly string[], n: number) => Array.from({ length: 1 + Math.floor(Math.random() * n) }, () => pick(pieces)).join('');

  it('the unescaped & outside comments, CDATA sections and processing instructions', () => {
    const old = (text: string) => /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);)/.test(text.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g, ''));
    const pieces = ['<!--', '-->', '<![CDATA[', ']]>', '<?', '?>', '&', '&amp;', '&#65;', '&#x4a;', '&#;', 'a', '<', '>', '-', '?', ']'];
    for (let n = 0; n < 20_000; n++) {
      const text = soup(pieces, 10);
      expect(bareAmpersandAt(text) !== undefined, JSON.stringify(text)).toBe(old(text));
    }
  });

  it("the Gateway user ID and password elements' text", () => {
    const old = (xml: string) =>
      xml
        .replace(/(<(?:[\w.-]+:)?SenderID>)[\s\S]*?(<\/(?:[\w.-]+:)?SenderID>)/g, '$1[masked]$2')
        .replace(/(<(?:[\w.-]+:)?Authentication>[\s\S]*?<(?:[\w.-]+:)?Value>)[\s\S]*?(<\/(?:[\w.-]+:)?Value>)/g, '$1[masked]$2');
    const pieces = ['<SenderID>', '</SenderID>', '<a:SenderID>', '</b.c:SenderID>', '<Authentication>', '<g:Authentication>', '<Value>', '</Value>', '<x-y:Value>', '</:Value>', '<:Value>', 'pw', ':', '<', '/', '>', 'SenderID>', 'Value>'];
    for (let n = 0; n < 20_000; n++) {
      const xml = soup(pieces, 12);
      expect(maskCredentials(xml), JSON.stringify(xml)).toBe(old(xml));
    }
  });
});

describe('through the filing desk and the real transport, at the 4 MiB limit', () => {
  const peers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });

  for (const shape of HOSTILE_SHAPES) {
    it(`a poll answered with ${shape} stops nothing: the return is filed once and every record reads back`, { timeout: 60_000 }, async () => {
      const started = await startPeer();
      peers.push(started.peer);
      const { peer, environment } = started;
      peer.faults.add({
        fault: { kind: 'reply', body: (c: PeerReplyContext) => hostileReply(shape, { messageClass: c.held!.messageClass, transactionId: c.held!.transactionId, correlationId: c.held!.correlationId, pollUrl: `${c.origin}/poll` }, FULL) },
        on: 'poll',
        times: 1,
      });
      const time = virtualTime();
      const { desk, store } = makeDesk({ clock: time.clock, sleep: time.sleep });
      const outcome = await desk.submit(builtReturn(), { environment });
      // A business rejection naming this submission is HMRC's verdict; anything else leaves the poll to find the receipt.
      expect(outcome.outcome).toBe(shape === 'business-errors' ? 'rejected' : 'accepted');
      const { records, problems } = await store.list();
      expect(problems).toEqual([]);
      for (const r of records) expect(submissionRecordSchema.safeParse(r).success).toBe(true);
      expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
    });
  }
});

describe('a compressed reply is held to the limit as it is inflated', () => {
  it('a gzip bomb (64 MiB of zeros in some 64 KiB) is cut off at 4 MiB of inflated bytes, never held whole', { timeout: 60_000 }, async () => {
    const { createServer } = await import('node:http');
    const { gzipSync } = await import('node:zlib');
    const { httpTransport, TransportError } = await import('../../main/filing/transport.js');
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(MAX_REPLY_BYTES);
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip', 'content-length': bomb.length });
        res.end(bomb);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const attempt = httpTransport({ timeoutMs: 30_000 }).post(`http://127.0.0.1:${port}/submission`, Buffer.from('<x/>'));
      await expect(attempt).rejects.toBeInstanceOf(TransportError);
      await expect(attempt).rejects.toThrow(/larger than 4194304 bytes/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
