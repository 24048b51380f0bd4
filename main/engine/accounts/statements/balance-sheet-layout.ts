/**
 * The balance sheet, Format 1 of SI 2008/409 Sch 1: Section C for a
 * micro-entity (FRS 105, lines A–K), Section B for a small company (FRS 102
 * Section 1A, with the roman-numeral sub-items of B, C and K). Both add the
 * "Net assets (liabilities)" total after J, as every real filing does.
 *
 * Prepayments (D) count in net current assets (Sch 1 Format 1 note: amounts
 * under "prepayments and accrued income" are taken into account for F);
 * accruals shown under J come after G, as the format places them.
 */
import type { LineSpec } from './layout.js';
import { RESERVES_KEYS } from './layout.js';

const MATURITY_WITHIN = 'WithinOneYear';
const MATURITY_AFTER = 'AfterOneYear';

const calledUpNotPaid: LineSpec = {
  kind: 'item', id: 'CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset', format: 'A', label: 'Called up share capital not paid', role: 'item',
  concept: 'CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset', nature: 'debit', keys: ['CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset'],
};
const prepayments: LineSpec = {
  kind: 'item', id: 'PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal', format: 'D', label: 'Prepayments and accrued income', role: 'item',
  concept: 'PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal', nature: 'debit', keys: ['PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal'],
};
/** Corporation tax payable is always here: a small company pays it 9 months and a day after its period (TMA 1970 s59D). */
const creditorsWithin: LineSpec = {
  kind: 'item', id: 'Creditors', format: 'E', label: 'Creditors: amounts falling due within one year', role: 'item',
  concept: 'Creditors', member: MATURITY_WITHIN, nature: 'credit', keys: ['Creditors', 'Creditors[WithinOneYear]', 'CorporationTaxPayable'],
};
const netCurrent: LineSpec = {
  kind: 'sum', id: 'NetCurrentAssetsLiabilities', format: 'F', label: 'Net current assets (liabilities)', role: 'total', concept: 'NetCurrentAssetsLiabilities',
  parts: [['CurrentAssets', 1], ['PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal', 1], ['Creditors', -1]],
};
const totalLessCurrent: LineSpec = {
  kind: 'sum', id: 'TotalAssetsLessCurrentLiabilities', format: 'G', label: 'Total assets less current liabilities', role: 'total', concept: 'TotalAssetsLessCurrentLiabilities',
  parts: [['CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset', 1], ['FixedAssets', 1], ['NetCurrentAssetsLiabilities', 1]],
};
const creditorsAfter: LineSpec = {
  kind: 'item', id: 'Creditors[AfterOneYear]', format: 'H', label: 'Creditors: amounts falling due after more than one year', role: 'item',
  concept: 'Creditors', member: MATURITY_AFTER, nature: 'credit', keys: ['Creditors[AfterOneYear]'],
};
const provisions: LineSpec = {
  kind: 'item', id: 'ProvisionsForLiabilitiesBalanceSheetSubtotal', format: 'I', label: 'Provisions for liabilities', role: 'item',
  concept: 'ProvisionsForLiabilitiesBalanceSheetSubtotal', nature: 'credit', keys: ['ProvisionsForLiabilitiesBalanceSheetSubtotal'],
};
const accruals: LineSpec = {
  kind: 'item', id: 'AccruedLiabilitiesNotExpressedWithinCreditorsSubtotal', format: 'J', label: 'Accruals and deferred income', role: 'item',
  concept: 'AccruedLiabilitiesNotExpressedWithinCreditorsSubtotal', nature: 'credit', keys: ['AccruedLiabilitiesNotExpressedWithinCreditorsSubtotal'],
};
const netAssets: LineSpec = {
  kind: 'sum', id: 'NetAssetsLiabilities', format: '', label: 'Net assets (liabilities)', role: 'total', concept: 'NetAssetsLiabilities', alwaysShown: true,
  parts: [['TotalAssetsLessCurrentLiabilities', 1], ['Creditors[AfterOneYear]', -1], ['ProvisionsForLiabilitiesBalanceSheetSubtotal', -1], ['AccruedLiabilitiesNotExpressedWithinCreditorsSubtotal', -1]],
};

export const MICRO_BALANCE_SHEET: readonly LineSpec[] = [
  calledUpNotPaid,
  {
    kind: 'item', id: 'FixedAssets', format: 'B', label: 'Fixed assets', role: 'item', concept: 'FixedAssets', nature: 'debit',
    keys: ['FixedAssets', 'IntangibleAssets', 'PropertyPlantEquipment', 'InvestmentsFixedAssets'],
  },
  {
    kind: 'item', id: 'CurrentAssets', format: 'C', label: 'Current assets', role: 'item', concept: 'CurrentAssets', nature: 'debit',
    keys: ['TotalInventories', 'Debtors', 'Debtors[WithinOneYear]', 'Debtors[AfterOneYear]', 'CurrentAssetInvestments', 'CashBankOnHand'],
  },
  prepayments,
  creditorsWithin,
  netCurrent,
  totalLessCurrent,
  creditorsAfter,
  provisions,
  accruals,
  netAssets,
  {
    kind: 'item', id: 'Equity', format: 'K', label: 'Capital and reserves', role: 'total', concept: 'Equity', nature: 'credit', alwaysShown: true,
    keys: ['CalledUpShareCapital', 'Equity[SharePremium]', 'Equity[RevaluationReserve]', 'Equity[OtherReservesSubtotal]', ...RESERVES_KEYS],
  },
];

