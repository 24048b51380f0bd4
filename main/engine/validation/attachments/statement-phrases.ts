/**
 * The statements the accounts of each kind must make, and the words HMRC and
 * Companies House look for in them, in English and in Welsh. Each entry: the
 * concept that carries the statement, and for each language a description
 * and groups of phrases of which the text must contain one from every group.
 */
export interface PhraseRule {
  concept: string;
  english: { says: string; groups: string[][] };
  welsh: { says: string; groups: string[][] };
}

const DIRECTORS = 'StatementThatDirectorsAcknowledgeTheirResponsibilitiesUnderCompaniesAct';
const PREPARED = 'StatementThatAccountsHaveBeenPreparedInAccordanceWithProvisionsSmallCompaniesRegime';
const ABRIDGED = 'StatementThatMembersHaveAgreedToPreparationAbridgedAccountsUnderSection444CompaniesAct2006';
const SEC477 = 'StatementThatCompanyEntitledToExemptionFromAuditUnderSection477CompaniesAct2006RelatingToSmallCompanies';
const SEC480 = 'StatementThatCompanyEntitledToExemptionFromAuditUnderSection480CompaniesAct2006RelatingToDormantCompanies';

const abridged: PhraseRule = {
  concept: ABRIDGED,
  english: { says: '"Members" or "Member", "agreed" or "consented", "preparation" and "abridged"', groups: [['Members', 'Member'], ['agreed', 'consented'], ['preparation'], ['abridged']] },
  welsh: { says: '"Aelodau" or "Aelod", "wedi cytuno" or "cydsynio", "paratoi" and "talfyredig"', groups: [['Aelodau', 'Aelod'], ['wedi cytuno', 'cydsynio'], ['paratoi'], ['talfyredig']] },
};
const micro: PhraseRule = {
  concept: PREPARED,
  english: { says: '"Prepared", "in accordance with", "provisions" and "micro"', groups: [['Prepared'], ['in accordance with'], ['provisions'], ['micro']] },
  welsh: { says: '"wedi eu paratoi", "yn unol â", "darpariaethau" and "micro"', groups: [['wedi eu paratoi'], ['yn unol â'], ['darpariaethau'], ['micro']] },
};

