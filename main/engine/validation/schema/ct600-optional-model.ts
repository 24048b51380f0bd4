/**
 * The optional blocks of CompanyTaxReturn between
 * CalculationOfTaxOutstandingOrOverpaid and Declaration, in schema order.
 */
import { CT } from './ct-types.js';
import { choice, element, opt, req, seq, type ElementDecl, type Group } from './model.js';
import { address } from './ct600-header-model.js';
import type { SimpleType } from './simple-types.js';
import type { SchemaEdition } from './schema-versions.js';

const wp = (name: string): ElementDecl => element(name, 0, 1, CT.wholePound);
const pp = (name: string): ElementDecl => element(name, 0, 1, CT.poundPence);
const nz = (name: string): ElementDecl => element(name, 0, 1, CT.nonZeroPoundPence);
const yes = (name: string): ElementDecl => element(name, 0, 1, CT.yes);
const typed = (name: string, type: SimpleType): ElementDecl => element(name, 0, 1, type);

/** ChargeAndAllowance. */
const chargeAndAllowance = (name: string): ElementDecl => opt(name, seq(wp('BalancingCharges'), wp('CapitalAllowances')));
/** ArisingAndMaximum. */
const arisingAndMaximum = (name: string): ElementDecl => opt(name, seq(wp('Arising'), wp('SurrenderMaximum')));

const block = (name: string, particle: Group): ElementDecl => opt(name, particle);
const boxed = (decl: ElementDecl, box: string): ElementDecl => ({ ...decl, box });

