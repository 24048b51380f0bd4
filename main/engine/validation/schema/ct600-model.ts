/**
 * CT-2014 IRenvelope/CompanyTaxReturn as an element model, with the CT600 box
 * number on each element that is a box, for each schema edition: v1.991, and
 * v1.994 with what HMRC added (box 4 code 11, the CT600P page and its box 96,
 * the electricity generator levy, AVEC/VGEC credits, full expensing, the R&D
 * intensive claim). Supplementary pages CT600C and CT600N, and CT600P (new
 * in v1.994), are modelled whole; the other pages are known elements whose
 * inside is not modelled: the checker reports that plainly instead of
 * pretending to have checked them.
 */
import { CT } from './ct-types.js';
import { attr, choice, complex, element, opaque, opt, req, seq, UNBOUNDED, wildcard, type ElementDecl } from './model.js';
import { irheader } from './ct600-header-model.js';
import { optionalBlocksAfterCalculation } from './ct600-optional-model.js';
import type { SimpleType } from './simple-types.js';
import { TAX_LINE_BOXES, type YearBlock } from '../tax-lines.js';
import { groupAndConsortium } from './ct600c-model.js';
import { loansByCloseCompanies } from './ct600a-model.js';
import { residentialPropertyDeveloperTax } from './ct600n-model.js';
import { creativeIndustries } from './ct600p-model.js';
import type { SchemaEdition } from './schema-versions.js';

/** Declarations that exist from v1.994 on: in that edition's model only. */
export const from994 = (edition: SchemaEdition, ...decls: ElementDecl[]): ElementDecl[] => (edition === 'v1.994' ? decls : []);

const boxed = (name: string, type: SimpleType, box: string | undefined, min = 0): ElementDecl =>
  element(name, min, 1, type, box ? { box } : {});
/** Optional whole-pound box. */
export const wp = (name: string, box?: string) => boxed(name, CT.wholePound, box);
/** Optional pounds-and-pence box. */
export const pp = (name: string, box?: string) => boxed(name, CT.poundPence, box);
export const yes = (name: string, box?: string) => boxed(name, CT.yes, box);

const companyInformation = (edition: SchemaEdition) =>
  req(
    'CompanyInformation',
    seq(
      req('CompanyName', CT.companyName, { box: '1' }),
      opt('RegistrationNumber', CT.registrationNumber, { box: '2' }),
      req('Reference', CT.utr, { box: '3' }),
      req('CompanyType', edition === 'v1.994' ? CT.companyType994 : CT.companyType, { box: '4' }),
      opt('NorthernIreland', seq(req('NItradingActivity', CT.yes), yes('SME'), yes('NIemployer'), yes('SpecialCircumstances'))),
      req('PeriodCovered', seq(req('From', CT.periodFrom, { box: '30' }), req('To', CT.date, { box: '35' }))),
    ),
  );

const returnInfoSummary = (edition: SchemaEdition) =>
  req(
    'ReturnInfoSummary',
    seq(
      yes('ThisPeriod'),
      yes('EarlierPeriod'),
      yes('MultipleReturns'),
      yes('ProvisionalFigures'),
      yes('PartOfNonSmallGroup'),
      yes('RegisteredAvoidanceScheme'),
      opt('TransferPricing', seq(yes('Adjustment'), yes('SME'))),
      // Boxes as in ct600.md section 2: A for the accounts indicators, B for the computations ones.
      req('Accounts', seq(yes('ThisPeriodAccounts', '80A'), yes('DifferentPeriod', '85A'), boxed('NoAccountsReason', CT.noAccountsReason, '90A'))),
      req(
        'Computations',
        choice(
          req('ThisPeriodComputations', CT.yes, { box: '80B' }),
          req('DifferentPeriod', CT.yes, { box: '85B' }),
          req('NoComputationsReason', CT.noComputationsReason, { box: '90B' }),
        ),
      ),
      opt('SupplementaryPages', seq(...'ABCDEFGHIJKLMN'.split('').map((l) => yes(`CT600${l}`)), ...from994(edition, yes('CT600P', '96')))),
    ),
  );

/**
 * Up to three tax lines per financial year. The schema says Details{1,3};
 * written as Details, Details?, Details? (the same language, still
 * deterministic) so each line carries its own boxes: 335/340/345,
 * 350/355/360, 365/370/375 in the first year, 385/390/395, 400/405/410,
 * 415/420/425 in the second.
 */
const yearDetails = (block: YearBlock) =>
  TAX_LINE_BOXES[block].map((boxes, i) =>
    element(
      'Details',
      i === 0 ? 1 : 0,
      1,
      seq(req('Profit', CT.wholePound, { box: boxes.profit }), req('TaxRate', CT.taxRate, { box: boxes.rate }), req('Tax', CT.poundPence, { box: boxes.tax })),
    ),
  );

