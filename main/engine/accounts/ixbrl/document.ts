/**
 * One set of accounts as one Inline XBRL 1.1 XHTML document (UTF-8, an XHTML
 * root, nothing external: Companies House renders it to a paginated image,
 * HMRC shows it to its staff): the cover, company information, balance sheet
 * with its statements and signature, profit and loss account, and notes,
 * tagged against the FRC 2026 FRS-102 entry point (the suite of the period
 * end's year for a period ending before 2026: taxonomy.ts suiteFor).
 *
 * Two copies from the same accounts: the full accounts (for HMRC with the
 * CT600, and for Companies House when the profit and loss account is
 * delivered), and the Companies House filing copy, which leaves the profit
 * and loss account out when the directors elect not to deliver it
 * (CA 2006 s444(1), with the s444(5A) statement), tagged FilletedAccounts.
 */
import { escapeText } from '../../ct600/xml-writer.js';
import { RequestValidationError, type FieldError } from '../../errors.js';
import { isIsoDate } from '../../deadlines/calendar.js';
import type { Accounts } from '../types.js';
import { balanceSheet } from './balance-sheet.js';
import { ContextSet } from './contexts.js';
import { companyInformation, cover } from './front.js';
import { header, hiddenFacts, type TradingStatus } from './header.js';
import { Tagger } from './inline.js';
import { notes } from './notes.js';
import { profitAndLoss } from './profit-loss.js';
import { DOCUMENT_STYLE, htmlOpen } from './page.js';
import { DIRECTOR_MEMBERS, suiteFor } from './taxonomy.js';
import { isDirector } from './people.js';

export interface AccountsDocumentOptions {
  /** The software named in bus:NameProductionSoftware and its version. */
  software: string;
  version: string;
  /** 'full' (default): every statement but s444(5A); 'filing': the copy delivered to Companies House. */
  copy?: 'full' | 'filing';
  /**
   * EntityTradingStatus. Default: trading unless dormant; a dormant company
   * whose accounts show turnover in either year no longer trades, otherwise
   * it has never traded.
   */
  tradingStatus?: TradingStatus;
}

/** Companies House numbers: 8 characters, digits or a two-letter prefix and six digits (SC, NI, OC…). */
const COMPANY_NUMBER = /^(\d{8}|[A-Z]{2}\d{6})$/;

function problems(accounts: Accounts, options: AccountsDocumentOptions): FieldError[] {
  const out: FieldError[] = [];
  if (!accounts.company.name.trim()) out.push({ field: 'company.name', message: 'the company name is empty' });
  if (!COMPANY_NUMBER.test(accounts.company.number)) out.push({ field: 'company.number', message: `"${accounts.company.number}" is not a Companies House registered number (8 characters: digits, or two letters and six digits)` });
  for (const [field, value] of [['period.from', accounts.period.from], ['period.to', accounts.period.to], ['approval.date', accounts.approval.date]] as const) {
    if (!isIsoDate(value)) out.push({ field, message: `"${value}" is not a date written as YYYY-MM-DD` });
  }
  if (accounts.previousPeriod && (!isIsoDate(accounts.previousPeriod.from) || !isIsoDate(accounts.previousPeriod.to))) out.push({ field: 'previousPeriod', message: 'the comparative period needs dates written as YYYY-MM-DD' });
  if (out.length) return out;
  if (accounts.period.to < accounts.period.from) out.push({ field: 'period.to', message: 'the period ends before it starts' });
  // Companies House checks the approval date is a real date after the period end (accounts.md §3).
  if (accounts.approval.date <= accounts.period.to) out.push({ field: 'approval.date', message: `the accounts are approved on ${accounts.approval.date}, which is not after the period end ${accounts.period.to}` });
  if (accounts.directors.length === 0) out.push({ field: 'directors', message: 'the accounts name no director' });
  if (accounts.directors.length > DIRECTOR_MEMBERS.length) out.push({ field: 'directors', message: `the FRC taxonomy names at most ${DIRECTOR_MEMBERS.length} directors (bus:Director1 to bus:Director${DIRECTOR_MEMBERS.length}); the accounts name ${accounts.directors.length}` });
  else if (accounts.directors.length > 0 && !isDirector(accounts)) out.push({ field: 'approval.director', message: `${accounts.approval.director} signs the balance sheet but is not among the directors (${accounts.directors.join(', ')}) (CA 2006 s414(2))` });
  if (!options.software.trim() || !options.version.trim()) out.push({ field: 'software', message: 'the software name and version are tagged (bus:NameProductionSoftware, bus:VersionProductionSoftware) and cannot be empty' });
  return out;
}

function tradingStatusOf(accounts: Accounts, given: TradingStatus | undefined): TradingStatus {
  if (given) return given;
  if (!accounts.dormant) return 'trading';
  const traded = accounts.totals.turnover.current !== 0 || (accounts.totals.turnover.previous ?? 0) !== 0;
  return traded ? 'noLongerTrading' : 'neverTraded';
}

/** The accounts as the copy shows them: a filleted copy has no profit and loss account and none of its figures. */
function asDelivered(accounts: Accounts, filleted: boolean): Accounts {
  if (!filleted) return accounts;
  const profitAndLoss = new Set(accounts.profitAndLoss.map((l) => l.concept));
  return { ...accounts, profitAndLoss: [], facts: accounts.facts.filter((f) => !profitAndLoss.has(f.concept)) };
}

export function writeAccountsIxbrl(accounts: Accounts, options: AccountsDocumentOptions): string {
  const wrong = problems(accounts, options);
  if (wrong.length) throw new RequestValidationError(wrong);
  const copy = options.copy ?? 'full';
  const filleted = copy === 'filing' && !accounts.deliverProfitAndLossToCompaniesHouse;
  const shown = asDelivered(accounts, filleted);
  const statements = accounts.statements.filter((s) => (s.id === 'profitAndLossNotDelivered' ? filleted : true));
  const contexts = new ContextSet(accounts.company.number, { current: accounts.period, previous: accounts.previousPeriod });
  const t = new Tagger(contexts);
  const pages = [cover(shown, t), companyInformation(shown, t), balanceSheet(shown, statements, t)];
  if (!filleted) pages.push(profitAndLoss(shown, t));
  pages.push(notes(shown, t));
  const hidden = hiddenFacts(shown, { software: options.software, version: options.version, filleted, tradingStatus: tradingStatusOf(accounts, options.tradingStatus) }, t);
  const suite = suiteFor(accounts.period.to);
  return `<?xml version="1.0" encoding="UTF-8"?>
${htmlOpen(suite)}
<head>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/>
<title>${titleOf(shown)}</title>
<style type="text/css">${DOCUMENT_STYLE}</style>
</head>
<body>
${header(hidden, t, suite)}
${pages.join('\n')}
</body>
</html>
`;
}

function titleOf(accounts: Accounts): string {
  return `${escapeText(accounts.company.name)} — unaudited financial statements to ${accounts.period.to}`;
}
