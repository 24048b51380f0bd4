/**
 * What Companies House's gateway answered, read from its GovTalk reply
 * (companies-house.md §4): the qualifier, the GovTalkErrors, and in the body
 * the submission statuses (SubmissionStatus/Status, each with its rejections)
 * or the company's data. Read with the same bounded reader as HMRC's replies
 * (reply-xml.ts), so no answer, however large or deep, costs more than its
 * limit. Anything not of this shape is an AnswerFormatError: never read as a
 * verdict.
 */
import type { XmlElementView } from '../../engine/xml-view.js';
import { readReplyXml } from '../reply-xml.js';
import { clip, MAX_ERROR_FIELD_CHARS, MAX_ERROR_TEXT_CHARS } from '../protocol-rules.js';
import { ENVELOPE_NS, STATUS_CODES, type StatusCode } from './gateway-rules.js';

export class AnswerFormatError extends Error {}

export interface GatewayError {
  raisedBy: string;
  number: string;
  type: string;
  text: string;
}

export interface Rejection {
  code: string;
  description: string;
  instanceNumber?: string;
}

export interface SubmissionStatus {
  submissionNumber: string;
  /** One of STATUS_CODES; anything else is kept as written and treated as not an outcome. */
  statusCode: StatusCode | string;
  companyNumber?: string;
  rejections: Rejection[];
}

export interface GatewayAnswer {
  qualifier: string;
  messageClass: string;
  transactionId: string;
  errors: GatewayError[];
  statuses: SubmissionStatus[];
  company?: { companyNumber: string; companyName: string };
}

const MAX_STATUSES = 1000;
const MAX_REJECTIONS = 200;

function children(parent: XmlElementView, localName?: string): XmlElementView[] {
  const out: XmlElementView[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const e = n as XmlElementView;
    if (localName === undefined || e.localName === localName) out.push(e);
  }
  return out;
}

const child = (parent: XmlElementView | undefined, localName: string) => (parent ? children(parent, localName)[0] : undefined);
const text = (e: XmlElementView | undefined, max = MAX_ERROR_FIELD_CHARS) => clip((e?.textContent ?? '').trim(), max);

function at(root: XmlElementView, path: string[]): XmlElementView | undefined {
  let node: XmlElementView | undefined = root;
  for (const name of path) node = child(node, name);
  return node;
}

/** Every element of this local name below `root`, depth first, at most `max`. */
function descendants(root: XmlElementView, localName: string, max: number): XmlElementView[] {
  const out: XmlElementView[] = [];
  const stack = children(root).reverse();
  while (stack.length > 0 && out.length < max) {
    const e = stack.pop()!;
    if (e.localName === localName) out.push(e);
    else stack.push(...children(e).reverse());
  }
  return out;
}

function statusOf(e: XmlElementView): SubmissionStatus {
  const code = text(child(e, 'StatusCode')).toUpperCase();
  const rejections = descendants(e, 'Reject', MAX_REJECTIONS).map((r) => ({
    code: text(child(r, 'RejectCode')),
    description: text(child(r, 'Description'), MAX_ERROR_TEXT_CHARS),
    ...(child(r, 'InstanceNumber') ? { instanceNumber: text(child(r, 'InstanceNumber')) } : {}),
  }));
  const companyNumber = text(child(e, 'CompanyNumber'));
  return { submissionNumber: text(child(e, 'SubmissionNumber')), statusCode: (STATUS_CODES as readonly string[]).includes(code) ? (code as StatusCode) : code, ...(companyNumber ? { companyNumber } : {}), rejections };
}

export function readGatewayAnswer(bytes: Uint8Array | string): GatewayAnswer {
  const read = readReplyXml(bytes);
  if (!read.ok) throw new AnswerFormatError(read.message);
  const root = read.root;
  if (root.localName !== 'GovTalkMessage' || root.namespaceURI !== ENVELOPE_NS) {
    throw new AnswerFormatError(`it is not a GovTalk message in ${ENVELOPE_NS} (its root is ${JSON.stringify(clip(root.tagName, 100))})`);
  }
  const details = at(root, ['Header', 'MessageDetails']);
  const qualifier = text(child(details, 'Qualifier'));
  if (!qualifier) throw new AnswerFormatError('its MessageDetails has no Qualifier');
  const errorsEl = at(root, ['GovTalkDetails', 'GovTalkErrors']);
  const errors = errorsEl
    ? children(errorsEl, 'Error').slice(0, 1000).map((e) => ({
        raisedBy: text(child(e, 'RaisedBy')),
        number: text(child(e, 'Number'), 40),
        type: text(child(e, 'Type')),
        text: clip(children(e, 'Text').map((t) => (t.textContent ?? '').trim()).join(' '), MAX_ERROR_TEXT_CHARS),
      }))
    : [];
  const body = child(root, 'Body');
  const statuses = body ? descendants(body, 'Status', MAX_STATUSES).filter((s) => child(s, 'StatusCode')).map(statusOf) : [];
  const data = body ? descendants(body, 'CompanyData', 1)[0] : undefined;
  return {
    qualifier,
    messageClass: text(child(details, 'Class')),
    transactionId: text(child(details, 'TransactionID'), 64),
    errors,
    statuses,
    ...(data ? { company: { companyNumber: text(child(data, 'CompanyNumber')), companyName: text(child(data, 'CompanyName'), 500) } } : {}),
  };
}
