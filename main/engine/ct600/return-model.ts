/**
 * From a parsed request to the return as HMRC's schema sees it: box values
 * in pence, derived boxes (155, 330, 345, 395, 430, 475) computed when absent
 * and checked when given, cross-field rules applied. Business rules HMRC would
 * reject a return for (tax rates, reasons vs attachments …) are not checked
 * here: local validation jobs report them, so a preparer can still build a
 * draft document and see every problem at once.
 */
import type { FieldError } from '../errors.js';
import { associatedCompaniesOf, type AssociatedCompanies } from './associated-companies.js';
import type {
  AccountsItem,
  AttachmentItem,
  ComputationsItem,
  NoAccountsReason,
  NoComputationsReason,
  ReturnType,
  Sender,
} from './codes.js';
import { MAX_PENCE, formatPence, taxOnProfit, type Pence } from './money.js';
import { financialYearOf, formatDate, type CalendarDate } from './period.js';
import type { Ct600Request } from './request-schema.js';
import type { Amount } from './request-fields.js';
import type { Ct600aReturnPage } from './ct600a-request.js';

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
  nonTradingLoanProfitsAndGains?: Pence; // 170
  propertyBusinessIncome?: Pence; // 190
  chargeableGains?: { gross?: Pence; allowableLosses?: Pence; net: Pence }; // 210, 215, 220
  profitsBeforeOtherDeductions?: Pence; // 235
  deductionsAndReliefs?: { ukPropertyBusinessLosses?: Pence; tradingLosses?: Pence; tradingLossesCarriedBack?: boolean; tradingLossesCarriedForward?: Pence; total?: Pence }; // 250, 275, 280, 285, 295
  profitsBeforeDonationsAndGroupRelief?: Pence; // 300
  qualifyingDonations?: Pence; // 305
  chargeableProfits: Pence; // 315
  associatedCompanies?: AssociatedCompanies; // 326–329
  financialYearOne?: FinancialYearDetails;
  financialYearTwo?: FinancialYearDetails;
  corporationTax?: Pence; // 430
  marginalReliefForRingFenceTrades?: Pence; // 435
  netCorporationTaxChargeable: Pence; // 440
  communityInvestmentRelief?: Pence; // 445
  doubleTaxationRelief?: Pence; // 450
  advancedCorporationTax?: Pence; // 465
  totalReliefsAndDeductions?: Pence; // 470
  netCorporationTaxLiability: Pence; // 475
  loansToParticipators?: Pence; // 480
  /** Box 485: CT600A Part 3 relief claimed. */
  ct600aReliefDue?: boolean;
  /** The CT600A (box 95 is written with it). */
  loansByCloseCompanies?: Ct600aReturnPage;
  taxChargeable?: Pence; // 510
  taxPayable: Pence; // 525
  declaration: { name: string; status: string };
  /** Box 620: franked investment income/exempt ABGH distributions. */
  frankedInvestmentIncome?: Pence;
  /** Boxes 690–734, pence by request field name. */
  allowancesAndCharges?: Partial<Record<AllowanceField, Pence>>;
  /** Boxes 760–775. */
  qualifyingExpenditure?: Partial<Record<'machineryAndPlantExpenditure' | 'machineryAndPlantSuperDeduction' | 'machineryAndPlantSpecialRateAllowance' | 'otherMachineryAndPlant', Pence>>;
  /** Box 780. */
  tradingLossesArising?: Pence;
  /** Box 805. */
  ukPropertyBusinessLossesArising?: Pence;
  /** Box 825. */
  capitalLossesArising?: Pence;
  attachments: Record<AttachmentItem, AttachedDocument[]>;
}

export type AllowanceField = keyof NonNullable<Ct600Request['allowancesAndCharges']>;

/** Pence of each given figure of an object of amounts, or undefined when none is given. */
function penceRecord<K extends string>(o: Partial<Record<K, Amount | null | undefined>> | null | undefined): Partial<Record<K, Pence>> | undefined {
  if (!o) return undefined;
  const out: Partial<Record<K, Pence>> = {};
  for (const [k, v] of Object.entries(o) as [K, Amount | null | undefined][]) if (v != null) out[k] = v.pence;
  return Object.keys(out).length ? out : undefined;
}