const companyTaxCalculation = () =>
  req(
    'CompanyTaxCalculation',
    seq(
      req(
        'Income',
        seq(
          opt('Trading', seq(wp('Profits', '155'), wp('LossesBroughtForward', '160'), wp('NetProfits', '165'))),
          wp('NonTradingLoanProfitsAndGains', '170'),
          yes('IncomeStatedNet', '172'),
          wp('NonLoanAnnuitiesAnnualPaymentsDiscounts', '175'),
          wp('NonUKdividends', '180'),
          wp('DeductedIncome', '185'),
          wp('PropertyBusinessIncome', '190'),
          wp('NonTradingGainsIntangibles', '195'),
          wp('TonnageTaxProfits', '200'),
          wp('OtherIncome', '205'),
        ),
      ),
      opt('ChargeableGains', seq(wp('GrossGains', '210'), wp('AllowableLosses', '215'), req('NetChargeableGains', CT.wholePound, { box: '220' }))),
      wp('LossesBroughtForward', '225'),
      wp('NonTradeDeficitsOnLoans', '230'),
      wp('ProfitsBeforeOtherDeductions', '235'),
      opt(
        'DeductionsAndReliefs',
        seq(
          wp('UnquotedShares', '240'),
          wp('ManagementExpenses', '245'),
          wp('UKpropertyBusinessLosses', '250'),
          wp('CapitalAllowances', '255'),
          wp('NonTradeDeficits', '260'),
          wp('CarriedForwardNonTradeDeficits', '263'),
          wp('NonTradingLossIntangibles', '265'),
          wp('TradingLosses', '275'),
          yes('TradingLossesCarriedBack', '280'),
          wp('TradingLossesCarriedForward', '285'),
          wp('NonTradeCapitalAllowances', '290'),
          wp('Total', '295'),
        ),
      ),
      opt(
        'ChargesAndReliefs',
        seq(wp('ProfitsBeforeDonationsAndGroupRelief', '300'), wp('QualifyingDonations', '305'), wp('GroupRelief', '310'), wp('GroupReliefForCarriedForwardLosses', '312')),
      ),
      req('ChargeableProfits', CT.wholePound, { box: '315' }),
      wp('RingFenceProfitsIncluded', '320'),
      wp('NorthernIrelandProfitsIncluded', '325'),
      opt(
        'CorporationTaxChargeable',
        seq(
          opt(
            'AssociatedCompanies',
            seq(
              opt('ThisPeriod', CT.nonNegativeInteger, { box: '326' }),
              opt('AssociatedCompaniesFinancialYears', seq(req('FirstYear', CT.nonNegativeInteger, { box: '327' }), req('SecondYear', CT.nonNegativeInteger, { box: '328' }))),
              yes('StartingOrSmallCompaniesRate', '329'),
            ),
          ),
          req('FinancialYearOne', seq(req('Year', CT.gYear, { box: '330' }), ...yearDetails('FinancialYearOne'))),
          opt('FinancialYearTwo', seq(req('Year', CT.gYear, { box: '380' }), ...yearDetails('FinancialYearTwo'))),
        ),
      ),
      pp('CorporationTax', '430'),
      boxed('MarginalReliefForRingFenceTrades', CT.nonZeroPoundPence, '435'),
      req('NetCorporationTaxChargeable', CT.poundPence, { box: '440' }),
      opt(
        'TaxReliefsAndDeductions',
        seq(
          pp('CommunityInvestmentRelief', '445'),
          opt('DoubleTaxation', seq(boxed('DoubleTaxationRelief', CT.nonZeroPoundPence, '450'), yes('UnderlyingRate', '455'), yes('AmountCarriedBack', '460'))),
          pp('AdvancedCorporationTax', '465'),
          pp('TotalReliefsAndDeductions', '470'),
        ),
      ),
      opt(
        'CJRS',
        seq(req('CJRSreceived', CT.poundPence, { box: '471' }), pp('CJRSdue', '472'), pp('CJRSoverpaymentAlreadyAssessed', '473'), pp('JobRetentionBonusOverpayment', '474')),
      ),
    ),
  );

const calculationOfTaxOutstandingOrOverpaid = (edition: SchemaEdition) =>
  req(
    'CalculationOfTaxOutstandingOrOverpaid',
    seq(
      pp('NetCorporationTaxLiability', '475'),
      pp('LoansToParticipators', '480'),
      yes('CT600AreliefDue', '485'),
      // Box numbers as HMRC's own rule set numbers them (490–497 the parts, 500 their total).
      pp('CFCtaxPayable', '490'),
      pp('BankLevyPayable', '495'),
      pp('BankSurchargePayable', '496'),
      pp('RPDTpayable', '497'),
      pp('CFCandBankLevyTotal', '500'),
      pp('EOGPLpayable', '501'),
      ...from994(edition, pp('EGLpayable', '502')),
      pp('SupplementaryCharge', '505'),
      pp('TaxChargeable', '510'),
      opt('IncomeTax', seq(pp('DeductedIncomeTax', '515'), pp('TaxRepayable', '520'))),
      req('TaxPayable', CT.poundPence, { box: '525' }),
      pp('CJRSoverpaymentsNowDue', '526'),
      pp('RestitutionTax', '527'),
      pp('TaxPayableIncludingRestitutionTax', '528'),
    ),
  );

