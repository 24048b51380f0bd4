/**
 * The Computation step's answers as typed (so a reload shows what was on
 * screen), turned into the engine's computation input on demand, and the
 * engine's result written into the Profits and tax boxes it fills. The
 * rules are the engine's: the step shows the field errors it names.
 */
import type { Claim, ComputationOutput } from '../../../../preload/contract.js';
import { machineAmount } from '../../format/index.js';
import { ct600RequestFieldsOf } from '../../../../main/engine/computation/ct600-request.js';
import { calendarDateOf, parseCount, parseDateText, parseMoney, straddles, type Ct600Form, type DateText } from './form.js';

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
}

export interface DisposalRow {
  id: string;
  description: string;
  date: DateText;
  proceeds: string;
  cost: string;
  pool: 'main' | 'special' | '';
  fullExpensed: boolean;
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
  lossesBroughtForward: string;
  claimAgainstTotalProfits: boolean;
  previousPeriodTotalProfits: string;
  chargeableGains: string;
  qualifyingDonations: string;
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
  lossesBroughtForward: '',
  claimAgainstTotalProfits: false,
  previousPeriodTotalProfits: '',
  chargeableGains: '',
  qualifyingDonations: '',
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
  for (const k of ['turnover', 'profitBeforeTax', 'depreciation', 'interestReceived', 'propertyIncome', 'mainPoolBroughtForward', 'specialRatePoolBroughtForward', 'lossesBroughtForward', 'previousPeriodTotalProfits', 'chargeableGains', 'qualifyingDonations'] as const) {
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
    claim: (['aia', 'fullExpensing', 'fya50', 'fya40', 'fya100', 'pool'] as const).find((c) => c === r.claim) ?? '',
  }));
  base.disposals = rows(o.disposals, (r, i) => ({
    id: rowId(r, i),
    description: str(r.description),
    date: dateOf(r.date),
    proceeds: str(r.proceeds),
    cost: str(r.cost),
    pool: r.pool === 'main' || r.pool === 'special' ? r.pool : '',
    fullExpensed: r.fullExpensed === true,
  }));
  base.tradeCeased = o.tradeCeased === true;
  base.claimAgainstTotalProfits = o.claimAgainstTotalProfits === true;
  const from = obj(o.broughtForwardFrom);
  if (str(from.title) && str(from.periodTo)) base.broughtForwardFrom = { title: str(from.title), periodFrom: str(from.periodFrom), periodTo: str(from.periodTo) };
  return base;
}

/** The element id of an engine field path ("capitalAllowances.additions[0].cost" → "computation-capitalAllowances-additions-0-cost"). */
export const elementIdOf = (path: string) => `computation-${path.replace(/[.[\]]+/g, '-').replace(/-$/, '')}`;

