/** Returns for the validation tests: built by the engine's own builder, then edited as text. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCt600, verifyIrmark } from '../../../main/engine/ct600/index.js';
import type { Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import type { Validation, ValidationMessage } from '../../../main/engine/validation-result.js';
import { fullReturn } from '../../fixtures/ct600-requests.js';
import { ct600Vectors } from '../../helpers/shared.js';

/** A trading company at the small profits rate (FY2024), accounts and computations attached as iXBRL: the shared fullReturn(). */
export function tradingReturn(overrides: Partial<Ct600RequestInput> = {}): Ct600RequestInput {
  return { ...fullReturn(), ...overrides };
}

/** The request without boxes 326–329: no claim to the small profits rate or marginal relief. */
export function unclaimed(request: Ct600RequestInput = tradingReturn()): Ct600RequestInput {
  const { associatedCompanies: _claim, ...rest } = request as Ct600RequestInput & { associatedCompanies?: unknown };
  return rest as Ct600RequestInput;
}

/** The builder's final message text (IRmark filled in) for a request, as it is. */
export function builderXml(request: Ct600RequestInput = tradingReturn()): string {
  return Buffer.from(buildCt600(request).xmlDoc, 'base64').toString('utf8');
}

/** Fills the IRmark in again after a test's edit, so only the edit is under test. */
export function remarked(xml: string): string {
  return xml.replace(/<IRmark Type="generic">[^<]*<\/IRmark>/, `<IRmark Type="generic">${verifyIrmark(xml).expected}</IRmark>`);
}

/**
 * Box 329, the claim to the small profits rate or marginal relief (with box
 * 326, no associated companies, which HMRC asks for beside it), which HMRC
 * requires for 19% or relief from FY2023 (rules 9200, 9417), added where a
 * return at 19% or with marginal relief has none: for requests a test wrote
 * without it. A request that carries it is built with it and left as it is.
 */
export function withRateClaim(xml: string): string {
  if (xml.includes('<AssociatedCompanies>') || !(/<TaxRate>19\.00<\/TaxRate>/.test(xml) || xml.includes('<MarginalReliefForRingFenceTrades>'))) return xml;
  return remarked(replaceOnce(xml, /<CorporationTaxChargeable>(\s*)<FinancialYearOne>/, '<CorporationTaxChargeable>$1<AssociatedCompanies><ThisPeriod>0</ThisPeriod><StartingOrSmallCompaniesRate>yes</StartingOrSmallCompaniesRate></AssociatedCompanies>$1<FinancialYearOne>'));
}

/** The final message text (IRmark filled in) for a request, with the rate claim of box 329 where it uses 19% or marginal relief. */
export function builtXml(request: Ct600RequestInput = tradingReturn()): string {
  return withRateClaim(builderXml(request));
}

export const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

export const tpvsSample = () => readFileSync(join(ct600Vectors, 'tpvs-accepted-sample.xml'), 'utf8');
export const seedlikeSample = () => readFileSync(join(ct600Vectors, 'selfmade-seedlike-ct600-compact.xml'), 'utf8');

/** Replaces exactly one occurrence, so a test never edits something it did not mean to. */
export function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const count = typeof from === 'string' ? text.split(from).length - 1 : (text.match(new RegExp(from.source, `${from.flags.replace('g', '')}g`)) ?? []).length;
  if (count !== 1) throw new Error(`expected one ${String(from)} in the document, found ${count}`);
  return text.replace(from, to);
}

export const byType = (validations: Validation[], type: number): Validation => {
  const v = validations.find((x) => x.validationType === type);
  if (!v) throw new Error(`no validation of type ${type}`);
  return v;
};

export const attr = (m: ValidationMessage, name: string) => m.attributes.find((a) => a.name === name)?.value;
export const errors = (v: Validation) => v.messages.filter((m) => m.category === 'error');
export const codes = (v: Validation) => errors(v).map((m) => m.code);

/**
 * A built return widened by hand with optional blocks the builder does not
 * emit (agent and contact details, a second financial year, reliefs,
 * repayment bank details, a PDF attachment): schema-valid, so
 * it gives the structure tests more of the model to exercise.
 */
