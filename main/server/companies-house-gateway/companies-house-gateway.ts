/**
 * A Companies House XML Gateway of our own, for tests and rehearsals: never
 * Companies House, never on by default, on its own loopback port. It takes
 * what the real gateway takes at its one entry point (POST, one GovTalk
 * message, the Class routing it): presenter authentication as MD5 digests
 * (companies-house.md §2), CompanyDataRequest with the company's
 * authentication code, accounts FormSubmissions (the document kept as the
 * bytes its base64 decodes to), GetSubmissionStatus by number or for every
 * status not yet acknowledged, and StatusAck. It holds each submission
 * number once per presenter and refuses a number used before with 9999
 * "Invalid Envelope Number", as Companies House does, and counts every
 * arrival so a test can prove accounts were submitted exactly once.
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { XmlElementView } from '../../engine/xml-view.js';
import { readReplyXml } from '../../filing/reply-xml.js';
import { ENVELOPE_NS } from '../../filing/companies-house/gateway-rules.js';
import { defaultFaults, type GatewayFaults } from './gateway-faults.js';
import { acknowledgementAnswer, companyDataAnswer, errorAnswer, statusAnswer, type StatusLine } from './gateway-replies.js';

export interface CompaniesHouseGatewayOptions {
  presenter: { presenterId: string; presenterCode: string };
  /** The companies it knows: number, registered name, authentication code. */
  companies: { number: string; name: string; authCode: string }[];
  host?: string;
  /** After a submission is held and before it is answered (a test kills its client here). */
  onSubmission?: (seen: { submissionNumber: string; count: number }) => void | Promise<void>;
}

export interface HeldAccounts {
  submissionNumber: string;
  companyNumber: string;
  /** The Document/Data bytes, decoded. */
  document: Buffer;
  gatewayTest: string;
  statusAnswers: number;
  acknowledged: boolean;
}

export interface CompaniesHouseGateway {
  readonly app: FastifyInstance;
  readonly faults: GatewayFaults;
  /** Every FormSubmission that arrived, by submission number (refused duplicates included). */
  readonly submissionsByNumber: Map<string, number>;
  readonly held: ReadonlyMap<string, HeldAccounts>;
  /** Every request as it arrived: its Class and its exact bytes. */
  readonly requests: readonly { messageClass: string; body: Buffer }[];
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

const md5 = (v: string) => createHash('md5').update(v, 'utf8').digest('hex');

function kids(e: XmlElementView, name: string): XmlElementView[] {
  const out: XmlElementView[] = [];
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as XmlElementView).localName === name) out.push(n as XmlElementView);
  return out;
}
function at(root: XmlElementView, path: string[]): XmlElementView | undefined {
  let node: XmlElementView | undefined = root;
  for (const name of path) node = node ? kids(node, name)[0] : undefined;
  return node;
}
const text = (root: XmlElementView, path: string[]) => (at(root, path)?.textContent ?? '').trim();

const STATUS_OF = { accept: 'ACCEPT', reject: 'REJECT', pending: 'PENDING', parked: 'PARKED', 'internal-failure': 'INTERNAL_FAILURE' } as const;

