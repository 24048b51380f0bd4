/**
 * The whole computation: adjustments, capital allowances, losses, profits
 * chargeable and the tax on them, with every figure's working. Pure and
 * synchronous: the CLI, the wizard (through IPC) and the benchmark call it.
 */
import { RequestValidationError } from '../errors.js';
import { boxRangeErrors } from './box-ranges.js';
import { computeCapitalAllowances, type CapitalAllowancesResult, type PoolResult, type ShortLifePoolResult } from './capital-allowances.js';
import { parseComputationInput, type Claim, type ComputationInput } from './input.js';
import { asPounds, type Pence } from './money.js';
import type { EarlierReturnAmendment } from './losses/carry-back.js';
import { computeProfits, computeTurnover, type ProfitsResult } from './profits.js';
import { computeTax, type TaxResult } from './tax.js';
import { computeLoansToParticipators, loanBoxes, type EarlierPeriodRelief, type LoansToParticipatorsOutput, type S455Underpaid } from './loans-to-participators/index.js';
import { Working, type WorkingLine } from './working.js';

export type BoxValue = number | boolean;

export interface PoolOutput {
  broughtForward: number;
  additions: number;
  disposalValues: number;
  writingDownAllowanceRate: number;
  writingDownAllowance: number;
  smallPoolAllowance: boolean;
  balancingAllowance: number;
  balancingCharge: number;
  carriedForward: number;
}

export interface ShortLifeAssetOutput {
  description: string;
  broughtForward: number;
  additions: number;
  disposalValue: number;
  writingDownAllowance: number;
  balancingAllowance: number;
  balancingCharge: number;
  /** Reached its relevant cut-off: the balance joined the main pool (CAA 2001 s86(2)). */
  transferredToMainPool: number;
  carriedForward: number;
  /** The relevant cut-off, the eighth anniversary of the end of the period its expenditure was incurred in (s86(3)). */
  cutOff: string;
  /** For the next period's capitalAllowances.shortLifeAssets; null once the pool has ended. */
  incurredInPeriodEnding: string | null;
}

export interface ComputationOutput {
  company: ComputationInput['company'];
  period: ComputationInput['period'];
  /** CT600 boxes by number: pounds (with pence where the box has them), a rate in percent, a year, or true for a yes box. */
  boxes: Record<string, BoxValue>;
  capitalAllowances: {
    /** All allowances given in the period. */
    total: number;
    balancingCharges: number;
    annualInvestmentAllowance: { maximum: number; claimed: number };
    mainPoolCarriedForward: number;
    specialRatePoolCarriedForward: number;
    mainPool: PoolOutput;
    specialRatePool: PoolOutput;
    assets: { description: string; pool: 'main' | 'special'; cost: number; claim: Claim; proposedClaim: Claim; allowance: number; shortLife: boolean; forLeasing: boolean; disposedInPeriod: boolean }[];
    /** Short-life asset pools (CAA 2001 s86): this period's elections, then those brought forward, in input order. */
    shortLifeAssets: ShortLifeAssetOutput[];
    /** Balancing charges that recover a first-year allowance: full expensing (box 734), the 50% allowances (694), the super-deduction (692). */
    firstYearAllowanceCharges: { fullExpensing: number; specialRateAllowance: number; superDeduction: number };
  };
  losses: {
    tradingLossesCarriedForward: number;
    broughtForward: number;
    setAgainstTradingProfits: number;
    arising: number;
    claimedAgainstTotalProfits: number;
    carryBackMemo: { available: number; previousPeriodTotalProfits: number; wouldRelieve: number } | null;
    /** Box 285: post-1 April 2017 losses brought forward claimed against total profits (CTA 2010 s45A). */
    broughtForwardClaimedAgainstTotalProfits: number;
    ukProperty: { arising: number; broughtForward: number; setAgainstTotalProfits: number; carriedForward: number };
    capital: { arising: number; broughtForward: number; setAgainstGains: number; carriedForward: number };
    /** The loss carried back (CTA 2010 s37(3)(b), s39): each earlier return's amendment, latest first. */
    carriedBack: { fromThisPeriod: number; fromEarlierPeriod: number; amendments: AmendmentOutput[] };
  };
  tax: {
    smallProfitsClaim: boolean;
    lines: { year: number; profit: number; rate: number; tax: number; band: string }[];
    marginalRelief: number;
    payable: number;
  };
  /** The next period's brought-forward figures. */
  carriedForward: {
    mainPool: number;
    specialRatePool: number;
    /** Against the same trade only (s45, s45B): the next period's losses.tradingBroughtForward. */
    tradingLosses: number;
    /** Against total profits on a claim (s45A): the next period's losses.totalProfitsBroughtForward. */
    totalProfitsLosses: number;
    ukPropertyLosses: number;
    capitalLosses: number;
    /** Short-life asset pools that go on: the next period's capitalAllowances.shortLifeAssets. */
    shortLifeAssets: { description: string; broughtForward: number; incurredInPeriodEnding: string }[];
  };
  working: WorkingLine[];
  /** Loans to participators and the CT600A (null without the section); boxes A5–A80, 480 and 485 are in `boxes`. */
  loansToParticipators: LoansToParticipatorsOutput | null;
  /** When the law charges more s455 tax than HMRC's forms accept (loans from 6 April 2026 at 35.75%). */
  s455Underpaid?: S455Underpaid;
  /** Relief for earlier periods' loans repaid from this period on: their returns' (an amendment or form L2P), never this one's. */
  earlierPeriodRelief: EarlierPeriodRelief[];
}