export function richReturnXml(): string {
  let xml = builderXml(tradingReturn({ returnType: 'amended' }));
  xml = replaceOnce(
    xml,
    '<DefaultCurrency>GBP</DefaultCurrency>',
    '<Agent><AgentID>A1234</AgentID><Company>Ledger and Co</Company><Address><Line>1 High Street</Line><Line>Leeds</Line><PostCode>LS1 1AA</PostCode></Address>' +
      '<Contact><Name><Ttl>Ms</Ttl><Fore>Ann</Fore><Sur>Smith-Jones</Sur></Name><Email Type="work">ann@example.co.uk</Email><Telephone Mobile="no"><Number>0113 496 0000</Number><Extension>12</Extension></Telephone></Contact></Agent>' +
      '<DefaultCurrency>GBP</DefaultCurrency>',
  );
  xml = replaceOnce(xml, '<ThisPeriodAccounts>yes</ThisPeriodAccounts>', '<ThisPeriodAccounts>yes</ThisPeriodAccounts>');
  // The associated companies group (boxes 326 and 329) comes from the builder, as fullReturn() claims the small profits rate.
  if (!/<AssociatedCompanies>\s*<ThisPeriod>0<\/ThisPeriod>\s*<StartingOrSmallCompaniesRate>yes<\/StartingOrSmallCompaniesRate>\s*<\/AssociatedCompanies>/.test(xml)) throw new Error('the trading return no longer claims box 329');
  xml = replaceOnce(
    xml,
    /<\/FinancialYearOne>\s*<\/CorporationTaxChargeable>/,
    '</FinancialYearOne><FinancialYearTwo><Year>2025</Year><Details><Profit>0.00</Profit><TaxRate>19.00</TaxRate><Tax>0.00</Tax></Details></FinancialYearTwo></CorporationTaxChargeable>',
  );
  xml = replaceOnce(
    xml,
    /<TaxReliefsAndDeductions>\s*<TotalReliefsAndDeductions>/,
    '<TaxReliefsAndDeductions><CommunityInvestmentRelief>0.00</CommunityInvestmentRelief><DoubleTaxation><UnderlyingRate>yes</UnderlyingRate></DoubleTaxation><TotalReliefsAndDeductions>',
  );
  xml = replaceOnce(
    xml,
    '<Declaration>',
    '<IndicatorsAndInformation><NumberOf51groupCompanies>2</NumberOf51groupCompanies></IndicatorsAndInformation>' +
      '<OverpaymentsAndRepayments><BankAccountDetails><BankName>Example Bank plc</BankName><SortCode>401276</SortCode><AccountNumber>12345678</AccountNumber><AccountName>Validation Test Trading</AccountName></BankAccountDetails></OverpaymentsAndRepayments>' +
      '<Declaration>',
  );
  xml = replaceOnce(xml, '</XBRLsubmission>', '</XBRLsubmission><Attachment Filename="note.pdf" Format="pdf" Type="other">JVBERi0xLjQK</Attachment>');
  return xml;
}

const leaf = (name: string, value: string) => `<${name}>${value}</${name}>`;
const group = (name: string, ...children: string[]) => `<${name}>${children.join('')}</${name}>`;
const amounts = (names: string[], value = '100.00') => names.map((n) => leaf(n, value)).join('');
const credit = (name: string, visualEffects: boolean) =>
  group(name, amounts(['RelevantGlobalExpenditure', 'UKrelevantGlobalExpenditure', 'QualifyingExpenditure', 'ExpenditureCreditClaimed']), visualEffects ? leaf('AdditionalCreditForVisualEffects', '5.00') : '');
const relief = (name: string) => group(name, amounts(['CoreExpenditure', 'UKcoreExpenditure', 'AdditionalDeduction', 'LossesSurrenderedForTaxCredit', 'TaxCreditClaimed']));

