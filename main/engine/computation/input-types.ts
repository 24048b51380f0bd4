/**
 * The computation input's shape, apart from its parser (input.ts), so the
 * rules that read an input (claims.ts) and the parser that runs them need
 * not import each other.
 */
import type { IsoDate } from './dates.js';
import type { Pence } from './money.js';
import type { LoansToParticipatorsInput } from './loans-to-participators/types.js';
import type { LossesInput } from './losses/input-types.js';

export type { EarlierPeriod, LossesInput } from './losses/input-types.js';

export type Pool = 'main' | 'special';
export const CLAIMS = ['aia', 'fullExpensing', 'fya50', 'fya40', 'fya100', 'superDeduction', 'pool'] as const;
export type Claim = (typeof CLAIMS)[number];

export interface DescribedAmount {
  description: string;
  amount: Pence;
}

export interface Addition {
  description: string;
  date: IsoDate;
  cost: Pence;
  pool: Pool;
  newAndUnused: boolean;
  car: { co2: number } | null;
  /** The claim made, or undefined when the input leaves it to the engine's proposal. */
  claim?: Claim;
  /** A short-life asset election (CAA 2001 s83, s85): the pooled part of its cost goes to a pool of its own (s86). */
  shortLife?: boolean;
  /** Provided for leasing: no full expensing, 50% allowance or super-deduction (CAA 2001 s46(2) general exclusion 6). */
  forLeasing?: boolean;
}

/** A short-life asset pool brought forward from an earlier period (CAA 2001 s86). */
export interface ShortLifeAssetBroughtForward {
  description: string;
  broughtForward: Pence;
  /** The last day of the chargeable period its expenditure was incurred in: the relevant cut-off is the eighth anniversary of it (s86(3)(b)). */
  incurredInPeriodEnding: IsoDate;
  /** A writing-down allowance claimed at less than the full amount (s56(5)). */
  writingDownAllowanceClaimed?: Pence;
}

export interface Disposal {
  description: string;
  date: IsoDate;
  proceeds: Pence;
  /** Optional: the asset's cost, which caps the disposal value (CAA 2001 s62). */
  cost?: Pence;
  pool: Pool;
  /** Full expensing (main pool) or the 50% first-year allowance (special rate pool) was claimed on it. */
  fullExpensed: boolean;
  /** The super-deduction (130%, FA 2021 s9(2)) was claimed on it: a balancing charge of its disposal value × the relevant factor (FA 2021 s12). */
  superDeduction?: boolean;
  /** The asset is this period's addition at that position: what is left after its first-year allowance joins the pool for this period (CAA 2001 s58(6)). */
  addition?: number;
  /** The asset is the short-life asset brought forward at that position (CAA 2001 s86). */
  shortLifeAsset?: number;
}

export interface ComputationInput {
  company: { name: string; utr: string; registrationNumber: string | null };
  period: { from: IsoDate; to: IsoDate };
  /**
   * Box 326: the companies associated at any time in the period (CTA 2010 s18E(2)); or each financial
   * year's (boxes 327 and 328) only for a period straddling a change in the small profits limits (CTM03955).
   */
  associatedCompanies: { thisPeriod: number } | { firstYear: number; secondYear: number };
  /**
   * Box 620: exempt ABGH distributions received from companies that are not 51% group companies (franked
   * investment income). Not taxed, but added to profits for the small profits limits (CTA 2010 s18L; CTM03915).
   */
  exemptDistributions: Pence;
  profitAndLoss: {
    turnover: Pence;
    profitBeforeTax: Pence;
    depreciation: Pence;
    disallowable: DescribedAmount[];
    nonTaxableIncome: DescribedAmount[];
    interestReceived: Pence;
    propertyIncome: Pence;
  };
  capitalAllowances: {
    mainPoolBroughtForward: Pence;
    specialRatePoolBroughtForward: Pence;
    additions: Addition[];
    disposals: Disposal[];
    /** The trade ended in this period: the pools' balances become balancing allowances or charges. */
    tradeCeased: boolean;
    shortLifeAssets?: ShortLifeAssetBroughtForward[];
    /** The AIA allocated to this company out of the single allowance of its group or related companies (CAA 2001 s51A–s51N); null: the whole maximum. */
    aiaAllocated?: Pence | null;
    /** Writing-down allowances claimed at less than the full amount (CAA 2001 s56(5)); null: the full amount. */
    mainPoolWritingDownAllowanceClaimed?: Pence | null;
    specialRatePoolWritingDownAllowanceClaimed?: Pence | null;
  };
  /** Every stock of losses brought forward and every loss claim (losses/input-types.ts). */
  losses: LossesInput;
  chargeableGains: Pence;
  qualifyingDonations: Pence;
  declaration: { name: string; status: string } | null;
  accountsFile: string | null;
  /** Our addition: the Inline XBRL computations to attach to the return `cli ct600 compute --request` writes. */
  computationsFile: string | null;
  /** Loans to participators (CT600A, box 480): null when the section is absent. */
  loansToParticipators: LoansToParticipatorsInput | null;
}
