/**
 * What HMRC's Transaction Engine answered, read from its GovTalk XML:
 * an acknowledgement to poll on, a business response (a receipt, a status
 * report, a delete confirmation) or an error with HMRC's numbers. Anything
 * else is a ReplyFormatError: never guessed at.
 */
import { GOVTALK_NS } from '../engine/ct600/xml-dom.js';
import type { XmlElementView } from '../engine/xml-view.js';
import { pollIntervalOf } from './protocol-rules.js';
import { readReplyXml } from './reply-xml.js';

type Element = XmlElementView;

export const SUCCESS_RESPONSE_NS = 'http://www.inlandrevenue.gov.uk/SuccessResponse';
export const ERROR_RESPONSE_NS = 'http://www.govtalk.gov.uk/CM/errorresponse';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

export class ReplyFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplyFormatError';
  }
}

export interface GovTalkError {
  raisedBy: string;
  number: string;
  type: string;
  text: string;
  location: string;
}

export interface ReplyHeader {
  messageClass: string;
  qualifier: string;
  function: string;
  transactionId: string;
  correlationId: string;
  responseEndPoint?: string;
  /** Seconds, clamped by the one PollInterval rule (protocol-rules.ts); absent when HMRC gave none. */
  pollIntervalSeconds?: number;
  gatewayTimestamp: string;
}

export interface SuccessReceipt {
  /** DigestValue of HMRC's IRmarkReceipt signature: the IRmark of what it received, base64. */
  digestBase64: string;
  /** The IRmark HMRC's message 0000 quotes, base32. */
  quotedIrmarkBase32: string | null;
  receiptMessage: string;
  /** The X509Certificate in the signature's KeyInfo, base64; null when there is none. */
  certificateBase64: string | null;
  acceptedTime: string;
  messages: { code: string; text: string }[];
}

export interface StatusRecord {
  timeStamp: string;
  correlationId: string;
  transactionId: string;
  status: string;
}

export type GatewayReply =
  | { kind: 'acknowledgement'; header: ReplyHeader }
  | { kind: 'success'; header: ReplyHeader; receipt: SuccessReceipt }
  | { kind: 'status-report'; header: ReplyHeader; records: StatusRecord[] }
  | { kind: 'deleted'; header: ReplyHeader }
  | { kind: 'error'; header: ReplyHeader; errors: GovTalkError[]; businessErrors: GovTalkError[] };

function childElements(parent: Element): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

function firstChild(parent: Element, localName: string): Element | undefined {
  for (let n = parent.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).localName === localName) return n as Element;
  return undefined;
}

