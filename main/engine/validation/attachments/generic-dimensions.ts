/**
 * JFCVC 3315: generic dimension members (Director1, Subsidiary12…) and the
 * fact that must name them in the same context. A numbered member counts only
 * within the range the FRC taxonomy defines for it; members without a range
 * count only unnumbered.
 */
export interface GenericDimension {
  range?: [number, number];
  /** The naming fact, and a second one that may stand in for it. */
  names: string[];
}

const g = (names: string[], range?: [number, number]): GenericDimension => (range ? { range, names } : { names });
const RELATED = 'NameOrDescriptionRelatedPartyIfNotDefinedByAnotherTag';
const PLAN = ['NameDefinedContributionPlan', 'NameDefinedBenefitPlan'];
const DISCONTINUED = 'DescriptionDiscontinuedOperationOrNon-currentAssetsOrDisposalGroupHeldForSale';

export const GENERIC_DIMENSIONS: Record<string, GenericDimension> = {
  SpecificDiscontinuedOperation: g([DISCONTINUED], [1, 8]),
  'SpecificNon-currentAssetsDisposalGroupHeldForSale': g([DISCONTINUED], [1, 8]),
  Chairman: g(['NameEntityOfficer']),
  ChiefExecutive: g(['NameEntityOfficer']),
  ChairmanChiefExecutive: g(['NameEntityOfficer']),
  SeniorPartnerLimitedLiabilityPartnership: g(['NameEntityOfficer']),
  CorporateTrustee: g(['NameEntityOfficer'], [1, 3]),
  DirectorOfCorporateTrustee: g(['NameEntityOfficer']),
  CustodianTrustee: g(['NameEntityOfficer']),
  Trustee: g(['NameEntityOfficer'], [1, 20]),
  CompanySecretary: g(['NameEntityOfficer'], [1, 2]),
  CompanySecretaryDirector: g(['NameEntityOfficer'], [1, 2]),
  Director: g(['NameEntityOfficer'], [1, 40]),
  PartnerLLP: g(['NameEntityOfficer'], [1, 20]),
  ReportableOperatingSegment: g(['NameIndividualSegment'], [1, 20]),
  ProductService: g(['NameIndividualSegment'], [1, 12]),
  MajorCustomer: g(['NameIndividualSegment'], [1, 12]),
  SpecificBusinessCombination: g(['NameAcquiredEntity'], [1, 10]),
  ConsumableBiologicalAssetClass: g(['NameOrDescriptionBiologicalAssetClass'], [1, 5]),
  BearerBiologicalAssetClass: g(['NameOrDescriptionBiologicalAssetClass'], [1, 5]),
  Subsidiary: g(['NameSubsidiary'], [1, 200]),
  Associate: g(['NameAssociate'], [1, 50]),
  JointVenture: g(['NameJointVenture'], [1, 50]),
  UnconsolidatedStructuredEntity: g(['NameUnconsolidatedStructuredEntity'], [1, 5]),
  IntermediateParent: g([RELATED], [1, 5]),
  EntityWithJointControlOrSignificantInfluence: g([RELATED], [1, 5]),
  OtherGroupMember: g([RELATED], [1, 8]),
  KeyManagementIndividualGroup: g([RELATED], [1, 5]),
  CloseFamilyMember: g([RELATED], [1, 5]),
  EntityControlledByKeyManagementPersonnel: g([RELATED], [1, 5]),
  OtherRelatedPartyRelationshipType1ComponentTotalRelatedParties: g([RELATED]),
  OtherRelatedPartyRelationshipType2ComponentTotalRelatedParties: g([RELATED]),
  OrdinaryShareClass: g(['DescriptionShareType'], [1, 5]),
  PreferenceShareClass: g(['DescriptionShareType'], [1, 5]),
  DeferredShareClass: g(['DescriptionShareType'], [1, 5]),
  OtherShareClass: g(['DescriptionShareType'], [1, 5]),
  'Share-basedArrangement': g(['NameShare-basedPaymentArrangement'], [1, 8]),
  Grant: g(['NameOrDescriptionGrantUnderShare-basedPaymentArrangement'], [1, 10]),
  PensionPlan: g(PLAN, [1, 6]),
  'Post-employmentMedicalPlan': g(PLAN, [1, 2]),
  'OtherPost-employmentBenefitPlan': g(PLAN, [1, 2]),
  OtherContractType: g(['DescriptionOtherContractType'], [1, 2]),
  OtherDurationType: g(['DescriptionOtherContractDurationType'], [1, 2]),
  OtherChannelType: g(['DescriptionOtherSalesChannelType'], [1, 2]),
  SalesChannel: g(['DescriptionOtherSalesChannelType'], [1, 2]),
};
