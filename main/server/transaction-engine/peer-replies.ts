/**
 * The GovTalk replies of the Transaction Engine peer, shaped like HMRC's own
 * (shared/ct600/hmrc/transaction-engine/): acknowledgements with a
 * ResponseEndPoint and PollInterval, a SuccessResponse whose IRmarkReceipt
 * digest is the return's IRmark, error replies with GovTalkErrors and, for
 * business rejections, an ErrorResponse body. The peer cannot sign as HMRC:
 * its receipt's SignatureValue says so instead of pretending.
 */
import { toBase32 } from '../../engine/ct600/base32.js';
import { ERROR_RESPONSE_NS, SUCCESS_RESPONSE_NS } from '../../filing/gateway-reply.js';
import { GOVTALK_NS } from '../../engine/ct600/xml-dom.js';
import { escapeXml } from '../../filing/submission-message.js';

export interface PeerError {
  raisedBy: string;
  number: string;
  type: string;
  text: string;
  location?: string;
}

interface HeaderFields {
  messageClass: string;
  qualifier: string;
  fn: string;
  transactionId?: string;
  correlationId?: string;
  responseEndPoint?: string;
  pollIntervalSeconds?: number;
  timestamp: string;
}

function envelope(h: HeaderFields, govTalkErrors: string, body: string): string {
  const endPoint = h.responseEndPoint
    ? `<ResponseEndPoint${h.pollIntervalSeconds !== undefined ? ` PollInterval="${h.pollIntervalSeconds}"` : ''}>${escapeXml(h.responseEndPoint)}</ResponseEndPoint>`
    : '<ResponseEndPoint></ResponseEndPoint>';
  return (
    `<?xml version='1.0' encoding='UTF-8'?><GovTalkMessage xmlns="${GOVTALK_NS}"><EnvelopeVersion>2.0</EnvelopeVersion><Header><MessageDetails>` +
    `<Class>${escapeXml(h.messageClass)}</Class><Qualifier>${h.qualifier}</Qualifier><Function>${h.fn}</Function>` +
    `<TransactionID>${escapeXml(h.transactionId ?? '')}</TransactionID><CorrelationID>${escapeXml(h.correlationId ?? '')}</CorrelationID>${endPoint}` +
    `<Transformation>XML</Transformation><GatewayTimestamp>${h.timestamp}</GatewayTimestamp></MessageDetails><SenderDetails/></Header>` +
    `<GovTalkDetails><Keys></Keys>${govTalkErrors}</GovTalkDetails>${body}</GovTalkMessage>`
  );
}

/** HMRC's timestamps carry milliseconds and no zone. */
export const gatewayTimestamp = (at: Date) => at.toISOString().replace(/Z$/, '');

export function acknowledgementXml(o: { messageClass: string; transactionId: string; correlationId: string; pollUrl: string; pollIntervalSeconds: number; at: Date }): string {
  return envelope(
    { messageClass: o.messageClass, qualifier: 'acknowledgement', fn: 'submit', transactionId: o.transactionId, correlationId: o.correlationId, responseEndPoint: o.pollUrl, pollIntervalSeconds: o.pollIntervalSeconds, timestamp: gatewayTimestamp(o.at) },
    '',
    '<Body></Body>',
  );
}

const errorXml = (e: PeerError) =>
  `<Error><RaisedBy>${escapeXml(e.raisedBy)}</RaisedBy><Number>${escapeXml(e.number)}</Number><Type>${escapeXml(e.type)}</Type><Text>${escapeXml(e.text)}</Text><Location>${escapeXml(e.location ?? '')}</Location></Error>`;

export function errorReplyXml(o: { messageClass: string; transactionId?: string; correlationId?: string; pollUrl?: string; pollIntervalSeconds?: number; errors: PeerError[]; businessErrors?: PeerError[]; at: Date }): string {
  const body = o.businessErrors?.length
    ? `<Body><ErrorResponse xmlns="${ERROR_RESPONSE_NS}" SchemaVersion="2.0"><Application><MessageCount>${o.businessErrors.length}</MessageCount></Application>${o.businessErrors.map(errorXml).join('')}</ErrorResponse></Body>`
    : '<Body/>';
  return envelope(
    {
      messageClass: o.messageClass,
      qualifier: 'error',
      fn: 'submit',
      ...(o.transactionId !== undefined ? { transactionId: o.transactionId } : {}),
      ...(o.correlationId !== undefined ? { correlationId: o.correlationId } : {}),
      ...(o.pollUrl !== undefined ? { responseEndPoint: o.pollUrl } : {}),
      ...(o.pollIntervalSeconds !== undefined ? { pollIntervalSeconds: o.pollIntervalSeconds } : {}),
      timestamp: gatewayTimestamp(o.at),
    },
    `<GovTalkErrors>${o.errors.map(errorXml).join('')}</GovTalkErrors>`,
    body,
  );
}

/** "00.33 on 29/09/2026", as HMRC's receipt words the time. */
function receiptTime(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCHours())}.${two(at.getUTCMinutes())} on ${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
}

