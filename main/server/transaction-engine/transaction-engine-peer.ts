/**
 * A Transaction Engine of our own, for tests and rehearsals: never HMRC, never
 * on by default, on its own port with its own routes, as HMRC's (POST /submission for
 * submissions and data requests; POST /poll for polls and deletes). It checks
 * what HMRC checks before it answers (the envelope, the sender's
 * credentials, the vendor ID, the IRmark, the CT600 structure and our
 * business rules), acknowledges with a PollInterval, answers polls with
 * responses shaped like HMRC's, and counts every submission per
 * TransactionID so a test can prove a return was sent exactly once.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Document, Element } from '@xmldom/xmldom';
import { verifyIrmark } from '../../engine/ct600/irmark.js';
import { firstChild, readXml } from '../../engine/ct600/xml-dom.js';
import { runBusinessRules } from '../../engine/validation/rules/index.js';
import { checkCt600Structure } from '../../engine/validation/schema/index.js';
import { PeerFaults, type PeerFault, type PeerRoute } from './peer-faults.js';
import { acknowledgementXml, deleteResponseXml, errorReplyXml, statusReportXml, successResponseXml, type PeerError } from './peer-replies.js';

export interface TransactionEnginePeerOptions {
  /** The Government Gateway user ID and password the peer accepts. */
  credentials: { senderId: string; password: string };
  /** Seconds the peer asks between polls (HMRC: usually 10). */
  pollIntervalSeconds?: number;
  host?: string;
  clock?: () => Date;
  faults?: PeerFaults;
  bodyLimitBytes?: number;
  /** After a submission is held and before it is answered (a test kills its client here). */
  onSubmission?: (seen: { transactionId: string; count: number }) => void | Promise<void>;
  /** After a poll is read and before it is answered. */
  onPoll?: (seen: { correlationId: string; polls: number }) => void | Promise<void>;
}

interface HeldSubmission {
  transactionId: string;
  correlationId: string;
  senderId: string;
  messageClass: string;
  utr: string;
  irmark: string;
  receivedAt: Date;
  /** The verdict, delivered on a poll: a receipt or the business errors. */
  businessErrors: PeerError[];
  polls: number;
  slowPolls: number;
  pollIntervalSeconds: number;
  lastAnsweredAt: Date;
  responsesDelivered: number;
  deleted: boolean;
}

