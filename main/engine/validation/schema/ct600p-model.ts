/**
 * CT600P (creative industries), new in schema v1.994: CompanyTaxReturn/
 * CreativeIndustries, of type CTP. Its sections repeat a few shapes (a credit
 * per kind of production, a relief per kind of production, their totals), so
 * they are written once and named per section, in the schema's order.
 */
import { CT } from './ct-types.js';
import { element, opt, req, seq, UNBOUNDED, type ElementDecl } from './model.js';
import type { SimpleType } from './simple-types.js';

const wholeReq = (name: string) => req(name, CT.wholePound);
const penceReq = (name: string) => req(name, CT.poundPence);
const wholeOpt = (name: string) => opt(name, CT.wholePound);
const penceOpt = (name: string) => opt(name, CT.poundPence);

/** PeriodType: plain xsd:date, without CT_DateType's pattern. */
const xsdDate: SimpleType = { describe: 'a date written YYYY-MM-DD', primitive: 'date' };

/** Audio-visual or video games expenditure credit for one kind of production. */
const credit = (name: string, visualEffects: boolean, min = 0): ElementDecl =>
  element(
    name,
    min,
    1,
    seq(
      wholeReq('RelevantGlobalExpenditure'),
      wholeReq('UKrelevantGlobalExpenditure'),
      wholeReq('QualifyingExpenditure'),
      penceReq('ExpenditureCreditClaimed'),
      ...(visualEffects ? [penceOpt('AdditionalCreditForVisualEffects')] : []),
    ),
  );

const creditTotal = (name: string, visualEffects: boolean): ElementDecl =>
  req(
    name,
    seq(
      wholeReq('TotalRelevantGlobalExpenditure'),
      wholeReq('TotalUKrelevantGlobalExpenditure'),
      wholeReq('TotalQualifyingExpenditure'),
      penceReq('TotalExpenditureCreditClaimed'),
      ...(visualEffects ? [penceOpt('TotalAdditionalCreditForVisualEffects')] : []),
    ),
  );

/** Film, television, video games or cultural relief for one kind of production. */
const relief = (name: string): ElementDecl =>
  opt(
    name,
    seq(wholeReq('CoreExpenditure'), wholeReq('UKcoreExpenditure'), wholeReq('AdditionalDeduction'), wholeReq('LossesSurrenderedForTaxCredit'), penceReq('TaxCreditClaimed')),
  );

const reliefTotal = (name: string): ElementDecl =>
  req(
    name,
    seq(
      wholeReq('TotalCoreExpenditure'),
      wholeReq('TotalUKcoreExpenditure'),
      wholeReq('TotalAdditionalDeduction'),
      wholeReq('TotalLossesSurrenderedForTaxCredit'),
      penceReq('TotalTaxCreditClaimed'),
    ),
  );

