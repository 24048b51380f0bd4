/**
 * The GovTalk messages of the Document Submission Protocol. A submission is
 * the built return with its header rewritten for the environment and, only
 * at the moment of sending, the sender's Government Gateway credentials.
 * The IRmark covers Body alone, so everything here edits the text before the
 * Body start tag and leaves every byte from it on exactly as built: the mark
 * stays valid without re-marking (and a test proves it on HMRC's sample).
 */
import { createHash } from 'node:crypto';
import { computeIrmark } from '../engine/ct600/irmark.js';
import { parseXml, XmlInputError } from '../engine/ct600/xml-dom.js';
import type { FilingEnvironment } from './environments.js';
import { GOVTALK_NS } from '../engine/ct600/xml-dom.js';
import type { GatewayCredentials } from '../credentials/gateway-credentials.js';
import { secretMask } from '../log/secret-mask.js';

export type { GatewayCredentials };

export interface ChannelDetails {
  /** HMRC's 4-digit vendor ID for this software. */
  vendorId: string;
  product: string;
  version: string;
}

/** A message that cannot be submitted as it is; `field` names the part. */
export class SubmissionMessageError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'SubmissionMessageError';
  }
}

export interface PreparedSubmission {
  /** The message as it will be sent, without SenderDetails (added at send time, never stored). */
  message: Buffer;
  irmark: string;
  utr: string;
  periodFrom: string;
  periodTo: string;
  returnType: string;
  /** Box 1, for the filing history; '' when the return has none. */
  company: string;
  /** SHA-256 of the bytes from the Body start tag on: unchanged from the built return. */
  bodySha256: string;
}

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const BODY_START = /<Body[\s>/]/;

/** Splits the message text at its Body start tag; refuses a head this module cannot edit safely. */
function splitAtBody(text: string): { head: string; rest: string } {
  const at = BODY_START.exec(text)?.index;
  if (at === undefined) throw new SubmissionMessageError('Body', 'the message has no GovTalk Body (an unprefixed <Body> element)');
  const head = text.slice(0, at);
  // A comment, CDATA section or processing instruction could hide markup from the edits below.
  if (/<!--|<!\[CDATA\[/.test(head) || /<\?/.test(head.replace(/^<\?xml[^>]*\?>/, ''))) {
    throw new SubmissionMessageError('Header', 'the GovTalk header holds a comment, CDATA section or processing instruction; Filing Desk sends headers it can read plainly');
  }
  return { head, rest: text.slice(at) };
}

function replaceElement(head: string, name: string, replacement: string, field: string): string {
  const pattern = new RegExp(`<${name}(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</${name}>)`);
  if (!pattern.test(head)) throw new SubmissionMessageError(field, `the GovTalk header has no ${name} element`);
  return head.replace(pattern, () => replacement);
}

const removeElement = (head: string, name: string) => head.replace(new RegExp(`\\s*<${name}(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</${name}>)`), '');

export function textOf(doc: ReturnType<typeof parseXml>, path: string[]): string | undefined {
  let node: import('@xmldom/xmldom').Element | null = doc.documentElement;
  for (const name of path) {
    if (!node) return undefined;
    let next: import('@xmldom/xmldom').Element | null = null;
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1 && (n as import('@xmldom/xmldom').Element).localName === name) {
        next = n as import('@xmldom/xmldom').Element;
        break;
      }
    }
    node = next;
  }
  return node ? (node.textContent ?? '').trim() : undefined;
}

/**
 * The built return as it will be submitted to `environment` under
 * `transactionId`: Class, TransactionID, an empty CorrelationID and
 * GatewayTest set, any SenderDetails removed, ChannelRouting filled from
 * `channel`. Throws SubmissionMessageError naming the part that is wrong.
 */