export const PHRASES: Record<string, PhraseRule> = {
  'Char.DirResp': {
    concept: DIRECTORS,
    english: {
      says: '"Directors acknowledge", "Director acknowledges", "Trustees acknowledge" or "Trustee acknowledges", "responsibilities", and "Companies Act 2006" or "the Act"',
      groups: [['Director acknowledges', 'Directors acknowledge', 'Trustees acknowledge', 'Trustee acknowledges'], ['responsibilities'], ['Companies Act 2006', 'the Act']],
    },
    welsh: {
      says: '"Cyfarwyddwyr yn cydnabod", "Cyfarwyddwr yn cydnabod", "ymddiriedolwyr yn cydnabod" or "ymddiriedolwr yn cydnabod", "cyfrifoldebau", and "Ddeddf Cwmnïau 2006" or "y ddeddf"',
      groups: [['Cyfarwyddwyr yn cydnabod', 'Cyfarwyddwr yn cydnabod', 'ymddiriedolwyr yn cydnabod', 'ymddiriedolwr yn cydnabod'], ['cyfrifoldebau'], ['Ddeddf Cwmnïau 2006', 'y ddeddf']],
    },
  },
  'Co.Abrid': abridged,
  'Lp.Abrid': abridged,
  'Co.AuditNR': {
    concept: 'StatementThatMembersHaveNotRequiredCompanyToObtainAnAudit',
    english: { says: '"member has" or "members have", and "not required the company to obtain an audit"', groups: [['Member has', 'Members have'], ['not required the company to obtain an audit']] },
    welsh: {
      says: '"aelodau heb ei gwneud yn ofynnol i\'r cwmni gael archwiliad" or "aelod heb ei gwneud yn ofynnol i\'r cwmni gael archwiliad"',
      groups: [["aelodau heb ei gwneud yn ofynnol i'r cwmni gael archwiliad", "aelod heb ei gwneud yn ofynnol i'r cwmni gael archwiliad"]],
    },
  },
  'Co.DirResp': {
    concept: DIRECTORS,
    english: { says: '"Directors acknowledge" or "Director acknowledges", "responsibilities", and "Companies Act 2006" or "the Act"', groups: [['Director acknowledges', 'Directors acknowledge'], ['responsibilities'], ['Companies Act 2006', 'the Act']] },
    welsh: {
      says: '"Cyfarwyddwyr yn cydnabod" or "Cyfarwyddwr yn cydnabod", "cyfrifoldebau", and "Ddeddf Cwmnïau 2006" or "y ddeddf"',
      groups: [['Cyfarwyddwyr yn cydnabod', 'Cyfarwyddwr yn cydnabod'], ['cyfrifoldebau'], ['Ddeddf Cwmnïau 2006', 'y ddeddf']],
    },
  },
  'Co.Micro': micro,
  'Lp.Micro': micro,
  'Co.Sec477': {
    concept: SEC477,
    english: { says: '"Exempt" or "Exemption", and "section 477 of the Companies Act 2006"', groups: [['Exempt', 'Exemption'], ['section 477 of the Companies Act 2006']] },
    welsh: { says: '"Wedi\'i eithrio" or "Eithriad", and "adran 477 o Ddeddf Cwmnïau 2006"', groups: [["Wedi'i eithrio", 'Eithriad'], ['adran 477 o Ddeddf Cwmnïau 2006']] },
  },
  'Co.Sec480': {
    concept: SEC480,
    english: { says: '"Exempt" or "Exemption", and "section 480 of the Companies Act 2006"', groups: [['Exempt', 'Exemption'], ['section 480 of the Companies Act 2006']] },
    welsh: { says: '"Wedi\'i eithrio" or "Eithriad", and "adran 480 o Ddeddf Cwmnïau 2006"', groups: [["Wedi'i eithrio", 'Eithriad'], ['adran 480 o Ddeddf Cwmnïau 2006']] },
  },
  'Co.SmCo': {
    concept: PREPARED,
    english: { says: '"Prepared in accordance with", "provisions" and "small companies"', groups: [['Prepared in accordance with'], ['provisions'], ['small companies']] },
    welsh: { says: '"Paratowyd yn unol â", "darpariaethau" and "cwmnïau bach"', groups: [['Paratowyd yn unol â'], ['darpariaethau'], ['cwmnïau bach']] },
  },
  'Lp.MemResp': {
    concept: DIRECTORS,
    english: {
      says: '"Members acknowledge" or "Member acknowledges", "responsibilities", "Companies Act 2006" or "the Act", and "Limited Liability Partnership" or "LLP"',
      groups: [['Members acknowledge', 'Member acknowledges'], ['responsibilities'], ['Companies Act 2006', 'the Act'], ['Limited Liability Partnership', 'LLP']],
    },
    welsh: {
      says: '"Aelodau\'n cydnabod" or "Aelod yn cydnabod", "cyfrifoldebau", "Ddeddf Cwmnïau 2006" or "y Ddeddf", and "Partneriaeth Atebolrwydd Cyfyngedig" or "PAC"',
      groups: [["Aelodau'n cydnabod", 'Aelod yn cydnabod'], ['cyfrifoldebau'], ['Ddeddf Cwmnïau 2006', 'y Ddeddf'], ['Partneriaeth Atebolrwydd Cyfyngedig', 'PAC']],
    },
  },
  'Lp.Sec477': {
    concept: SEC477,
    english: {
      says: '"Exempt" or "Exemption", "section 477 of the Companies Act 2006", and "Limited Liability Partnership" or "LLP"',
      groups: [['Exempt', 'Exemption'], ['section 477 of the Companies Act 2006'], ['Limited Liability Partnership', 'LLP']],
    },
    welsh: {
      says: '"Wedi\'i eithrio" or "Eithriad", "adran 477 o Ddeddf Cwmnïau 2006", and "Partneriaeth Atebolrwydd Cyfyngedig" or "PAC"',
      groups: [["Wedi'i eithrio", 'Eithriad'], ['adran 477 o Ddeddf Cwmnïau 2006'], ['Partneriaeth Atebolrwydd Cyfyngedig', 'PAC']],
    },
  },
  'Lp.Sec480': {
    concept: SEC480,
    english: {
      says: '"Exempt" or "Exemption", "section 480 of the Companies Act 2006", and "Limited Liability Partnership" or "LLP"',
      groups: [['Exempt', 'Exemption'], ['section 480 of the Companies Act 2006'], ['Limited Liability Partnership', 'LLP']],
    },
    welsh: {
      says: '"Wedi\'i eithrio" or "Eithriad", "adran 480 o Ddeddf Cwmnïau 2006", and "Partneriaeth Atebolrwydd Cyfyngedig" or "PAC"',
      groups: [["Wedi'i eithrio", 'Eithriad'], ['adran 480 o Ddeddf Cwmnïau 2006'], ['Partneriaeth Atebolrwydd Cyfyngedig', 'PAC']],
    },
  },
  'Lp.SmLp': {
    concept: PREPARED,
    english: {
      says: '"Prepared in accordance with", "provisions", and "small Limited Liability Partnership" or "small LLP"',
      groups: [['Prepared in accordance with'], ['provisions'], ['small Limited Liability Partnership', 'small LLP']],
    },
    welsh: {
      says: '"Paratowyd yn unol â", "y darpariaethau", and "Partneriaeth Atebolrwydd Cyfyngedig bach" or "PAC bach"',
      groups: [['Paratowyd yn unol â'], ['y darpariaethau'], ['Partneriaeth Atebolrwydd Cyfyngedig bach', 'PAC bach']],
    },
  },
};