/** What the schema could parse of a request: any field may be missing after a field error. */
export type PartialCt600Request = Partial<Ct600Request>;

export interface ReturnContext {
  /** IRheader SchemaVersion the document declares, e.g. 2025-v1.994. */
  schemaVersion: string;
  /** Top-level fields that failed to parse: rules that need them are skipped, not guessed. */
  failedFields?: ReadonlySet<string>;
}

export type ReturnModelResult = { ok: true; ret: Ct600Return } | { ok: false; errors: FieldError[] };

const money = (p: Pence) => formatPence(p);
const pence = (a: Amount | null | undefined): Pence | undefined => (a == null ? undefined : a.pence);
const MAX_WHOLE_POUNDS_PENCE = Math.floor(MAX_PENCE / 100) * 100;

interface DerivedBoxes {
  totalReliefsAndDeductions?: Pence;
  trading?: Ct600Return['trading'];
  financialYearOne?: FinancialYearDetails;
  financialYearTwo?: FinancialYearDetails;
  corporationTax?: Pence;
  netCorporationTaxLiability?: Pence;
}

/**
 * The rules that span several fields. They run on whatever the schema could
 * parse, so one request's errors are listed together even when some fields
 * failed on their own; a rule whose inputs are missing is skipped.
 */
export function crossFieldErrors(r: PartialCt600Request, context: ReturnContext): FieldError[] {
  const failed = context.failedFields ?? new Set<string>();
  return [...identityErrors(r, context), ...deriveBoxes(r, failed).errors, ...associatedCompaniesErrors(r, failed)];
}

/** Boxes 326–329 against the company type, the period and the tax calculation; skipped while those failed on their own. */
function associatedCompaniesErrors(r: PartialCt600Request, failed: ReadonlySet<string>): FieldError[] {
  if (['companyType', 'periodCovered', 'financialYearProfit'].some((f) => failed.has(f))) return [];
  return associatedCompaniesOf({ ...r, hasTaxCalculation: r.financialYearProfit != null }).errors;
}

function identityErrors(r: PartialCt600Request, context: ReturnContext): FieldError[] {
  const errors: FieldError[] = [];
  if (r.utrValue != null && r.reference !== undefined && r.utrValue !== r.reference) {
    errors.push({ field: 'utrValue', message: `must equal reference (box 3, ${r.reference}): both are the company UTR` });
  }
  // Box 4 code 11 (non-UK-resident company) arrived with schema v1.994.
  if (r.companyType === 11 && schemaVersionBefore(context.schemaVersion, [1, 994])) {
    errors.push({
      field: 'companyType',
      message: `11 (non-UK-resident company) needs schema v1.994 or later; the document declares ${context.schemaVersion}, which allows 0–10 (box 4)`,
    });
  }
  return errors;
}

function schemaVersionBefore(schemaVersion: string, minimum: number[]): boolean {
  const parts = /-v([0-9.]+)$/.exec(schemaVersion)?.[1]?.split('.').map(Number) ?? [];
  for (let i = 0; i < minimum.length; i++) {
    const part = parts[i] ?? 0;
    if (part !== minimum[i]) return part < minimum[i]!;
  }
  return false;
}

