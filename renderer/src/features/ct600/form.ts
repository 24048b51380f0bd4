/**
 * The wizard's form: text exactly as typed (so a reload gives back what was on
 * screen), what each answer's text means (money, counts, rates, dates), the
 * figures worked out from it, and which fields a form shows. Turning it into
 * a build-ct600 request and checking that with the engine's own schema is
 * form-request.ts.
 */
import { taxOnProfit, type Pence } from '../../../../main/engine/ct600/money.js';
import { formatDate, latestPeriodEnd, parseRequestDate, type CalendarDate } from '../../../../main/engine/ct600/period.js';
import { formatMoney, machineAmount, ukCalendarDate, type MoneyKind } from '../../format/index.js';
import { FIELDS, type FieldDef } from '../../../../common/ct600/fields.js';
import { limitsChangeWithin } from '../../../../main/engine/computation/associated-companies.js';
import { computationFromStored, type ComputationForm } from './computation-form.js';
import { loansFromStored, s455OnReturn, type LoansForm } from './loans/loans-form.js';

export type { DateText } from './date-text.js';
import type { DateText } from './date-text.js';

export interface Ct600Form {
  /** Text fields, figures, rates and choices, as typed or chosen. */
  values: Record<string, string>;
  dates: { periodFrom: DateText; periodTo: DateText };
  accepted: boolean;
  /** Derived boxes the user chose to enter a figure for instead of the computed one. */
  overrides: Record<string, boolean>;
  /**
   * Which boxes are typed: 2 since the Profits step follows HMRC's form (155
   * and 160 typed, 165 computed). Drafts saved before carry none and are moved
   * over when they are read.
   */
  layout: typeof FORM_LAYOUT;
  /** The Computation step's answers as typed; absent until the step is used. */
  computation?: ComputationForm;
  /** Loans to participators (the CT600A) as typed in the Computation step; absent until an account is added. */
  loans?: LoansForm;
  /** Profits and tax fields whose figure is the computation's (a figure typed over one drops its mark). */
  fromComputation?: Record<string, true>;
  /** The last computation input the engine accepted, in its machine form: the next period's return brings its figures forward from it. */
  computationInput?: Record<string, unknown>;
  /** The computation's boxes Profits and tax does not show (170, 190, 210–305, 690–780), as request fields for the return. */
  computedRequestFields?: Record<string, unknown>;
  /**
   * The computation Filing Desk wrote and attached as the computations, with
   * the input it was written from; or, once the user removed it, that they
   * did: their own file then stands and none is attached again until they ask.
   */
  generatedComputation?: GeneratedComputation;
  /** The starting figures offered from the attached accounts, as put into the Computation step, with where each came from. */
  accountsFigures?: OfferedAccountsFigures;
}

export type GeneratedComputation = { attachmentId: string; inputKey: string } | { removed: true };

export type StartingFigure = 'turnover' | 'profitBeforeTax' | 'depreciation';

export interface OfferedAccountsFigures {
  /** The accounts file they were read from. */
  sha256: string;
  fileName: string;
  /** Each figure as put into the step, and where it came from; a figure typed over no longer matches its text. */
  offered: Partial<Record<StartingFigure, { text: string; source: string }>>;
}

export const FORM_LAYOUT = 2;

export const DEFAULT_VALUES: Record<string, string> = {
  returnType: 'new',
  sender: 'Agent',
  companyType: '0',
  accountsChoice: 'ThisPeriodAccounts',
  computationsChoice: 'ThisPeriodComputations',
  associatedCompanies: '0',
  associatedFirstYear: '0',
  associatedSecondYear: '0',
};

const emptyDate = (): DateText => ({ day: '', month: '', year: '' });