export function successResponseXml(o: { messageClass: string; transactionId: string; correlationId: string; irmark: string; utr: string; at: Date; certificateBase64?: string }): string {
  const base32 = toBase32(Buffer.from(o.irmark, 'base64'));
  const receipt =
    `<IRmarkReceipt><dsig:Signature xmlns:dsig="http://www.w3.org/2000/09/xmldsig#"><dsig:SignedInfo>` +
    `<dsig:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"></dsig:CanonicalizationMethod>` +
    `<dsig:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"></dsig:SignatureMethod><dsig:Reference><dsig:Transforms>` +
    `<dsig:Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments"></dsig:Transform></dsig:Transforms>` +
    `<dsig:DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"></dsig:DigestMethod><dsig:DigestValue>${o.irmark}</dsig:DigestValue>` +
    `</dsig:Reference></dsig:SignedInfo><dsig:SignatureValue>NOT-SIGNED-BY-HMRC-FILING-DESK-TEST-PEER</dsig:SignatureValue>` +
    `${o.certificateBase64 ? `<dsig:KeyInfo><dsig:X509Data><dsig:X509Certificate>${o.certificateBase64}</dsig:X509Certificate></dsig:X509Data></dsig:KeyInfo>` : ''}</dsig:Signature>` +
    `<Message code="0000">HMRC has received the ${escapeXml(o.messageClass)} document ref: ${escapeXml(o.utr)} at ${receiptTime(o.at)}. The associated IRmark was: ${base32}. ` +
    `We strongly recommend that you keep this receipt electronically, and we advise that you also keep your submission electronically for your records. They are evidence of the information that you submitted to HMRC.</Message></IRmarkReceipt>`;
  return envelope(
    { messageClass: o.messageClass, qualifier: 'response', fn: 'submit', transactionId: o.transactionId, correlationId: o.correlationId, timestamp: gatewayTimestamp(o.at) },
    '',
    `<Body><SuccessResponse xmlns="${SUCCESS_RESPONSE_NS}">${receipt}<Message code="077001">Thank you for your submission</Message><AcceptedTime>${gatewayTimestamp(o.at)}</AcceptedTime></SuccessResponse></Body>`,
  );
}

export function deleteResponseXml(o: { messageClass: string; correlationId: string; at: Date }): string {
  return envelope({ messageClass: o.messageClass, qualifier: 'response', fn: 'delete', correlationId: o.correlationId, timestamp: gatewayTimestamp(o.at) }, '', '<Body></Body>');
}

export function statusReportXml(o: { messageClass: string; pollUrl: string; pollIntervalSeconds: number; records: { at: Date; correlationId: string; transactionId: string; status: string }[]; at: Date }): string {
  const records = o.records
    .map((r) => `<StatusRecord><TimeStamp>${gatewayTimestamp(r.at)}</TimeStamp><CorrelationID>${r.correlationId}</CorrelationID><TransactionID>${escapeXml(r.transactionId)}</TransactionID><Status>${r.status}</Status></StatusRecord>`)
    .join('');
  return envelope(
    { messageClass: o.messageClass, qualifier: 'response', fn: 'list', responseEndPoint: o.pollUrl, pollIntervalSeconds: o.pollIntervalSeconds, timestamp: gatewayTimestamp(o.at) },
    '',
    `<Body><StatusReport xmlns="http://www.govtalk.gov.uk/CM/envelope"><SenderID></SenderID><StartTimeStamp></StartTimeStamp><EndTimeStamp></EndTimeStamp>${records}</StatusReport></Body>`,
  );
}

/**
 * A certificate that is not HMRC's, for a receipt a hostile engine signs:
 * self-signed, O=Not HMRC Ltd, CN=ira74837.hmrc.gov.uk.example.net (a name
 * that starts like HMRC's receipt host). Public test material, no key kept.
 */
export const NOT_HMRC_CERTIFICATE =
  'MIIB8zCCAZmgAwIBAgIUHgdOyHiZI0LoqQuZjvR1FTseWiowCgYIKoZIzj0EAwIwTzELMAkGA1UEBhMCR0IxFTATBgNVBAoMDE5vdCBITVJDIEx0ZDEpMCcGA1UEAwwgaXJhNzQ4MzcuaG1yYy5nb3YudWsuZXhhbXBsZS5uZXQwHhcNMjYxMTI4MDMyMzUyWhcNMzYxMTI1MDMyMzUyWjBPMQswCQYDVQQGEwJHQjEVMBMGA1UECgwMTm90IEhNUkMgTHRkMSkwJwYDVQQDDCBpcmE3NDgzNy5obXJjLmdvdi51ay5leGFtcGxlLm5ldDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABOnGQ3M7MtKAgV4iBUe9ymlQT4072LKip7ZsY2hVk4A3kxQSMru0yD+YJ4HTWFhxDyNHtsnjFSjPf8njJAzaM6mjUzBRMB0GA1UdDgQWBBRz0KlaApFg7dbdOpGdrHH3CHMUOTAfBgNVHSMEGDAWgBRz0KlaApFg7dbdOpGdrHH3CHMUOTAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIQDv/tRXHdAz18Qc479KduyybtJDc5C9ixcxO51zkvOQwgIgJRDouuPusZks+Kn/lUOZ7StA+6WaaqJlhz70ZBVacXE=';