/** The CT600P page (CompanyTaxReturn/CreativeIndustries) with every section once. */
export const creativeIndustriesPage = () =>
  group(
    'CreativeIndustries',
    group(
      'AudioVisualExpenditureCredit',
      credit('Film', true),
      credit('HighEndTV', true),
      credit('ChildrensTV', false),
      credit('IndependentFilm', false),
      group('TotalAudioVisual', amounts(['TotalRelevantGlobalExpenditure', 'TotalUKrelevantGlobalExpenditure', 'TotalQualifyingExpenditure', 'TotalExpenditureCreditClaimed']), leaf('TotalAdditionalCreditForVisualEffects', '10.00')),
    ),
    group('VideoGamesExpenditureCredit', credit('VideoGames', false), group('TotalVideoGames', amounts(['TotalRelevantGlobalExpenditure', 'TotalUKrelevantGlobalExpenditure', 'TotalQualifyingExpenditure', 'TotalExpenditureCreditClaimed']))),
    group('Step1', leaf('AVECclaim', '34.00'), leaf('TotalAVECandVGECforTheAccountingPeriod', '34.00'), leaf('RemainingCorporationTaxLiability', '0.00')),
    group('Step3', leaf('Step2BalanceCarriedForwardToStep3', '0.00')),
    group('Step6', leaf('PayableAVECandVGEC', '34.00')),
    group('AVECVGECsurrendered', leaf('TotalSurrendered', '0.00')),
    group('TotalCreditsToDischargeAgainstLiabilitiesInThisCompanyTaxReturn', leaf('AVECVGECstep1DischargeAmount', '0.00'), leaf('Total', '0.00')),
    group(
      'DetailsOfAVECVGECsurrendered',
      group('DetailsOfSurrender', leaf('Name', 'Group Films Ltd'), leaf('TaxReference', '1234567890'), group('AccountingPeriod', leaf('From', '2024-04-01'), leaf('To', '2025-03-31')), leaf('Amount', '1.00')),
      leaf('Total', '1.00'),
    ),
    group('FilmHighEndTVchildrensTVanimationAndVideoGamesTaxRelief', relief('Animation'), group('TotalAudioVisualAndVideoGames', amounts(['TotalCoreExpenditure', 'TotalUKcoreExpenditure', 'TotalAdditionalDeduction', 'TotalLossesSurrenderedForTaxCredit', 'TotalTaxCreditClaimed']))),
    group('CulturalReliefs', relief('Theatre'), relief('MuseumGalleryExhibition'), group('TotalCulturalReliefs', amounts(['TotalCoreExpenditure', 'TotalUKcoreExpenditure', 'TotalAdditionalDeduction', 'TotalLossesSurrenderedForTaxCredit', 'TotalTaxCreditClaimed']))),
    group(
      'CulturalReliefsAndFilmHighEndTVchildrensTVanimationAndVideoGameTaxRelief',
      amounts(['TotalCoreExpenditureForThisAP', 'TotalAdditionalDeductionForThisAP', 'TotalTaxCreditClaimForThisAP', 'PayableTaxCreditSetOffAgainstOtherLiabilitiesOnThisReturn', 'BalancePayableTaxCredit']),
    ),
  );

/**
 * A built return carrying what schema v1.994 added to v1.991: box 4 code 11,
 * box 96 (CT600P) and the page itself, the electricity generator levy, the
 * AVEC/VGEC credits, full expensing, the R&D intensive claim. Schema-valid
 * against HMRC's v1.994 schema (the figures are not meant to add up).
 */
export function v1994AdditionsXml(): string {
  let xml = builtXml();
  xml = replaceOnce(xml, '<CompanyType>0</CompanyType>', '<CompanyType>11</CompanyType>');
  xml = replaceOnce(xml, /<\/Computations>\s*<\/ReturnInfoSummary>/, '</Computations><SupplementaryPages><CT600P>yes</CT600P></SupplementaryPages></ReturnInfoSummary>');
  xml = replaceOnce(xml, '<CalculationOfTaxOutstandingOrOverpaid>', '<EnergyProfitsLevy><EGLamounts>1000.00</EGLamounts></EnergyProfitsLevy><CalculationOfTaxOutstandingOrOverpaid>');
  xml = replaceOnce(xml, /<TaxChargeable>/, '<EGLpayable>450.00</EGLpayable><TaxChargeable>');
  xml = replaceOnce(
    xml,
    '<Declaration>',
    '<TaxReconciliation><CreativeCredit>1.00</CreativeCredit><AVECandVGEC>34.00</AVECandVGEC><RefundsSurrendered>0.00</RefundsSurrendered><AVECVGECsurrenderedToThisCompany>1.00</AVECVGECsurrenderedToThisCompany></TaxReconciliation>' +
      '<EnhancedExpenditure><SMEclaim>yes</SMEclaim><RAndDIntensiveSMEclaim>yes</RAndDIntensiveSMEclaim><AdditionalCreativesForm>yes</AdditionalCreativesForm><CreativesCoreExpenditure>100.00</CreativesCoreExpenditure></EnhancedExpenditure>' +
      '<AllowancesAndCharges><FullExpensing><CapitalAllowances>500.00</CapitalAllowances></FullExpensing><AIACapitalAllowancesInc>0.00</AIACapitalAllowancesInc></AllowancesAndCharges>' +
      '<NotIncluded><FullExpensing><BalancingCharges>0.00</BalancingCharges></FullExpensing></NotIncluded>' +
      '<OverpaymentsAndRepayments><RepaymentsForThePeriodCoveredByThisReturn><CreativeCredit>1.00</CreativeCredit><PayableAVECandVGEC>34.00</PayableAVECandVGEC></RepaymentsForThePeriodCoveredByThisReturn><RAndDCreditWithCondition>yes</RAndDCreditWithCondition></OverpaymentsAndRepayments>' +
      '<Declaration>',
  );
  xml = replaceOnce(xml, /<\/Declaration>/, `</Declaration>${creativeIndustriesPage()}`);
  return xml;
}

