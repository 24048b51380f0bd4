/**
 * Between the whole return's form and the computation: the engine's input
 * made from the form (the Computation step's answers with the company and
 * period of the return), and the engine's result written into the Profits
 * and tax boxes it fills.
 */
import type { ComputationOutput } from '../../../../preload/contract.js';
import { machineAmount } from '../../format/index.js';
import { ct600RequestFieldsOf } from '../../../../main/engine/computation/ct600-request.js';
import { elementIdOf, emptyComputation } from './computation-form.js';
import { lossClaimsInput } from './computation/losses-form.js';
import { associatedCompaniesInput } from './computation/associated-input.js';
import { toLoansInput } from './loans/loans-form.js';
import { calendarDateOf, parseCount, parseDateText, parseMoney, type Ct600Form, type DateText } from './form.js';

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
  const countOf = (text: string, path: string): number | null => {
    const p = parseCount(text);
    if (!p.ok) {
      errors.set(path, 'Enter a whole number, for example 0 or 2');
      return null;
    }
    return p.value ?? null;
  };
  const from = calendarDateOf(form.dates.periodFrom);
  const to = calendarDateOf(form.dates.periodTo);
  const iso = (d: typeof from) => (d ? `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : null);
  const input: Record<string, unknown> = {
    company: { name: (v.companyName ?? '').trim() || null, utr: (v.utr ?? '').replace(/\s/g, '') || null, registrationNumber: (v.registrationNumber ?? '').trim() || null },
    period: { from: iso(from), to: iso(to) },
    associatedCompanies: associatedCompaniesInput(form),
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
          ...(a.shortLife ? { shortLife: true } : {}),
          ...(a.forLeasing ? { forLeasing: true } : {}),
        };
      }),
      disposals: c.disposals.map((d, i) => {
        const at = `capitalAllowances.disposals[${i}]`;
        return {
          description: d.description,
          date: date(d.date, `${at}.date`),
          proceeds: money(d.proceeds, `${at}.proceeds`),
          cost: money(d.cost, `${at}.cost`),
          pool: d.pool || null,
          fullExpensed: d.fullExpensed,
          ...(d.superDeduction ? { superDeduction: true } : {}),
          ...(d.addition !== '' ? { addition: Number(d.addition) } : {}),
          ...(d.shortLifeAsset !== '' ? { shortLifeAsset: Number(d.shortLifeAsset) } : {}),
        };
      }),
      tradeCeased: c.tradeCeased,
      ...(c.shortLifeAssets.length
        ? {
            shortLifeAssets: c.shortLifeAssets.map((p, i) => {
              const at = `capitalAllowances.shortLifeAssets[${i}]`;
              const claimed = money(p.writingDownAllowanceClaimed, `${at}.writingDownAllowanceClaimed`);
              return { description: p.description, broughtForward: money(p.broughtForward, `${at}.broughtForward`), incurredInPeriodEnding: date(p.incurredInPeriodEnding, `${at}.incurredInPeriodEnding`), ...(claimed !== null ? { writingDownAllowanceClaimed: claimed } : {}) };
            }),
          }
        : {}),
      aiaAllocated: money(c.aiaAllocated, 'capitalAllowances.aiaAllocated'),
      mainPoolWritingDownAllowanceClaimed: money(c.mainPoolWdaClaimed, 'capitalAllowances.mainPoolWritingDownAllowanceClaimed'),
      specialRatePoolWritingDownAllowanceClaimed: money(c.specialRatePoolWdaClaimed, 'capitalAllowances.specialRatePoolWritingDownAllowanceClaimed'),
    },
    losses: {
      tradingBroughtForward: money(c.lossesBroughtForward, 'losses.tradingBroughtForward'),
      claimAgainstTotalProfits: c.claimAgainstTotalProfits,
      previousPeriodTotalProfits: money(c.previousPeriodTotalProfits, 'losses.previousPeriodTotalProfits'),
      ...lossClaimsInput(c.lossClaims, { money, date, count: (text, path) => countOf(text, path) }),
    },
    chargeableGains: money(c.chargeableGains, 'chargeableGains'),
    qualifyingDonations: money(c.qualifyingDonations, 'qualifyingDonations'),
    exemptDistributions: money(c.exemptDistributions, 'exemptDistributions'),
  };
  const loans = toLoansInput(form.loans);
  if (loans.input) input.loansToParticipators = loans.input;
  for (const [path, message] of loans.errors) errors.set(path, message);
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
