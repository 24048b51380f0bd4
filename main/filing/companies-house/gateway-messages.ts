/**
 * The GovTalk messages Companies House's XML Gateway takes, written as
 * Egov_ch-v2-0.xsd orders them (every list there is an xsd:sequence) and as
 * companies-house.md §1–§4 gives each body. One function per message;
 * secrets come in at the moment of sending and are never part of what a
 * filing record keeps (the record keeps the form's fields and the document,
 * and the message is written again from them, byte for byte the same but
 * for the TransactionID).
 */
import { escapeXml } from '../submission-message.js';
import { ENVELOPE_NS, FORM_SUBMISSION_NS, GATEWAY_NS, gatewayTestFlag, type CompaniesHouseEnvironment } from './gateway-rules.js';
import { gatewayDigest, typedSecret, type FilingSecrets, type PresenterCredentials } from './presenter-secrets.js';

/** What FormHeader and Document carry for one set of accounts (§3). */
export interface AccountsForm {
  companyNumber: string;
  /** EW, SC, NI, R, OC, SO, NC. */
  companyType: string;
  companyName: string;
  packageReference: string;
  submissionNumber: string;
  contactName: string;
  contactNumber: string;
  /** YYYY-MM-DD: when the accounts were signed (approved by the board). */
  dateSigned: string;
  /** A bare file name, 32 characters at most. */
  filename: string;
}

export interface EnvelopeHeader {
  messageClass: string;
  transactionId: string;
  environment: CompaniesHouseEnvironment;
  presenter: PresenterCredentials;
  /** The presenter's registered email address; optional in the schema. */
  email?: string;
}

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

function envelope(h: EnvelopeHeader, body: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<GovTalkMessage xmlns="${ENVELOPE_NS}">`,
    el('EnvelopeVersion', '1.0'),
    '<Header><MessageDetails>',
    el('Class', h.messageClass),
    el('Qualifier', 'request'),
    el('TransactionID', h.transactionId),
    el('GatewayTest', gatewayTestFlag(h.environment)),
    '</MessageDetails><SenderDetails><IDAuthentication>',
    el('SenderID', gatewayDigest(h.presenter.presenterId)),
    '<Authentication>',
    el('Method', 'clear'),
    el('Value', gatewayDigest(h.presenter.presenterCode)),
    '</Authentication></IDAuthentication>',
    h.email ? el('EmailAddress', h.email) : '',
    '</SenderDetails></Header>',
    '<GovTalkDetails><Keys/></GovTalkDetails>',
    `<Body>${body}</Body>`,
    '</GovTalkMessage>\n',
  ].join('');
}

/** Class "Accounts": the FormSubmission with the Inline XBRL document's bytes base64 in Document/Data. */
export function accountsSubmissionMessage(h: Omit<EnvelopeHeader, 'messageClass' | 'presenter'> & { secrets: FilingSecrets }, form: AccountsForm, document: Uint8Array): Buffer {
  const body = [
    `<FormSubmission xmlns="${FORM_SUBMISSION_NS}">`,
    '<FormHeader>',
    el('CompanyNumber', form.companyNumber),
    el('CompanyType', form.companyType),
    el('CompanyName', form.companyName),
    el('CompanyAuthenticationCode', typedSecret(h.secrets.companyAuthCode)),
    el('PackageReference', form.packageReference),
    el('Language', 'EN'),
    el('FormIdentifier', 'Accounts'),
    el('SubmissionNumber', form.submissionNumber),
    el('ContactName', form.contactName),
    el('ContactNumber', form.contactNumber),
    '</FormHeader>',
    el('DateSigned', form.dateSigned),
    '<Form/>',
    '<Document>',
    el('Data', Buffer.from(document).toString('base64')),
    el('Date', form.dateSigned),
    el('Filename', form.filename),
    el('ContentType', 'application/xml'),
    el('Category', 'ACCOUNTS'),
    '</Document>',
    '</FormSubmission>',
  ].join('');
  return Buffer.from(envelope({ ...h, messageClass: 'Accounts', presenter: h.secrets }, body), 'utf8');
}

/**
 * Class "GetSubmissionStatus": one submission's status by its number, or
 * (no number) every status of the presenter not yet acknowledged. PresenterID
 * goes as its digest, as SenderID does: whether Companies House wants it in
 * clear is not settled (companies-house.md, "Not verified here"), and the
 * digest is the form that exposes least.
 */
export function submissionStatusMessage(h: Omit<EnvelopeHeader, 'messageClass'>, submissionNumber?: string): Buffer {
  const body = `<GetSubmissionStatus xmlns="${GATEWAY_NS}">${submissionNumber ? el('SubmissionNumber', submissionNumber) : ''}${el('PresenterID', gatewayDigest(h.presenter.presenterId))}</GetSubmissionStatus>`;
  return Buffer.from(envelope({ ...h, messageClass: 'GetSubmissionStatus' }, body), 'utf8');
}

/** The status acknowledgement (GetStatusAck-v1-1.xsd, root StatusAck; Class as kudocs sends it): sent only after the outcome is stored. */
export function statusAckMessage(h: Omit<EnvelopeHeader, 'messageClass'>): Buffer {
  return Buffer.from(envelope({ ...h, messageClass: 'StatusAck' }, `<StatusAck xmlns="${GATEWAY_NS}"/>`), 'utf8');
}

/** Class "CompanyDataRequest" (CompanyData-v3-4.xsd): does this company number take this authentication code? */
export function companyDataMessage(h: Omit<EnvelopeHeader, 'messageClass' | 'presenter'> & { secrets: FilingSecrets }, company: { companyNumber: string; companyType: string; madeUpDate: string }): Buffer {
  const body = [
    `<CompanyDataRequest xmlns="${GATEWAY_NS}">`,
    el('CompanyNumber', company.companyNumber),
    el('CompanyType', company.companyType),
    el('CompanyAuthenticationCode', typedSecret(h.secrets.companyAuthCode)),
    el('MadeUpDate', company.madeUpDate),
    '</CompanyDataRequest>',
  ].join('');
  return Buffer.from(envelope({ ...h, messageClass: 'CompanyDataRequest', presenter: h.secrets }, body), 'utf8');
}

/**
 * CompanyType from the registered number's prefix (companies-house.md §8):
 * SC Scotland, NI and R Northern Ireland, OC/SO/NC the other registers,
 * digits alone England and Wales.
 */
export function companyTypeOf(companyNumber: string): string {
  if (/^R\d{7}$/.test(companyNumber)) return 'R';
  const prefix = /^([A-Z]{2})\d{6}$/.exec(companyNumber)?.[1];
  return prefix === 'SC' || prefix === 'NI' || prefix === 'OC' || prefix === 'SO' || prefix === 'NC' ? prefix : 'EW';
}