export function prepareSubmission(built: Uint8Array, environment: FilingEnvironment, transactionId: string, channel?: Partial<ChannelDetails>): PreparedSubmission {
  let doc;
  try {
    doc = parseXml(built);
  } catch (err) {
    throw new SubmissionMessageError('', err instanceof XmlInputError ? err.message : 'the file is not XML');
  }
  const root = doc.documentElement!;
  if (root.localName !== 'GovTalkMessage' || root.namespaceURI !== GOVTALK_NS || root.prefix) {
    throw new SubmissionMessageError('GovTalkMessage', 'the file is not a GovTalk message in the envelope namespace without a prefix');
  }
  const utr = textOf(doc, ['Body', 'IRenvelope', 'CompanyTaxReturn', 'CompanyInformation', 'Reference']);
  const periodFrom = textOf(doc, ['Body', 'IRenvelope', 'CompanyTaxReturn', 'CompanyInformation', 'PeriodCovered', 'From']);
  const periodTo = textOf(doc, ['Body', 'IRenvelope', 'CompanyTaxReturn', 'CompanyInformation', 'PeriodCovered', 'To']);
  if (!utr || !periodFrom || !periodTo) throw new SubmissionMessageError('CompanyTaxReturn', 'the message is not a CT600 return with a UTR (box 3) and a period (boxes 30 and 35)');
  // HMRC routes the return by the GovTalk header's UTR key, which must equal the IRheader's and the return's UTR
  // (shared/docs/ct600.md, "GovTalkDetails" and utrValue; a mismatch is HMRC's error 5005 territory): checked before anything is sent.
  const irheaderUtr = textOf(doc, ['Body', 'IRenvelope', 'IRheader', 'Keys', 'Key']);
  if (irheaderUtr !== undefined && irheaderUtr !== utr) {
    throw new SubmissionMessageError('Keys', `the IRheader's UTR key ${JSON.stringify(irheaderUtr.slice(0, 40))} must equal the return's UTR ${utr} (box 3); build the return again`);
  }
  const keys = doc.documentElement ? childKeys(doc.documentElement) : [];
  const utrKeys = keys.filter((k) => k.type === 'UTR');
  if (utrKeys.length !== 1 || utrKeys[0]!.value !== utr) {
    throw new SubmissionMessageError(
      'Keys',
      utrKeys.length === 0
        ? `the GovTalk header has no UTR key (GovTalkDetails/Keys/Key Type="UTR"); it must be the return's UTR ${utr} (box 3)`
        : `the GovTalk header's UTR key${utrKeys.length > 1 ? 's' : ''} (${utrKeys.map((k) => JSON.stringify(k.value.slice(0, 40))).join(', ')}) must be exactly one, equal to the return's UTR ${utr} (box 3); build the return again`,
    );
  }
  const returnType = doc.getElementsByTagName('CompanyTaxReturn')[0]?.getAttribute('ReturnType') ?? 'new';
  const company = textOf(doc, ['Body', 'IRenvelope', 'CompanyTaxReturn', 'CompanyInformation', 'CompanyName']) ?? '';
  // What the submission record keeps of the return must be what HMRC's schema allows, refused here by name, never a failed save.
  const show = (value: string) => JSON.stringify(value.slice(0, 40));
  if (!/^[0-9]{10}$/.test(utr)) throw new SubmissionMessageError('Reference', `the UTR (box 3) ${show(utr)} must be 10 digits`);
  for (const [field, box, value] of [['From', '30', periodFrom], ['To', '35', periodTo]] as const) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new SubmissionMessageError(field, `the period date (box ${box}) ${show(value)} must be a date written YYYY-MM-DD`);
  }
  if (returnType !== 'new' && returnType !== 'amended') throw new SubmissionMessageError('ReturnType', `the return type ${show(returnType)} must be "new" or "amended", as HMRC's schema allows`);
  if (company.length > 1000) throw new SubmissionMessageError('CompanyName', `the company name (box 1) is ${company.length} characters; HMRC's schema allows 56`);
  const check = computeIrmark(built);
  const found = textOf(doc, ['Body', 'IRenvelope', 'IRheader', 'IRmark']);
  if (found !== check.base64) {
    throw new SubmissionMessageError('IRmark', found ? `the IRmark ${found} does not match the return (it should be ${check.base64}); build the return again` : 'the return has no IRmark; build it with Filing Desk first');
  }

  const { head, rest } = splitAtBody(Buffer.from(built).toString('utf8'));
  const details =
    `<MessageDetails><Class>${environment.messageClass}</Class><Qualifier>request</Qualifier><Function>submit</Function>` +
    `<TransactionID>${transactionId}</TransactionID><CorrelationID></CorrelationID><Transformation>XML</Transformation>` +
    `${environment.gatewayTest ? '<GatewayTest>1</GatewayTest>' : ''}</MessageDetails>`;
  let newHead = removeElement(replaceElement(head, 'MessageDetails', details, 'MessageDetails'), 'SenderDetails');
  const uri = channel?.vendorId ?? textOf(doc, ['GovTalkDetails', 'ChannelRouting', 'Channel', 'URI']);
  if (!uri || !/^[0-9]{4}$/.test(uri)) {
    throw new SubmissionMessageError('vendorId', "HMRC accepts a CT600 only with the 4-digit vendor ID it issued for this software (ChannelRouting/Channel/URI); give the vendor ID");
  }
  if (channel && (channel.vendorId !== undefined || channel.product !== undefined || channel.version !== undefined)) {
    const product = channel.product ?? textOf(doc, ['GovTalkDetails', 'ChannelRouting', 'Channel', 'Product']) ?? 'Filing Desk';
    const version = channel.version ?? textOf(doc, ['GovTalkDetails', 'ChannelRouting', 'Channel', 'Version']) ?? '0.1.0';
    newHead = replaceElement(newHead, 'ChannelRouting', `<ChannelRouting><Channel><URI>${escapeXml(uri)}</URI><Product>${escapeXml(product)}</Product><Version>${escapeXml(version)}</Version></Channel></ChannelRouting>`, 'ChannelRouting');
  }
  const message = Buffer.from(newHead + rest, 'utf8');
  const bodySha256 = createHash('sha256').update(rest, 'utf8').digest('hex');
  return { message, irmark: check.base64, utr, periodFrom, periodTo, returnType, company, bodySha256 };
}