function deriveBoxes(r: PartialCt600Request, failed: ReadonlySet<string>): { errors: FieldError[]; boxes: DerivedBoxes } {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, message });
  const boxes: DerivedBoxes = {};

  // Box 155 = 165 + 160.
  const lossesBroughtForward = pence(r.lossesBroughtForward);
  const netProfits = pence(r.netProfits);
  let tradingProfits = pence(r.tradingProfits);
  if (netProfits !== undefined && !failed.has('lossesBroughtForward')) {
    const derived = netProfits + (lossesBroughtForward ?? 0);
    if (tradingProfits === undefined) {
      tradingProfits = derived;
      if (derived > MAX_WHOLE_POUNDS_PENCE) {
        fail('netProfits', `box 155 = box 165 + box 160 would be ${money(derived)}, above the schema's maximum of 99999999999.00`);
      }
    } else if (tradingProfits !== derived) {
      fail('tradingProfits', `box 155 must equal box 165 + box 160 (${money(derived)}); got ${money(tradingProfits)}`);
    }
  }
  if (tradingProfits !== undefined || lossesBroughtForward !== undefined || netProfits !== undefined) {
    boxes.trading = { profits: tradingProfits, lossesBroughtForward, netProfits };
  }

  const from = r.periodCovered?.from;
  const to = r.periodCovered?.to;
  const firstYear = from && financialYearOf(from);

  // Boxes 330–345: the financial year of box 30, and its tax line.
  const fy1Given = r.financialYearProfit != null || r.financialYearTaxRate != null || r.financialYearTax != null;
  const fy1Profit = pence(r.financialYearProfit);
  const fy1Rate = r.financialYearTaxRate ?? undefined;
  if (fy1Given && fy1Profit === undefined && !failed.has('financialYearProfit')) {
    fail('financialYearProfit', 'is required when box 340 or 345 is given (box 335, profit of the first financial year)');
  }
  if (fy1Given && fy1Rate === undefined && !failed.has('financialYearTaxRate')) {
    fail('financialYearTaxRate', 'is required when box 335 or 345 is given (box 340, tax rate)');
  }
  if (fy1Profit !== undefined && fy1Rate !== undefined && firstYear !== undefined) {
    boxes.financialYearOne = taxLine(firstYear, fy1Profit, fy1Rate, pence(r.financialYearTax), 'financialYearTax', 345, fail);
  }
  if (r.financialYear != null && firstYear !== undefined && r.financialYear !== firstYear) {
    fail('financialYear', `box 330 must be the financial year in which the period starts (${firstYear}, for box 30 ${formatDate(from!)}); got ${r.financialYear}`);
  }

  // Boxes 380–395: a period that straddles 1 April spans two financial years.
  const fy2 = r.financialYearTwo;
  if (fy2 != null && from && to && firstYear !== undefined) {
    if (financialYearOf(to) <= firstYear) {
      fail('financialYearTwo', `is only for a period that straddles 1 April; ${formatDate(from)} to ${formatDate(to)} lies within financial year ${firstYear}`);
    } else if (!fy1Given) {
      fail('financialYearTwo', 'needs the first financial year (boxes 335 and 340) as well');
    }
    if (fy2.year !== undefined && fy2.year !== firstYear + 1) {
      fail('financialYearTwo.year', `box 380 must be ${firstYear + 1}, the year after box 330; got ${fy2.year}`);
    }
    boxes.financialYearTwo = taxLine(firstYear + 1, fy2.profit.pence, fy2.taxRate, pence(fy2.tax), 'financialYearTwo.tax', 395, fail);
  }

  // Box 430 = Σ345 + Σ395.
  const derivedCorporationTax = (boxes.financialYearOne?.tax ?? 0) + (boxes.financialYearTwo?.tax ?? 0);
  const givenCorporationTax = pence(r.corporationTax);
  // Only when every tax line is known: a line that failed to parse would make the sum wrong.
  const taxLinesKnown =
    fy1Given === (boxes.financialYearOne !== undefined) &&
    ['financialYearProfit', 'financialYearTaxRate', 'financialYearTax', 'financialYearTwo', 'periodCovered'].every((f) => !failed.has(f));
  if (givenCorporationTax !== undefined && taxLinesKnown && givenCorporationTax !== derivedCorporationTax) {
    fail('corporationTax', `box 430 must equal the tax of the financial years (boxes 345 + 395 = ${money(derivedCorporationTax)}); got ${money(givenCorporationTax)}`);
  } else if (givenCorporationTax === undefined && derivedCorporationTax > MAX_PENCE) {
    fail('corporationTax', `box 430 = boxes 345 + 395 would be ${money(derivedCorporationTax)}, above the schema's maximum of 99999999999.99`);
  }
  boxes.corporationTax = givenCorporationTax ?? (boxes.financialYearOne ? derivedCorporationTax : undefined);

  // Box 470 = 445 + 450 + 465 (HMRC rule 9247): a total without its parts cannot pass.
  const reliefParts = [r.communityInvestmentRelief, r.doubleTaxationRelief, r.advancedCorporationTax].map(pence);
  const partsKnown = !['communityInvestmentRelief', 'doubleTaxationRelief', 'advancedCorporationTax'].some((f) => failed.has(f));
  const givenReliefs = pence(r.totalReliefsAndDeductions);
  let reliefs = givenReliefs;
  if (partsKnown) {
    const derivedReliefs = reliefParts.reduce<number>((sum, p) => sum + (p ?? 0), 0);
    const anyPart = reliefParts.some((p) => p !== undefined);
    if (givenReliefs === undefined) {
      if (anyPart) reliefs = derivedReliefs;
    } else if (anyPart && givenReliefs !== derivedReliefs) {
      fail('totalReliefsAndDeductions', `box 470 must equal boxes 445 + 450 + 465 (${money(derivedReliefs)}); got ${money(givenReliefs)}`);
    } else if (!anyPart && givenReliefs > 0) {
      fail(
        'totalReliefsAndDeductions',
        `box 470 is the total of boxes 445, 450 and 465: give the parts (communityInvestmentRelief, doubleTaxationRelief, advancedCorporationTax) so the return passes HMRC's rule 9247`,
      );
    }
  }
  boxes.totalReliefsAndDeductions = reliefs;

  // Box 475 = 440 − 470.
  const net = pence(r.netCorporationTaxChargeable);
  if (net !== undefined && !failed.has('totalReliefsAndDeductions') && partsKnown) {
    const derivedLiability = net - (reliefs ?? 0);
    if (derivedLiability < 0) {
      fail('totalReliefsAndDeductions', `box 470 (${money(reliefs ?? 0)}) must not exceed box 440 (${money(net)}): box 475 = 440 − 470 cannot be negative`);
    }
    const givenLiability = pence(r.netCorporationTaxLiability);
    if (givenLiability !== undefined && givenLiability !== derivedLiability) {
      fail('netCorporationTaxLiability', `box 475 must equal box 440 − box 470 (${money(derivedLiability)}); got ${money(givenLiability)}`);
    }
    boxes.netCorporationTaxLiability = derivedLiability;
  }
  return { errors, boxes };
}

