/** The local gateway's answers, shaped as Companies House's (companies-house.md §4): GovTalk envelopes in http://www.govtalk.gov.uk/CM/envelope. */
import { escapeXml } from '../../filing/submission-message.js';
import { ENVELOPE_NS, GATEWAY_NS } from '../../filing/companies-house/gateway-rules.js';
import type { GatewayRejection } from './gateway-faults.js';

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

function envelope(messageClass: string, qualifier: string, transactionId: string, details: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<GovTalkMessage xmlns="${ENVELOPE_NS}"><EnvelopeVersion>1.0</EnvelopeVersion><Header><MessageDetails>${el('Class', messageClass)}${el('Qualifier', qualifier)}${el('TransactionID', transactionId)}<GatewayTimestamp>${new Date().toISOString()}</GatewayTimestamp></MessageDetails><SenderDetails/></Header><GovTalkDetails><Keys/>${details}</GovTalkDetails><Body>${body}</Body></GovTalkMessage>\n`;
}

export function errorAnswer(messageClass: string, transactionId: string, number: string, text: string): string {
  return envelope(messageClass, 'error', transactionId, `<GovTalkErrors><Error><RaisedBy>Gateway</RaisedBy>${el('Number', number)}<Type>fatal</Type>${el('Text', text)}</Error></GovTalkErrors>`, '');
}

export const acknowledgementAnswer = (messageClass: string, transactionId: string) => envelope(messageClass, 'acknowledgement', transactionId, '', '');

export interface StatusLine {
  submissionNumber: string;
  statusCode: string;
  companyNumber: string;
  rejections: GatewayRejection[];
}

export function statusAnswer(transactionId: string, statuses: StatusLine[]): string {
  const lines = statuses
    .map((s) => {
      const rejections = s.rejections.length === 0 ? '' : `<Rejections>${s.rejections.map((r, i) => `<Reject>${el('RejectCode', r.code)}${el('Description', r.description)}${el('InstanceNumber', String(i + 1))}</Reject>`).join('')}</Rejections>`;
      return `<Status>${el('SubmissionNumber', s.submissionNumber)}${el('StatusCode', s.statusCode)}${rejections}${el('CompanyNumber', s.companyNumber)}</Status>`;
    })
    .join('');
  return envelope('GetSubmissionStatus', 'response', transactionId, '', `<SubmissionStatus xmlns="${GATEWAY_NS}">${lines}</SubmissionStatus>`);
}

export function companyDataAnswer(transactionId: string, company: { number: string; name: string }): string {
  return envelope('CompanyDataRequest', 'response', transactionId, '', `<CompanyData xmlns="${GATEWAY_NS}">${el('CompanyNumber', company.number)}${el('CompanyName', company.name)}<CompanyCategory>Private Limited Company</CompanyCategory><Jurisdiction>EW</Jurisdiction></CompanyData>`);
}
