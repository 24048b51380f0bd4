/**
 * The cover and the company information page: the company's name and
 * registered number, what the document is ("Unaudited financial statements
 * for the year ended …"), the directors (each named by bus:NameEntityOfficer
 * in the context of their Director member, so every member used has its name:
 * JFCVC 3315) and the principal activity.
 */
import { escapeText } from '../../ct600/xml-writer.js';
import type { Accounts } from '../types.js';
import { longDate, type Tagger } from './inline.js';
import { directorMember } from './people.js';

/** "year" when the period is twelve months to the day, otherwise "period" (a first or changed period). */
export function yearOrPeriod(period: { from: string; to: string }): 'year' | 'period' {
  const from = new Date(`${period.from}T00:00:00Z`);
  const yearOn = new Date(Date.UTC(from.getUTCFullYear() + 1, from.getUTCMonth(), from.getUTCDate() - 1));
  return yearOn.toISOString().slice(0, 10) === period.to ? 'year' : 'period';
}

/**
 * An accepted filing that gave no activity tagged "No description of
 * principal activity" (RF 02014751); HMRC's 3312 needs the fact either way.
 */
export function principalActivityWords(accounts: Accounts): string {
  const given = accounts.principalActivity?.trim();
  if (given) return given;
  return accounts.dormant ? 'The company was dormant throughout the period and did not trade.' : 'No description of principal activity';
}

export function cover(accounts: Accounts, t: Tagger): string {
  const ended = yearOrPeriod(accounts.period);
  return `<div class="page cover">
<p class="cover-number">Registered number: ${t.text('UKCompaniesHouseRegisteredNumber', accounts.company.number, 'current')}</p>
<h1>${t.text('EntityCurrentLegalOrRegisteredName', accounts.company.name, 'current')}</h1>
<p class="cover-title">Unaudited financial statements</p>
<p class="cover-title">for the ${ended} ended ${t.date('EndDateForPeriodCoveredByReport', accounts.period.to, 'currentEnd')}</p>
${accounts.dormant ? '<p class="cover-sub">Dormant company</p>' : ''}
</div>`;
}

export function companyInformation(accounts: Accounts, t: Tagger): string {
  const directors = accounts.directors
    .map((name, i) => `<tr><td>${i === 0 ? 'Directors' : ''}</td><td>${t.text('NameEntityOfficer', name, 'current', [directorMember(i)])}</td></tr>`)
    .join('\n');
  return `<div class="page">
<h2>Company information</h2>
<table class="info">
${directors}
<tr><td>Registered number</td><td>${escapeText(accounts.company.number)}</td></tr>
<tr><td>Principal activity</td><td>${t.text('DescriptionPrincipalActivities', principalActivityWords(accounts), 'current')}</td></tr>
<tr><td>Period</td><td>${t.date('StartDateForPeriodCoveredByReport', accounts.period.from, 'currentEnd')} to ${longDate(accounts.period.to)}</td></tr>
</table>
</div>`;
}
