/**
 * The FRC 2026 taxonomy as the accounts writer uses it: the FRS-102 entry
 * point, the namespaces, and every concept, dimension and member the
 * document may tag, each with where its name came from. The FRC 2026
 * package itself is not available to this project, so every name is one
 * that docs/accounts.md (the project's shared domain reference, §3) lists
 * with its evidence: the FRC 2014 suite (T14), Companies House's WebFiling
 * form (WF), the accepted filings in ct600/ixbrl-accounts (RF), two more
 * micro filings (MF) and the open-source writers (OC, BH, IR). A name that
 * is not in these tables cannot be tagged: `concept()` and `member()` throw.
 */

/** The FRC 2026 entry point (accounts.md §3: "Entry point and namespaces"; RF 00089315, 02014751, 10959369). */
export const ENTRY_POINT = 'https://xbrl.frc.org.uk/FRS-102/2026-01-01/FRS-102-2026-01-01.xsd';

export interface FrcSuite {
  /** The suite's date, e.g. 2026-01-01. */
  date: string;
  entryPoint: string;
  /** Prefix → namespace. */
  namespaces: Record<'core' | 'bus' | 'direp' | 'countries' | 'types', string>;
}

/**
 * The suite for a period end: FRC 2026 for periods ending on or after
 * 1 January 2026, otherwise the suite of the period end's year (not before
 * 2023). HMRC takes each suite only for accounts whose period ends on or
 * after 1 January of its year (accepted-taxonomies.json), and the same
 * document goes with the CT600, so a December 2025 year end is written in
 * FRC 2025, whose names are the 2026 ones with the date changed
 * (accounts.md §3: "for another suite replace the date").
 */
export function suiteFor(periodEnd: string): FrcSuite {
  const year = Math.min(2026, Math.max(2023, Number(periodEnd.slice(0, 4))));
  const date = `${year}-01-01`;
  return {
    date,
    entryPoint: `https://xbrl.frc.org.uk/FRS-102/${date}/FRS-102-${date}.xsd`,
    namespaces: {
      core: `http://xbrl.frc.org.uk/fr/${date}/core`,
      bus: `http://xbrl.frc.org.uk/cd/${date}/business`,
      direp: `http://xbrl.frc.org.uk/reports/${date}/direp`,
      countries: `http://xbrl.frc.org.uk/cd/${date}/countries`,
      types: `http://xbrl.frc.org.uk/general/${date}/types`,
    },
  };
}

/** Inline XBRL 1.1 and the XBRL namespaces it needs; TR4 transformations (accounts.md §3: "Write 1.1", TR4 accepted by Companies House). */
export const XBRL_NAMESPACES = {
  ix: 'http://www.xbrl.org/2013/inlineXBRL',
  ixt: 'http://www.xbrl.org/inlineXBRL/transformation/2020-02-12',
  xbrli: 'http://www.xbrl.org/2003/instance',
  xbrldi: 'http://xbrl.org/2006/xbrldi',
  link: 'http://www.xbrl.org/2003/linkbase',
  xlink: 'http://www.w3.org/1999/xlink',
  iso4217: 'http://www.xbrl.org/2003/iso4217',
} as const;

export type Prefix = 'core' | 'bus' | 'direp';
export type PeriodType = 'instant' | 'duration';

export interface ConceptEntry {
  prefix: Prefix;
  period: PeriodType;
  /** Where the name (and its period type) came from. */
  source: string;
}

const BS = 'accounts.md §3 balance sheet table';
const PL = 'accounts.md §3 profit and loss table';
const STATEMENTS = 'accounts.md §3 statements, approval and notes table';
const ENTITY = 'accounts.md §3 "Company information and HMRC\'s mandatory facts" (JFCVC 3312; period type from T14)';
const FIXED = 'accounts.md §3 "empty facts carried by a dimension member" table';

const c = (prefix: Prefix, period: PeriodType, source: string): ConceptEntry => ({ prefix, period, source });

