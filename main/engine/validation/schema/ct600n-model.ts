/**
 * CT600N (residential property developer tax): CompanyTaxReturn/
 * ResidentialPropertyDeveloperTax, of type CTN, identical in v1.991 and
 * v1.994. Its allocation period and the other companies' accounting periods
 * are plain xs:date pairs (PeriodType).
 */
import { periodType } from './ct600c-model.js';
import { CT } from './ct-types.js';
import { element, opt, req, seq, UNBOUNDED, type ElementDecl } from './model.js';

const yesOpt = (name: string) => opt(name, CT.yes);
const textReq = (name: string) => req(name, CT.excludedText);
const textOpt = (name: string) => opt(name, CT.excludedText);

const claimedOrSurrendered = (amountName: string) =>
  element('DetailsOfSurrender', 1, UNBOUNDED, seq(textReq('Name'), periodType('AccountingPeriod'), textReq('TaxReference'), req(amountName, CT.nonZeroWholePound)));

const claimAuthorisation = (authorisedCompany: boolean) =>
  opt(
    'ClaimAuthorisation',
    seq(
      yesOpt('CopyOfNoticesOfConsentAttached'),
      opt(
        'AuthorisationForSimplifiedArrangements',
        seq(req('StatementAuthorised', CT.yes), ...(authorisedCompany ? [textReq('NameOfAuthorisedCompany')] : []), textReq('FullNameOfPersonAuthorising'), textReq('Status')),
      ),
    ),
  );

const consentToSurrender = () =>
  opt(
    'ConsentToSurrender',
    seq(
      req('ConsentOptions', seq(yesOpt('SimplifiedArrangementInForce'), yesOpt('NoticeOfConsentCompleted'), yesOpt('CopyOfNoticesOfConsentAttached'))),
      opt('Declaration', seq(textReq('CompanyName'), req('TaxReference', CT.utr), periodType('AccountingPeriod', 1), req('AcceptDeclaration', CT.yes), textReq('FullNameOfPersonAuthorising'), textReq('Status'))),
    ),
  );

const claimPart = (name: string, authorisedCompany: boolean) =>
  opt(name, seq(claimedOrSurrendered('AmountClaimed'), req('Total', CT.nonZeroWholePound), claimAuthorisation(authorisedCompany)));
const surrenderPart = (name: string) => opt(name, seq(claimedOrSurrendered('AmountSurrendered'), req('Total', CT.nonZeroWholePound), consentToSurrender()));

const wholeOpt = (name: string) => opt(name, CT.wholePound);

export function residentialPropertyDeveloperTax(): ElementDecl {
  return opt(
    'ResidentialPropertyDeveloperTax',
    seq(
      opt(
        'Section1',
        seq(
          req('NominatedAllocatingMember', CT.yes),
          yesOpt('AllocationStatementSent'),
          periodType('AllocationPeriod'),
          textOpt('PreviousAllocatingMemberName'),
          opt('PreviousAllocatingMemberTaxReference', CT.utr),
          yesOpt('IsUltimateParentCompany'),
          textOpt('UltimateParentCompanyName'),
          element('GroupCompanyReceivingAllocationAllowance', 0, UNBOUNDED, seq(textReq('Name'), periodType('AccountingPeriod', 1), req('TaxReference', CT.utr), req('AmountAllocated', CT.nonZeroWholePound))),
          opt('TotalAllocated', CT.nonZeroWholePound),
          yesOpt('StatementAuthorised'),
          textOpt('FullNameOfPersonAuthorising'),
          textOpt('StatusOfThePersonAuthorising'),
        ),
      ),
      opt(
        'Section2',
        seq(
          req('NotionalAllowanceClaimed', CT.wholePound),
          yesOpt('NotionalAllowanceAllocatedToExcludedBody'),
          element('CompanyProvidingAllocationOfNotionalAllowanceForExcludedBody', 0, UNBOUNDED, seq(textReq('CompanyName'), opt('TaxReference', CT.utr), req('Amount', CT.nonZeroWholePound))),
          opt('Total', CT.nonZeroWholePound),
          element('ExcludedCompanyThatIsJVCmember', 0, UNBOUNDED, seq(textReq('NameOfTheExcludedBody'), textReq('ExcludedBodysTaxReference'))),
        ),
      ),
      opt('Section3', seq(claimPart('Section3Part1', false), surrenderPart('Section3Part2'), claimPart('Section3Part3', true), surrenderPart('Section3Part4'))),
      opt(
        'Section4',
        seq(
          wholeOpt('AdjustedProfit'),
          wholeOpt('AdjustedLoss'),
          wholeOpt('JointVentureProfit'),
          wholeOpt('JointVentureLoss'),
          req('TotalOfProfit', CT.wholePound),
          wholeOpt('AllowableLossRelief'),
          opt('AllowableRPDTgroupReliefClaimed', CT.nonZeroWholePound),
          opt('AllowableRPDTgroupReliefForCarriedForwardLossesClaimed', CT.nonZeroWholePound),
          req('RPDprofitsForAccountingPeriod', CT.wholePound),
          wholeOpt('AllowanceAllocationForAccountingPeriod'),
          req('ProfitsChargeableToRPDT', CT.wholePound),
          req('RPDTpayable', CT.poundPence),
        ),
      ),
    ),
  );
}
