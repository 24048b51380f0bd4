import { describe, expect, it } from 'vitest';
import { buildCt600, type Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { ct600EnvelopeXsd } from '../../helpers/shared.js';
import { xmllintSchema } from '../../helpers/xmllint.js';
import { buildAndCheck, decode, elementText } from './check-built.js';
import { fullReturn, gbp, minimumReturn } from '../../fixtures/ct600-requests.js';

describe('buildCt600 on hand-written returns', () => {
  it('builds the minimum return', () => {
    const xml = buildAndCheck(minimumReturn());
    expect(elementText(xml, 'NoAccountsReason')).toEqual(['Company dormant']);
    expect(elementText(xml, 'NoComputationsReason')).toEqual(['Company dormant']);
    expect(elementText(xml, 'ChargeableProfits')).toEqual(['0.00']);
    expect(elementText(xml, 'NetCorporationTaxLiability')).toEqual(['0.00']);
    expect(xml).not.toContain('<Turnover>');
    expect(xml).not.toContain('<CorporationTaxChargeable>');
    expect(xml).not.toContain('AttachedFiles');
  });

  it('builds a full return with both attachments, Computation before Accounts, base64 on one line', () => {
    const request = fullReturn();
    const xml = buildAndCheck(request);
    const computationAt = xml.indexOf('<Computation>');
    const accountsAt = xml.indexOf('<Accounts>', xml.indexOf('<XBRLsubmission>'));
    expect(computationAt).toBeGreaterThan(0);
    expect(accountsAt).toBeGreaterThan(computationAt);
    const docs = elementText(xml, 'EncodedInlineXBRLDocument');
    const files = request.attachedFiles as { value: string }[];
    expect(docs).toEqual([files[1]!.value, files[0]!.value]);
    expect(xml).toMatch(/<EncodedInlineXBRLDocument Filename="computations-2025.xhtml">[A-Za-z0-9+/=]+<\/EncodedInlineXBRLDocument>/);
    // Derived boxes: 155 from 165 + 160, 330 from box 30, 430 = Σ345, 475 = 440 − 470.
    expect(elementText(xml, 'Profits')).toEqual(['40000.00']);
    expect(elementText(xml, 'Year')).toEqual(['2024']);
    expect(elementText(xml, 'CorporationTax')).toEqual(['7600.00']);
    expect(elementText(xml, 'NetCorporationTaxLiability')).toEqual(['7600.00']);
    expect(elementText(xml, 'RegistrationNumber')).toEqual(['12345678']);
  });

  it('accepts a single attached file object as the interface shows it', () => {
    const request = { ...fullReturn(), attachedFiles: (fullReturn().attachedFiles as object[])[0] };
    const xml = buildAndCheck(request as Ct600RequestInput);
    expect(xml).not.toContain('<Computation>');
    expect(elementText(xml, 'EncodedInlineXBRLDocument')).toHaveLength(1);
  });

  it('strips line breaks from attachment base64', () => {
    const request = fullReturn();
    const files = request.attachedFiles as { value: string }[];
    const value = files[0]!.value;
    files[0]!.value = value.replace(/(.{76})/g, '$1\r\n');
    const xml = buildAndCheck(request);
    expect(elementText(xml, 'EncodedInlineXBRLDocument')).toContain(value);
  });

  it('builds an amended return with an "Amendment" reason', () => {
    const request: Ct600RequestInput = {
      ...fullReturn(),
      returnType: 0,
      accounts: { itemElementName: 2, noAccountsReason: 4 },
      computations: { itemElementName: 2, nocomputationsReason: 4 },
      attachedFiles: null,
    };
    const xml = buildAndCheck(request);
    expect(xml).toContain('<CompanyTaxReturn ReturnType="amended">');
    expect(elementText(xml, 'NoAccountsReason')).toEqual(['Amendment - a/cs already submitted']);
    expect(elementText(xml, 'NoComputationsReason')).toEqual(['Amendment - comps already submitted']);
  });

  it('builds a loss-making company: losses brought forward use up the profit, nil tax', () => {
    const request: Ct600RequestInput = {
      ...minimumReturn(),
      accounts: { itemElementName: 0 },
      computations: { itemElementName: 0 },
      total: gbp(80000),
      lossesBroughtForward: gbp(12000),
      netProfits: gbp(0),
      profitsBeforeOtherDeductions: gbp(0),
      chargeableProfits: gbp(0),
    };
    const xml = buildAndCheck(request);
    expect(elementText(xml, 'Profits')).toEqual(['12000.00']);
    expect(elementText(xml, 'LossesBroughtForward')).toEqual(['12000.00']);
    expect(elementText(xml, 'NetProfits')).toEqual(['0.00']);
    expect(elementText(xml, 'TaxPayable')).toEqual(['0.00']);
  });

  it('builds reliefs and deductions from their parts: 470 = 445 + 450 + 465, 475 = 440 − 470', () => {
    const request: Ct600RequestInput = {
      ...fullReturn(),
      communityInvestmentRelief: gbp(100.5),
      doubleTaxationRelief: gbp(200),
      advancedCorporationTax: gbp(0),
      totalReliefsAndDeductions: null,
      taxChargeable: gbp(7299.5),
      taxPayable: gbp(7299.5),
    };
    const xml = buildAndCheck(request);
    expect(elementText(xml, 'CommunityInvestmentRelief')).toEqual(['100.50']);
    expect(elementText(xml, 'DoubleTaxationRelief')).toEqual(['200.00']);
    expect(elementText(xml, 'AdvancedCorporationTax')).toEqual(['0.00']);
    expect(elementText(xml, 'TotalReliefsAndDeductions')).toEqual(['300.50']);
    expect(elementText(xml, 'NetCorporationTaxLiability')).toEqual(['7299.50']);
    // Box 450's schema type is non-zero: a zero relief leaves the element out.
    const noDoubleTax = buildAndCheck({ ...request, doubleTaxationRelief: gbp(0), taxChargeable: gbp(7499.5), taxPayable: gbp(7499.5) });
    expect(noDoubleTax).not.toContain('<DoubleTaxation>');
    expect(elementText(noDoubleTax, 'TotalReliefsAndDeductions')).toEqual(['100.50']);
  });

  it('builds a period straddling 1 April with FinancialYearTwo', () => {
    const request: Ct600RequestInput = {
      ...fullReturn(),
      periodCovered: { from: '2023-01-01T00:00:00', to: '2023-12-31T00:00:00' },
      // 90 days in FY2022 at 19%, 275 days in FY2023 at 25% on £365,000.
      total: gbp(900000),
      netProfits: gbp(365000),
      profitsBeforeOtherDeductions: gbp(365000),
      profitsBeforeDonationsAndGroupRelief: gbp(365000),
      chargeableProfits: gbp(365000),
      financialYearProfit: gbp(90000),
      financialYearTaxRate: 19,
      financialYearTax: null,
      financialYearTwo: { profit: gbp(275000), taxRate: 25 },
      netCorporationTaxChargeable: gbp(85850),
      taxChargeable: gbp(85850),
      taxPayable: gbp(85850),
    };
    const xml = buildAndCheck(request);
    expect(elementText(xml, 'Year')).toEqual(['2022', '2023']);
    expect(elementText(xml, 'Tax')).toEqual(['17100.00', '68750.00']);
    expect(elementText(xml, 'CorporationTax')).toEqual(['85850.00']);
    expect(xml.indexOf('<FinancialYearTwo>')).toBeGreaterThan(xml.indexOf('</FinancialYearOne>'));
  });

  it('escapes names with &, <, >, quotes and apostrophes, and keeps them in the document', () => {
    const name = `O'Brien & "Sons" <Holdings> Ltd`;
    const request: Ct600RequestInput = {
      ...minimumReturn(),
      companyName: name,
      declaration: { acceptDeclaration: true, name: "Sean O'Brien", status: 'Director & Secretary' },
    };
    const xml = buildAndCheck(request);
    expect(xml).toContain(`<CompanyName>O'Brien &amp; "Sons" &lt;Holdings&gt; Ltd</CompanyName>`);
    expect(elementText(xml, 'CompanyName')).toEqual([name]);
    expect(elementText(xml, 'Status')).toEqual(['Director & Secretary']);
  });

  it('accepts the schema words as well as the integer codes', () => {
    const byWords = buildCt600({
      ...minimumReturn(),
      returnType: 'new',
      sender: 'Acting in Capacity',
      accounts: { itemElementName: 'NoAccountsReason', noAccountsReason: 'Company dormant' },
      computations: { itemElementName: 'NoComputationsReason', nocomputationsReason: 'Company dormant' },
    });
    const byCodes = buildCt600({ ...minimumReturn(), sender: 8 });
    expect(byWords).toEqual(byCodes);
    expect(decode(byWords.xmlDoc)).toContain('<Sender>Acting in Capacity</Sender>');
  });

  it('ignores a reason code sent alongside a non-reason choice (generated clients send 0 by default)', () => {
    const xml = buildAndCheck({ ...fullReturn(), accounts: { itemElementName: 0, noAccountsReason: 0 } });
    expect(xml).not.toContain('NoAccountsReason');
  });

  it('is deterministic: the same request gives the same bytes', () => {
    expect(buildCt600(fullReturn())).toEqual(buildCt600(fullReturn()));
  });

  it('writes the GovTalk header from the options, outside the IRmark', () => {
    const plain = buildCt600(minimumReturn());
    const withHeader = buildCt600(minimumReturn(), {
      vendorId: '1234',
      product: 'Filing Desk',
      productVersion: '1.2.3',
      gatewayTest: true,
      transactionId: 'ABCDEF0123456789',
      senderId: 'CTUser100',
      authenticationValue: 'secret-gateway-password',
    });
    expect(withHeader.irMark).toBe(plain.irMark);
    const xml = decode(withHeader.xmlDoc);
    expect(xml).toContain('<URI>1234</URI>');
    expect(xml).toContain('<GatewayTest>1</GatewayTest>');
    expect(xml).toContain('<TransactionID>ABCDEF0123456789</TransactionID>');
    expect(xml).toContain('<SenderID>CTUser100</SenderID>');
    expect(xml).toContain('<CorrelationID/>');
    expect(xmllintSchema(xml, ct600EnvelopeXsd).valid).toBe(true);
    expect(decode(plain.xmlDoc)).not.toContain('SenderDetails');
    expect(decode(buildCt600(minimumReturn(), { testInLive: true }).xmlDoc)).toContain('<Class>HMRC-CT-CT600-TIL</Class>');
  });
});
