/**
 * An accounts draft shared through the office, in the Accounts wizard's
 * words: its title for conflicts and notices, and where two versions differ,
 * each field named as the wizard names it with the FRC taxonomy concept the
 * built accounts tag it with (main/engine/accounts/ixbrl), where it has one.
 */
import { DifferenceList, objectOf, textOf, ukDate, type RecordDifference } from './record-differences.js';

/** "Accounts draft for Acme Trading Ltd, year to 31/03/2026". */
export function accountsTitle(body: unknown): string {
  const draft = objectOf(body);
  const name = typeof draft.companyName === 'string' ? draft.companyName.trim() : '';
  const yearTo = typeof draft.periodTo === 'string' && draft.periodTo !== '' ? `, year to ${ukDate(draft.periodTo)}` : '';
  return `Accounts draft${name ? ` for ${name}` : ''}${yearTo}`;
}

const DRAFT_FIELDS: [field: string, label: string, show?: (value: unknown) => string][] = [
  ['companyName', 'Company name (EntityCurrentLegalOrRegisteredName)'],
  ['companyNumber', 'Company registration number (UKCompaniesHouseRegisteredNumber)'],
  ['clientId', 'Client in the client book'],
  ['periodFrom', 'Start of the period (StartDateForPeriodCoveredByReport)', ukDate],
  ['periodTo', 'End of the period (EndDateForPeriodCoveredByReport)', ukDate],
  ['standard', 'Accounting standard (FRS 105 or FRS 102 Section 1A)'],
  ['trialBalance', 'Trial balance export', (v) => (v ? `${textOf(objectOf(v).fileName)} (${textOf(objectOf(v).size)} bytes)` : '(none)')],
];

const ANSWER_FIELDS: [field: string, label: string, show?: (value: unknown) => string][] = [
  ['directors', 'Directors (NameEntityOfficer)', (v) => (Array.isArray(v) && v.length > 0 ? v.map(textOf).join(', ') : '(none)')],
  ['approvalDate', 'Date the accounts were approved (DateAuthorisationFinancialStatementsForIssue)', approvalText],
  ['signingDirector', 'Director signing the balance sheet'],
  ['averageEmployees', 'Average number of employees (AverageNumberEmployeesDuringPeriod)'],
  ['dormant', 'Dormant company (EntityDormantTruefalse)'],
  ['principalActivity', 'Principal activity (DescriptionPrincipalActivities)'],
  ['directorsAdvances', "Directors' advances and credits (AdvancesCreditsDirectors)"],
];

function approvalText(value: unknown): string {
  const d = objectOf(value);
  return d.day || d.month || d.year ? `${textOf(d.day)}/${textOf(d.month)}/${textOf(d.year)}` : '(empty)';
}

function buildText(value: unknown): string {
  const build = objectOf(value);
  if (typeof build.builtAt !== 'string') return 'Not built';
  return `${textOf(build.fileName)}, built ${ukDate(build.builtAt.slice(0, 10))}`;
}

export function accountsDifferences(mine: unknown, theirs: unknown): RecordDifference[] {
  const a = objectOf(mine);
  const b = objectOf(theirs);
  const list = new DifferenceList();
  for (const [field, label, show] of DRAFT_FIELDS) list.compare(field, label, a[field], b[field], show);
  const mapA = objectOf(a.mapping);
  const mapB = objectOf(b.mapping);
  for (const code of [...new Set([...Object.keys(mapA), ...Object.keys(mapB)])].sort()) {
    list.compare(`mapping.${code}`, `Where trial balance code ${code} goes in the accounts`, mapA[code], mapB[code]);
  }
  const answersA = objectOf(a.answers);
  const answersB = objectOf(b.answers);
  for (const [field, label, show] of ANSWER_FIELDS) list.compare(`answers.${field}`, label, answersA[field], answersB[field], show);
  const commitA = objectOf(answersA.commitments);
  const commitB = objectOf(answersB.commitments);
  list.compare('answers.commitments.description', 'Financial commitments not in the balance sheet, described (DescriptionFinancialCommitmentsOtherThanCapitalCommitments)', commitA.description, commitB.description);
  list.compare('answers.commitments.total', 'Financial commitments not in the balance sheet, total (FinancialCommitmentsOtherThanCapitalCommitments)', commitA.total, commitB.total);
  list.compare('lastBuild', 'Built accounts', a.lastBuild ?? null, b.lastBuild ?? null, buildText);
  list.compare('attachedTo', 'Attached to a CT600 draft', a.attachedTo ?? null, b.attachedTo ?? null, (v) => (v ? 'Attached' : 'Not attached'));
  return list.items;
}