export function emptyForm(): Ct600Form {
  return { values: { ...DEFAULT_VALUES }, dates: { periodFrom: emptyDate(), periodTo: emptyDate() }, accepted: false, overrides: {}, layout: FORM_LAYOUT };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const dateOf = (v: unknown): DateText => {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return { day: str(o.day), month: str(o.month), year: str(o.year) };
};

/** A stored draft form, tolerant of anything missing (a new draft's form is {}). */
export function formFromDraft(stored: Record<string, unknown>): Ct600Form {
  const values = { ...DEFAULT_VALUES };
  const storedValues = (stored.values && typeof stored.values === 'object' ? stored.values : {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(storedValues)) if (typeof v === 'string') values[k] = v;
  const dates = (stored.dates && typeof stored.dates === 'object' ? stored.dates : {}) as Record<string, unknown>;
  const overrides: Record<string, boolean> = {};
  const storedOverrides = (stored.overrides && typeof stored.overrides === 'object' ? stored.overrides : {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(storedOverrides)) if (v === true) overrides[k] = true;
  const form: Ct600Form = { values, dates: { periodFrom: dateOf(dates.periodFrom), periodTo: dateOf(dates.periodTo) }, accepted: stored.accepted === true, overrides, layout: FORM_LAYOUT };
  const computation = computationFromStored(stored.computation);
  if (computation) form.computation = computation;
  const loans = loansFromStored(stored.loans);
  if (loans) form.loans = loans;
  const marks = (stored.fromComputation && typeof stored.fromComputation === 'object' ? stored.fromComputation : {}) as Record<string, unknown>;
  const fromComputation = Object.fromEntries(Object.entries(marks).filter(([, v]) => v === true)) as Record<string, true>;
  if (Object.keys(fromComputation).length) form.fromComputation = fromComputation;
  if (stored.computationInput && typeof stored.computationInput === 'object' && !Array.isArray(stored.computationInput)) form.computationInput = stored.computationInput as Record<string, unknown>;
  if (stored.computedRequestFields && typeof stored.computedRequestFields === 'object' && !Array.isArray(stored.computedRequestFields)) form.computedRequestFields = stored.computedRequestFields as Record<string, unknown>;
  const generated = stored.generatedComputation as Record<string, unknown> | undefined;
  if (generated && typeof generated === 'object') {
    if (generated.removed === true) form.generatedComputation = { removed: true };
    else if (typeof generated.attachmentId === 'string' && typeof generated.inputKey === 'string') form.generatedComputation = { attachmentId: generated.attachmentId, inputKey: generated.inputKey };
  }
  const figures = stored.accountsFigures as Record<string, unknown> | undefined;
  if (figures && typeof figures === 'object' && typeof figures.sha256 === 'string' && typeof figures.fileName === 'string' && figures.offered && typeof figures.offered === 'object') {
    const offered: OfferedAccountsFigures['offered'] = {};
    for (const [k, v] of Object.entries(figures.offered as Record<string, unknown>)) {
      const o = v as Record<string, unknown> | null;
      if ((k === 'turnover' || k === 'profitBeforeTax' || k === 'depreciation') && o && typeof o.text === 'string' && typeof o.source === 'string') offered[k] = { text: o.text, source: o.source };
    }
    form.accountsFigures = { sha256: figures.sha256, fileName: figures.fileName, offered };
  }
  return stored.layout === FORM_LAYOUT ? form : fromFirstLayout(form);
}

/** The machine form the money inputs keep ("45000"; pence only when there are some). */
const poundsText = (pence: Pence) => machineAmount(pence).replace(/\.00$/, '');

/**
 * A draft of the first layout typed box 165 and computed 155 (= 165 + 160,
 * unless a different figure was entered). The same figures move to box 155
 * typed and 165 computed, so the return built from them is the same; a 165
 * that does not follow from 155 − 160 is kept as an entered figure.
 */
function fromFirstLayout(form: Ct600Form): Ct600Form {
  const values = { ...form.values };
  const overrides = { ...form.overrides };
  const netText = values.netProfits ?? '';
  const net = penceOfText(netText);
  const losses = penceOfText(values.lossesBroughtForward) ?? 0;
  delete values.netProfits;
  if (overrides.tradingProfits) {
    delete overrides.tradingProfits;
    const trading = penceOfText(values.tradingProfits);
    if (netText.trim() !== '' && (net === undefined || trading === undefined || trading - losses !== net)) {
      values.netProfits = netText;
      overrides.netProfits = true;
    }
  } else if (net !== undefined) {
    values.tradingProfits = losses === 0 ? netText : poundsText(net + losses);
  } else if (netText.trim() !== '') {
    // Text that is no figure stays on screen, beside the box it was typed in.
    values.netProfits = netText;
    overrides.netProfits = true;
    delete values.tradingProfits;
  } else delete values.tradingProfits;
  return { ...form, values, overrides };
}

export function isEmptyForm(stored: Record<string, unknown>): boolean {
  return Object.keys(stored).length === 0;
}

// ---------------------------------------------------------------------------
// Text → values

export { parseCount, parseDateText, parseMoney, parseRate, type Parsed } from './typed-answers.js';
import { parseDateText, parseMoney, parseRate } from './typed-answers.js';

export function calendarDateOf(d: DateText): CalendarDate | undefined {
  const p = parseDateText(d);
  if (!p.ok || !p.value) return undefined;
  const parsed = parseRequestDate(p.value);
  return parsed.ok ? parsed.date : undefined;
}

const financialYearOf = ({ year, month }: CalendarDate) => (month >= 4 ? year : year - 1);

/** The period's financial years: two when it straddles 1 April. */
export function periodYears(form: Ct600Form): { first?: number; second?: number } {
  const from = calendarDateOf(form.dates.periodFrom);
  const to = calendarDateOf(form.dates.periodTo);
  if (!from) return {};
  const first = financialYearOf(from);
  if (!to) return { first };
  const last = financialYearOf(to);
  return last > first ? { first, second: first + 1 } : { first };
}

export const straddles = (form: Ct600Form) => periodYears(form).second !== undefined;

/**
 * Whether the return states each financial year's associated companies
 * (boxes 327 and 328) instead of one count (box 326): only for a period
 * straddling a change in the small profits limits, as on 1 April 2023, when
 * each part is a period of its own (CTM03955; HMRC's Company Tax Return
 * guide, boxes 326–328). Across any other 1 April a company associated at any
 * time in the period counts for the whole of it (CTA 2010 s18E(2); CTM03956).
 * The engine's rule, shared with the computation.
 */
export function associatedByYear(form: Ct600Form): boolean {
  if (!straddles(form)) return false;
  const { from, to } = periodIsoDates(form);
  return !!from && !!to && limitsChangeWithin(from, to) !== undefined;
}

/** HMRC takes boxes 326–329 only for a period ending on or after 1 April 2023 (rule 9389). */
export const SMALL_PROFITS_PERIOD_END_FROM = '2023-04-01';

/** Whether the return asks about associated companies and the small profits claim (boxes 326–329). */
export function asksSmallProfits(form: Ct600Form): boolean {
  const to = calendarDateOf(form.dates.periodTo);
  return !!to && !!calendarDateOf(form.dates.periodFrom) && formatDate(to) >= SMALL_PROFITS_PERIOD_END_FROM;
}

/** Whether box 329 is ticked. */
export const claimsSmallProfitsRate = (form: Ct600Form) => form.values.smallProfitsClaim === 'yes';

// ---------------------------------------------------------------------------
// Derived boxes

const penceOfText = (text: string | undefined): Pence | undefined => {
  const p = parseMoney(text ?? '');
  return p.ok && p.value !== undefined && Number.isFinite(p.value) ? Math.round(p.value * 100) : undefined;
};
const rateHundredths = (text: string | undefined): number | undefined => {
  const p = parseRate(text ?? '');
  return p.ok && p.value !== undefined ? Math.round(p.value * 100) : undefined;
};

export interface Derived {
  /** Computed figures in pence (or the year for 330/380), undefined when the inputs are not there yet. */
  computed: Record<string, number | undefined>;
  /** The formula in words, for the field's hint. */
  formula: Record<string, string>;
}

export const DERIVED_FORMULAS: Record<string, string> = {
  netProfits: 'box 155 − box 160',
  financialYear: 'the financial year box 30 falls in',
  fy1Tax: 'box 335 × box 340 ÷ 100',
  fy2Year: 'the financial year after box 330',
  fy2Tax: 'box 385 × box 390 ÷ 100',
  corporationTax: 'box 345 + box 395',
  netCorporationTaxChargeable: 'box 430 − box 435',
  totalReliefsAndDeductions: 'box 445 + box 450 + box 465',
  netCorporationTaxLiability: 'box 440 − box 470',
  taxChargeable: 'box 475, plus box 480 (the s455 tax on loans to participators) when the computation has any',
};

/** Each figure as the return will carry it: typed, or computed for a derived box not overridden. */
export function effectiveFigures(form: Ct600Form): { pence: Record<string, number | undefined>; computed: Record<string, number | undefined> } {
  const v = form.values;
  const pence: Record<string, number | undefined> = {};
  const computed: Record<string, number | undefined> = {};
  const typed = (id: string) => penceOfText(v[id]);
  const settle = (id: string, value: number | undefined) => {
    computed[id] = value;
    pence[id] = form.overrides[id] ? typed(id) : value;
  };
  for (const f of FIELDS) if (f.kind === 'money' && !f.derived) pence[f.id] = typed(f.id);

  const trading = pence.tradingProfits;
  settle('netProfits', trading === undefined ? undefined : trading - (pence.lossesBroughtForward ?? 0));
  const years = periodYears(form);
  computed.financialYear = years.first;
  pence.financialYear = form.overrides.financialYear ? Number(v.financialYear) || undefined : years.first;
  const rate1 = rateHundredths(v.fy1Rate);
  settle('fy1Tax', pence.fy1Profit !== undefined && rate1 !== undefined && pence.fy1Profit >= 0 ? taxOnProfit(pence.fy1Profit, rate1) : undefined);
  if (years.second !== undefined) {
    computed.fy2Year = years.second;
    pence.fy2Year = form.overrides.fy2Year ? Number(v.fy2Year) || undefined : years.second;
    const rate2 = rateHundredths(v.fy2Rate);
    settle('fy2Tax', pence.fy2Profit !== undefined && rate2 !== undefined && pence.fy2Profit >= 0 ? taxOnProfit(pence.fy2Profit, rate2) : undefined);
  } else {
    settle('fy2Tax', undefined);
  }
  settle('corporationTax', pence.fy1Tax === undefined && pence.fy2Tax === undefined ? undefined : (pence.fy1Tax ?? 0) + (years.second !== undefined ? (pence.fy2Tax ?? 0) : 0));
  settle('netCorporationTaxChargeable', pence.corporationTax === undefined ? undefined : pence.corporationTax - (pence.marginalRelief ?? 0));
  const reliefs = ['communityInvestmentRelief', 'doubleTaxationRelief', 'advancedCorporationTax'].map((id) => pence[id]);
  settle('totalReliefsAndDeductions', reliefs.every((r) => r === undefined) ? undefined : reliefs.reduce<number>((a, r) => a + (r ?? 0), 0));
  settle('netCorporationTaxLiability', pence.netCorporationTaxChargeable === undefined ? undefined : pence.netCorporationTaxChargeable - (pence.totalReliefsAndDeductions ?? 0));
  // The computation's s455 tax (box 480, carried with its CT600A) is part of the tax chargeable (HMRC rule 9339).
  const s455 = s455OnReturn(form);
  settle('taxChargeable', pence.netCorporationTaxLiability === undefined ? undefined : pence.netCorporationTaxLiability + s455);
  return { pence, computed };
}

// ---------------------------------------------------------------------------
// Form → request, and the schema's verdict per field

export function isVisible(form: Ct600Form, f: FieldDef): boolean {
  if (f.secondYear) return straddles(form);
  if (f.smallProfits) {
    if (!asksSmallProfits(form)) return false;
    if (f.smallProfits === 'period') return !associatedByYear(form);
    if (f.smallProfits === 'byYear') return associatedByYear(form);
    return true;
  }
  if (f.id === 'noAccountsReason') return form.values.accountsChoice === 'NoAccountsReason';
  if (f.id === 'noComputationsReason') return form.values.computationsChoice === 'NoComputationsReason';
  return true;
}

// ---------------------------------------------------------------------------
// Period explanations

export function periodNotes(form: Ct600Form): string[] {
  const notes: string[] = [];
  const from = calendarDateOf(form.dates.periodFrom);
  const to = calendarDateOf(form.dates.periodTo);
  if (from && (from.year < 2015 || (from.year === 2015 && from.month < 4))) {
    notes.push('This return (CT600 2015 version) covers periods starting on or after 1 April 2015. An earlier period needs the older form.');
  }
  if (from && to) {
    const latest = latestPeriodEnd(from);
    if (formatDate(to) > formatDate(latest)) {
      notes.push(`A return covers at most 12 months. A period starting ${ukDate(from)} must end by ${ukDate(latest)}; a longer accounting period needs two returns.`);
    }
    const { first, second } = periodYears(form);
    if (second !== undefined && first !== undefined) {
      notes.push(`This period straddles 1 April ${second}: it falls in financial years ${first} and ${second}. The Profits and tax step asks for each year's profit and rate (boxes 330–345 and 380–395).`);
    }
  }
  return notes;
}

export const ukDate = (d: CalendarDate) => ukCalendarDate(d);

export function dateTextOf(iso: string): DateText {
  const [y = '', m = '', d = ''] = iso.split('-');
  return { day: String(Number(d)), month: String(Number(m)), year: y };
}

/** Pence as the window shows money: "£7,600.00", or "£250,000" for a whole-pound figure. */
export const formatPounds = (pence: number, kind: MoneyKind = 'pence') => formatMoney(pence, kind);

/** Boxes 30 and 35 as ISO dates when each is a real date (for the drafts list and the client book). */
export function periodIsoDates(form: Ct600Form): { from: string | null; to: string | null } {
  const from = calendarDateOf(form.dates.periodFrom);
  const to = calendarDateOf(form.dates.periodTo);
  return { from: from ? formatDate(from) : null, to: to ? formatDate(to) : null };
}

/** What the drafts list shows for this return. */
export function describeForm(form: Ct600Form): { title: string; periodFrom: string | null; periodTo: string | null } {
  const name = (form.values.companyName ?? '').trim();
  const { from, to } = periodIsoDates(form);
  return { title: name || 'New return', periodFrom: from, periodTo: to };
}
