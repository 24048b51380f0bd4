/**
 * The Computation step's answers as typed (so a reload shows what was on
 * screen), and how the step names its fields. Turning them into the engine's
 * input and the result back into the form is computation-of-form.ts. The
 * rules are the engine's: the step shows the field errors it names.
 */
import type { Claim } from '../../../../preload/contract.js';
import type { DateText } from './date-text.js';
import { earlierPeriodWords, LOSS_FIELD_WORDS, lossClaimsFromStored, lossClaimsUsed, type LossClaimsForm } from './computation/losses-form.js';
import { loansFieldWords, loansMessage, loansSummaryTarget } from './loans/loans-form.js';

export interface DescribedRow {
  id: string;
  description: string;
  amount: string;
}

export interface AssetRow {
  id: string;
  description: string;
  date: DateText;
  cost: string;
  pool: 'main' | 'special' | '';
  /** 'yes' new and unused, 'no' second-hand. */
  newAndUnused: 'yes' | 'no' | '';
  isCar: boolean;
  co2: string;
  /** '' takes the engine's best claim. */
  claim: Claim | '';
  /** A short-life asset election (CAA 2001 s83): its own pool. */
  shortLife: boolean;
  /** Provided for leasing: no full expensing or 50% allowance (CAA 2001 s46(2) general exclusion 6). */
  forLeasing: boolean;
}

export interface DisposalRow {
  id: string;
  description: string;
  date: DateText;
  proceeds: string;
  cost: string;
  pool: 'main' | 'special' | '';
  fullExpensed: boolean;
  /** The super-deduction was claimed on it (FA 2021 s12). */
  superDeduction: boolean;
  /** The index of this period's asset it is ('' when bought in an earlier period): its first-year balance joins the pool now (CAA 2001 s58(6)). */
  addition: string;
  /** The index of the short-life asset pool brought forward it is (''  when none): its own pool (CAA 2001 s86). */
  shortLifeAsset: string;
}

/** A short-life asset's pool brought forward from an earlier period (CAA 2001 s86). */
export interface ShortLifeRow {
  id: string;
  description: string;
  broughtForward: string;
  /** The end of the period its expenditure was incurred in: the pool ends at the eighth anniversary (s86(3)(b)). */
  incurredInPeriodEnding: DateText;
  /** A writing-down allowance claimed at less than the full amount (s56(5)); '' the full amount. */
  writingDownAllowanceClaimed: string;
}

export interface ComputationForm {
  turnover: string;
  profitBeforeTax: string;
  depreciation: string;
  disallowable: DescribedRow[];
  nonTaxableIncome: DescribedRow[];
  interestReceived: string;
  propertyIncome: string;
  mainPoolBroughtForward: string;
  specialRatePoolBroughtForward: string;
  assets: AssetRow[];
  disposals: DisposalRow[];
  tradeCeased: boolean;
  /** The AIA allocated to this company out of its group's or related companies' one allowance (CAA 2001 s51A–s51N); '' the whole. */
  aiaAllocated: string;
  /** Writing-down allowances claimed at less than the full amount (CAA 2001 s56(5)); '' the full amount. */
  mainPoolWdaClaimed: string;
  specialRatePoolWdaClaimed: string;
  shortLifeAssets: ShortLifeRow[];
  lossesBroughtForward: string;
  claimAgainstTotalProfits: boolean;
  previousPeriodTotalProfits: string;
  chargeableGains: string;
  qualifyingDonations: string;
  /** Box 620: exempt distributions received from companies outside a 51% group (CTA 2010 s18L). */
  exemptDistributions: string;
  /** The loss claims beyond box 160 and s37(3)(a); absent until one is answered. */
  lossClaims?: LossClaimsForm;
  /** Where the brought-forward figures came from, when they came from the client's previous return. */
  broughtForwardFrom?: { title: string; periodFrom: string; periodTo: string };
}

export const emptyComputation = (): ComputationForm => ({
  turnover: '',
  profitBeforeTax: '',
  depreciation: '',
  disallowable: [],
  nonTaxableIncome: [],
  interestReceived: '',
  propertyIncome: '',
  mainPoolBroughtForward: '',
  specialRatePoolBroughtForward: '',
  assets: [],
  disposals: [],
  tradeCeased: false,
  aiaAllocated: '',
  mainPoolWdaClaimed: '',
  specialRatePoolWdaClaimed: '',
  shortLifeAssets: [],
  lossesBroughtForward: '',
  claimAgainstTotalProfits: false,
  previousPeriodTotalProfits: '',
  chargeableGains: '',
  qualifyingDonations: '',
  exemptDistributions: '',
});

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const dateOf = (v: unknown): DateText => ({ day: str(obj(v).day), month: str(obj(v).month), year: str(obj(v).year) });
const rows = <T>(v: unknown, each: (o: Record<string, unknown>, i: number) => T): T[] => (Array.isArray(v) ? v.map((x, i) => each(obj(x), i)) : []);
const rowId = (o: Record<string, unknown>, i: number) => str(o.id) || `row-${i}`;

