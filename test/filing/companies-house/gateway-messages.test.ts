/**
 * The bytes Filing Desk sends to Companies House, as the local gateway
 * received them: each message valid against Companies House's envelope
 * schema (../shared/companies-house/schemas/Egov_ch-v2-0.xsd) by libxml2,
 * the presenter authenticated by lower-case MD5 digests with Method clear
 * (companies-house.md §2), and the accounts in the FormSubmission decoding
 * to the accounts file byte for byte.
 */
import { createHash } from 'node:crypto';
import { documentFilename } from '../../../main/filing/companies-house/companies-house-filing.js';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompaniesHouseGateway } from '../../../main/server/companies-house-gateway/companies-house-gateway.js';
import { sharedDir } from '../../helpers/shared.js';
import { xmllintSchema } from '../../helpers/xmllint.js';
import { accounts, COMPANY, makeFiling, SECRETS, startGateway } from './gateway-support.js';

const ENVELOPE_XSD = join(sharedDir, 'companies-house', 'schemas', 'Egov_ch-v2-0.xsd');
const md5 = (v: string) => createHash('md5').update(v, 'utf8').digest('hex');

const gateways: CompaniesHouseGateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
});

async function filedOnce() {
  const { gateway, url } = await startGateway();
  gateways.push(gateway);
  const { filing } = makeFiling();
  const outcome = await filing.file(accounts(), { companyNumber: COMPANY.number, environment: 'test', endpoint: url, contactName: 'A Accountant', contactNumber: '01234 567890' });
  expect(outcome.outcome).toBe('accepted');
  return gateway;
}

const field = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

describe('the messages sent to Companies House', () => {
  it('every request validates against Egov_ch-v2-0.xsd', { timeout: 90_000 }, async () => {
    const gateway = await filedOnce();
    expect(gateway.requests.map((r) => r.messageClass)).toEqual(['CompanyDataRequest', 'Accounts', 'GetSubmissionStatus', 'StatusAck']);
    for (const request of gateway.requests) {
      const verdict = xmllintSchema(request.body, ENVELOPE_XSD);
      expect(verdict.valid, `${request.messageClass}: ${verdict.output}`).toBe(true);
    }
  });

  it('the schema check can fail: a TransactionID in lower case is refused by the same schema', () => {
    const bad = '<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><EnvelopeVersion>1.0</EnvelopeVersion><Header><MessageDetails><Class>Accounts</Class><Qualifier>request</Qualifier><TransactionID>abc</TransactionID></MessageDetails></Header><GovTalkDetails/></GovTalkMessage>';
    expect(xmllintSchema(bad, ENVELOPE_XSD).valid).toBe(false);
  });

  it('the presenter goes as lower-case MD5 digests with Method clear, the test flag is 1, and the ID and code never in clear', { timeout: 90_000 }, async () => {
    const gateway = await filedOnce();
    for (const request of gateway.requests) {
      const xml = request.body.toString('utf8');
      expect(field(xml, 'SenderID')).toBe(md5(SECRETS.presenterId));
      expect(field(xml, 'Method')).toBe('clear');
      expect(field(xml, 'Value')).toBe(md5(SECRETS.presenterCode));
      expect(field(xml, 'GatewayTest')).toBe('1');
      expect(field(xml, 'TransactionID')).toMatch(/^[0-9A-F]{1,32}$/);
      expect(xml).not.toContain(SECRETS.presenterId);
      expect(xml).not.toContain(SECRETS.presenterCode);
    }
    const ids = gateway.requests.map((r) => field(r.body.toString('utf8'), 'TransactionID'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the FormSubmission carries the accounts file byte for byte, with the form as companies-house.md §3 orders it', { timeout: 90_000 }, async () => {
    const gateway = await filedOnce();
    const xml = gateway.requests.find((r) => r.messageClass === 'Accounts')!.body.toString('utf8');
    expect(Buffer.from(field(xml, 'Data')!, 'base64').equals(accounts())).toBe(true);
    expect(gateway.held.get('FD0001')!.document.equals(accounts())).toBe(true);
    const header = /<FormHeader>(.*)<\/FormHeader>/s.exec(xml)![1]!;
    expect([...header.matchAll(/<(\w+)>/g)].map((m) => m[1])).toEqual([
      'CompanyNumber', 'CompanyType', 'CompanyName', 'CompanyAuthenticationCode', 'PackageReference', 'Language', 'FormIdentifier', 'SubmissionNumber', 'ContactName', 'ContactNumber',
    ]);
    expect(header).toContain(`<CompanyName>${COMPANY.name}</CompanyName>`);
    expect(header).toContain('<SubmissionNumber>FD0001</SubmissionNumber>');
    expect(field(xml, 'DateSigned')).toBe('2026-08-18');
    expect(field(xml, 'Category')).toBe('ACCOUNTS');
    expect(field(xml, 'Filename')).toBe('accounts.html');
  });

  it('Document/Filename is a bare name of at most 32 characters, its extension kept', () => {
    expect(documentFilename('/home/jane/clients/Prod223_4316_02014751_20260331.html')).toBe('Prod223_4316_02014751_20260.html');
    expect(documentFilename('C:\\accounts\\my accounts.xhtml'.split('\\').pop())).toBe('my_accounts.xhtml');
    expect(documentFilename(undefined)).toBe('accounts.html');
  });
});
