/**
 * The accounts checked as Companies House checks them before a filing is
 * sent (companies-house.md §5): a single UTF-8 Inline XBRL document with
 * nothing loaded from outside it, in a taxonomy accepted for the period, with
 * the mandatory facts and statements (the same checks the CT600's accounts
 * attachment gets, main/engine/validation/attachments/); and the "core
 * information" Companies House compares: the registered number and name in
 * the document equal the filing's, the balance sheet date is there and ends
 * the period, and the date the accounts were approved is there. Each failure
 * says what to fix; a filing with any is never sent.
 */
import { decodeUtf8 } from '../../engine/ct600/xml-dom.js';
import { checkAttachment } from '../../engine/validation/attachments/check-attachment.js';
import { FactIndex, validValue } from '../../engine/validation/attachments/fact-index.js';
import { readXbrlReport } from '../../engine/validation/attachments/xbrl-report.js';

export interface AccountsProblem {
  /** What to fix: the rule's code (JFCVC.3312, HMRC.SG.3.8, CH.companyNumber, …). */
  code: string;
  message: string;
}

/** What the document says of itself, as the filing's FormHeader and record use it. */
export interface AccountsFacts {
  companyNumber?: string;
  companyName?: string;
  periodStart?: string;
  periodEnd?: string;
  balanceSheetDate?: string;
  dateApproved?: string;
  signingDirector?: string;
}

export interface AccountsCheck {
  problems: AccountsProblem[];
  facts: AccountsFacts;
}

/** A resource the viewer would fetch from elsewhere: Companies House takes one self-contained document. */
const EXTERNAL_ELEMENT = /<(?:[A-Za-z][\w.-]*:)?(script|iframe|object|embed|frame|link)(?=[\s/>])[^>]*>/gi;
const EXTERNAL_IMPORT = /@import\b/i;

const sameNumber = (a: string, b: string) => a.trim().toUpperCase().replace(/^0+/, '') === b.trim().toUpperCase().replace(/^0+/, '');
/** Companies House compares names as registered; case and spacing are not a difference a person would see. */
const sameName = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toUpperCase() === b.replace(/\s+/g, ' ').trim().toUpperCase();

function factsOf(text: string): AccountsFacts {
  const read = readXbrlReport(text);
  if (!read.ok) return {};
  const index = FactIndex.of(read.report);
  const first = (name: string) => index.facts(name).find((f) => !f.nil && validValue(f) && f.value.trim())?.value.replace(/\s+/g, ' ').trim();
  const facts: AccountsFacts = {
    companyNumber: first('UKCompaniesHouseRegisteredNumber'),
    companyName: first('EntityCurrentLegalOrRegisteredName'),
    periodStart: first('StartDateForPeriodCoveredByReport'),
    periodEnd: first('EndDateForPeriodCoveredByReport'),
    balanceSheetDate: first('BalanceSheetDate'),
    dateApproved: first('DateAuthorisationFinancialStatementsForIssue'),
    signingDirector: first('DirectorSigningFinancialStatements'),
  };
  for (const key of Object.keys(facts) as (keyof AccountsFacts)[]) if (facts[key] === undefined) delete facts[key];
  return facts;
}

/**
 * The document's problems for this filing; none means it may be sent.
 * `companyName`: the name on the register when known (CompanyData's answer).
 */
export function checkAccountsForCompaniesHouse(bytes: Uint8Array, filing: { companyNumber: string; companyName?: string }): AccountsCheck {
  const text = decodeUtf8(bytes);
  if (text === undefined) return { problems: [{ code: 'CH.encoding', message: 'the accounts are not UTF-8 text; Companies House takes Inline XBRL accounts as UTF-8 XHTML' }], facts: {} };
  const facts = factsOf(text);
  const problems: AccountsProblem[] = [];
  const period = facts.periodStart && facts.periodEnd ? { periodFrom: facts.periodStart, periodTo: facts.periodEnd } : {};
  for (const f of checkAttachment(bytes, 'accounts', { registrationNumber: filing.companyNumber, ...period })) {
    if (f.category === 'error') problems.push({ code: f.code, message: f.message });
  }
  for (const match of text.matchAll(EXTERNAL_ELEMENT)) {
    problems.push({ code: 'CH.externalResource', message: `the accounts have a <${match[1]!.toLowerCase()}> element; Companies House takes one self-contained document: put styles in a <style> element and images as base64 data, and remove scripts and embedded documents` });
    break;
  }
  if (EXTERNAL_IMPORT.test(text)) problems.push({ code: 'CH.externalResource', message: 'a style in the accounts imports another style sheet (@import); Companies House takes one self-contained document' });
  if (problems.some((p) => p.code.startsWith('xbrl.ixbrl.') || p.code === 'HMRC.SG.3.2')) return { problems, facts };
  if (!facts.companyNumber) problems.push({ code: 'CH.companyNumber', message: 'the accounts do not tag the company’s registered number (UKCompaniesHouseRegisteredNumber); Companies House matches the accounts to the company by it' });
  else if (!sameNumber(facts.companyNumber, filing.companyNumber)) problems.push({ code: 'CH.companyNumber', message: `the accounts are for company number ${facts.companyNumber}, but this filing is for ${filing.companyNumber}` });
  if (!facts.companyName) problems.push({ code: 'CH.companyName', message: 'the accounts do not tag the company’s name (EntityCurrentLegalOrRegisteredName)' });
  else if (filing.companyName && !sameName(facts.companyName, filing.companyName)) problems.push({ code: 'CH.companyName', message: `the accounts name the company "${facts.companyName}", but Companies House's register has "${filing.companyName}"; the name must be as registered` });
  if (!facts.balanceSheetDate) problems.push({ code: 'CH.balanceSheetDate', message: 'the accounts do not tag the balance sheet date (BalanceSheetDate); it is the made-up date Companies House files them under' });
  else if (facts.periodEnd && facts.balanceSheetDate !== facts.periodEnd) problems.push({ code: 'CH.balanceSheetDate', message: `the balance sheet date ${facts.balanceSheetDate} is not the end of the period the accounts cover (${facts.periodEnd})` });
  if (facts.periodStart && facts.periodEnd && facts.periodStart > facts.periodEnd) problems.push({ code: 'CH.period', message: `the period the accounts cover starts (${facts.periodStart}) after it ends (${facts.periodEnd})` });
  if (!facts.dateApproved) problems.push({ code: 'CH.dateApproved', message: 'the accounts do not tag the date the board approved them (DateAuthorisationFinancialStatementsForIssue); it goes in the filing as DateSigned' });
  return { problems, facts };
}