/** A stored computation, tolerant of anything missing (undefined when the draft has none). */
export function computationFromStored(stored: unknown): ComputationForm | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const o = obj(stored);
  const base = emptyComputation();
  for (const k of ['turnover', 'profitBeforeTax', 'depreciation', 'interestReceived', 'propertyIncome', 'mainPoolBroughtForward', 'specialRatePoolBroughtForward', 'lossesBroughtForward', 'previousPeriodTotalProfits', 'chargeableGains', 'qualifyingDonations', 'aiaAllocated', 'mainPoolWdaClaimed', 'specialRatePoolWdaClaimed', 'exemptDistributions'] as const) {
    base[k] = str(o[k]);
  }
  base.disallowable = rows(o.disallowable, (r, i) => ({ id: rowId(r, i), description: str(r.description), amount: str(r.amount) }));
  base.nonTaxableIncome = rows(o.nonTaxableIncome, (r, i) => ({ id: rowId(r, i), description: str(r.description), amount: str(r.amount) }));
  base.assets = rows(o.assets, (r, i) => ({
    id: rowId(r, i),
    description: str(r.description),
    date: dateOf(r.date),
    cost: str(r.cost),
    pool: r.pool === 'main' || r.pool === 'special' ? r.pool : '',
    newAndUnused: r.newAndUnused === 'yes' || r.newAndUnused === 'no' ? r.newAndUnused : '',
    isCar: r.isCar === true,
    co2: str(r.co2),
    claim: (['aia', 'fullExpensing', 'fya50', 'fya40', 'fya100', 'superDeduction', 'pool'] as const).find((c) => c === r.claim) ?? '',
    shortLife: r.shortLife === true,
    forLeasing: r.forLeasing === true,
  }));
  base.disposals = rows(o.disposals, (r, i) => ({
    id: rowId(r, i),
    description: str(r.description),
    date: dateOf(r.date),
    proceeds: str(r.proceeds),
    cost: str(r.cost),
    pool: r.pool === 'main' || r.pool === 'special' ? r.pool : '',
    fullExpensed: r.fullExpensed === true,
    superDeduction: r.superDeduction === true,
    addition: str(r.addition),
    shortLifeAsset: str(r.shortLifeAsset),
  }));
  base.shortLifeAssets = rows(o.shortLifeAssets, (r, i) => ({ id: rowId(r, i), description: str(r.description), broughtForward: str(r.broughtForward), incurredInPeriodEnding: dateOf(r.incurredInPeriodEnding), writingDownAllowanceClaimed: str(r.writingDownAllowanceClaimed) }));
  base.tradeCeased = o.tradeCeased === true;
  base.claimAgainstTotalProfits = o.claimAgainstTotalProfits === true;
  const claims = lossClaimsFromStored(o.lossClaims);
  if (claims) base.lossClaims = claims;
  const from = obj(o.broughtForwardFrom);
  if (str(from.title) && str(from.periodTo)) base.broughtForwardFrom = { title: str(from.title), periodFrom: str(from.periodFrom), periodTo: str(from.periodTo) };
  return base;
}

/** The element id of an engine field path ("capitalAllowances.additions[0].cost" → "computation-capitalAllowances-additions-0-cost"). */
export const elementIdOf = (path: string) => `computation-${path.replace(/[.[\]]+/g, '-').replace(/-$/, '')}`;

/** Whether the step has anything typed in it. */
export function computationStarted(c: ComputationForm | undefined): boolean {
  if (!c) return false;
  const e = emptyComputation();
  const untouched = (x: ComputationForm) => ({ ...x, broughtForwardFrom: undefined, lossClaims: lossClaimsUsed(x.lossClaims) ? x.lossClaims : undefined });
  return JSON.stringify(untouched(c)) !== JSON.stringify(untouched(e));
}

/** Where an error summary link goes: the field itself, or for an asset or disposal, its row's Change button. */
export function summaryTargetOf(path: string): string {
  const loans = loansSummaryTarget(path);
  if (loans !== undefined) return loans;
  const row = /^capitalAllowances\.(additions|disposals)\[(\d+)\]/.exec(path);
  if (row) return elementIdOf(`capitalAllowances.${row[1]}[${row[2]}].change`);
  return elementIdOf(path);
}