const declaration = () =>
  req(
    'Declaration',
    seq(
      req('AcceptDeclaration', { ...CT.yes, describe: '"yes" (the declaration must be accepted)' }, { box: '975' }),
      req('Name', CT.excluded(2, 56), { box: '975' }),
      req('Status', CT.excluded(2, 56), { box: '985' }),
    ),
  );

const SUPPLEMENTARY_PAGES: [string, string][] = [
  ['LoansByCloseCompanies', 'CT600A'],
  ['ControlledForeignCompanies', 'CT600B'],
  ['GroupAndConsortium', 'CT600C'],
  ['Insurance', 'CT600D'],
  ['Charity', 'CT600E'],
  ['TonnageTax', 'CT600F'],
  ['NorthernIreland', 'CT600G'],
  ['CrossBorderRoyalties', 'CT600H'],
  ['RingFenceTrade', 'CT600I'],
  ['TaxAvoidanceSchemes', 'CT600J'],
  ['RestitutionTax', 'CT600K'],
  ['ResearchAndDevelopment', 'CT600L'],
  ['Freeports', 'CT600M'],
  ['ResidentialPropertyDeveloperTax', 'CT600N'],
];

/** Supplementary pages whose content the structure check knows (the rest are reported as not checked). */
const CHECKED_PAGES: Record<string, () => ElementDecl> = {
  LoansByCloseCompanies: loansByCloseCompanies,
  GroupAndConsortium: groupAndConsortium,
  ResidentialPropertyDeveloperTax: residentialPropertyDeveloperTax,
};

const filenameAttr = (required = false) => attr('Filename', CT.filename, required);

const attachment = (min: number) =>
  element('Attachment', min, UNBOUNDED, CT.base64, {
    attributes: [
      attr('Description', CT.excludedText),
      filenameAttr(true),
      attr('Format', CT.attachmentFormat, true),
      attr('Size', CT.integer),
      attr('Type', CT.attachmentType, true),
    ],
  });

/** XBRLsubmissionDetails: the iXBRL accounts or computations carried inside the return. */
const xbrlSubmissionDetails = (name: string, min: number): ElementDecl =>
  element(
    name,
    min,
    1,
    seq(
      req(
        'Instance',
        complex(
          choice(
            element('EncodedInlineXBRLDocument', 1, UNBOUNDED, CT.base64, { attributes: [filenameAttr(), attr('entryPoint', CT.yes)] }),
            req('RawXBRLDocument', wildcard('http://www.xbrl.org/2003/instance', 1, 1, [filenameAttr()], true)),
            element('InlineXBRLDocument', 1, UNBOUNDED, wildcard('http://www.w3.org/1999/xhtml', 1, 1, [filenameAttr(), attr('entryPoint', CT.yes)])),
          ),
          [filenameAttr(), attr('BaseTaxonomyVersionDate', CT.date)],
        ),
      ),
      opt(
        'Extension',
        seq(
          req('Taxonomy', wildcard('http://www.w3.org/2001/XMLSchema', 1, 1, [filenameAttr(true)])),
          element('Linkbase', 0, 5, wildcard('http://www.xbrl.org/2003/linkbase', 1, 1, [attr('Type', CT.linkbaseType, true), filenameAttr(true)])),
        ),
      ),
    ),
  );

const attachedFiles = () =>
  opt(
    'AttachedFiles',
    choice(
      attachment(1),
      seq(
        req('XBRLsubmission', choice(xbrlSubmissionDetails('Accounts', 1), seq(xbrlSubmissionDetails('Computation', 1), xbrlSubmissionDetails('Accounts', 0)))),
        attachment(0),
      ),
    ),
  );

const energyProfitsLevy = (edition: SchemaEdition): ElementDecl =>
  edition === 'v1.994'
    ? opt('EnergyProfitsLevy', seq(wp('EOGPLamounts', '986'), wp('EGLamounts', '987')))
    : opt('EnergyProfitsLevy', seq(req('EOGPLamounts', CT.wholePound, { box: '986' })));

const companyTaxReturn = (edition: SchemaEdition): ElementDecl =>
  req(
    'CompanyTaxReturn',
    complex(
      seq(
        companyInformation(edition),
        returnInfoSummary(edition),
        opt('Turnover', seq(opt('Total', CT.turnover, { box: '145' }), yes('OtherFinancialConcerns', '150'))),
        companyTaxCalculation(),
        energyProfitsLevy(edition),
        calculationOfTaxOutstandingOrOverpaid(edition),
        ...optionalBlocksAfterCalculation(edition),
        declaration(),
        ...SUPPLEMENTARY_PAGES.map(([name, page]) =>
          CHECKED_PAGES[name]?.() ?? opt(name, opaque(`the content of the ${page} supplementary page (${name}) is not checked by the local structure check`)),
        ),
        ...from994(edition, creativeIndustries()),
        yes('WelshReturn'),
        yes('JointAccounts'),
        attachedFiles(),
      ),
      [attr('ReturnType', CT.returnType, true)],
    ),
  );

export function irenvelope(edition: SchemaEdition): ElementDecl {
  return req('IRenvelope', seq(irheader(), companyTaxReturn(edition)));
}
