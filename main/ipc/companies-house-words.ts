/**
 * Companies House's answers in plain English: each reason for a rejection or
 * a refusal beside Companies House's own words (which are shown verbatim,
 * since it publishes no list of its codes and its examiners write free text:
 * ../shared/docs/companies-house.md §5), and where a filing stands while it
 * runs.
 */
import type { CompaniesHouseOutcome, CompaniesHouseProgress } from '../filing/companies-house/companies-house-filing.js';
import type { CompaniesHouseOutcomeView, CompaniesHouseReason } from '../../preload/contract-companies-house.js';

/** The causes §5 lists, most particular first; the first whose pattern matches explains the reason. */
const CAUSES: { test: (code: string, text: string) => boolean; plain: string }[] = [
  {
    test: (_c, t) => /invalid test ?mode/i.test(t),
    plain: 'The test setting and the presenter credentials do not match: a test filing needs the test presenter ID and code Companies House issues on request (xml@companieshouse.gov.uk), a live filing the live ones.',
  },
  {
    test: (c, t) => c === '502' || /authori[sz]ation failure/i.test(t),
    plain: 'Companies House did not accept who is filing: the presenter ID or code, or the company’s authentication code, is wrong, or the company number or name does not match the register. Check the codes in Settings › Companies House and the company’s number and name.',
  },
  {
    test: (_c, t) => /invalid envelope number/i.test(t),
    plain: 'The submission number had been used before under this presenter account (another program filing with the same presenter ID, or a restored backup). File again: Filing Desk takes a new number.',
  },
  {
    test: (_c, t) => /duplicate|already (been )?(filed|registered|received)/i.test(t),
    plain: 'Accounts for this made-up date are already on the register: these accounts, or others for the same period, were filed before. Check the company’s filing history before filing again.',
  },
  {
    test: (_c, t) => /s\.? ?475|section 475|audit exemption|responsibilit|small companies regime|micro-?entit|statement/i.test(t),
    plain: 'A statement the balance sheet must carry is missing or worded wrongly: the audit exemption (s475), the directors’ responsibilities, or the small companies or micro-entity regime. Correct the statements in the accounts and file again.',
  },
  {
    test: (_c, t) => /director/i.test(t) && /sign|name/i.test(t),
    plain: 'The name of the director who signed the balance sheet is missing. Enter the signing director in the accounts and file again.',
  },
  {
    test: (_c, t) => /company (name|number)/i.test(t),
    plain: 'The company name or number in the accounts differs from the register, or from itself in another place in the accounts. Make them the same as the register and file again.',
  },
  {
    test: (_c, t) => /made[- ]?up|balance sheet date|period (start|end)|approv|accounting reference/i.test(t),
    plain: 'The made-up date, the balance sheet date, the start of the period or the approval date is missing or does not agree (the made-up date may be up to 7 days either side of the accounting reference date, s390). Correct the dates and file again.',
  },
  {
    test: (c, t) => c === '9999' || c === '100' || /ixbrl|xbrl|ix:|schema|not well[- ]formed|base64/i.test(t),
    plain: 'Companies House’s automatic check found the Inline XBRL document faulty, before anyone looked at it. Build the accounts again in Filing Desk and file them again.',
  },
];

export function plainReason(reason: { code: string; text: string }): CompaniesHouseReason {
  const cause = CAUSES.find((c) => c.test(reason.code.trim(), reason.text));
  return { code: reason.code, text: reason.text, plain: cause?.plain ?? null };
}

export function outcomeView(o: CompaniesHouseOutcome): CompaniesHouseOutcomeView {
  return { outcome: o.outcome, submissionNumber: o.submissionNumber, companyNumber: o.companyNumber, status: o.status ?? null, message: o.message, reasons: o.reasons.map(plainReason) };
}

/** Where a running filing stands, in words. */
export function progressWords(p: CompaniesHouseProgress): string {
  switch (p.step) {
    case 'checking-accounts':
      return 'Checking the accounts as Companies House checks them';
    case 'checking-company':
      return 'Checking the company number and authentication code with Companies House';
    case 'sending':
      return `Sending the accounts${p.submissionNumber ? ` as submission ${p.submissionNumber}` : ''}`;
    case 'asking-status':
      return 'Asking Companies House where the submission stands';
    case 'waiting':
      return `Waiting for Companies House${p.status ? ` (${p.status === 'PENDING' ? 'received, not decided yet' : p.status})` : ''}${p.nextCheckInSeconds !== undefined ? `: next check in ${p.nextCheckInSeconds} seconds` : ''}`;
    case 'retrying':
      return `Companies House did not answer${p.problem ? ` (${p.problem})` : ''}: trying again`;
    case 'acknowledging':
      return 'Telling Companies House the outcome is kept';
    case 'done':
      return 'Finished';
  }
}