/** An earlier return as the loss carried back amends it: each box's figure as filed and as it becomes. */
export interface AmendmentOutput {
  period: { from: string; to: string };
  claims: { rule: string; lossOf: { from: string; to: string }; amount: number }[];
  lossCarriedBack: number;
  /** Each box as filed and as amended; `change` is by how much a money box moves. */
  boxes: { box: string; was: BoxValue; becomes: BoxValue; change?: number }[];
  tax: { was: number; becomes: number; repayable: number };
  donationsUnrelieved: number;
}

const pounds = (p: Pence) => asPounds(p);

function amendmentOutput(a: EarlierReturnAmendment): AmendmentOutput {
  const value = (v: Pence | boolean) => (typeof v === 'boolean' ? v : pounds(v));
  return {
    period: a.period,
    claims: a.claims.map((c) => ({ rule: c.rule, lossOf: c.lossOf, amount: pounds(c.amount) })),
    lossCarriedBack: pounds(a.lossCarriedBack),
    boxes: a.boxes.map((b) => ({ box: b.box, was: value(b.was), becomes: value(b.becomes), ...(typeof b.was === 'number' && typeof b.becomes === 'number' ? { change: pounds(b.becomes - b.was) } : {}) })),
    tax: { was: pounds(a.tax.was), becomes: pounds(a.tax.becomes), repayable: pounds(a.tax.repayable) },
    donationsUnrelieved: pounds(a.donationsUnrelieved),
  };
}
/** An allowance box takes whole pounds: the nearest pound. */
const allowanceBox = (p: Pence) => Math.round(p / 100);

function shortLifeOutput(p: ShortLifePoolResult, input: ComputationInput): ShortLifeAssetOutput {
  const ended = p.reachedCutOff || p.disposed || input.capitalAllowances.tradeCeased;
  const incurred = 'addition' in p.source ? input.period.to : input.capitalAllowances.shortLifeAssets![p.source.broughtForward]!.incurredInPeriodEnding;
  return {
    description: p.description,
    broughtForward: pounds(p.broughtForward),
    additions: pounds(p.additions),
    disposalValue: pounds(p.disposalValue),
    writingDownAllowance: pounds(p.writingDownAllowance),
    balancingAllowance: pounds(p.balancingAllowance),
    balancingCharge: pounds(p.balancingCharge),
    transferredToMainPool: pounds(p.transferredToMainPool),
    carriedForward: pounds(p.carriedForward),
    cutOff: p.cutOff,
    incurredInPeriodEnding: ended ? null : incurred,
  };
}

function poolOutput(p: PoolResult): PoolOutput {
  return {
    broughtForward: pounds(p.broughtForward),
    additions: pounds(p.additions),
    disposalValues: pounds(p.disposalValues),
    writingDownAllowanceRate: p.rate.hundredths / 100,
    writingDownAllowance: pounds(p.writingDownAllowance),
    smallPoolAllowance: p.smallPool,
    balancingAllowance: pounds(p.balancingAllowance),
    balancingCharge: pounds(p.balancingCharge),
    carriedForward: pounds(p.carriedForward),
  };
}

