/**
 * From a parsed request to the return as HMRC's schema sees it: box values
 * in pence, derived boxes (155, 330, 345, 395, 430, 475) computed when absent
 * and checked when given, period rules applied. Business rules HMRC would
 * reject a return for (tax rates, reasons vs attachments …) are not checked
 * here: local validation jobs report them, so a preparer can still build a
 * draft document and see every problem at once.
 */
import type { FieldError } from '../errors.js';
import type {
  AccountsItem,
  AttachmentItem,
  ComputationsItem,
  NoAccountsReason,
  NoComputationsReason,
  ReturnType,
  Sender,
} from './codes.js';
import { formatPence, taxOnProfit, type Pence } from './money.js';
import {
  EARLIEST_PERIOD_START,
  compareDates,
  financialYearOf,
  formatDate,
  latestPeriodEnd,
  type CalendarDate,
} from './period.js';
import type { Amount, Ct600Request } from './request-schema.js';

export interface FinancialYearDetails {
  /** Box 330 / 380. */
  year: number;
  /** Box 335 / 385 (whole pounds). */
  profit: Pence;
  /** Box 340 / 390, in hundredths of a percent (19.00% → 1900). */
  taxRateHundredths: number;
  /** Box 345 / 395. */
  tax: Pence;
}

export interface AttachedDocument {
  filename: string;
  /** Base64 without line breaks, exactly as it goes into EncodedInlineXBRLDocument. */
  base64: string;
}

export interface Ct600Return {
  returnType: ReturnType;
  sender: Sender;
  utr: string;
  companyName: string;
  registrationNumber?: string;
  companyType: number;
  periodFrom: CalendarDate;
  periodTo: CalendarDate;
  accounts: { item: AccountsItem; reason?: NoAccountsReason };
  computations: { item: ComputationsItem; reason?: NoComputationsReason };
  turnoverTotal?: Pence; // 145
  trading?: { profits?: Pence; lossesBroughtForward?: Pence; netProfits?: Pence }; // 155, 160, 165
  profitsBeforeOtherDeductions?: Pence; // 235
  profitsBeforeDonationsAndGroupRelief?: Pence; // 300
  chargeableProfits: Pence; // 315
  financialYearOne?: FinancialYearDetails;
  financialYearTwo?: FinancialYearDetails;
  corporationTax?: Pence; // 430
  marginalReliefForRingFenceTrades?: Pence; // 435
  netCorporationTaxChargeable: Pence; // 440
  totalReliefsAndDeductions?: Pence; // 470
  netCorporationTaxLiability: Pence; // 475
  taxChargeable?: Pence; // 510
  taxPayable: Pence; // 525
  declaration: { name: string; status: string };
  attachments: Record<AttachmentItem, AttachedDocument[]>;
}

export type ReturnModelResult = { ok: true; ret: Ct600Return } | { ok: false; errors: FieldError[] };

const money = (p: Pence) => formatPence(p);
const pence = (a: Amount | null | undefined): Pence | undefined => (a == null ? undefined : a.pence);