export function creativeIndustries(): ElementDecl {
  return opt(
    'CreativeIndustries',
    seq(
      opt(
        'AudioVisualExpenditureCredit',
        seq(
          credit('Film', true),
          credit('HighEndTV', true),
          credit('ChildrensTV', false),
          credit('Animation', false),
          credit('IndependentFilm', false),
          creditTotal('TotalAudioVisual', true),
        ),
      ),
      opt('VideoGamesExpenditureCredit', seq(credit('VideoGames', false, 1), creditTotal('TotalVideoGames', false))),
      opt(
        'PreStep1Restriction',
        seq(
          penceReq('Step2RestrictionBroughtForward'),
          penceReq('CorporationTaxLiability'),
          penceReq('AmountOfStep2BroughtForwardAndSurrenderedAVECVGEC'),
          penceReq('AmountOfStep2BroughtForwardAVECVGECcarriedForward'),
          penceReq('RemainingCorporationTaxLiabilityCarriedForwardToStep1'),
        ),
      ),
      opt(
        'Step1',
        seq(
          wholeOpt('QualifyingExpenditureOnWhichAVECisClaimedInThisAccountingPeriod'),
          penceOpt('AVECclaim'),
          penceOpt('AdditionalAVECcredit'),
          wholeOpt('QualifyingExpenditureOnWhichVGECisClaimedInThisAccountingPeriod'),
          penceOpt('VGECclaim'),
          penceReq('TotalAVECandVGECforTheAccountingPeriod'),
          penceOpt('RemainingCorporationTaxLiability'),
          penceOpt('IncomeTaxDeductedFromProfits'),
          penceOpt('MaximumAmountAvailableForStep1SetOff'),
          penceOpt('AmountOfAVECVGECusedToDischargeCorporationTaxAtStep1'),
        ),
      ),
      opt(
        'Step2',
        seq(
          penceReq('Step1BalanceCarriedForwardToStep2'),
          penceReq('CorporationTaxChargeOnAVECandVGECforThisAP'),
          penceReq('TotalAVECandVGECarisingInThisAPlessCorporationTaxChargeOnTheAVECandVGECforThisAP'),
          penceReq('AVECandVGECarisingInThisAPlessRemainingCorporationTaxLiabilityAtStep1'),
          penceReq('Step2RestrictionCarriedForwardToNextAP'),
        ),
      ),
      opt('Step3', seq(penceReq('Step2BalanceCarriedForwardToStep3'), penceOpt('AmountUsedToDischargeCorporationTaxLiabilityOnAnotherAP'))),
      opt('Step4', seq(penceReq('Step3BalanceCarriedForwardToStep4'), penceOpt('CreditSurrenderedToGroupMember'))),
      opt(
        'Step5',
        seq(
          penceReq('Step4BalanceCarriedForwardToStep5'),
          penceOpt('AmountUsedToDischargeOtherCompanyLiabilityOnThisCorporationTaxSelfAssessment'),
          penceOpt('AmountUsedToDischargeAnyOtherCompanyLiability'),
          penceOpt('TotalUsedToDischargeOtherCompanyLiability'),
        ),
      ),
      opt('Step6', seq(penceOpt('AmountsNotPayable'), req('PayableAVECandVGEC', CT.poundPence, { box: 'P190' }))),
      opt(
        'AVECVGECcarriedForward',
        seq(penceOpt('PreStep1Restriction'), penceReq('Step2Restriction'), penceOpt('SurrenderedToOtherGroupCompany'), penceReq('TotalCarriedForwardToNextAP')),
      ),
      opt('AVECVGECsurrendered', seq(penceOpt('Step2RestrictionSurrendered'), penceOpt('Step4CreditSurrenderedToGroupMember'), penceReq('TotalSurrendered'))),
      opt(
        'TotalCreditsToDischargeAgainstLiabilitiesInThisCompanyTaxReturn',
        seq(penceOpt('AVECVGECpreStep1DischargeAmount'), penceOpt('AVECVGECstep1DischargeAmount'), penceOpt('AVECVGECstep5DischargeAmountForThisAP'), req('Total', CT.poundPence, { box: 'P245' })),
      ),
      opt(
        'DetailsOfAVECVGECsurrendered',
        seq(
          element(
            'DetailsOfSurrender',
            1,
            UNBOUNDED,
            seq(
              req('Name', CT.excludedText),
              req('TaxReference', CT.utr),
              req('AccountingPeriod', seq(req('From', xsdDate), req('To', xsdDate))),
              req('Amount', CT.nonZeroPoundPence),
            ),
          ),
          req('Total', CT.nonZeroPoundPence),
        ),
      ),
      opt(
        'FilmHighEndTVchildrensTVanimationAndVideoGamesTaxRelief',
        seq(relief('Film'), relief('HighEndTV'), relief('ChildrensTV'), relief('Animation'), relief('VideoGames'), reliefTotal('TotalAudioVisualAndVideoGames')),
      ),
      opt('CulturalReliefs', seq(relief('Theatre'), relief('Orchestra'), relief('MuseumGalleryExhibition'), reliefTotal('TotalCulturalReliefs'))),
      opt(
        'CulturalReliefsAndFilmHighEndTVchildrensTVanimationAndVideoGameTaxRelief',
        seq(
          req('TotalCoreExpenditureForThisAP', CT.wholePound, { box: 'P310' }),
          wholeReq('TotalAdditionalDeductionForThisAP'),
          penceReq('TotalTaxCreditClaimForThisAP'),
          penceReq('PayableTaxCreditSetOffAgainstOtherLiabilitiesOnThisReturn'),
          penceReq('BalancePayableTaxCredit'),
        ),
      ),
    ),
  );
}
