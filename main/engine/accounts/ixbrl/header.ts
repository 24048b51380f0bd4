/**
 * The ix:header: the facts that describe the accounts rather than show a
 * figure (hidden, as every accepted filing writes them), the schema
 * reference, and the contexts and units the document's facts use.
 *
 * The describing facts are those HMRC's joint filing checks require of FRC
 * 2022+ accounts (JFCVC 3312) and that choose the statement checks
 * (accounts.md §3): AccountingStandardsApplied (Micro-entities for FRS 105,
 * SmallEntities for FRS 102 section 1A), AccountsStatusAuditedOrUnaudited
 * (audit-exempt, no accountants' report), AccountsType (full, or filleted
 * for a Companies House copy without the profit and loss account),
 * LegalFormEntity, ApplicableLegislation (the small companies regime),
 * EntityTradingStatus (no member while trading), and EntityDormantTruefalse;
 * then the software that wrote the document.
 */
import type { Accounts } from '../types.js';
import type { Tagger } from './inline.js';
import type { FrcSuite } from './taxonomy.js';

export type TradingStatus = 'trading' | 'neverTraded' | 'noLongerTrading';

export interface HeaderOptions {
  software: string;
  version: string;
  filleted: boolean;
  tradingStatus: TradingStatus;
}

const TRADING_MEMBER: Record<TradingStatus, string | undefined> = {
  trading: undefined,
  neverTraded: 'EntityHasNeverTraded',
  noLongerTrading: 'EntityNoLongerTradingButTradedInPast',
};

/** The hidden facts. Written before the resources, since they add the contexts they use. */
export function hiddenFacts(accounts: Accounts, options: HeaderOptions, t: Tagger): string {
  const trading = TRADING_MEMBER[options.tradingStatus];
  return [
    t.fixed('AccountingStandardsApplied', [{ dimension: 'AccountingStandardsDimension', member: accounts.standard === 'FRS 105' ? 'Micro-entities' : 'SmallEntities' }]),
    t.fixed('AccountsStatusAuditedOrUnaudited', [{ dimension: 'AccountsStatusDimension', member: 'AuditExempt-NoAccountantsReport' }]),
    t.fixed('AccountsType', [{ dimension: 'AccountsTypeDimension', member: options.filleted ? 'FilletedAccounts' : 'FullAccounts' }]),
    t.fixed('LegalFormEntity', [{ dimension: 'LegalFormEntityDimension', member: 'PrivateLimitedCompanyLtd' }]),
    t.fixed('ApplicableLegislation', [{ dimension: 'ApplicableLegislationDimension', member: 'SmallCompaniesRegimeForAccounts' }]),
    t.fixed('EntityTradingStatus', trading ? [{ dimension: 'EntityTradingStatusDimension', member: trading }] : []),
    t.text('EntityDormantTruefalse', accounts.dormant ? 'true' : 'false', 'current'),
    t.text('NameProductionSoftware', options.software, 'current'),
    t.text('VersionProductionSoftware', options.version, 'current'),
  ].join('\n');
}

export function header(hidden: string, t: Tagger, suite: FrcSuite): string {
  return `<div style="display:none">
<ix:header>
<ix:hidden>
${hidden}
</ix:hidden>
<ix:references>
<link:schemaRef xlink:type="simple" xlink:href="${suite.entryPoint}"/>
</ix:references>
<ix:resources>
${t.contexts.resourcesXml()}
</ix:resources>
</ix:header>
</div>`;
}