function childKeys(root: import('@xmldom/xmldom').Element): { type: string; value: string }[] {
  const child = (e: import('@xmldom/xmldom').Element | undefined, name: string) => {
    for (let n = e?.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as import('@xmldom/xmldom').Element).localName === name) return n as import('@xmldom/xmldom').Element;
    return undefined;
  };
  const keys = child(child(root, 'GovTalkDetails'), 'Keys');
  const out: { type: string; value: string }[] = [];
  for (let n = keys?.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as import('@xmldom/xmldom').Element).localName === 'Key') out.push({ type: (n as import('@xmldom/xmldom').Element).getAttribute('Type') ?? '', value: (n.textContent ?? '').trim() });
  }
  return out;
}

/** The stored submission with the sender's credentials, made in memory at the moment of sending. */
export function withSenderDetails(message: Uint8Array, credentials: GatewayCredentials): Buffer {
  const text = Buffer.from(message).toString('utf8');
  const end = text.indexOf('</MessageDetails>');
  const body = BODY_START.exec(text)?.index ?? -1;
  if (end < 0 || body < 0 || end > body) throw new SubmissionMessageError('MessageDetails', 'the stored submission has no MessageDetails before its Body');
  const at = end + '</MessageDetails>'.length;
  const sender =
    `<SenderDetails><IDAuthentication><SenderID>${escapeXml(credentials.senderId)}</SenderID>` +
    `<Authentication><Method>clear</Method><Role>principal</Role><Value>${escapeXml(credentials.password)}</Value></Authentication></IDAuthentication></SenderDetails>`;
  return Buffer.concat([Buffer.from(text.slice(0, at), 'utf8'), Buffer.from(sender, 'utf8'), Buffer.from(text.slice(at), 'utf8')]);
}

/** SHA-256 of a message's bytes from its Body start tag: what the IRmark covers, untouched by header edits. */
export function bodySha256Of(message: Uint8Array): string {
  const text = Buffer.from(message).toString('utf8');
  const at = BODY_START.exec(text)?.index ?? text.length;
  return createHash('sha256').update(text.slice(at), 'utf8').digest('hex');
}

interface ControlOptions {
  messageClass: string;
  gatewayTest: boolean;
  correlationId?: string;
  transactionId?: string;
  credentials?: GatewayCredentials;
}

