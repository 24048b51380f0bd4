/**
 * The CT computational taxonomy concepts the computation document uses, by
 * their local names. Every name here is in HMRC's CT2015 ct-comp schema
 * (ct-comp-2015-02-01.xsd, in HMRC's CT2015 v1.3.0 package) and HMRC kept
 * them in CT comp 2021–2025; a test reads the package's schema and fails on
 * any name that is neither there nor in LATER_CONCEPTS. The box numbers are
 * HMRC's own: the package's reference linkbase gives each concept its
 * CT600_Box_Number, and the test checks them against it.
 */

/** Concepts that equal a CT600 box, by box number (HMRC's reference linkbase, ct-comp-2015-02-01-reference.xml). */
export const BOX_CONCEPTS: Readonly<Record<string, string>> = {
  '155': 'AdjustedTradingProfitOfThisPeriod',
  '160': 'TradingLossesBroughtForward',
  '165': 'NetTradingProfits',
  '170': 'ProfitsAndGainsFromNon-tradingLoanRelationships',
  '190': 'IncomeFromAPropertyBusiness',
  '210': 'GrossChargeableGains',
  '215': 'ChargeableGainsAllowableLossesDeductedFromGains',
  '220': 'NetChargeableGains',
  '235': 'ProfitsBeforeOtherDeductionsAndReliefs',
  '250': 'UKPropertyBusinessLossesSetAgainstTotalProfits',
  '275': 'TradingLossesOfThisOrLaterAP',
  '295': 'TotalDeductionsAndReliefs',
  '300': 'ProfitsBeforeChargesAndGroupRelief',
  '305': 'QualifyingDonations',
  '315': 'TotalProfitsChargeableToCorporationTax',
  '330': 'FinancialYear1CoveredByTheReturn',
  '335': 'FY1AmountOfProfitChargeableAtFirstRate',
  '340': 'FY1FirstRateOfTax',
  '345': 'FY1TaxAtFirstRate',
  '380': 'FinancialYear2CoveredByTheReturn',
  '385': 'FY2AmountOfProfitChargeableAtFirstRate',
  '390': 'FY2FirstRateOfTax',
  '395': 'FY2TaxAtFirstRate',
  '430': 'CorporationTaxChargeable',
  '435': 'MarginalRateReliefForRingFenceTradesPayable',
  '440': 'CorporationTaxChargeablePayable',
  '475': 'NetCorporationTaxPayable',
  '480': 'TaxPayableOnLoansToParticipators',
  '510': 'TaxChargeable',
  '525': 'TaxPayable',
  '780': 'AdjustedLossOfPeriod',
  '825': 'CapitalLossesArising',
};

/** HMRC's mandatory items (joint filing error 3312), in a Company context at the period end as HMRC's sample tags them. */
export const MANDATORY_INSTANT = ['CompanyName', 'TaxReference', 'PeriodOfAccountStartDate', 'PeriodOfAccountEndDate', 'StartOfPeriodCoveredByReturn', 'EndOfPeriodCoveredByReturn'] as const;
/** The one mandatory item for the period (a duration), as HMRC's sample tags it. */
export const MANDATORY_DURATION = ['CompanyIsAPartnerInAFirm'] as const;

/** The trade's own figures: the adjustment of the accounts profit, capital allowances per pool and the trade's losses. */
export const TRADE_CONCEPTS = {
  description: 'DescriptionOfTrade',
  profitPerAccounts: 'ProfitLossPerAccounts',
  depreciation: 'AdjustmentsDepreciation',
  entertaining: 'AdjustmentsEntertaining',
  finesAndPenalties: 'AdjustmentsPenaltiesAndFines',
  capitalExpenditure: 'AdjustmentsCapitalExpenditure',
  otherAdditions: 'AdjustmentsOtherAdditions',
  otherIncomeNotTaxable: 'AdjustmentsOtherIncomeNotTaxable',
  interestPerAccounts: 'AdjustmentsNon-tradingLoanRelationshipCreditsPerAccounts',
  propertyIncomePerAccounts: 'AdjustmentsPropertyIncomePerAccounts',
  totalCapitalAllowances: 'TotalCapitalAllowances',
  balancingCharges: 'CapitalAllowancesBalancingCharges',
  lossesCarriedForward: 'BalanceOfLossesBroughtForwardCarriedForward',
  lossesUsedAgainstTradingProfits: 'LossesUsedAgainstTradingProfits',
  lossesUsedAgainstTotalProfits: 'LossesUsedAgainstTotalProfits',
} as const;