/** Every concept the writer may tag, by local name. */
export const CONCEPTS: Record<string, ConceptEntry> = {
  // Balance sheet (Format 1 lines A–K and the small company sub-items)
  CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset: c('core', 'instant', `${BS}, line A (T14, WF, OC)`),
  FixedAssets: c('core', 'instant', `${BS}, line B (T14, MF, OC, BH, IR)`),
  IntangibleAssets: c('core', 'instant', `${BS}, small balance sheet sub-items (T14, RF)`),
  PropertyPlantEquipment: c('core', 'instant', `${BS}, small balance sheet sub-items (T14, RF)`),
  InvestmentsFixedAssets: c('core', 'instant', `${BS}, small balance sheet sub-items (T14, RF)`),
  CurrentAssets: c('core', 'instant', `${BS}, line C (T14, WF, RF, MF, all peers)`),
  TotalInventories: c('core', 'instant', `${BS}, small balance sheet sub-items (T14, RF)`),
  Debtors: c('core', 'instant', `${BS}, small balance sheet sub-items; debtors may carry the maturity dimension (T14, RF)`),
  CurrentAssetInvestments: c('core', 'instant', `${BS}, small balance sheet sub-items (T14, RF)`),
  CashBankOnHand: c('core', 'instant', `${BS}, small balance sheet sub-items (T14, RF)`),
  PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal: c('core', 'instant', `${BS}, line D (T14, OC, BH, IR)`),
  Creditors: c('core', 'instant', `${BS}, lines E and H with the maturity dimension (T14, WF, RF, OC, BH)`),
  NetCurrentAssetsLiabilities: c('core', 'instant', `${BS}, line F (T14, WF, RF, MF, all peers)`),
  TotalAssetsLessCurrentLiabilities: c('core', 'instant', `${BS}, line G (T14, WF, RF, MF, all peers)`),
  ProvisionsForLiabilitiesBalanceSheetSubtotal: c('core', 'instant', `${BS}, line I (T14, OC, BH, IR)`),
  AccruedLiabilitiesNotExpressedWithinCreditorsSubtotal: c('core', 'instant', `${BS}, line J (T14 line J position, OC)`),
  NetAssetsLiabilities: c('core', 'instant', `${BS}, net assets (liabilities) (T14, WF, RF, MF, all peers)`),
  Equity: c('core', 'instant', `${BS}, line K total and components with core:EquityClassesDimension (T14, WF, RF, MF, all peers)`),
  // Profit and loss account (micro lines A–H, small Format 1 and 2 lines)
  TurnoverRevenue: c('core', 'duration', `${PL}, micro line A (T14, RF, OC, IR)`),
  OtherOperatingIncomeFormat2: c('core', 'duration', `${PL}, micro line B (T14 Format 2, OC, IR)`),
  RawMaterialsConsumablesUsed: c('core', 'duration', `${PL}, micro line C (T14, OC, IR)`),
  StaffCostsEmployeeBenefitsExpense: c('core', 'duration', `${PL}, micro line D (T14, OC, IR)`),
  DepreciationAmortisationImpairmentExpense: c('core', 'duration', `${PL}, micro line E (T14, OC, IR)`),
  OtherOperatingExpensesFormat2: c('core', 'duration', `${PL}, micro line F (T14, OC, IR)`),
  TaxTaxCreditOnProfitOrLossOnOrdinaryActivities: c('core', 'duration', `${PL}, micro line G (T14, RF, OC, IR)`),
  ProfitLoss: c('core', 'duration', `${PL}, micro line H (T14, RF, OC, IR)`),
  ProfitLossOnOrdinaryActivitiesBeforeTax: c('core', 'duration', `${PL}, profit before tax (T14, RF, OC)`),
  CostSales: c('core', 'duration', `${PL}, small Format 1 lines (T14, RF 02014751, OC)`),
  GrossProfitLoss: c('core', 'duration', `${PL}, small Format 1 lines (T14, RF 02014751, OC)`),
  DistributionCosts: c('core', 'duration', `${PL}, small Format 1 lines (T14, RF 02014751, OC)`),
  AdministrativeExpenses: c('core', 'duration', `${PL}, small Format 1 lines (T14, RF 02014751, OC)`),
  OtherOperatingIncomeFormat1: c('core', 'duration', `${PL}, small Format 1 lines (T14, RF 02014751, OC)`),
  OperatingProfitLoss: c('core', 'duration', `${PL}, small Format 1 lines (T14, RF 02014751, OC)`),
  OtherInterestReceivableSimilarIncomeFinanceIncome: c('core', 'duration', `${PL}, small Format 1 lines (T14, RF 02014751, OC)`),
  InterestPayableSimilarChargesFinanceCosts: c('core', 'duration', `${PL}, small Format 1 lines (T14, RF 02014751, OC)`),
  // Statements on the balance sheet, approval and signature
  StatementThatCompanyEntitledToExemptionFromAuditUnderSection477CompaniesAct2006RelatingToSmallCompanies: c('direp', 'duration', `${STATEMENTS}, s477 exemption (T14, WF, RF, MF, OC, IR)`),
  StatementThatMembersHaveNotRequiredCompanyToObtainAnAudit: c('direp', 'duration', `${STATEMENTS}, s476 members (T14, WF, RF, MF, OC, IR)`),
  StatementThatDirectorsAcknowledgeTheirResponsibilitiesUnderCompaniesAct: c('direp', 'duration', `${STATEMENTS}, directors' responsibilities (T14, WF, RF, MF, OC, IR)`),
  StatementThatAccountsHaveBeenPreparedInAccordanceWithProvisionsSmallCompaniesRegime: c('direp', 'duration', `${STATEMENTS}, micro provisions and small companies regime (T14, WF, RF, MF, OC, IR)`),
  StatementThatCompanyEntitledToExemptionFromAuditUnderSection480CompaniesAct2006RelatingToDormantCompanies: c('direp', 'duration', `${STATEMENTS}, s480 dormant exemption (T14, RF 16186885, OC)`),
  StatementThatDirectorsHaveElectedNotToDeliverProfitLossAccountUnderSection4445ACompaniesAct2006: c('direp', 'duration', `${STATEMENTS}, P&L not delivered, s444(5A) (RF NI731272 only; not in T14)`),
  DateAuthorisationFinancialStatementsForIssue: c('core', 'instant', `${STATEMENTS}, approval date (T14, WF, RF, MF, all peers)`),
  DirectorSigningFinancialStatements: c('core', 'duration', `${STATEMENTS}, signing director (T14, RF, MF 16202563, OC, BH)`),
  NameEntityOfficer: c('bus', 'duration', `${STATEMENTS}, signing director; JFCVC 3315 (T14, RF, MF 16202563, OC, BH)`),
  // Notes
  AverageNumberEmployeesDuringPeriod: c('core', 'duration', `${STATEMENTS}, average employees (T14, WF, RF, MF, all peers)`),
  AdvancesCreditsDirectors: c('direp', 'instant', `${STATEMENTS}, directors' advances (T14 only)`),
  AdvancesCreditsMadeInPeriodDirectors: c('direp', 'duration', `${STATEMENTS}, directors' advances (T14 only)`),
  AdvancesCreditsRepaidInPeriodDirectors: c('direp', 'duration', `${STATEMENTS}, directors' advances (T14 only)`),
  DescriptionSpecificAdvanceOrCreditItsConditionsIndicativeInterestRateDirectors: c('direp', 'duration', `${STATEMENTS}, directors' advances (T14 only)`),
  DescriptionSpecificGuaranteeItsTermsDirectors: c('direp', 'duration', `${STATEMENTS}, directors' guarantees (T14 only)`),
  FinancialCommitmentsOtherThanCapitalCommitments: c('core', 'instant', `${STATEMENTS}, commitments and contingencies (T14 only)`),
  CapitalCommitments: c('core', 'instant', `${STATEMENTS}, commitments and contingencies (T14 only)`),
  ContingentLiabilities: c('core', 'instant', `${STATEMENTS}, commitments and contingencies (T14 only)`),
  DescriptionFinancialCommitmentsOtherThanCapitalCommitments: c('core', 'duration', `${STATEMENTS}, commitments and contingencies (T14 only)`),
  // The company and the report (JFCVC 3312 for the FRS-2022+ family; 3316)
  EntityCurrentLegalOrRegisteredName: c('bus', 'duration', ENTITY),
  UKCompaniesHouseRegisteredNumber: c('bus', 'duration', `${ENTITY}; must equal the context identifier (JFCVC 3316)`),
  StartDateForPeriodCoveredByReport: c('bus', 'instant', `${ENTITY}; in the end-date instant context, as WebFiling writes it`),
  EndDateForPeriodCoveredByReport: c('bus', 'instant', ENTITY),
  BalanceSheetDate: c('bus', 'instant', ENTITY),
  DescriptionPrincipalActivities: c('bus', 'duration', ENTITY),
  EntityDormantTruefalse: c('bus', 'duration', `${ENTITY}; boolean (accounts.md §3 after the fixed-item table)`),
  NameProductionSoftware: c('bus', 'duration', ENTITY),
  VersionProductionSoftware: c('bus', 'duration', ENTITY),
  // Empty fixedItemType facts whose value is their dimension member
  AccountingStandardsApplied: c('bus', 'duration', FIXED),
  AccountsStatusAuditedOrUnaudited: c('bus', 'duration', FIXED),
  AccountsType: c('bus', 'duration', `${FIXED} (2022 suite on)`),
  LegalFormEntity: c('bus', 'duration', FIXED),
  ApplicableLegislation: c('bus', 'duration', FIXED),
  EntityTradingStatus: c('bus', 'duration', `${FIXED}; no dimension when trading`),
};