/** Box 345 / 395: profit × rate, computed when absent and checked when given. */
function taxLine(
  year: number,
  profit: Pence,
  taxRateHundredths: number,
  givenTax: Pence | undefined,
  field: string,
  box: number,
  fail: (field: string, message: string) => void,
): FinancialYearDetails {
  const computed = taxOnProfit(profit, taxRateHundredths);
  if (givenTax !== undefined && givenTax !== computed) {
    fail(field, `box ${box} must equal profit × rate (${money(profit)} × ${money(taxRateHundredths)}% = ${money(computed)}, rounded half-up to the penny); got ${money(givenTax)}`);
  } else if (givenTax === undefined && computed > MAX_PENCE) {
    fail(field, `box ${box} = profit × rate would be ${money(computed)}, above the schema's maximum of 99999999999.99`);
  }
  return { year, profit, taxRateHundredths, tax: givenTax ?? computed };
}

export function toReturnModel(r: Ct600Request, context: ReturnContext): ReturnModelResult {
  const errors = identityErrors(r, context);
  const { errors: derivedErrors, boxes } = deriveBoxes(r, new Set());
  errors.push(...derivedErrors);
  const associated = associatedCompaniesOf({ ...r, hasTaxCalculation: r.financialYearProfit != null });
  errors.push(...associated.errors);
  if (errors.length > 0) return { ok: false, errors };

  const attachments: Record<AttachmentItem, AttachedDocument[]> = { Accounts: [], Computation: [] };
  for (const f of r.attachedFiles ?? []) attachments[f.kind].push({ filename: f.filename, base64: f.base64 });

  return {
    ok: true,
    ret: {
      returnType: r.returnType,
      sender: r.sender,
      utr: r.reference,
      companyName: r.companyName,
      registrationNumber: r.registrationNumber ?? undefined,
      companyType: r.companyType,
      periodFrom: r.periodCovered.from,
      periodTo: r.periodCovered.to,
      accounts: {
        item: r.accounts.itemElementName,
        reason: r.accounts.itemElementName === 'NoAccountsReason' ? (r.accounts.noAccountsReason ?? undefined) : undefined,
      },
      computations: {
        item: r.computations.itemElementName,
        reason: r.computations.itemElementName === 'NoComputationsReason' ? (r.computations.nocomputationsReason ?? undefined) : undefined,
      },
      turnoverTotal: pence(r.total),
      trading: boxes.trading,
      nonTradingLoanProfitsAndGains: pence(r.nonTradingLoanProfitsAndGains),
      propertyBusinessIncome: pence(r.propertyBusinessIncome),
      chargeableGains:
        r.netChargeableGains != null || r.grossChargeableGains != null
          ? { gross: pence(r.grossChargeableGains), allowableLosses: pence(r.allowableLosses), net: pence(r.netChargeableGains) ?? pence(r.grossChargeableGains)! }
          : undefined,
      profitsBeforeOtherDeductions: pence(r.profitsBeforeOtherDeductions),
      deductionsAndReliefs:
        r.ukPropertyBusinessLosses != null || r.tradingLosses != null || r.tradingLossesCarriedBack != null || r.tradingLossesCarriedForward != null || r.totalDeductionsAndReliefs != null
          ? {
              ukPropertyBusinessLosses: pence(r.ukPropertyBusinessLosses),
              tradingLosses: pence(r.tradingLosses),
              tradingLossesCarriedBack: r.tradingLossesCarriedBack ?? undefined,
              tradingLossesCarriedForward: pence(r.tradingLossesCarriedForward),
              total: pence(r.totalDeductionsAndReliefs),
            }
          : undefined,
      profitsBeforeDonationsAndGroupRelief: pence(r.profitsBeforeDonationsAndGroupRelief),
      qualifyingDonations: pence(r.qualifyingDonations),
      chargeableProfits: r.chargeableProfits.pence,
      associatedCompanies: associated.value,
      financialYearOne: boxes.financialYearOne,
      financialYearTwo: boxes.financialYearTwo,
      corporationTax: boxes.corporationTax,
      marginalReliefForRingFenceTrades: pence(r.marginalReliefForRingFenceTrades),
      netCorporationTaxChargeable: r.netCorporationTaxChargeable.pence,
      communityInvestmentRelief: pence(r.communityInvestmentRelief),
      doubleTaxationRelief: pence(r.doubleTaxationRelief),
      advancedCorporationTax: pence(r.advancedCorporationTax),
      totalReliefsAndDeductions: boxes.totalReliefsAndDeductions,
      netCorporationTaxLiability: boxes.netCorporationTaxLiability!,
      taxChargeable: pence(r.taxChargeable),
      taxPayable: r.taxPayable.pence,
      declaration: { name: r.declaration.name, status: r.declaration.status },
      frankedInvestmentIncome: pence(r.frankedInvestmentIncome),
      allowancesAndCharges: penceRecord(r.allowancesAndCharges),
      qualifyingExpenditure: penceRecord(r.qualifyingExpenditure),
      tradingLossesArising: pence(r.tradingLossesArising),
      loansToParticipators: pence(r.loansToParticipators),
      ct600aReliefDue: r.ct600aReliefDue ?? undefined,
      loansByCloseCompanies: r.loansByCloseCompanies ?? undefined,
      ukPropertyBusinessLossesArising: pence(r.ukPropertyBusinessLossesArising),
      capitalLossesArising: pence(r.capitalLossesArising),
      attachments,
    },
  };
}