const FIELD_WORDS: Record<string, string> = {
  'profitAndLoss.turnover': 'Turnover',
  'profitAndLoss.profitBeforeTax': 'Profit or loss before tax',
  'profitAndLoss.depreciation': 'Depreciation and amortisation',
  'profitAndLoss.interestReceived': 'Interest received',
  'profitAndLoss.propertyIncome': 'UK property income',
  'capitalAllowances.mainPoolBroughtForward': 'Main pool brought forward',
  'capitalAllowances.specialRatePoolBroughtForward': 'Special rate pool brought forward',
  'losses.tradingBroughtForward': 'Trading losses brought forward',
  'losses.previousPeriodTotalProfits': 'Total profits of the previous 12 months',
  chargeableGains: 'Chargeable gains',
  qualifyingDonations: 'Qualifying donations',
  exemptDistributions: 'Exempt distributions received (box 620)',
  associatedCompanies: 'Associated companies at any time in the period (box 326)',
  'capitalAllowances.aiaAllocated': 'Annual investment allowance allocated to this company',
  'capitalAllowances.mainPoolWritingDownAllowanceClaimed': 'Main pool writing-down allowance claimed',
  'capitalAllowances.specialRatePoolWritingDownAllowanceClaimed': 'Special rate pool writing-down allowance claimed',
  'losses.claimAgainstTotalProfits': 'Claim against this period’s total profits (box 275)',
  ...LOSS_FIELD_WORDS,
  'company.name': 'Company name (Company and period step)',
  'company.utr': 'UTR (Company and period step)',
  'company.registrationNumber': 'Company registration number (Company and period step)',
  'period.from': 'Start of the period (Company and period step)',
  'period.to': 'End of the period (Company and period step)',
};

const SHORT_LIFE_WORDS: Record<string, string> = { description: 'what it is', broughtForward: 'written-down value brought forward', incurredInPeriodEnding: 'end of the period it was bought in', writingDownAllowanceClaimed: 'writing-down allowance claimed' };

/** "Short-life asset 1, written-down value brought forward" for capitalAllowances.shortLifeAssets[0].broughtForward. */
function shortLifeWords(path: string): string | undefined {
  const m = /^capitalAllowances\.shortLifeAssets\[(\d+)\]\.?(\w*)$/.exec(path);
  return m ? `Short-life asset ${Number(m[1]) + 1}${m[2] ? `, ${SHORT_LIFE_WORDS[m[2]] ?? m[2]}` : ''}` : undefined;
}

/** A field as the window names it, for lists of what is still needed. */
export function fieldWords(path: string): string {
  const loans = loansFieldWords(path);
  if (loans !== undefined) return loans;
  const earlier = earlierPeriodWords(path) ?? shortLifeWords(path);
  if (earlier) return earlier.charAt(0).toLowerCase() + earlier.slice(1);
  const row = /^capitalAllowances\.(additions|disposals)\[(\d+)\]\.?(.*)$/.exec(path);
  if (row) return `${row[1] === 'additions' ? 'asset' : 'disposal'} ${Number(row[2]) + 1}${row[3] ? ` (${row[3].replace('.', ' ')})` : ''}`;
  const words = FIELD_WORDS[path];
  return words ? words.charAt(0).toLowerCase() + words.slice(1) : path;
}

/** An engine message in the window's words: the field named as the step labels it. */
export function computationMessage(path: string, message: string): string {
  const loans = loansMessage(path, message);
  if (loans !== undefined) return loans;
  const earlier = earlierPeriodWords(path) ?? shortLifeWords(path);
  if (earlier) return `${earlier}: ${message}`;
  const row = /^capitalAllowances\.(additions|disposals)\[(\d+)\]\.?(.*)$/.exec(path);
  if (row) return `${row[1] === 'additions' ? 'Asset' : 'Disposal'} ${Number(row[2]) + 1}${row[3] ? `, ${row[3].replace('.', ' ')}` : ''}: ${message}`;
  const list = /^profitAndLoss\.(disallowable|nonTaxableIncome)\[(\d+)\]\.(\w+)$/.exec(path);
  if (list) return `${list[1] === 'disallowable' ? 'Disallowable item' : 'Non-taxable income'} ${Number(list[2]) + 1}, ${list[3]}: ${message}`;
  const words = FIELD_WORDS[path];
  return words ? `${words} ${message}` : `${path || 'The computation'} ${message}`;
}