export interface DimensionEntry {
  prefix: 'core' | 'bus';
  /** Members by local name (prefixed as the dimension is). */
  members: readonly string[];
  source: string;
}

export const DIRECTOR_MEMBERS = Array.from({ length: 40 }, (_, i) => `Director${i + 1}`);

/** Every dimension and member the writer may use in a context segment. */
export const DIMENSIONS: Record<string, DimensionEntry> = {
  MaturitiesOrExpirationPeriodsDimension: { prefix: 'core', members: ['WithinOneYear', 'AfterOneYear'], source: `${BS}, lines E and H (T14, WF, RF, OC, BH)` },
  EquityClassesDimension: {
    prefix: 'core',
    members: ['ShareCapital', 'SharePremium', 'RevaluationReserve', 'OtherReservesSubtotal', 'RetainedEarningsAccumulatedLosses'],
    source: `${BS}, line K components (T14 members; RF ShareCapital, OtherReservesSubtotal, RetainedEarningsAccumulatedLosses; OC)`,
  },
  AccountingStandardsDimension: { prefix: 'bus', members: ['Micro-entities', 'SmallEntities', 'FRS102'], source: FIXED },
  AccountsStatusDimension: { prefix: 'bus', members: ['AuditExempt-NoAccountantsReport', 'AuditExemptWithAccountantsReport'], source: FIXED },
  AccountsTypeDimension: { prefix: 'bus', members: ['FullAccounts', 'FilletedAccounts'], source: FIXED },
  LegalFormEntityDimension: { prefix: 'bus', members: ['PrivateLimitedCompanyLtd'], source: FIXED },
  ApplicableLegislationDimension: { prefix: 'bus', members: ['SmallCompaniesRegimeForAccounts'], source: FIXED },
  EntityTradingStatusDimension: { prefix: 'bus', members: ['EntityHasNeverTraded', 'EntityNoLongerTradingButTradedInPast'], source: FIXED },
  EntityOfficersDimension: { prefix: 'bus', members: DIRECTOR_MEMBERS, source: `${STATEMENTS}, signing director: bus:Director1…bus:Director40` },
};

/** The qualified name of a concept in the table; a name that cannot be traced is refused. */
export function concept(localName: string): ConceptEntry & { qname: string } {
  const entry = CONCEPTS[localName];
  if (!entry) throw new Error(`the concept ${localName} is not in the accounts writer's table of traced FRC names`);
  return { ...entry, qname: `${entry.prefix}:${localName}` };
}

/** The qualified dimension and member names; an untraced dimension or member is refused. */
export function member(dimension: string, localMember: string): { dimension: string; member: string } {
  const entry = DIMENSIONS[dimension];
  if (!entry) throw new Error(`the dimension ${dimension} is not in the accounts writer's table of traced FRC names`);
  if (!entry.members.includes(localMember)) throw new Error(`${localMember} is not a traced member of ${dimension}`);
  return { dimension: `${entry.prefix}:${dimension}`, member: `${entry.prefix}:${localMember}` };
}