export function optionalBlocksAfterCalculation(edition: SchemaEdition): ElementDecl[] {
  // Elements HMRC added in v1.994, each in its place in the schema's order.
  const added = (...decls: ElementDecl[]) => (edition === 'v1.994' ? decls : []);
  return [
    block(
      'TaxReconciliation',
      seq(
        ...[
          'ResearchAndDevelopmentCredit',
          'VaccineCredit',
          'CreativeCredit',
        ].map(pp),
        ...added(boxed(pp('AVECandVGEC'), '541')),
        ...[
          'ResearchAndDevelopmentVaccineOrCreativeTaxCredit',
          'LandRemediationCredit',
          'LifeAssuranceCompanyCredit',
          'LandOrLifeCredit',
          'CapitalAllowancesFirstYearCredit',
          'SurplusResearchAndDevelopmentCreditsOrCreativeCreditPayable',
          'LandOrLifeCreditPayable',
          'CapitalAllowancesFirstYearCreditPayable',
          'RingFenceCorpTaxIncluded',
          'NIcorporationTaxIncluded',
          'RingFenceSupplementaryChargeIncluded',
          'TaxAlreadyPaid',
        ].map(pp),
        opt('TaxOutstandingOrOverpaid', seq(pp('TaxOutstanding'), pp('TaxOverpaid'))),
        pp('RefundsSurrendered'),
        ...added(pp('AVECVGECsurrenderedToThisCompany')),
        pp('RandDExpenditureCreditsSurrendered'),
        opt('ExporterInformation', seq(yes('GoodsExported'), yes('ServicesExported'), yes('NeitherGoodsNorServicesExported'))),
      ),
    ),
    block(
      'IndicatorsAndInformation',
      seq(
        wp('FrankedInvestmentIncome'),
        typed('NumberOf51groupCompanies', CT.tenDigitCount),
        yes('InstalmentPayments'),
        yes('VeryLargeQIPs'),
        yes('GroupPayment'),
        yes('IntangibleAssets'),
        yes('CrossBorderRoyalty'),
        wp('EatOutToHelpOutScheme'),
      ),
    ),
    block(
      'EnhancedExpenditure',
      seq(
        yes('SMEclaim'),
        ...added(boxed(yes('RAndDIntensiveSMEclaim'), '653')),
        yes('LargeCompanyClaim'),
        yes('RAndDClaimNotificationForm'),
        yes('AdditionalRAndDForm'),
        ...added(yes('AdditionalCreativesForm')),
        wp('RAndDExpenditureSME'),
        wp('RandDEnhancedExpenditure'),
        ...added(boxed(wp('CreativesCoreExpenditure'), '663')),
        wp('CreativeEnhancedExpenditure'),
        wp('RandDAndCreativeEnhancedExpenditure'),
        wp('SMEclaimAsLargeCompany'),
        wp('VaccineResearch'),
      ),
    ),
    wp('LandRemediationEnhancedExpenditure'),
    block(
      'AllowancesAndCharges',
      seq(
        ...added(chargeAndAllowance('FullExpensing')),
        wp('AIACapitalAllowancesInc'),
        chargeAndAllowance('MachineryAndPlantSuperDeduction'),
        chargeAndAllowance('MachineryAndPlantSpecialRateAllowance'),
        chargeAndAllowance('MachineryAndPlantSpecialRatePool'),
        chargeAndAllowance('MachineryAndPlantMainPool'),
        wp('StructuresAndBuildingsCapitalAllowances'),
        chargeAndAllowance('ElectricChargePoints'),
        chargeAndAllowance('BusinessPremisesRenovationIncluded'),
        chargeAndAllowance('EnterpriseZones'),
        chargeAndAllowance('ZeroEmissionsGoodsVehicles'),
        chargeAndAllowance('ZeroEmissionsCars'),
        chargeAndAllowance('Others'),
      ),
    ),
    block(
      'NotIncluded',
      seq(
        ...added(chargeAndAllowance('FullExpensing')),
        wp('AIACapitalAllowancesNotInc'),
        wp('StructuresAndBuildingsCapitalAllowances'),
        chargeAndAllowance('ElectricChargePoints'),
        chargeAndAllowance('BusinessPremisesRenovationNotIncluded'),
        chargeAndAllowance('MachineryAndPlantSuperDeduction'),
        chargeAndAllowance('MachineryAndPlantSpecialRateAllowance'),
        chargeAndAllowance('EnterpriseZones'),
        chargeAndAllowance('ZeroEmissionsGoodsVehicles'),
        chargeAndAllowance('ZeroEmissionsCars'),
        chargeAndAllowance('OtherAllowancesAndCharges'),
      ),
    ),
    block(
      'QualifyingExpenditure',
      seq(
        ...[
          'MachineryAndPlantExpenditure',
          'DesignatedEnvironmentallyFriendlyMachineryAndPlant',
          'MachineryAndPlantLongLife',
          'StructuresAndBuildings',
          'MachineryAndPlantSuperDeduction',
          'MachineryAndPlantSpecialRateAllowance',
          'OtherMachineryAndPlant',
        ].map(wp),
      ),
    ),
    block(
      'LossesDeficitsAndExcess',
      seq(
        opt(
          'AmountArising',
          seq(
            arisingAndMaximum('LossesOfTradesUK'),
            wp('LossesOfTradesOutsideUK'),
            arisingAndMaximum('Loans'),
            arisingAndMaximum('UKpropertyBusinessLosses'),
            wp('OverseasPropertyBusinessLosses'),
            wp('MiscLosses'),
            wp('CapitalLosses'),
            arisingAndMaximum('NonTradingLossesIntangibles'),
          ),
        ),
        opt('ExcessAmounts', seq(wp('NonTradeCapital'), wp('QualifyingDonations'), arisingAndMaximum('ManagementExpenses'))),
      ),
    ),
    block('NorthernIrelandInformation', seq(wp('NIagainstUK'), wp('NIagainstNI'), wp('UKagainstNI'))),
    block(
      'OverpaymentsAndRepayments',
      seq(
        wp('OwnRepaymentsLowerLimit'),
        opt(
          'RepaymentsForThePeriodCoveredByThisReturn',
          seq(
            ...[
              'CorporationTax',
              'IncomeTax',
              'RandDTaxCredit',
              'RandDExpenditureCredit',
              'CreativeCredit',
            ].map(nz),
            ...added(boxed(nz('PayableAVECandVGEC'), '886')),
            ...[
              'LandRemediationCredit',
              'PayableCapitalAllowancesFirstYearCredit',
            ].map(nz),
          ),
        ),
        opt(
          'Surrender',
          seq(req('Amount', CT.nonZeroPoundPence), req('JointNotice', choice(req('Attached', CT.yes), req('WillFollow', CT.yes))), nz('StopUntilNotice')),
        ),
        opt(
          'BankAccountDetails',
          seq(
            req('BankName', CT.excluded(2, 56)),
            req('SortCode', CT.digits(6)),
            req('AccountNumber', CT.digits(8)),
            req('AccountName', CT.excluded(2, 28)),
            typed('BuildingSocReference', CT.excluded(2, 18)),
          ),
        ),
        ...added(boxed(yes('RAndDCreditWithCondition'), '943')),
        opt('PaymentToPerson', seq(req('Recipient', CT.excluded(2, 56)), req('Address', address()), req('NomineeReference', CT.excluded(undefined, 20)))),
      ),
    ),
  ];
}