export async function createCompaniesHouseGateway(options: CompaniesHouseGatewayOptions): Promise<CompaniesHouseGateway> {
  const app = Fastify({ bodyLimit: 40 * 1024 * 1024, logger: false, forceCloseConnections: true, return503OnClosing: true });
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const faults = defaultFaults();
  const submissionsByNumber = new Map<string, number>();
  const held = new Map<string, HeldAccounts>();
  const requests: { messageClass: string; body: Buffer }[] = [];
  const sender = md5(options.presenter.presenterId);
  const password = md5(options.presenter.presenterCode);

  const drop = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    request.raw.socket?.destroy();
  };

  function statusLine(h: HeldAccounts): StatusLine {
    h.statusAnswers++;
    const code = h.statusAnswers <= faults.pendingAnswers ? 'PENDING' : STATUS_OF[faults.outcome];
    return { submissionNumber: h.submissionNumber, statusCode: code, companyNumber: h.companyNumber, rejections: code === 'REJECT' ? faults.rejections : [] };
  }

  app.post('/v1-0/xmlgw/Gateway', async (request, reply) => {
    if (faults.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
    const body = request.body as Buffer;
    const read = readReplyXml(body);
    const send = (xml: string) => reply.code(200).type('text/xml; charset=utf-8').send(xml);
    if (!read.ok || read.root.localName !== 'GovTalkMessage' || read.root.namespaceURI !== ENVELOPE_NS) return send(errorAnswer('Unknown', '', '1000', 'The message is not a GovTalk message.'));
    const root = read.root;
    const messageClass = text(root, ['Header', 'MessageDetails', 'Class']);
    const transactionId = text(root, ['Header', 'MessageDetails', 'TransactionID']);
    requests.push({ messageClass, body });
    const auth = ['Header', 'SenderDetails', 'IDAuthentication'];
    if (text(root, [...auth, 'SenderID']) !== sender || text(root, [...auth, 'Authentication', 'Method']) !== 'clear' || text(root, [...auth, 'Authentication', 'Value']) !== password) {
      return send(errorAnswer(messageClass, transactionId, '502', 'Authorisation Failure'));
    }
    const gatewayTest = text(root, ['Header', 'MessageDetails', 'GatewayTest']);
    const payload = at(root, ['Body']);
    if (!payload) return send(errorAnswer(messageClass, transactionId, '1000', 'The message has no Body.'));

    if (messageClass === 'CompanyDataRequest') {
      const number = text(payload, ['CompanyDataRequest', 'CompanyNumber']);
      const company = options.companies.find((c) => c.number === number);
      if (!company || company.authCode !== text(payload, ['CompanyDataRequest', 'CompanyAuthenticationCode'])) return send(errorAnswer(messageClass, transactionId, '502', 'Authorisation Failure'));
      return send(companyDataAnswer(transactionId, company));
    }

    if (messageClass === 'Accounts') {
      if (faults.dropSubmissionsUnread > 0) {
        faults.dropSubmissionsUnread--;
        return drop(request, reply);
      }
      const form = ['FormSubmission', 'FormHeader'];
      const number = text(payload, [...form, 'SubmissionNumber']);
      submissionsByNumber.set(number, (submissionsByNumber.get(number) ?? 0) + 1);
      if (faults.duplicateNumber || held.has(number)) return send(errorAnswer(messageClass, transactionId, '9999', 'Invalid Envelope Number'));
      const companyNumber = text(payload, [...form, 'CompanyNumber']);
      const company = options.companies.find((c) => c.number === companyNumber);
      if (!company || company.authCode !== text(payload, [...form, 'CompanyAuthenticationCode']) || company.name !== text(payload, [...form, 'CompanyName'])) {
        return send(errorAnswer(messageClass, transactionId, '502', 'Authorisation Failure'));
      }
      held.set(number, { submissionNumber: number, companyNumber, document: Buffer.from(text(payload, ['FormSubmission', 'Document', 'Data']), 'base64'), gatewayTest, statusAnswers: 0, acknowledged: false });
      await options.onSubmission?.({ submissionNumber: number, count: submissionsByNumber.get(number)! });
      if (faults.dropSubmissionAnswers > 0) {
        faults.dropSubmissionAnswers--;
        return drop(request, reply);
      }
      return send(acknowledgementAnswer(messageClass, transactionId));
    }

    if (messageClass === 'GetSubmissionStatus') {
      const number = text(payload, ['GetSubmissionStatus', 'SubmissionNumber']);
      const lines = number ? [held.get(number)].filter((h) => h !== undefined).map(statusLine) : [...held.values()].filter((h) => !h.acknowledged).slice(0, 20).map(statusLine);
      if (faults.dropStatusAnswers > 0) {
        faults.dropStatusAnswers--;
        return drop(request, reply);
      }
      return send(statusAnswer(transactionId, lines));
    }

    if (messageClass === 'StatusAck') {
      for (const h of held.values()) if (h.statusAnswers > 0 && !['PENDING', 'PARKED', 'INTERNAL_FAILURE'].includes(STATUS_OF[faults.outcome])) h.acknowledged = true;
      return send(acknowledgementAnswer(messageClass, transactionId));
    }
    return send(errorAnswer(messageClass, transactionId, '1000', `The Class ${messageClass.slice(0, 40)} is not one this gateway takes.`));
  });

  return {
    app,
    faults,
    submissionsByNumber,
    held,
    requests,
    async listen(port = 0) {
      await app.listen({ port, host: options.host ?? '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the gateway has no TCP address');
      return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/v1-0/xmlgw/Gateway`;
    },
    close: () => app.close(),
  };
}