function controlMessage(qualifier: string, fn: string, o: ControlOptions): Buffer {
  const sender = o.credentials
    ? `<SenderDetails><IDAuthentication><SenderID>${escapeXml(o.credentials.senderId)}</SenderID><Authentication><Method>clear</Method><Role>principal</Role><Value>${escapeXml(o.credentials.password)}</Value></Authentication></IDAuthentication></SenderDetails>`
    : '';
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<GovTalkMessage xmlns="${GOVTALK_NS}"><EnvelopeVersion>2.0</EnvelopeVersion><Header><MessageDetails>` +
      `<Class>${escapeXml(o.messageClass)}</Class><Qualifier>${qualifier}</Qualifier><Function>${fn}</Function>` +
      `<TransactionID>${escapeXml(o.transactionId ?? '')}</TransactionID><CorrelationID>${escapeXml(o.correlationId ?? '')}</CorrelationID>` +
      `<Transformation>XML</Transformation>${o.gatewayTest ? '<GatewayTest>1</GatewayTest>' : ''}</MessageDetails>${sender}</Header>` +
      `<GovTalkDetails><Keys/></GovTalkDetails><Body/></GovTalkMessage>\n`,
    'utf8',
  );
}

/**
 * poll: the CorrelationID HMRC gave, no sender details, an empty Body. It
 * carries the submission's own TransactionID as well: the Gateway returns the
 * TransactionID of the message it answers, so HMRC's receipt names this
 * submission rather than none.
 */
export const pollMessage = (o: { messageClass: string; gatewayTest: boolean; correlationId: string; transactionId: string }) => controlMessage('poll', 'submit', o);

/** delete_request: once the outcome is stored, so HMRC can let go of the response. */
export const deleteMessage = (o: { messageClass: string; gatewayTest: boolean; correlationId: string; transactionId: string }) => controlMessage('request', 'delete', o);

/** data_request: the sender's outstanding submissions, the way back after a lost acknowledgement. */
export const dataRequestMessage = (o: { messageClass: string; gatewayTest: boolean; credentials: GatewayCredentials }) => controlMessage('request', 'list', o);

/** A message as it may be kept in a log: the Government Gateway user ID and password masked wherever they stand. */
export function maskCredentials(xml: string, credentials?: GatewayCredentials): string {
  let out = maskElementText(xml, 'SenderID');
  out = maskElementText(out, 'Value', 'Authentication');
  if (credentials) {
    for (const secret of [credentials.password, credentials.senderId, escapeXml(credentials.password), escapeXml(credentials.senderId)]) {
      if (secret.length >= 4) out = out.split(secret).join('[masked]');
    }
  }
  return out;
}

/**
 * `xml` with the text of each `name` element (any prefix) replaced by
 * "[masked]"; with `within`, only a `name` element after an opening `within`
 * tag (the Value of an Authentication). Found with indexOf, left to right,
 * each tag looked for once from where the last one ended: a lazy regular
 * expression over a reply whose comment holds "<Authentication>" 49,152
 * times searched to the end once per opener (quadratic: 56 s). When no
 * closing tag follows, none can follow a later opener either, so the scan
 * ends there.
 */
function maskElementText(xml: string, name: string, within?: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let at = 0; ; ) {
    const outer = within === undefined ? undefined : findTag(xml, within, at, false);
    if (within !== undefined && outer === undefined) break;
    const open = findTag(xml, name, outer ?? at, false);
    if (open === undefined) break;
    const close = findTag(xml, name, open, true, true);
    if (close === undefined) break;
    parts.push(xml.slice(from, open), '[masked]');
    from = close;
    at = close;
  }
  if (parts.length === 0) return xml;
  parts.push(xml.slice(from));
  return parts.join('');
}

const isNameChar = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2e || c === 0x2d;

/**
 * Where the next `<name>` or `<prefix:name>` tag (with `closing`, `</name>`
 * or `</prefix:name>`) at or after `from` ends, or with `atStart` where it
 * starts; undefined when there is none. A prefix is one run of [\w.-].
 */
function findTag(xml: string, name: string, from: number, closing: boolean, atStart = false): number | undefined {
  const marker = `${name}>`;
  for (let hit = xml.indexOf(marker, from); hit >= 0; hit = xml.indexOf(marker, hit + 1)) {
    let start = hit;
    if (xml.charCodeAt(start - 1) === 0x3a /* : */) {
      let p = start - 1;
      while (p > from && isNameChar(xml.charCodeAt(p - 1))) p--;
      if (p === start - 1) continue; // ":name>" with no prefix before it
      start = p;
    }
    if (closing) {
      if (xml.charCodeAt(start - 1) !== 0x2f /* / */ || xml.charCodeAt(start - 2) !== 0x3c /* < */ || start - 2 < from) continue;
      start -= 2;
    } else {
      if (xml.charCodeAt(start - 1) !== 0x3c /* < */ || start - 1 < from) continue;
      start -= 1;
    }
    return atStart ? start : hit + marker.length;
  }
  return undefined;
}

/**
 * What of the Government Gateway credentials must never be kept or shown:
 * the password, the user ID, and the two as an Authorization: Basic header
 * spells them ("user:password", base64 whole).
 */
export function credentialSecrets(credentials: readonly GatewayCredentials[]): string[] {
  return credentials.flatMap((c) => [c.password, c.senderId, `${c.senderId}:${c.password}`]);
}

/**
 * Any value with the given credentials masked in every string it holds, in
 * every form main.log masks them (log/secret-mask.ts: encoded, base64, hex,
 * as XML character references, split by a comment or CDATA section): what a
 * server echoes back must not reach a record, a log or the screen.
 */
export function maskSecrets<T>(value: T, credentials: readonly GatewayCredentials[]): T {
  return secretMask(credentialSecrets(credentials), '[masked]').value(value);
}
