/**
 * The statements and facts HMRC and Companies House require of accounts by
 * their kind — audited or not, dormant, micro-entity, abridged, group, LLP,
 * charity — read from the facts that say which kind they are
 * (AccountsStatusAuditedOrUnaudited, AccountingStandardsApplied, …, by the
 * member of their dimension). Codes are those of the joint filing checks:
 * Co.* for companies, Lp.* for LLPs, Char.* for charities.
 */
import type { FactIndex } from './fact-index.js';
import type { AttachmentFinding } from './finding.js';
import { PHRASES } from './statement-phrases.js';
import type { XbrlFact } from './xbrl-report.js';

interface Result {
  ok: boolean;
  concept?: string;
  fact?: XbrlFact;
  message?: string;
  warning?: boolean;
}
const OK: Result = { ok: true };

const LLP = 'LimitedLiabilityPartnershipLLP';
const AUDIT_EXEMPT = ['AuditExempt-NoAccountantsReport', 'AuditExemptWithAccountantsReport'];
const GROUP_SCOPES = ['GroupAccountsOnly', 'ConsolidatedGroupCompanyAccounts'];
const NOT_TRADING = ['EntityHasNeverTraded', 'EntityNoLongerTradingButTradedInPast'];
const SMALL_REGIME = 'SmallCompaniesRegimeForAccounts';
const MEDIUM_REGIME = 'Medium-sizedCompaniesRegimeForAccounts';
const CHARITY_NUMBERS = ['CharityRegistrationNumberEnglandWales', 'CharityRegistrationNumberNorthernIreland', 'CharityRegistrationNumberScotland'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whole words, Unicode-aware (Welsh phrases end in â and ï). */
const phrasePattern = (phrases: string[]) => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${phrases.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'iu');

/**
 * A statement that is tagged but worded otherwise than the checks look for
 * is a warning, not an error: accounts Companies House accepted say "prepared
 * and delivered in accordance with the provisions…", which the word check
 * does not recognise. A missing statement stays an error.
 */
const wordingOnly = (r: Result) => r.fact !== undefined && r.concept !== undefined && r.message !== undefined && !r.ok && PHRASE_CONCEPTS.has(r.concept);
const PHRASE_CONCEPTS = new Set(Object.values(PHRASES).map((p) => p.concept));

export class AccountsStatements {
  private readonly cache = new Map<string, Result>();
  readonly findings: AttachmentFinding[] = [];
  private readonly welsh: boolean;

  constructor(private readonly index: FactIndex) {
    this.welsh = index.dimensionValues('ReportPrincipalLanguage', 'LanguagesDimension').includes('Welsh');
  }

  private first(concept: string, dimension: string): string | undefined {
    return this.index.dimensionValues(concept, dimension)[0];
  }

  private get status() {
    return this.first('AccountsStatusAuditedOrUnaudited', 'AccountsStatusDimension');
  }
  private get accountsType() {
    return this.first('AccountsTypeFullOrAbbreviated', 'AccountsTypeDimension') ?? this.first('AccountsType', 'AccountsTypeDimension');
  }
  private get standards() {
    return this.first('AccountingStandardsApplied', 'AccountingStandardsDimension');
  }
  private get legislation() {
    return this.first('ApplicableLegislation', 'ApplicableLegislationDimension');
  }
  private get scope() {
    return this.first('ScopeAccounts', 'ScopeAccountsDimension');
  }
  private get isLlp() {
    return this.first('LegalFormEntity', 'LegalFormEntityDimension') === LLP;
  }
  private get dormant() {
    const facts = this.index.facts('EntityDormantTruefalse');
    return facts.length > 0 && facts.every((f) => !f.nil && ['true', '1'].includes(f.value.trim()));
  }

  private has(...concepts: string[]) {
    return this.index.anyPresent(concepts);
  }

  private phrases(code: string): Result {
    const rule = PHRASES[code]!;
    const facts = this.index.facts(rule.concept);
    if (facts.length === 0) return { ok: false, concept: rule.concept };
    const lang = this.welsh ? rule.welsh : rule.english;
    for (const fact of facts) {
      if (!lang.groups.every((g) => phrasePattern(g).test(fact.value))) return { ok: false, concept: rule.concept, fact, message: lang.says };
    }
    return OK;
  }

  private auditFacts(): Result {
    const missing: string[] = [];
    if (!this.has('DateAuditorsReport')) missing.push('DateAuditorsReport');
    if (!this.has('OpinionAuditorsOnEntity')) missing.push('OpinionAuditorsOnEntity');
    if (!(this.has('NameEntityAuditors') && this.has('NameSeniorStatutoryAuditor')) && !this.has('NameIndividualAuditor')) missing.push('NameIndividualAuditor (or NameSeniorStatutoryAuditor with NameEntityAuditors)');
    return missing.length ? { ok: false, message: `audited accounts must tag the date of the auditor’s report, the auditor’s opinion and the auditor’s name; missing: ${missing.join(', ')}` } : OK;
  }

  private charityAuditFacts(): Result {
    const missing: string[] = [];
    if (!this.has('DateAuditorsReport', 'DateCharityAuditorsReport')) missing.push('DateAuditorsReport or DateCharityAuditorsReport');
    if (!this.has('OpinionAuditorsOnEntity', 'QualifiedOpinion', 'UnqualifiedOpinion', 'AdverseOpinion', 'DisclaimerOpinion')) missing.push('the auditor’s opinion (OpinionAuditorsOnEntity or the kind of opinion)');
    const named =
      this.has('NameIndividualAuditor', 'NameIndividualCharityAuditor') ||
      (this.has('NameSeniorStatutoryAuditor') && this.has('NameEntityAuditors')) ||
      (this.has('NameSeniorStatutoryCharityAuditor') && this.has('NameEntityCharityAuditors'));
    if (!named) missing.push('the auditor’s name (NameIndividualAuditor, NameIndividualCharityAuditor, or a senior statutory auditor with the audit firm)');
    return missing.length ? { ok: false, message: `an audited charity’s accounts must tag the auditor’s report date, opinion and name; missing: ${missing.join('; ')}` } : OK;
  }

  private directorsReport(charity: boolean): Result {
    const missing = ['DateSigningDirectorsReport', 'DirectorSigningDirectorsReport'].filter((c) => !this.has(c));
    if (!missing.length) return OK;
    if (!charity) return { ok: false, message: `the directors’ report must be tagged with its date and signing director; missing: ${missing.join(', ')}` };
    const trustees = ['DateSigningTrusteesAnnualReport', 'TrusteeSigningTrusteesAnnualReport'].filter((c) => !this.has(c));
    if (!trustees.length) return OK;
    return { ok: false, message: `the directors’ or trustees’ report must be tagged with its date and signatory; missing: ${[...missing, ...trustees].join(', ')}` };
  }

  private profitOrFunds(concept: string): Result {
    const notTrading = this.index.dimensionValues('EntityTradingStatus', 'EntityTradingStatusDimension').some((m) => NOT_TRADING.includes(m));
    if (this.has(concept) || notTrading) return OK;
    return { ok: false, concept, message: `${concept} must be tagged unless EntityTradingStatus says the entity has never traded or no longer trades` };
  }

  private group(): Result {
    const endFact = this.index.facts('EndDateForPeriodCoveredByReport').find((f) => this.index.context(f)?.dims.size === 0);
    if (!endFact) return OK;
    const endAt = this.index.context(endFact)!.end;
    let consolidated: XbrlFact | undefined;
    let plain: XbrlFact | undefined;
    for (const f of this.index.facts('BalanceSheetDate')) {
      if (!this.index.present(f)) continue;
      const c = this.index.context(f)!;
      if (c.dims.size === 0 && c.end === endAt) plain = f;
      if (c.dims.get('GroupCompanyDataDimension') === 'Consolidated') consolidated = f;
    }
    if (consolidated && plain && consolidated.value.trim() === plain.value.trim()) return OK;
    return { ok: false, concept: 'BalanceSheetDate', message: 'group accounts must tag BalanceSheetDate for the consolidated group (GroupCompanyDataDimension Consolidated) with the same date as the company’s own BalanceSheetDate' };
  }

  private single(concept: string, warning: boolean): Result {
    return this.has(concept) ? OK : { ok: false, concept, warning, message: `${concept} must be tagged, with a value` };
  }

  private evaluate(code: string): Result {
    const cached = this.cache.get(code);
    if (cached) return cached;
    let r: Result;
    if (code in PHRASES) r = this.phrases(code);
    else if (code === 'Co.Audit' || code === 'Lp.Audit') r = this.auditFacts();
    else if (code === 'Char.Audit') r = this.charityAuditFacts();
    else if (code === 'Co.DirReport' || code === 'Char.DirReport') r = this.directorsReport(code === 'Char.DirReport');
    else if (code === 'Co.MedCo' || code === 'Lp.MedLp') r = this.single('StatementThatCompanyHasPreparedAccountsUnderProvisionsRelatingToMedium-sizedCompanies', true);
    else if (code === 'Co.QualAudit' || code === 'Lp.QualAudit') r = this.single('StatementOnQualityCompletenessInformationProvidedToAuditors', false);
    else if (code === 'Co.ProfLoss' || code === 'Lp.ProfLoss') r = this.profitOrFunds('ProfitLoss');
    else if (code === 'Char.CharFund') r = this.profitOrFunds('CharityFunds');
    else if (code === 'Co.Group' || code === 'Lp.Group') r = this.group();
    else throw new Error(`no statement check ${code}`);
    this.cache.set(code, r);
    return r;
  }

  /** A statement whose words are wrong or missing; when the fact itself is missing, that is said first. */
  private textFailure(code: string, r: Result) {
    if (!r.fact && r.concept) {
      this.findings.push({ code: 'Co.MissingElement', category: 'error', message: `from what the accounts say about the entity and the report, they must tag ${r.concept}, and they do not` });
    }
    const rule = PHRASES[code];
    const says = rule ? (this.welsh ? rule.welsh.says : rule.english.says) : undefined;
    const message = r.fact
      ? `${r.concept} must say, in ${this.welsh ? 'Welsh' : 'English'}: ${says ?? r.message}`
      : r.concept
        ? `the statement ${r.concept} is missing`
        : (r.message ?? 'a required statement is missing');
    this.findings.push({ code, category: wordingOnly(r) ? 'warning' : 'error', message });
  }

  private failure(code: string, r: Result) {
    const rule = PHRASES[code];
    const message = rule
      ? r.fact
        ? `${rule.concept} must say, in ${this.welsh ? 'Welsh' : 'English'}: ${this.welsh ? rule.welsh.says : rule.english.says}`
        : `the statement ${rule.concept} is missing`
      : (r.message ?? `${code} is not met`);
    this.findings.push({ code, category: r.warning || (rule && wordingOnly(r)) ? 'warning' : 'error', message });
  }

  /** Phrase checks report a missing fact too; the others report what they found missing. */
  private text(...codes: string[]) {
    for (const code of codes) {
      const r = this.evaluate(code);
      if (!r.ok) this.textFailure(code, r);
    }
  }
  private plain(...codes: string[]) {
    for (const code of codes) {
      const r = this.evaluate(code);
      if (!r.ok) this.failure(code, r);
    }
  }

  run(charity: boolean): AttachmentFinding[] {
    if (charity) this.runCharity();
    else this.runCompanyOrLlp();
    return this.findings;
  }

  private runCompanyOrLlp() {
    const llp = this.isLlp;
    const status = this.status;
    const group = GROUP_SCOPES.includes(this.scope ?? '');
    if (status !== undefined && AUDIT_EXEMPT.includes(status)) {
      if (this.dormant) {
        if (llp) return this.text('Lp.MemResp', 'Lp.Sec480', 'Lp.SmLp');
        this.text('Co.Sec480', 'Co.AuditNR', 'Co.DirResp');
        if (!this.evaluate('Co.Micro').ok && !this.evaluate('Co.SmCo').ok) this.text('Co.Micro', 'Co.SmCo');
        return;
      }
      if (this.standards === 'Micro-entities') return llp ? this.text('Lp.Sec477', 'Lp.MemResp', 'Lp.Micro') : this.text('Co.Sec477', 'Co.AuditNR', 'Co.DirResp', 'Co.Micro');
      if (this.accountsType === 'AbridgedAccounts') return llp ? this.text('Lp.Sec477', 'Lp.MemResp', 'Lp.SmLp', 'Lp.Abrid') : this.text('Co.Sec477', 'Co.AuditNR', 'Co.DirResp', 'Co.SmCo', 'Co.Abrid');
      // Abbreviated, group and small full accounts ask the same of an unaudited company or LLP.
      return llp ? this.text('Lp.Sec477', 'Lp.MemResp', 'Lp.SmLp') : this.text('Co.Sec477', 'Co.AuditNR', 'Co.DirResp', 'Co.SmCo');
    }
    if (status !== 'Audited') return;
    const p = llp ? 'Lp' : 'Co';
    if (this.accountsType === 'AbridgedAccounts') {
      this.text(`${p}.Abrid`, llp ? 'Lp.SmLp' : 'Co.SmCo');
      return this.plain(`${p}.Audit`);
    }
    if (this.legislation === SMALL_REGIME) {
      this.text(llp ? 'Lp.SmLp' : 'Co.SmCo');
      return this.plain(`${p}.Audit`);
    }
    if (this.legislation === MEDIUM_REGIME) return this.plain(llp ? 'Lp.MedLp' : 'Co.MedCo', `${p}.Audit`);
    const small = llp ? 'Lp.SmLp' : 'Co.SmCo';
    if (this.standards === 'Micro-entities') {
      this.text(`${p}.Micro`);
      if (!this.evaluate(small).ok && !this.evaluate(`${p}.ProfLoss`).ok) {
        this.text(small);
        this.plain(`${p}.ProfLoss`);
      }
      return;
    }
    if (!group) {
      if (llp) {
        this.text('Lp.Audit');
        return this.plain('Lp.QualAudit', 'Lp.ProfLoss');
      }
      this.text('Co.Audit');
      return this.plain('Co.DirReport', 'Co.QualAudit', 'Co.ProfLoss');
    }
    this.plain(`${p}.Audit`);
    if (this.evaluate(small).ok) return;
    const alternatives = llp ? ['Lp.ProfLoss', 'Lp.Group'] : ['Co.DirReport', 'Co.ProfLoss', 'Co.Group'];
    const failed = alternatives.filter((c) => !this.evaluate(c).ok);
    this.plain(...failed);
    if (failed.length) this.text(small);
  }

  private runCharity() {
    if (!this.has(...CHARITY_NUMBERS)) return;
    const status = this.status;
    if (status === 'Audited') {
      if (this.legislation === SMALL_REGIME) {
        if (this.isLlp) return;
        this.text('Co.SmCo');
        return this.plain('Char.Audit');
      }
      if (!(GROUP_SCOPES.includes(this.scope ?? '') || this.accountsType === 'AbridgedAccounts')) this.plain('Char.DirReport', 'Char.Audit', 'Char.CharFund');
      return;
    }
    if (status === undefined || !AUDIT_EXEMPT.includes(status)) return;
    if (this.dormant) {
      this.text('Co.Sec480', 'Co.AuditNR', 'Char.DirResp');
      if (!this.evaluate('Char.DirReport').ok && !this.evaluate('Co.SmCo').ok) {
        this.plain('Char.DirReport');
        this.text('Co.SmCo');
      }
      return;
    }
    this.text('Co.Sec477', 'Co.AuditNR');
    this.plain('Char.DirResp');
    this.text('Co.SmCo');
  }
}
