/** Returns for the validation tests: built by the engine's own builder, then edited as text. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCt600 } from '../../../main/engine/ct600/index.js';
import type { Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import type { Validation, ValidationMessage } from '../../../main/engine/validation-result.js';
import { fullReturn } from '../../fixtures/ct600-requests.js';
import { ct600Vectors } from '../../helpers/shared.js';

/** A trading company at the small profits rate (FY2024), accounts and computations attached as iXBRL: the shared fullReturn(). */
export function tradingReturn(overrides: Partial<Ct600RequestInput> = {}): Ct600RequestInput {
  return { ...fullReturn(), ...overrides };
}

/** The final message text (IRmark filled in) for a request. */
export function builtXml(request: Ct600RequestInput = tradingReturn()): string {
  return Buffer.from(buildCt600(request).xmlDoc, 'base64').toString('utf8');
}

export const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

export const tpvsSample = () => readFileSync(join(ct600Vectors, 'tpvs-accepted-sample.xml'), 'utf8');
export const seedlikeSample = () => readFileSync(join(ct600Vectors, 'selfmade-seedlike-ct600-compact.xml'), 'utf8');

/** Replaces exactly one occurrence, so a test never edits something it did not mean to. */
export function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const count = typeof from === 'string' ? text.split(from).length - 1 : (text.match(new RegExp(from.source, `${from.flags.replace('g', '')}g`)) ?? []).length;
  if (count !== 1) throw new Error(`expected one ${String(from)} in the document, found ${count}`);
  return text.replace(from, to);
}

export const byType = (validations: Validation[], type: number): Validation => {
  const v = validations.find((x) => x.validationType === type);
  if (!v) throw new Error(`no validation of type ${type}`);
  return v;
};

export const attr = (m: ValidationMessage, name: string) => m.attributes.find((a) => a.name === name)?.value;
export const errors = (v: Validation) => v.messages.filter((m) => m.category === 'error');
export const codes = (v: Validation) => errors(v).map((m) => m.code);

/**
 * A built return widened by hand with optional blocks the builder does not
 * emit (agent and contact details, a second financial year, reliefs,
 * repayment bank details, a PDF attachment): schema-valid, so
 * it gives the structure tests more of the model to exercise.
 */
export function richReturnXml(): string {
  let xml = builtXml(tradingReturn({ returnType: 'amended' }));
  xml = replaceOnce(
    xml,
    '<DefaultCurrency>GBP</DefaultCurrency>',
    '<Agent><AgentID>A1234</AgentID><Company>Ledger and Co</Company><Address><Line>1 High Street</Line><Line>Leeds</Line><PostCode>LS1 1AA</PostCode></Address>' +
      '<Contact><Name><Ttl>Ms</Ttl><Fore>Ann</Fore><Sur>Smith-Jones</Sur></Name><Email Type="work">ann@example.co.uk</Email><Telephone Mobile="no"><Number>0113 496 0000</Number><Extension>12</Extension></Telephone></Contact></Agent>' +
      '<DefaultCurrency>GBP</DefaultCurrency>',
  );
  xml = replaceOnce(xml, '<ThisPeriodAccounts>yes</ThisPeriodAccounts>', '<ThisPeriodAccounts>yes</ThisPeriodAccounts>');
  // The associated companies group (boxes 326 and 329) comes from the builder, as fullReturn() claims the small profits rate.
  if (!/<AssociatedCompanies>\s*<ThisPeriod>0<\/ThisPeriod>\s*<StartingOrSmallCompaniesRate>yes<\/StartingOrSmallCompaniesRate>\s*<\/AssociatedCompanies>/.test(xml)) throw new Error('the trading return no longer claims box 329');
  xml = replaceOnce(
    xml,
    /<\/FinancialYearOne>\s*<\/CorporationTaxChargeable>/,
    '</FinancialYearOne><FinancialYearTwo><Year>2025</Year><Details><Profit>0.00</Profit><TaxRate>19.00</TaxRate><Tax>0.00</Tax></Details></FinancialYearTwo></CorporationTaxChargeable>',
  );
  xml = replaceOnce(
    xml,
    /<TaxReliefsAndDeductions>\s*<TotalReliefsAndDeductions>/,
    '<TaxReliefsAndDeductions><CommunityInvestmentRelief>0.00</CommunityInvestmentRelief><DoubleTaxation><UnderlyingRate>yes</UnderlyingRate></DoubleTaxation><TotalReliefsAndDeductions>',
  );
  xml = replaceOnce(
    xml,
    '<Declaration>',
    '<IndicatorsAndInformation><NumberOf51groupCompanies>2</NumberOf51groupCompanies></IndicatorsAndInformation>' +
      '<OverpaymentsAndRepayments><BankAccountDetails><BankName>Example Bank plc</BankName><SortCode>401276</SortCode><AccountNumber>12345678</AccountNumber><AccountName>Validation Test Trading</AccountName></BankAccountDetails></OverpaymentsAndRepayments>' +
      '<Declaration>',
  );
  xml = replaceOnce(xml, '</XBRLsubmission>', '</XBRLsubmission><Attachment Filename="note.pdf" Format="pdf" Type="other">JVBERi0xLjQK</Attachment>');
  return xml;
}