export interface TransactionEnginePeer {
  readonly app: FastifyInstance;
  readonly faults: PeerFaults;
  /** Every time a submission message arrived, by TransactionID. */
  readonly submissionsByTransactionId: Map<string, number>;
  /** Polls that arrived sooner than the interval the peer asked for. */
  readonly earlyPolls: number;
  /** Every request, in order: the path it came to, what it was, and when. */
  /** Every exchange, with the TransactionID its message carried ('' when none). */
  readonly requests: readonly { path: 'submission' | 'poll'; route: PeerRoute; at: Date; transactionId: string }[];
  readonly held: ReadonlyMap<string, Readonly<HeldSubmission>>;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

const MESSAGE_CLASSES = new Set(['HMRC-CT-CT600', 'HMRC-CT-CT600-TIL']);
const XML_TYPES = ['text/xml', 'application/xml'];

function textAt(root: Element, path: string[]): string | undefined {
  let node: Element | undefined = root;
  for (const name of path) {
    node = node && firstChild(node, name);
  }
  return node ? (node.textContent ?? '').trim() : undefined;
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

class ErrorAnswer extends Error {
  constructor(
    readonly errors: PeerError[],
    readonly businessErrors: PeerError[] = [],
  ) {
    super(errors[0]?.text ?? 'error');
  }
}

const gateway = (number: string, text: string, type = 'fatal'): PeerError => ({ raisedBy: 'Gateway', number, type, text });

export async function createTransactionEnginePeer(options: TransactionEnginePeerOptions): Promise<TransactionEnginePeer> {
  const clock = options.clock ?? (() => new Date());
  const faults = options.faults ?? new PeerFaults();
  const interval = options.pollIntervalSeconds ?? 10;
  const submissionsByTransactionId = new Map<string, number>();
  const held = new Map<string, HeldSubmission>();
  const byTransaction = new Map<string, HeldSubmission>();
  let earlyPolls = 0;
  const requests: { path: 'submission' | 'poll'; route: PeerRoute; at: Date; transactionId: string }[] = [];

  const app = Fastify({ bodyLimit: options.bodyLimitBytes ?? 40 * 1024 * 1024, logger: false, forceCloseConnections: true, return503OnClosing: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(XML_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const pollUrl = (request: FastifyRequest) => `http://${request.headers.host ?? '127.0.0.1'}/poll`;

  function authenticate(root: Element): string {
    const auth = firstChild(firstChild(firstChild(firstChild(root, 'Header') ?? root, 'SenderDetails') ?? root, 'IDAuthentication') ?? root, 'Authentication');
    const senderId = textAt(root, ['Header', 'SenderDetails', 'IDAuthentication', 'SenderID']) ?? '';
    const method = auth ? textAt(auth, ['Method']) : undefined;
    const value = auth ? textAt(auth, ['Value']) ?? '' : '';
    if (method !== undefined && method !== 'clear') throw new ErrorAnswer([gateway('1047', `The authentication method "${method}" is no longer accepted; use clear.`)]);
    if (!sameSecret(senderId, options.credentials.senderId) || !sameSecret(value, options.credentials.password)) {
      throw new ErrorAnswer([gateway('1046', 'Authentication Failure. The supplied user credentials failed validation for the requested service.')]);
    }
    return senderId;
  }

  function verdictOf(doc: Document, text: string): PeerError[] {
    const check = verifyIrmark(text);
    if (check.found === null) return [{ raisedBy: 'ChRIS', number: '2022', type: 'business', text: 'The IRmark is missing.', location: 'IRmark' }];
    if (!check.matches) return [{ raisedBy: 'ChRIS', number: '2021', type: 'business', text: 'The IRmark is incorrect.', location: 'IRmark' }];
    const structure = checkCt600Structure(doc).filter((m) => m.category === 'error');
    if (structure.length > 0) {
      // HMRC numbers schema errors 4000–4999 without publishing which is which; the peer uses 4000.
      return structure.map((m) => ({ raisedBy: 'ChRIS', number: '4000', type: 'schema', text: m.message, location: m.attributes.find((a) => a.name === 'path')?.value ?? '' }));
    }
    return runBusinessRules(doc)
      .filter((m) => m.category === 'error')
      .map((m) => ({ raisedBy: 'ChRIS', number: m.code, type: 'business', text: m.message, location: m.attributes.find((a) => a.name === 'path')?.value ?? '' }));
  }

  function submit(root: Element, doc: Document, text: string, request: FastifyRequest, messageClass: string, fault: PeerFault | undefined): { status: number; xml: string } {
    const transactionId = textAt(root, ['Header', 'MessageDetails', 'TransactionID']) ?? '';
    if (textAt(root, ['Header', 'MessageDetails', 'CorrelationID'])) throw new ErrorAnswer([gateway('1020', 'A CorrelationID must not be given on a submission.')]);
    const senderId = authenticate(root);
    if (!/^[0-9A-Za-z]{1,32}$/.test(transactionId)) throw new ErrorAnswer([gateway('1001', 'The TransactionID must be 1 to 32 letters and digits.')]);
    const body = firstChild(root, 'Body');
    if (!body || !firstChild(body, 'IRenvelope')) throw new ErrorAnswer([gateway('1042', 'The message has an empty Body.')]);
    const vendor = textAt(root, ['GovTalkDetails', 'ChannelRouting', 'Channel', 'URI']) ?? '';
    if (!/^[0-9]{4}$/.test(vendor)) throw new ErrorAnswer([gateway('1001', 'ChannelRouting/Channel/URI must hold the 4-digit vendor ID HMRC issued for the software.')]);
    const count = (submissionsByTransactionId.get(transactionId) ?? 0) + 1;
    submissionsByTransactionId.set(transactionId, count);
    const duplicate = byTransaction.get(transactionId);
    if (duplicate) {
      throw new ErrorAnswer([gateway('1000', `A submission with TransactionID ${transactionId} is already held; it was not processed again.`)]);
    }
    const now = clock();
    const submission: HeldSubmission = {
      transactionId,
      correlationId: randomBytes(16).toString('hex').toUpperCase(),
      senderId,
      messageClass,
      utr: textAt(root, ['Body', 'IRenvelope', 'CompanyTaxReturn', 'CompanyInformation', 'Reference']) ?? '',
      irmark: textAt(root, ['Body', 'IRenvelope', 'IRheader', 'IRmark']) ?? '',
      receivedAt: now,
      businessErrors: verdictOf(doc, text),
      polls: 0,
      slowPolls: 0,
      pollIntervalSeconds: interval,
      lastAnsweredAt: now,
      responsesDelivered: 0,
      deleted: false,
    };
    held.set(submission.correlationId, submission);
    byTransaction.set(transactionId, submission);
    if (fault?.kind === 'no-acknowledgement') return { status: 202, xml: '' };
    if (fault?.kind === 'rejection-of-another') {
      // Another submission's CorrelationID: one the peer never gave this submission.
      const another = randomBytes(16).toString('hex').toUpperCase();
      const rejection = errorReplyXml({
        messageClass,
        ...(fault.transactionId === 'none' ? {} : { transactionId }),
        correlationId: another,
        errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: 'Your submission failed due to business validation errors. Please see below for details.' }],
        businessErrors: [{ raisedBy: 'ChRIS', number: '9200', type: 'business', text: 'The tax rate is not the rate for the financial year.', location: '/IRenvelope[1]/CompanyTaxReturn[1]' }],
        at: now,
      });
      return { status: 200, xml: rejection };
    }
    if (fault?.kind === 'duplicate-transaction-id') {
      throw new ErrorAnswer([gateway('1000', `A submission with TransactionID ${transactionId} is already held; it was not processed again.`)]);
    }
    return { status: 200, xml: acknowledgementXml({ messageClass, transactionId, correlationId: submission.correlationId, pollUrl: pollUrl(request), pollIntervalSeconds: interval, at: now }) };
  }

  function responseOf(s: HeldSubmission, request: FastifyRequest): string {
    s.responsesDelivered++;
    const now = clock();
    if (s.businessErrors.length > 0) {
      return errorReplyXml({
        messageClass: s.messageClass,
        transactionId: s.transactionId,
        correlationId: s.correlationId,
        pollUrl: pollUrl(request),
        errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: 'Your submission failed due to business validation errors. Please see below for details.' }],
        businessErrors: s.businessErrors,
        at: now,
      });
    }
    return successResponseXml({ messageClass: s.messageClass, transactionId: s.transactionId, correlationId: s.correlationId, irmark: s.irmark, utr: s.utr, at: s.receivedAt });
  }

  function poll(root: Element, request: FastifyRequest, fault: PeerFault | undefined): string {
    const correlationId = textAt(root, ['Header', 'MessageDetails', 'CorrelationID']) ?? '';
    const s = held.get(correlationId);
    if (!s || s.deleted) throw new ErrorAnswer([gateway('2000', `No submission with CorrelationID ${correlationId || '(none)'} is held.`)]);
    const now = clock();
    if (now.getTime() < s.lastAnsweredAt.getTime() + s.pollIntervalSeconds * 1000 - 50) earlyPolls++;
    s.polls++;
    if (fault?.kind === 'slow-poll') {
      s.slowPolls += fault.polls;
      s.pollIntervalSeconds = fault.intervalSeconds ?? s.pollIntervalSeconds;
    }
    s.lastAnsweredAt = now;
    if (s.slowPolls > 0) {
      s.slowPolls--;
      return acknowledgementXml({ messageClass: s.messageClass, transactionId: s.transactionId, correlationId: s.correlationId, pollUrl: pollUrl(request), pollIntervalSeconds: s.pollIntervalSeconds, at: now });
    }
    return responseOf(s, request);
  }

  function remove(root: Element, fault: PeerFault | undefined, request: FastifyRequest): string {
    const correlationId = textAt(root, ['Header', 'MessageDetails', 'CorrelationID']) ?? '';
    const s = held.get(correlationId);
    if (!s || s.deleted) throw new ErrorAnswer([gateway('2000', `No submission with CorrelationID ${correlationId || '(none)'} is held.`)]);
    if (fault?.kind === 'response-twice') return responseOf(s, request);
    s.deleted = true;
    return deleteResponseXml({ messageClass: s.messageClass, correlationId, at: clock() });
  }

  function list(root: Element, request: FastifyRequest, messageClass: string): string {
    const senderId = authenticate(root);
    const records = [...held.values()]
      .filter((s) => s.senderId === senderId && !s.deleted)
      .map((s) => ({ at: s.receivedAt, correlationId: s.correlationId, transactionId: s.transactionId, status: s.responsesDelivered > 0 ? (s.businessErrors.length > 0 ? 'SUBMISSION_ERROR' : 'SUBMISSION_RESPONSE') : 'SUBMISSION_ACKNOWLEDGEMENT' }));
    return statusReportXml({ messageClass, pollUrl: pollUrl(request), pollIntervalSeconds: interval, records, at: clock() });
  }

  async function handle(request: FastifyRequest, reply: FastifyReply, path: 'submission' | 'poll') {
    const bytes = request.body;
    if (!Buffer.isBuffer(bytes)) return reply.code(415).send('send the GovTalk message as text/xml');
    const read = readXml(bytes);
    const root = read.ok ? read.doc.documentElement! : undefined;
    const qualifier = root ? textAt(root, ['Header', 'MessageDetails', 'Qualifier']) : undefined;
    const fn = root ? textAt(root, ['Header', 'MessageDetails', 'Function']) : undefined;
    // HMRC answers polls and delete requests at the ResponseEndPoint (/poll); submissions and data requests at /submission.
    const route: PeerRoute = fn === 'delete' ? 'delete' : path === 'poll' ? 'poll' : fn === 'list' ? 'list' : 'submission';
    requests.push({ path, route, at: clock(), transactionId: (root ? textAt(root, ['Header', 'MessageDetails', 'TransactionID']) : undefined) ?? '' });
    // Faults that only make sense on their own exchange are only taken there.
    const fault = faults.take(route, (f) => {
      if (f.kind === 'slow-poll') return route === 'poll';
      if (f.kind === 'no-acknowledgement' || f.kind === 'duplicate-transaction-id' || f.kind === 'rejection-of-another') return route === 'submission';
      if (f.kind === 'response-twice') return route === 'delete';
      return true;
    });
    if (fault?.kind === 'server-error') return reply.code(fault.status).type('text/html').send(`<html><body>Service unavailable (${fault.status})</body></html>`);
    const messageClass = (root && textAt(root, ['Header', 'MessageDetails', 'Class'])) ?? '';
    let status = 200;
    let xml: string;
    try {
      if (!read.ok || !root) throw new ErrorAnswer([gateway('1001', `The message is not well-formed XML: ${read.ok ? 'no root element' : read.message}`)]);
      if (root.localName !== 'GovTalkMessage') throw new ErrorAnswer([gateway('1001', 'The message is not a GovTalkMessage.')]);
      if (!MESSAGE_CLASSES.has(messageClass)) throw new ErrorAnswer([gateway('1001', `The Class "${messageClass}" is not one this Transaction Engine accepts (HMRC-CT-CT600, HMRC-CT-CT600-TIL).`)]);
      if (route === 'poll') {
        if (qualifier !== 'poll') throw new ErrorAnswer([gateway('1001', 'Only polls are answered at the ResponseEndPoint.')]);
        const correlationId = textAt(root, ['Header', 'MessageDetails', 'CorrelationID']) ?? '';
        const s = held.get(correlationId);
        await options.onPoll?.({ correlationId, polls: (s?.polls ?? 0) + 1 });
        xml = poll(root, request, fault);
      } else if (qualifier === 'request' && fn === 'list') {
        xml = list(root, request, messageClass);
      } else if (qualifier === 'request' && fn === 'delete') {
        xml = remove(root, fault, request);
      } else if (qualifier === 'request' && fn === 'submit') {
        const answer = submit(root, read.doc, read.text, request, messageClass, fault);
        const transactionId = textAt(root, ['Header', 'MessageDetails', 'TransactionID']) ?? '';
        await options.onSubmission?.({ transactionId, count: submissionsByTransactionId.get(transactionId) ?? 0 });
        status = answer.status;
        xml = answer.xml;
      } else {
        throw new ErrorAnswer([gateway('1001', `Qualifier "${qualifier ?? ''}" with Function "${fn ?? ''}" is not a request this Transaction Engine answers.`)]);
      }
    } catch (err) {
      if (!(err instanceof ErrorAnswer)) throw err;
      xml = errorReplyXml({ messageClass: messageClass || 'UndefinedClass', errors: err.errors, at: clock() });
    }
    if (fault?.kind === 'lost-response') {
      reply.hijack();
      request.raw.socket?.destroy();
      return reply;
    }
    if (fault?.kind === 'reply') {
      const transactionId = root ? (textAt(root, ['Header', 'MessageDetails', 'TransactionID']) ?? '') : '';
      const correlationId = root ? (textAt(root, ['Header', 'MessageDetails', 'CorrelationID']) ?? '') : '';
      const s = held.get(correlationId) ?? byTransaction.get(transactionId);
      const view = s ? { transactionId: s.transactionId, correlationId: s.correlationId, messageClass: s.messageClass, irmark: s.irmark, utr: s.utr } : undefined;
      const body = fault.body({ held: view, origin: `http://${request.headers.host ?? '127.0.0.1'}`, request: read.ok ? read.text : bytes.toString('utf8') });
      return reply.code(fault.status ?? 200).type(fault.contentType ?? 'text/xml; charset=utf-8').send(body);
    }
    if (fault?.kind === 'endless-reply') {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let left = fault.bytes;
      const stream = new Readable({
        read() {
          if (left <= 0) return void this.push(null);
          const n = Math.min(left, chunk.length);
          left -= n;
          this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
        },
      });
      // A client that stops reading closes the connection: the stream ends there, quietly.
      stream.on('error', () => undefined);
      return reply.code(200).type('text/xml; charset=utf-8').send(stream);
    }
    return reply.code(status).type('text/xml; charset=utf-8').send(xml);
  }

  app.post('/submission', (request, reply) => handle(request, reply, 'submission'));
  app.post('/poll', (request, reply) => handle(request, reply, 'poll'));

  return {
    app,
    faults,
    submissionsByTransactionId,
    get earlyPolls() {
      return earlyPolls;
    },
    requests,
    held,
    async listen(port = 0) {
      await app.listen({ port, host: options.host ?? '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the peer has no TCP address');
      return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    },
    close: () => app.close(),
  };
}