/** The same document declaring another schema version. */
export const declaringVersion = (xml: string, version: string) => replaceOnce(xml, /<SchemaVersion>[^<]*<\/SchemaVersion>/, `<SchemaVersion>${version}</SchemaVersion>`);

const ap = (from: string, to: string) => group('AccountingPeriod', leaf('From', from), leaf('To', to));
const consent = (nameElement: string) =>
  group(
    'ConsentToSurrender',
    group('ConsentOptions', leaf('SimplifiedArrangementInForce', 'yes'), leaf('NoticeOfConsentCompleted', 'yes'), leaf('CopyOfNoticesOfConsentAttached', 'yes')),
    group('Declaration', leaf('CompanyName', 'Claimant Co Ltd'), leaf('TaxReference', '5234567890'), ap('2024-04-01', '2025-03-31'), leaf('AcceptDeclaration', 'yes'), leaf(nameElement, 'Jane Director'), leaf('Status', 'Director')),
  );

/** The CT600C page (CompanyTaxReturn/GroupAndConsortium) with each of its four parts. */
export const groupAndConsortiumPage = () =>
  group(
    'GroupAndConsortium',
    group(
      'ClaimToGroupRelief',
      group('CompanyInformation', group('Company', leaf('Name', 'Surrendering Co Ltd'), ap('2024-04-01', '2025-03-31'), leaf('TaxReference', 'AB123456'), leaf('AmountClaimed', '1000.00')), leaf('TotalAmountClaimed', '1000.00')),
      leaf('NonResidentCompany', 'yes'),
      leaf('LossesGeneratedAbroad', 'yes'),
      group('ClaimAuthorisation', leaf('CopyOfNoticesOfConsentAttached', 'yes')),
    ),
    group(
      'SurrenderedGroupRelief',
      leaf('TradingLosses', '500.00'),
      leaf('ExcessManagementExpenses', '100.00'),
      leaf('TotalSurrender', '600.00'),
      group('SurrenderInformation', group('Company', leaf('Name', 'Claimant Co Ltd'), leaf('TaxReference', '2234567890'), leaf('AmountSurrendered', '600.00')), leaf('AmountSurrenderedTotal', '600.00')),
      consent('Name'),
    ),
    group(
      'GroupReliefForCarriedForwardLosses',
      group('CompanyInformation', group('Company', leaf('Name', 'Loss Co Ltd'), ap('2024-04-01', '2025-03-31'), leaf('TaxReference', '3234567890'), leaf('AmountClaimed', '200.00')), leaf('TotalAmountClaimed', '200.00')),
      group(
        'ClaimAuthorisation',
        group('AuthorisationForSimplifiedArrangements', leaf('AuthorisationWhereSimplifiedArrangement', 'yes'), leaf('CompanyName', 'Parent plc'), leaf('NameOfAuthorisedPerson', 'Jane Director'), leaf('Status', 'Director')),
      ),
    ),
    group(
      'SurrenderedGroupReliefForCarriedForwardLosses',
      leaf('UKpropertyBusinessLosses', '300.00'),
      leaf('TotalSurrender', '300.00'),
      group('SurrenderInformation', group('Company', leaf('Name', 'Other Co Ltd'), ap('2024-04-01', '2025-03-31'), leaf('TaxReference', '4234567890'), leaf('AmountSurrendered', '300.00')), leaf('AmountSurrenderedTotal', '300.00')),
      consent('Name'),
    ),
  );