function boxesOf(period: ComputationInput['period'], turnover: Pence, ca: CapitalAllowancesResult, pr: ProfitsResult, tax: TaxResult): Record<string, BoxValue> {
  const b: Record<string, BoxValue> = {};
  const set = (box: string, pence: Pence, always = false) => {
    if (always || pence !== 0) b[box] = pounds(pence);
  };
  set('145', turnover, true);
  set('155', pr.box155, true);
  set('160', pr.box160);
  set('165', pr.box165, true);
  set('170', pr.box170);
  set('190', pr.box190);
  set('210', pr.box210);
  set('215', pr.box215);
  // NetChargeableGains is required with the gains: 0 when losses take them all (HMRC rule 9159: 220 = 210 − 215).
  set('220', pr.box220, pr.box210 !== 0);
  set('235', pr.box235, true);
  set('250', pr.box250);
  set('275', pr.box275);
  set('285', pr.box285);
  set('295', pr.box295);
  set('300', pr.box300, true);
  set('305', pr.box305);
  set('315', pr.box315, true);
  if (tax.associated) {
    if ('thisPeriod' in tax.associated) b['326'] = tax.associated.thisPeriod;
    else {
      b['327'] = tax.associated.firstYear;
      b['328'] = tax.associated.secondYear;
    }
    if (tax.smallProfitsClaim) b['329'] = true;
  }
  set('620', tax.exemptDistributions);
  for (const l of tax.lines) {
    const [year, profit, rate, taxBox] = l.block === 'FinancialYearOne' ? ['330', '335', '340', '345'] : ['380', '385', '390', '395'];
    b[year] = l.year;
    b[profit] = pounds(l.profit);
    b[rate] = l.rateHundredths / 100;
    b[taxBox] = pounds(l.tax);
  }
  set('430', tax.corporationTax, true);
  set('435', tax.marginalRelief);
  set('440', tax.netCorporationTaxChargeable, true);
  set('475', tax.netCorporationTaxLiability, true);
  set('510', tax.taxChargeable, true);
  set('525', tax.taxPayable, true);

  const whole = (box: string, pence: Pence) => {
    const v = allowanceBox(pence);
    if (v !== 0) b[box] = v;
  };
  whole('690', ca.aia.claimed);
  whole('693', ca.specialRateFirstYear);
  whole('694', ca.specialRateFirstYearCharges);
  whole('695', ca.specialRatePool.writingDownAllowance + ca.specialRatePool.balancingAllowance);
  whole('700', ca.specialRatePool.balancingCharge);
  whole('705', ca.mainPool.writingDownAllowance + ca.mainPool.balancingAllowance);
  whole('710', ca.mainPool.balancingCharge);
  // HMRC's rule 9388 takes no allowance in box 726 for a period starting on or after 1 April 2026, though the
  // 100% allowance for zero-emission cars runs to 31 March 2027 (Budget 2025): it is then one of the other allowances.
  const zeroEmissionBox = period.from >= '2026-04-01' ? '725' : '726';
  // Short-life asset pools are single asset pools, not the main pool: the app shows them with other allowances and charges (boxes 725, 730).
  whole('725', ca.firstYear40 + ca.shortLifeAllowances + (zeroEmissionBox === '725' ? ca.zeroEmissionCars : 0));
  whole('730', ca.shortLifeCharges);
  whole('691', ca.superDeduction);
  whole('692', ca.superDeductionCharges);
  whole('772', ca.superDeductionExpenditure);
  if (zeroEmissionBox === '726') whole('726', ca.zeroEmissionCars);
  whole('733', ca.fullExpensing);
  whole('734', ca.fullExpensingCharges);
  whole('760', ca.firstYearExpenditure);
  whole('773', ca.specialRateFirstYearExpenditure);
  whole('775', ca.otherExpenditure);
  set('780', pr.lossArising);
  set('805', pr.propertyLoss);
  set('825', pr.capitalLossOfPeriod);
  return b;
}

/** Computes a parsed input; a figure no CT600 box can hold is refused, naming the box and its schema range. */
export function computeParsed(input: ComputationInput): ComputationOutput {
  const out = computeFigures(input);
  const outOfRange = boxRangeErrors(out.boxes);
  if (outOfRange.length) throw new RequestValidationError(outOfRange);
  return out;
}