export interface PoolConcepts {
  writtenDownValue: string;
  aiaExpenditure: string;
  aia: string;
  firstYearExpenditure?: string;
  firstYearAllowances?: string;
  poolExpenditure?: string;
  disposals: string;
  writingDownAllowance: string;
  balancingAllowance: string;
  balancingCharge: string;
  totalAllowances: string;
}

/**
 * The pools' schedules. Full expensing, the 40% and the 100% zero-emission
 * car allowances are first-year allowances (CAA 2001 ss39, 45D, 45S): the
 * CT2015 names "other first year allowances" hold them. The 50% special rate
 * allowance has no special rate pool concept in CT2015, so its figures stay
 * in the computation's text and in the totals, not under a name of our own.
 */
export const POOL_CONCEPTS: Readonly<Record<'main' | 'special', PoolConcepts>> = {
  main: {
    writtenDownValue: 'MainPoolWrittenDownValue',
    aiaExpenditure: 'MainPoolExpenditureQualifyingForAnnualInvestmentAllowance',
    aia: 'MainPoolAnnualInvestmentAllowance',
    firstYearExpenditure: 'MainPoolOtherExpenditureQualifyingForFirstYearAllowances',
    firstYearAllowances: 'MainPoolOtherFirstYearAllowances',
    poolExpenditure: 'MainPoolExpenditureQualifyingForWritingDownAllowance',
    disposals: 'MainPoolTotalDisposalReceipts',
    writingDownAllowance: 'MainPoolWritingDownAllowances',
    balancingAllowance: 'MainPoolBalancingAllowances',
    balancingCharge: 'MainPoolBalancingCharges',
    totalAllowances: 'MainPoolTotalAllowances',
  },
  special: {
    writtenDownValue: 'SpecialRatePoolWrittenDownValue',
    aiaExpenditure: 'SpecialRatePoolExpenditureQualifyingForAnnualInvestmentAllowance',
    aia: 'SpecialRatePoolAnnualInvestmentAllowance',
    poolExpenditure: 'SpecialRatePoolTotalSpecialRateExpenditure',
    disposals: 'SpecialRatePoolTotalDisposalReceipts',
    writingDownAllowance: 'SpecialRatePoolWritingDownAllowance',
    balancingAllowance: 'SpecialRatePoolBalancingAllowance',
    balancingCharge: 'SpecialRatePoolBalancingCharge',
    totalAllowances: 'SpecialRatePoolTotalAllowances',
  },
};

/** Dimensions and members, as HMRC's sample computation uses them. */
export const DIMENSIONS = {
  businessType: 'BusinessTypeDimension',
  company: 'Company',
  trade: 'Trade',
  businessName: 'BusinessNameDimension',
  businessNameDomain: 'BusinessNameDomain',
  territory: 'TerritoryDimension',
  uk: 'UK',
} as const;

/**
 * Names HMRC added after CT2015, each with the HMRC publication that gives it.
 * Empty: the writer uses only names CT2015 already has.
 */
export const LATER_CONCEPTS: readonly { name: string; source: string }[] = [];

/** Every concept and dimension name the writer may use. */
export function conceptsUsed(): string[] {
  const pools = Object.values(POOL_CONCEPTS).flatMap((p) => Object.values(p).filter((v): v is string => typeof v === 'string'));
  return [...new Set([...Object.values(BOX_CONCEPTS), ...MANDATORY_INSTANT, ...MANDATORY_DURATION, ...Object.values(TRADE_CONCEPTS), ...pools, ...Object.values(DIMENSIONS)])].sort();
}
