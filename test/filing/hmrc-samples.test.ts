/** HMRC's own Transaction Engine messages read into the outcome the user sees. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeIrmark } from '../../main/engine/ct600/index.js';
import { parseGatewayReply } from '../../main/filing/gateway-reply.js';
import { NOT_HMRC_CERTIFICATE } from '../../main/server/transaction-engine/peer-replies.js';
import { checkReceipt, errorVerdict, receiptCertificateProblem } from '../../main/filing/outcomes.js';
import { sharedDir } from '../helpers/shared.js';

const hmrc = (name: string) => readFileSync(join(sharedDir, 'ct600', 'hmrc', 'transaction-engine', name));

describe("HMRC's sample replies", () => {
  it('the success response is a receipt whose digest is the IRmark of the accepted sample return beside it', () => {
    const reply = parseGatewayReply(hmrc('tpvs-success-response.xml'));
    expect(reply.kind).toBe('success');
    if (reply.kind !== 'success') return;
    const ours = computeIrmark(hmrc('tpvs-accepted-sample.xml'));
    expect(ours.base64).toBe('YrgW02ybxWOff7gHrELynhp1gRw=');
    expect(reply.receipt.digestBase64).toBe(ours.base64);
    expect(reply.receipt.quotedIrmarkBase32).toBe(ours.base32);
    expect(reply.receipt.acceptedTime).toBe('2026-09-29T00:33:06.257');
    const check = checkReceipt(reply.receipt, ours.base64);
    expect(check).toMatchObject({ matches: true, irmarkBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4' });
    expect(check.statement).toContain('MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4 is ours');
    // HMRC's receipt carries HMRC's certificate: its subject passes the check.
    expect(reply.receipt.certificateBase64).toMatch(/^MII/);
    expect(receiptCertificateProblem(reply.receipt.certificateBase64)).toBeUndefined();
  });

  it("a receipt's certificate that is not HMRC's is named, one that cannot be read too", () => {
    const reply = parseGatewayReply(hmrc('tpvs-success-response.xml'));
    if (reply.kind !== 'success') throw new Error('expected a success response');
    expect(receiptCertificateProblem(null)).toBeUndefined();
    expect(receiptCertificateProblem('bm90IGEgY2VydGlmaWNhdGU=')).toMatch(/cannot be read/);
    // A host name that only starts like HMRC's, for an organisation that is not HMRC.
    expect(receiptCertificateProblem(NOT_HMRC_CERTIFICATE)).toMatch(/not HMRC's/);
  });

  it('a receipt for another return is said not to match ours', () => {
    const reply = parseGatewayReply(hmrc('tpvs-success-response-with-comments.xml'));
    if (reply.kind !== 'success') throw new Error('expected a success response');
    expect(reply.receipt.quotedIrmarkBase32).toBe('MTJ2WWZ7OGUFORACXV5Y6ODB5IAW6BCS');
    const check = checkReceipt(reply.receipt, computeIrmark(hmrc('tpvs-accepted-sample.xml')).base64);
    expect(check.matches).toBe(false);
    expect(check.statement).toContain('not for the return as sent');
  });

  it('the business rejection lists rule 9200 with its location and the iXBRL errors by type', () => {
    const reply = parseGatewayReply(hmrc('tpvs-business-errors-response.xml'));
    if (reply.kind !== 'error') throw new Error('expected an error reply');
    expect(reply.errors.map((e) => e.number)).toEqual(['3001']);
    expect(reply.businessErrors).toHaveLength(7);
    expect(reply.businessErrors[0]).toMatchObject({ number: '9200', type: 'business', location: expect.stringContaining('ct:TaxRate[1]') });
    expect(reply.businessErrors.slice(1).map((e) => `${e.type} ${e.location}`)).toContain('xbrl.ixbrl.HeaderAbsent Accounts');
    // HMRC's verdict on the return, whether it answers the submission or a poll.
    expect(errorVerdict(reply, 'poll')).toBe('rejected');
    expect(errorVerdict(reply, 'submission')).toBe('rejected');
  });

  it('the authentication failure is error 1046, with the poll interval HMRC gave', () => {
    const reply = parseGatewayReply(hmrc('ets-authentication-failure-response.xml'));
    if (reply.kind !== 'error') throw new Error('expected an error reply');
    expect(reply.errors).toEqual([expect.objectContaining({ number: '1046', type: 'fatal', raisedBy: 'Gateway' })]);
    expect(reply.header.pollIntervalSeconds).toBe(10);
    expect(errorVerdict(reply, 'submission')).toBe('authentication-failed');
    // After HMRC acknowledged a return, an error about a later message says nothing about the return.
    expect(errorVerdict(reply, 'poll')).toBe('not-a-verdict');
  });

  it('a reply that is not a GovTalk message is refused, never guessed at', () => {
    expect(() => parseGatewayReply('<html>Service unavailable</html>')).toThrow(/not a GovTalk message/);
    expect(() => parseGatewayReply('')).toThrow(/not XML/);
  });
});

describe('the box an HMRC error concerns', () => {
  it("rule 9200 in HMRC's sample rejection points at box 340, the first tax line's rate", async () => {
    const { boxOfLocation } = await import('../../main/filing/error-boxes.js');
    const reply = parseGatewayReply(hmrc('tpvs-business-errors-response.xml'));
    if (reply.kind !== 'error') throw new Error('expected an error reply');
    expect(boxOfLocation(reply.businessErrors[0]!.location)).toBe('340');
    expect(boxOfLocation('Accounts')).toBeUndefined();
    expect(boxOfLocation('/hd:GovTalkMessage[1]/hd:Body[1]/ct:IRenvelope[1]/ct:CompanyTaxReturn[1]/ct:CompanyTaxCalculation[1]/ct:CorporationTaxChargeable[1]/ct:FinancialYearTwo[1]/ct:Details[2]/ct:Tax[1]')).toBe('410');
    expect(boxOfLocation('/hd:GovTalkMessage[1]/hd:Body[1]/ct:IRenvelope[1]/ct:CompanyTaxReturn[1]/ct:CalculationOfTaxOutstandingOrOverpaid[1]/ct:TaxPayable[1]')).toBe('525');
  });
});

describe('replies that are not what they claim', () => {
  it('a reply with a DOCTYPE (external entities) is refused before parsing', () => {
    const hostile = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Header><MessageDetails><Qualifier>acknowledgement</Qualifier><CorrelationID>&e;</CorrelationID></MessageDetails></Header></GovTalkMessage>`;
    expect(() => parseGatewayReply(hostile)).toThrow(/DOCTYPE/);
  });

  it('a receipt without a SHA-1 digest is not taken for a receipt', () => {
    const text = hmrc('tpvs-success-response.xml').toString('utf8').replace('YrgW02ybxWOff7gHrELynhp1gRw=', 'not-a-digest');
    expect(() => parseGatewayReply(text)).toThrow(/no IRmarkReceipt with a SHA-1 DigestValue/);
  });
});