/** The engine's computation input for the form, and the text that is no figure or date (by engine field path). */
export function toComputationInput(form: Ct600Form): { input: Record<string, unknown>; conversionErrors: Map<string, string> } {
  const c = form.computation ?? emptyComputation();
  const v = form.values;
  const errors = new Map<string, string>();
  const money = (text: string, path: string): number | null => {
    const p = parseMoney(text);
    if (!p.ok) {
      errors.set(path, p.message);
      return null;
    }
    return p.value ?? null;
  };
  const date = (d: DateText, path: string): string | null => {
    const p = parseDateText(d);
    if (!p.ok) {
      errors.set(path, p.message);
      return null;
    }
    return p.value ?? null;
  };
  const count = (text: string | undefined) => {
    const p = parseCount(text ?? '');
    return p.ok && p.value !== undefined ? p.value : 0;
  };
  const from = calendarDateOf(form.dates.periodFrom);
  const to = calendarDateOf(form.dates.periodTo);
  const iso = (d: typeof from) => (d ? `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : null);
  const input: Record<string, unknown> = {
    company: { name: (v.companyName ?? '').trim() || null, utr: (v.utr ?? '').replace(/\s/g, '') || null, registrationNumber: (v.registrationNumber ?? '').trim() || null },
    period: { from: iso(from), to: iso(to) },
    associatedCompanies: straddles(form) ? { firstYear: count(v.associatedFirstYear), secondYear: count(v.associatedSecondYear) } : count(v.associatedCompanies),
    profitAndLoss: {
      turnover: money(c.turnover, 'profitAndLoss.turnover'),
      profitBeforeTax: money(c.profitBeforeTax, 'profitAndLoss.profitBeforeTax'),
      depreciation: money(c.depreciation, 'profitAndLoss.depreciation'),
      disallowable: c.disallowable.map((r, i) => ({ description: r.description, amount: money(r.amount, `profitAndLoss.disallowable[${i}].amount`) })),
      nonTaxableIncome: c.nonTaxableIncome.map((r, i) => ({ description: r.description, amount: money(r.amount, `profitAndLoss.nonTaxableIncome[${i}].amount`) })),
      interestReceived: money(c.interestReceived, 'profitAndLoss.interestReceived'),
      propertyIncome: money(c.propertyIncome, 'profitAndLoss.propertyIncome'),
    },
    capitalAllowances: {
      mainPoolBroughtForward: money(c.mainPoolBroughtForward, 'capitalAllowances.mainPoolBroughtForward'),
      specialRatePoolBroughtForward: money(c.specialRatePoolBroughtForward, 'capitalAllowances.specialRatePoolBroughtForward'),
      additions: c.assets.map((a, i) => {
        const at = `capitalAllowances.additions[${i}]`;
        let co2: number | null = null;
        if (a.isCar) {
          const p = parseCount(a.co2);
          if (!p.ok || p.value === undefined) errors.set(`${at}.car.co2`, "Enter the car's CO2 emissions in g/km, a whole number (0 for an electric car)");
          else co2 = p.value;
        }
        return {
          description: a.description,
          date: date(a.date, `${at}.date`),
          cost: money(a.cost, `${at}.cost`),
          pool: a.pool || null,
          newAndUnused: a.newAndUnused === '' ? null : a.newAndUnused === 'yes',
          car: a.isCar ? { co2 } : null,
          claim: a.claim || null,
        };
      }),
      disposals: c.disposals.map((d, i) => {
        const at = `capitalAllowances.disposals[${i}]`;
        return { description: d.description, date: date(d.date, `${at}.date`), proceeds: money(d.proceeds, `${at}.proceeds`), cost: money(d.cost, `${at}.cost`), pool: d.pool || null, fullExpensed: d.fullExpensed };
      }),
      tradeCeased: c.tradeCeased,
    },
    losses: { tradingBroughtForward: money(c.lossesBroughtForward, 'losses.tradingBroughtForward'), claimAgainstTotalProfits: c.claimAgainstTotalProfits, previousPeriodTotalProfits: money(c.previousPeriodTotalProfits, 'losses.previousPeriodTotalProfits') },
    chargeableGains: money(c.chargeableGains, 'chargeableGains'),
    qualifyingDonations: money(c.qualifyingDonations, 'qualifyingDonations'),
  };
  return { input, conversionErrors: errors };
}

/** Box → the Profits and tax field the computation fills. */
export const COMPUTED_FIELDS: Record<string, string> = {
  '145': 'turnover',
  '155': 'tradingProfits',
  '160': 'lossesBroughtForward',
  '235': 'profitsBeforeOtherDeductions',
  '300': 'profitsBeforeDonationsAndGroupRelief',
  '315': 'chargeableProfits',
  '335': 'fy1Profit',
  '340': 'fy1Rate',
  '385': 'fy2Profit',
  '390': 'fy2Rate',
  '435': 'marginalRelief',
  '525': 'taxPayable',
  '329': 'smallProfitsClaim',
};

const textOf = (box: string, value: number | boolean | undefined): string => {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : '';
  if (box === '340' || box === '390') return String(value);
  return machineAmount(Math.round(value * 100)).replace(/\.00$/, '');
};

/**
 * The computed boxes written into Profits and tax. A box keeps a figure the
 * user typed over the computed one (it is no longer marked as computed);
 * every other box the computation fills takes the computed figure.
 */
export function applyComputed(form: Ct600Form, out: ComputationOutput): Ct600Form {
  const values = { ...form.values };
  const fromComputation = { ...(form.fromComputation ?? {}) };
  let changed = false;
  for (const [box, field] of Object.entries(COMPUTED_FIELDS)) {
    const current = values[field] ?? '';
    // The computation's own figure, or an empty box: a figure the user typed stays.
    const mine = fromComputation[field] === true || current.trim() === '';
    if (!mine) continue;
    const next = textOf(box, out.boxes[box]);
    if (current !== next) {
      values[field] = next;
      changed = true;
    }
    if (!fromComputation[field]) {
      fromComputation[field] = true;
      changed = true;
    }
  }
  const extras = ct600RequestFieldsOf(out);
  if (JSON.stringify(extras) !== JSON.stringify(form.computedRequestFields ?? {})) changed = true;
  return changed ? { ...form, values, fromComputation, computedRequestFields: extras } : form;
}

/** Whether the step has anything typed in it. */
export function computationStarted(c: ComputationForm | undefined): boolean {
  if (!c) return false;
  const e = emptyComputation();
  return JSON.stringify({ ...c, broughtForwardFrom: undefined }) !== JSON.stringify({ ...e, broughtForwardFrom: undefined });
}

/** Where an error summary link goes: the field itself, or for an asset or disposal, its row's Change button. */
export function summaryTargetOf(path: string): string {
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
  'company.name': 'Company name (Company and period step)',
  'company.utr': 'UTR (Company and period step)',
  'company.registrationNumber': 'Company registration number (Company and period step)',
  'period.from': 'Start of the period (Company and period step)',
  'period.to': 'End of the period (Company and period step)',
};

/** A field as the window names it, for lists of what is still needed. */
export function fieldWords(path: string): string {
  const row = /^capitalAllowances\.(additions|disposals)\[(\d+)\]\.?(.*)$/.exec(path);
  if (row) return `${row[1] === 'additions' ? 'asset' : 'disposal'} ${Number(row[2]) + 1}${row[3] ? ` (${row[3].replace('.', ' ')})` : ''}`;
  const words = FIELD_WORDS[path];
  return words ? words.charAt(0).toLowerCase() + words.slice(1) : path;
}

/** An engine message in the window's words: the field named as the step labels it. */
export function computationMessage(path: string, message: string): string {
  const row = /^capitalAllowances\.(additions|disposals)\[(\d+)\]\.?(.*)$/.exec(path);
  if (row) return `${row[1] === 'additions' ? 'Asset' : 'Disposal'} ${Number(row[2]) + 1}${row[3] ? `, ${row[3].replace('.', ' ')}` : ''}: ${message}`;
  const list = /^profitAndLoss\.(disallowable|nonTaxableIncome)\[(\d+)\]\.(\w+)$/.exec(path);
  if (list) return `${list[1] === 'disallowable' ? 'Disallowable item' : 'Non-taxable income'} ${Number(list[2]) + 1}, ${list[3]}: ${message}`;
  const words = FIELD_WORDS[path];
  return words ? `${words} ${message}` : `${path || 'The computation'} ${message}`;
}