export function toReturnModel(r: Ct600Request): ReturnModelResult {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, message });

  const from = r.periodCovered.from;
  const to = r.periodCovered.to;
  if (compareDates(from, EARLIEST_PERIOD_START) < 0) {
    fail('periodCovered.from', `must be on or after 2015-04-01 (box 30): this return covers periods starting from then; got ${formatDate(from)}`);
  }
  if (compareDates(to, from) < 0) {
    fail('periodCovered.to', `must not be before periodCovered.from (box 35 ≥ box 30); got ${formatDate(to)} < ${formatDate(from)}`);
  } else if (compareDates(to, latestPeriodEnd(from)) > 0) {
    fail(
      'periodCovered.to',
      `makes the period longer than 12 months: a period starting ${formatDate(from)} must end by ${formatDate(latestPeriodEnd(from))} (box 35)`,
    );
  }

  // Box 155 = 165 + 160.
  const lossesBroughtForward = pence(r.lossesBroughtForward);
  const netProfits = pence(r.netProfits);
  let tradingProfits = pence(r.tradingProfits);
  if (netProfits !== undefined) {
    const derived = netProfits + (lossesBroughtForward ?? 0);
    if (tradingProfits === undefined) tradingProfits = derived;
    else if (tradingProfits !== derived) {
      fail('tradingProfits', `box 155 must equal box 165 + box 160 (${money(derived)}); got ${money(tradingProfits)}`);
    }
  }
  const trading =
    tradingProfits === undefined && lossesBroughtForward === undefined && netProfits === undefined
      ? undefined
      : { profits: tradingProfits, lossesBroughtForward, netProfits };

  // Boxes 330–345: the financial year of box 30, and its tax line.
  const firstYear = financialYearOf(from);
  let financialYearOne: FinancialYearDetails | undefined;
  const fy1Given = r.financialYearProfit != null || r.financialYearTaxRate != null || r.financialYearTax != null;
  if (fy1Given) {
    if (r.financialYearProfit == null) fail('financialYearProfit', 'is required when box 340 or 345 is given (box 335, profit of the first financial year)');
    if (r.financialYearTaxRate == null) fail('financialYearTaxRate', 'is required when box 335 or 345 is given (box 340, tax rate)');
    if (r.financialYearProfit != null && r.financialYearTaxRate != null) {
      const profit = r.financialYearProfit.pence;
      const rate = r.financialYearTaxRate;
      financialYearOne = { year: firstYear, profit, taxRateHundredths: rate, tax: pence(r.financialYearTax) ?? taxOnProfit(profit, rate) };
    }
  }
  if (r.financialYear != null && r.financialYear !== firstYear) {
    fail('financialYear', `box 330 must be the financial year in which the period starts (${firstYear}, for box 30 ${formatDate(from)}); got ${r.financialYear}`);
  }

  // Boxes 380–395: a period that straddles 1 April spans two financial years.
  let financialYearTwo: FinancialYearDetails | undefined;
  if (r.financialYearTwo != null) {
    const straddles = financialYearOf(to) > firstYear;
    if (!straddles) {
      fail('financialYearTwo', `is only for a period that straddles 1 April; ${formatDate(from)} to ${formatDate(to)} lies within financial year ${firstYear}`);
    } else if (!fy1Given) {
      fail('financialYearTwo', 'needs the first financial year (boxes 335 and 340) as well');
    }
    const fy2 = r.financialYearTwo;
    if (fy2.year !== undefined && fy2.year !== firstYear + 1) {
      fail('financialYearTwo.year', `box 380 must be ${firstYear + 1}, the year after box 330; got ${fy2.year}`);
    }
    financialYearTwo = {
      year: firstYear + 1,
      profit: fy2.profit.pence,
      taxRateHundredths: fy2.taxRate,
      tax: pence(fy2.tax) ?? taxOnProfit(fy2.profit.pence, fy2.taxRate),
    };
  }

  // Box 430 = Σ345 + Σ395.
  const derivedCorporationTax = (financialYearOne?.tax ?? 0) + (financialYearTwo?.tax ?? 0);
  let corporationTax = pence(r.corporationTax);
  if (corporationTax !== undefined && corporationTax !== derivedCorporationTax) {
    fail('corporationTax', `box 430 must equal the tax of the financial years (boxes 345 + 395 = ${money(derivedCorporationTax)}); got ${money(corporationTax)}`);
  }
  if (corporationTax === undefined && financialYearOne) corporationTax = derivedCorporationTax;

  // Box 475 = 440 − 470.
  const net = r.netCorporationTaxChargeable.pence;
  const reliefs = pence(r.totalReliefsAndDeductions);
  const derivedLiability = net - (reliefs ?? 0);
  if (derivedLiability < 0) {
    fail('totalReliefsAndDeductions', `box 470 (${money(reliefs ?? 0)}) must not exceed box 440 (${money(net)}): box 475 = 440 − 470 cannot be negative`);
  }
  const givenLiability = pence(r.netCorporationTaxLiability);
  if (givenLiability !== undefined && givenLiability !== derivedLiability) {
    fail('netCorporationTaxLiability', `box 475 must equal box 440 − box 470 (${money(derivedLiability)}); got ${money(givenLiability)}`);
  }

  if (errors.length > 0) return { ok: false, errors };

  const files = r.attachedFiles ?? [];
  const attachments: Record<AttachmentItem, AttachedDocument[]> = { Accounts: [], Computation: [] };
  for (const f of files) attachments[f.kind].push({ filename: f.filename, base64: f.base64 });

  return {
    ok: true,
    ret: {
      returnType: r.returnType,
      sender: r.sender,
      utr: r.reference,
      companyName: r.companyName,
      registrationNumber: r.registrationNumber ?? undefined,
      companyType: r.companyType,
      periodFrom: from,
      periodTo: to,
      accounts: {
        item: r.accounts.itemElementName,
        reason: r.accounts.itemElementName === 'NoAccountsReason' ? (r.accounts.noAccountsReason ?? undefined) : undefined,
      },
      computations: {
        item: r.computations.itemElementName,
        reason: r.computations.itemElementName === 'NoComputationsReason' ? (r.computations.nocomputationsReason ?? undefined) : undefined,
      },
      turnoverTotal: pence(r.total),
      trading,
      profitsBeforeOtherDeductions: pence(r.profitsBeforeOtherDeductions),
      profitsBeforeDonationsAndGroupRelief: pence(r.profitsBeforeDonationsAndGroupRelief),
      chargeableProfits: r.chargeableProfits.pence,
      financialYearOne,
      financialYearTwo,
      corporationTax,
      marginalReliefForRingFenceTrades: pence(r.marginalReliefForRingFenceTrades),
      netCorporationTaxChargeable: net,
      totalReliefsAndDeductions: reliefs,
      netCorporationTaxLiability: derivedLiability,
      taxChargeable: pence(r.taxChargeable),
      taxPayable: r.taxPayable.pence,
      declaration: { name: r.declaration.name, status: r.declaration.status },
      attachments,
    },
  };
}