const rpdtDetails = (amount: string) => group('DetailsOfSurrender', leaf('Name', 'Developer Ltd'), ap('2024-04-01', '2025-03-31'), leaf('TaxReference', '6234567890'), leaf(amount, '100.00'));
const rpdtAuthorisation = (company: boolean) =>
  group(
    'ClaimAuthorisation',
    leaf('CopyOfNoticesOfConsentAttached', 'yes'),
    group('AuthorisationForSimplifiedArrangements', leaf('StatementAuthorised', 'yes'), company ? leaf('NameOfAuthorisedCompany', 'Parent plc') : '', leaf('FullNameOfPersonAuthorising', 'Jane Director'), leaf('Status', 'Director')),
  );

/** The CT600N page (CompanyTaxReturn/ResidentialPropertyDeveloperTax) with every section. */
export const residentialPropertyDeveloperTaxPage = () =>
  group(
    'ResidentialPropertyDeveloperTax',
    group(
      'Section1',
      leaf('NominatedAllocatingMember', 'yes'),
      leaf('AllocationStatementSent', 'yes'),
      group('AllocationPeriod', leaf('From', '2024-04-01'), leaf('To', '2025-03-31')),
      leaf('PreviousAllocatingMemberName', 'Old Member Ltd'),
      leaf('PreviousAllocatingMemberTaxReference', '1234567890'),
      leaf('IsUltimateParentCompany', 'yes'),
      leaf('UltimateParentCompanyName', 'Parent plc'),
      group('GroupCompanyReceivingAllocationAllowance', leaf('Name', 'Builder Ltd'), ap('2024-04-01', '2025-03-31'), leaf('TaxReference', '2234567890'), leaf('AmountAllocated', '100.00')),
      leaf('TotalAllocated', '100.00'),
      leaf('StatementAuthorised', 'yes'),
      leaf('FullNameOfPersonAuthorising', 'Jane Director'),
      leaf('StatusOfThePersonAuthorising', 'Director'),
    ),
    group(
      'Section2',
      leaf('NotionalAllowanceClaimed', '100.00'),
      leaf('NotionalAllowanceAllocatedToExcludedBody', 'yes'),
      group('CompanyProvidingAllocationOfNotionalAllowanceForExcludedBody', leaf('CompanyName', 'JV Ltd'), leaf('TaxReference', '3234567890'), leaf('Amount', '100.00')),
      leaf('Total', '100.00'),
      group('ExcludedCompanyThatIsJVCmember', leaf('NameOfTheExcludedBody', 'Housing Trust'), leaf('ExcludedBodysTaxReference', 'HT1')),
    ),
    group(
      'Section3',
      group('Section3Part1', rpdtDetails('AmountClaimed'), leaf('Total', '100.00'), rpdtAuthorisation(false)),
      group('Section3Part2', rpdtDetails('AmountSurrendered'), leaf('Total', '100.00'), consent('FullNameOfPersonAuthorising')),
      group('Section3Part3', rpdtDetails('AmountClaimed'), leaf('Total', '100.00'), rpdtAuthorisation(true)),
      group('Section3Part4', rpdtDetails('AmountSurrendered'), leaf('Total', '100.00'), consent('FullNameOfPersonAuthorising')),
    ),
    group(
      'Section4',
      amounts(['AdjustedProfit', 'AdjustedLoss', 'JointVentureProfit', 'JointVentureLoss', 'TotalOfProfit', 'AllowableLossRelief', 'AllowableRPDTgroupReliefClaimed', 'AllowableRPDTgroupReliefForCarriedForwardLossesClaimed', 'RPDprofitsForAccountingPeriod', 'AllowanceAllocationForAccountingPeriod', 'ProfitsChargeableToRPDT', 'RPDTpayable']),
    ),
  );

/** A built return with pages CT600C and CT600N, every part of each once: schema-valid (the figures are not meant to add up). */
export function groupAndRpdtPagesXml(): string {
  let xml = builtXml();
  xml = replaceOnce(xml, /<\/Computations>\s*<\/ReturnInfoSummary>/, '</Computations><SupplementaryPages><CT600C>yes</CT600C><CT600N>yes</CT600N></SupplementaryPages></ReturnInfoSummary>');
  return remarked(replaceOnce(xml, /<\/Declaration>/, `</Declaration>${groupAndConsortiumPage()}${residentialPropertyDeveloperTaxPage()}`));
}
