/**
 * CT600C (group and consortium relief): CompanyTaxReturn/GroupAndConsortium,
 * of type CTC, identical in v1.991 and v1.994. Claims and surrenders, for
 * current-period losses and for carried-forward ones, repeat two shapes: a
 * list of the other companies (each with its accounting period, a plain
 * xs:date pair) and the consent or authorisation that goes with it.
 */
import { CT } from './ct-types.js';
import { choice, element, opt, req, seq, UNBOUNDED, type ElementDecl } from './model.js';
import type { SimpleType } from './simple-types.js';

/** PeriodType: plain xsd:date, without CT_DateType's pattern (a zone is allowed). */
const xsdDate: SimpleType = { describe: 'a date written YYYY-MM-DD', primitive: 'date' };
export const periodType = (name: string, min = 0): ElementDecl => element(name, min, 1, seq(req('From', xsdDate), req('To', xsdDate)));

const yesOpt = (name: string) => opt(name, CT.yes);
const name56 = (name: string) => req(name, CT.excluded(2, 56));

/** The other companies of a claim or surrender, each with its amount, then their total. */
const companies = (listName: string, amountName: string, amountType: SimpleType, totalName: string, totalType: SimpleType): ElementDecl =>
  req(
    listName,
    seq(
      element('Company', 1, UNBOUNDED, seq(name56('Name'), periodType('AccountingPeriod'), req('TaxReference', CT.alphaNumeric(8, 20)), req(amountName, amountType))),
      req(totalName, totalType),
    ),
  );

const claimAuthorisation = () =>
  opt(
    'ClaimAuthorisation',
    choice(
      req('CopyOfNoticesOfConsentAttached', CT.yes),
      req(
        'AuthorisationForSimplifiedArrangements',
        seq(req('AuthorisationWhereSimplifiedArrangement', CT.yes), req('CompanyName', CT.excludedText), req('NameOfAuthorisedPerson', CT.excludedText), req('Status', CT.excludedText)),
      ),
    ),
  );

const consentToSurrender = () =>
  req(
    'ConsentToSurrender',
    seq(
      opt('ConsentOptions', seq(yesOpt('SimplifiedArrangementInForce'), yesOpt('NoticeOfConsentCompleted'), yesOpt('CopyOfNoticesOfConsentAttached'))),
      opt('Declaration', seq(name56('CompanyName'), req('TaxReference', CT.utr), periodType('AccountingPeriod', 1), req('AcceptDeclaration', CT.yes), name56('Name'), name56('Status'))),
    ),
  );

const lossKinds = (names: string[]) => names.map((n) => opt(n, CT.nonZeroWholePound));

export function groupAndConsortium(): ElementDecl {
  return opt(
    'GroupAndConsortium',
    seq(
      opt(
        'ClaimToGroupRelief',
        seq(
          companies('CompanyInformation', 'AmountClaimed', CT.nonZeroWholePound, 'TotalAmountClaimed', CT.nonZeroWholePound),
          yesOpt('NonResidentCompany'),
          yesOpt('LossesGeneratedAbroad'),
          claimAuthorisation(),
        ),
      ),
      opt(
        'SurrenderedGroupRelief',
        seq(
          ...lossKinds(['TradingLosses', 'NItradingLosses', 'ExcessNonTrading', 'NonTradingDeficit', 'ExcessDonations', 'ExcessLosses', 'ExcessManagementExpenses', 'NonTradingLossesOnIntangibleFixedAssets']),
          req('TotalSurrender', CT.nonZeroWholePound),
          companies('SurrenderInformation', 'AmountSurrendered', CT.wholePound, 'AmountSurrenderedTotal', CT.wholePound),
          consentToSurrender(),
        ),
      ),
      opt(
        'GroupReliefForCarriedForwardLosses',
        seq(companies('CompanyInformation', 'AmountClaimed', CT.nonZeroWholePound, 'TotalAmountClaimed', CT.nonZeroWholePound), yesOpt('NonResidentCompany'), claimAuthorisation()),
      ),
      opt(
        'SurrenderedGroupReliefForCarriedForwardLosses',
        seq(
          ...lossKinds(['TradingLosses', 'NItradingLosses', 'NonTradingDeficit', 'UKpropertyBusinessLosses', 'ManagementExpenses', 'NonTradingDeficitsOnIntangibleFixedAssets']),
          req('TotalSurrender', CT.nonZeroWholePound),
          companies('SurrenderInformation', 'AmountSurrendered', CT.wholePound, 'AmountSurrenderedTotal', CT.wholePound),
          consentToSurrender(),
        ),
      ),
    ),
  );
}