/** The first element below `root` (document order) with this namespace and local name. */
function firstDescendant(root: Element, namespaceURI: string, localName: string): Element | undefined {
  const pending: Element[] = [root];
  // Depth first, in document order, without recursion (the reader has already bounded the depth, but a loop needs no stack).
  while (pending.length > 0) {
    const e = pending.pop()!;
    if (e !== root && e.localName === localName && e.namespaceURI === namespaceURI) return e;
    const children = childElements(e);
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return undefined;
}

const text = (parent: Element | undefined, name: string) => (parent ? (firstChild(parent, name)?.textContent ?? '').trim() : '');

function readHeader(root: Element): ReplyHeader {
  const details = firstChild(firstChild(root, 'Header') ?? root, 'MessageDetails');
  if (!details) throw new ReplyFormatError('the reply has no Header/MessageDetails');
  const endPoint = firstChild(details, 'ResponseEndPoint');
  const interval = endPoint?.getAttribute('PollInterval');
  const header: ReplyHeader = {
    messageClass: text(details, 'Class'),
    qualifier: text(details, 'Qualifier'),
    function: text(details, 'Function'),
    transactionId: text(details, 'TransactionID'),
    correlationId: text(details, 'CorrelationID'),
    gatewayTimestamp: text(details, 'GatewayTimestamp'),
  };
  const url = (endPoint?.textContent ?? '').trim();
  if (url) header.responseEndPoint = url;
  if (interval !== null && interval !== undefined) header.pollIntervalSeconds = pollIntervalOf(interval);
  return header;
}

function readError(e: Element): GovTalkError {
  return { raisedBy: text(e, 'RaisedBy'), number: text(e, 'Number'), type: text(e, 'Type'), text: text(e, 'Text'), location: text(e, 'Location') };
}

function readReceipt(success: Element): SuccessReceipt {
  const receipt = firstChild(success, 'IRmarkReceipt');
  const digest = receipt && firstDescendant(receipt, DSIG_NS, 'DigestValue');
  const digestBase64 = (digest?.textContent ?? '').trim();
  if (!receipt || !/^[A-Za-z0-9+/]{27}=$/.test(digestBase64)) throw new ReplyFormatError('the success response has no IRmarkReceipt with a SHA-1 DigestValue');
  const receiptMessage = (childElements(receipt).find((e) => e.localName === 'Message')?.textContent ?? '').trim();
  const quoted = /IRmark was:\s*([A-Z2-7]{32})/.exec(receiptMessage)?.[1] ?? null;
  const messages = childElements(success)
    .filter((e) => e.localName === 'Message')
    .map((e) => ({ code: e.getAttribute('code') ?? '', text: (e.textContent ?? '').trim() }));
  const certificate = firstDescendant(receipt, DSIG_NS, 'X509Certificate');
  const certificateBase64 = certificate ? (certificate.textContent ?? '').trim() : null;
  return { digestBase64, quotedIrmarkBase32: quoted, receiptMessage, certificateBase64, acceptedTime: text(success, 'AcceptedTime'), messages };
}

function readStatusReport(body: Element | undefined): StatusRecord[] {
  const report = body && childElements(body).find((e) => e.localName === 'StatusReport');
  if (!report) return [];
  return childElements(report)
    .filter((e) => e.localName === 'StatusRecord')
    .map((r) => ({ timeStamp: text(r, 'TimeStamp'), correlationId: text(r, 'CorrelationID'), transactionId: text(r, 'TransactionID'), status: text(r, 'Status') }));
}

/** Reads one reply of the Transaction Engine; throws ReplyFormatError for anything that is not one. */
export function parseGatewayReply(xml: Uint8Array | string): GatewayReply {
  const read = readReplyXml(xml);
  if (!read.ok) throw new ReplyFormatError(read.message);
  const root = read.root;
  if (root.localName !== 'GovTalkMessage' || root.namespaceURI !== GOVTALK_NS) throw new ReplyFormatError('the reply is not a GovTalk message');
  const header = readHeader(root);
  const body = firstChild(root, 'Body');
  switch (header.qualifier) {
    case 'acknowledgement':
      return { kind: 'acknowledgement', header };
    case 'error': {
      const govTalkErrors = firstChild(firstChild(root, 'GovTalkDetails') ?? root, 'GovTalkErrors');
      const errors = govTalkErrors ? childElements(govTalkErrors).filter((e) => e.localName === 'Error').map(readError) : [];
      const response = body && childElements(body).find((e) => e.localName === 'ErrorResponse' && e.namespaceURI === ERROR_RESPONSE_NS);
      const businessErrors = response ? childElements(response).filter((e) => e.localName === 'Error').map(readError) : [];
      if (errors.length === 0 && businessErrors.length === 0) throw new ReplyFormatError('the error reply lists no errors');
      return { kind: 'error', header, errors, businessErrors };
    }
    case 'response': {
      if (header.function === 'delete') return { kind: 'deleted', header };
      if (header.function === 'list') return { kind: 'status-report', header, records: readStatusReport(body) };
      const success = body && childElements(body).find((e) => e.localName === 'SuccessResponse' && e.namespaceURI === SUCCESS_RESPONSE_NS);
      if (!success) throw new ReplyFormatError('the response has no SuccessResponse');
      return { kind: 'success', header, receipt: readReceipt(success) };
    }
    default:
      throw new ReplyFormatError(`the reply's Qualifier "${header.qualifier}" is not one the protocol answers with`);
  }
}