function computeFigures(input: ComputationInput): ComputationOutput {
  const working = new Working();
  const turnover = computeTurnover(input, working);
  const ca = computeCapitalAllowances(input, working);
  if (ca.errors.length) throw new RequestValidationError(ca.errors);
  const pr = computeProfits(input, ca, working);
  const tax = computeTax(input, pr.box315, working);
  const loans = input.loansToParticipators ? computeLoansToParticipators(input.loansToParticipators, input.period, working) : null;
  const memo = pr.losses.carryBackMemo;
  const cf = pr.losses.carriedForward;
  return {
    company: input.company,
    period: input.period,
    boxes: { ...boxesOf(input.period, turnover, ca, pr, tax), ...loanBoxes(loans?.output.page ?? null, tax.taxChargeable, tax.taxPayable) },
    capitalAllowances: {
      total: pounds(ca.totalAllowances),
      balancingCharges: pounds(ca.totalCharges),
      annualInvestmentAllowance: { maximum: pounds(ca.aia.maximum), claimed: pounds(ca.aia.claimed) },
      mainPoolCarriedForward: pounds(ca.mainPool.carriedForward),
      specialRatePoolCarriedForward: pounds(ca.specialRatePool.carriedForward),
      mainPool: poolOutput(ca.mainPool),
      specialRatePool: poolOutput(ca.specialRatePool),
      assets: ca.assets.map((a) => ({
        description: a.description,
        pool: a.pool,
        cost: pounds(a.cost),
        claim: a.claim,
        proposedClaim: a.proposedClaim,
        allowance: pounds(a.allowance),
        shortLife: a.shortLife,
        forLeasing: a.forLeasing,
        disposedInPeriod: a.disposedInPeriod,
      })),
      shortLifeAssets: ca.shortLifePools.map((p) => shortLifeOutput(p, input)),
      firstYearAllowanceCharges: { fullExpensing: pounds(ca.fullExpensingCharges), specialRateAllowance: pounds(ca.specialRateFirstYearCharges), superDeduction: pounds(ca.superDeductionCharges) },
    },
    losses: {
      tradingLossesCarriedForward: pounds(cf.tradingLosses + cf.totalProfitsLosses),
      broughtForward: pounds(pr.losses.broughtForward),
      setAgainstTradingProfits: pounds(pr.losses.setAgainstTradingProfits),
      arising: pounds(pr.lossArising),
      claimedAgainstTotalProfits: pounds(pr.losses.claimedAgainstTotalProfits),
      carryBackMemo: memo ? { available: pounds(memo.available), previousPeriodTotalProfits: pounds(memo.previousPeriodTotalProfits), wouldRelieve: pounds(memo.wouldRelieve) } : null,
      broughtForwardClaimedAgainstTotalProfits: pounds(pr.box285),
      ukProperty: { arising: pounds(pr.propertyLoss), broughtForward: pounds(input.losses.ukPropertyBroughtForward), setAgainstTotalProfits: pounds(pr.box250), carriedForward: pounds(cf.ukPropertyLosses) },
      capital: { arising: pounds(pr.capitalLossOfPeriod), broughtForward: pounds(input.losses.capitalBroughtForward), setAgainstGains: pounds(pr.box215), carriedForward: pounds(cf.capitalLosses) },
      carriedBack: { fromThisPeriod: pounds(pr.losses.carriedBack.relievedFromThisPeriod), fromEarlierPeriod: pounds(pr.losses.carriedBack.relievedFromEarlierLoss), amendments: pr.losses.carriedBack.amendments.map(amendmentOutput) },
    },
    tax: {
      smallProfitsClaim: tax.smallProfitsClaim,
      lines: tax.lines.map((l) => ({ year: l.year, profit: pounds(l.profit), rate: l.rateHundredths / 100, tax: pounds(l.tax), band: l.band })),
      marginalRelief: pounds(tax.marginalRelief),
      payable: pounds(tax.taxPayable),
    },
    carriedForward: {
      mainPool: pounds(ca.mainPool.carriedForward),
      specialRatePool: pounds(ca.specialRatePool.carriedForward),
      tradingLosses: pounds(cf.tradingLosses),
      totalProfitsLosses: pounds(cf.totalProfitsLosses),
      ukPropertyLosses: pounds(cf.ukPropertyLosses),
      capitalLosses: pounds(cf.capitalLosses),
      shortLifeAssets: ca.shortLifePools.flatMap((p) => {
        const o = shortLifeOutput(p, input);
        return o.incurredInPeriodEnding === null ? [] : [{ description: o.description, broughtForward: o.carriedForward, incurredInPeriodEnding: o.incurredInPeriodEnding }];
      }),
    },
    working: working.lines,
    loansToParticipators: loans?.output ?? null,
    ...(loans?.s455Underpaid ? { s455Underpaid: loans.s455Underpaid } : {}),
    earlierPeriodRelief: loans?.earlierPeriodRelief ?? [],
  };
}

/** Parses and computes; bad input is refused with every field and rule it breaks. */
export function computeComputation(raw: unknown): ComputationOutput {
  const parsed = parseComputationInput(raw);
  if (!parsed.ok) throw new RequestValidationError(parsed.errors);
  return computeParsed(parsed.input);
}