export const SMALL_BALANCE_SHEET: readonly LineSpec[] = [
  calledUpNotPaid,
  { kind: 'item', id: 'IntangibleAssets', format: 'B.I', label: 'Intangible assets', role: 'subitem', concept: 'IntangibleAssets', nature: 'debit', keys: ['IntangibleAssets'] },
  { kind: 'item', id: 'PropertyPlantEquipment', format: 'B.II', label: 'Tangible assets', role: 'subitem', concept: 'PropertyPlantEquipment', nature: 'debit', keys: ['PropertyPlantEquipment'] },
  { kind: 'item', id: 'InvestmentsFixedAssets', format: 'B.III', label: 'Investments', role: 'subitem', concept: 'InvestmentsFixedAssets', nature: 'debit', keys: ['InvestmentsFixedAssets'] },
  {
    kind: 'sum', id: 'FixedAssets', format: 'B', label: 'Fixed assets', role: 'subtotal', concept: 'FixedAssets',
    parts: [['IntangibleAssets', 1], ['PropertyPlantEquipment', 1], ['InvestmentsFixedAssets', 1]],
  },
  { kind: 'item', id: 'TotalInventories', format: 'C.I', label: 'Stocks', role: 'subitem', concept: 'TotalInventories', nature: 'debit', keys: ['TotalInventories'] },
  { kind: 'item', id: 'Debtors', format: 'C.II', label: 'Debtors', role: 'subitem', concept: 'Debtors', nature: 'debit', keys: ['Debtors', 'Debtors[WithinOneYear]', 'Debtors[AfterOneYear]'] },
  { kind: 'item', id: 'CurrentAssetInvestments', format: 'C.III', label: 'Investments', role: 'subitem', concept: 'CurrentAssetInvestments', nature: 'debit', keys: ['CurrentAssetInvestments'] },
  { kind: 'item', id: 'CashBankOnHand', format: 'C.IV', label: 'Cash at bank and in hand', role: 'subitem', concept: 'CashBankOnHand', nature: 'debit', keys: ['CashBankOnHand'] },
  {
    kind: 'sum', id: 'CurrentAssets', format: 'C', label: 'Current assets', role: 'subtotal', concept: 'CurrentAssets',
    parts: [['TotalInventories', 1], ['Debtors', 1], ['CurrentAssetInvestments', 1], ['CashBankOnHand', 1]],
  },
  prepayments,
  creditorsWithin,
  netCurrent,
  totalLessCurrent,
  creditorsAfter,
  provisions,
  accruals,
  netAssets,
  { kind: 'item', id: 'CalledUpShareCapital', format: 'K.I', label: 'Called up share capital', role: 'subitem', concept: 'Equity', member: 'ShareCapital', nature: 'credit', keys: ['CalledUpShareCapital'] },
  { kind: 'item', id: 'Equity[SharePremium]', format: 'K.II', label: 'Share premium account', role: 'subitem', concept: 'Equity', member: 'SharePremium', nature: 'credit', keys: ['Equity[SharePremium]'] },
  { kind: 'item', id: 'Equity[RevaluationReserve]', format: 'K.III', label: 'Revaluation reserve', role: 'subitem', concept: 'Equity', member: 'RevaluationReserve', nature: 'credit', keys: ['Equity[RevaluationReserve]'] },
  { kind: 'item', id: 'Equity[OtherReservesSubtotal]', format: 'K.IV', label: 'Other reserves', role: 'subitem', concept: 'Equity', member: 'OtherReservesSubtotal', nature: 'credit', keys: ['Equity[OtherReservesSubtotal]'] },
  {
    kind: 'item', id: 'RetainedEarningsAccumulatedLosses', format: 'K.V', label: 'Profit and loss account', role: 'subitem', concept: 'Equity', member: 'RetainedEarningsAccumulatedLosses',
    nature: 'credit', keys: RESERVES_KEYS,
  },
  {
    kind: 'sum', id: 'Equity', format: 'K', label: 'Capital and reserves', role: 'subtotal', concept: 'Equity', alwaysShown: true,
    parts: [['CalledUpShareCapital', 1], ['Equity[SharePremium]', 1], ['Equity[RevaluationReserve]', 1], ['Equity[OtherReservesSubtotal]', 1], ['RetainedEarningsAccumulatedLosses', 1]],
  },
];

/** The lines whose sum is gross assets, the balance sheet total of s382(5). */
export const ASSET_LINE_IDS = ['CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset', 'FixedAssets', 'CurrentAssets', 'PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal'] as const;
