/**
 * The balance sheet page: the lines in Format 1 order with this year's and
 * last year's figures, then the statements the law puts above the
 * director's signature (s475(4): s477 or s480, s476, the directors'
 * responsibilities, the micro-entity or small companies regime, s444(5)),
 * the approval date and the director who signed (s414, s444(6)).
 *
 * Statements that the taxonomy tags with one concept (the micro-entity
 * provisions and the delivery statement share
 * StatementThatAccountsHaveBeenPreparedInAccordanceWithProvisionsSmallCompaniesRegime)
 * are one fact holding both sentences, as Companies House's WebFiling form
 * words them: two facts of one concept with different words would be an
 * inconsistent duplicate (JFCVC 3314).
 */
import { escapeText } from '../../ct600/xml-writer.js';
import type { Accounts, RequiredStatement } from '../types.js';
import type { Tagger } from './inline.js';
import { directorMember, signingDirectorIndex } from './people.js';
import { statementTable } from './statement-table.js';
import { concept } from './taxonomy.js';

export function yearLabel(iso: string): string {
  return iso.slice(0, 4);
}

/** The statements in the order given, those sharing a concept joined into one paragraph. */
export function statementGroups(statements: RequiredStatement[]): { concept: string; text: string }[] {
  const groups: { concept: string; texts: string[] }[] = [];
  for (const s of statements) {
    concept(s.concept); // untraced names are refused before anything is written
    const group = groups.find((g) => g.concept === s.concept);
    if (group) group.texts.push(s.text.trim());
    else groups.push({ concept: s.concept, texts: [s.text.trim()] });
  }
  return groups.map((g) => ({ concept: g.concept, text: g.texts.join(' ') }));
}

export function balanceSheet(accounts: Accounts, statements: RequiredStatement[], t: Tagger): string {
  const columns = { current: yearLabel(accounts.period.to), previous: accounts.previousPeriod ? yearLabel(accounts.previousPeriod.to) : undefined };
  const signer = signingDirectorIndex(accounts);
  const paragraphs = statementGroups(statements)
    .map((g) => `<p class="statement">${t.text(g.concept, g.text, 'current')}</p>`)
    .join('\n');
  return `<div class="page">
<h2>Balance sheet</h2>
<p class="sub">as at ${t.date('BalanceSheetDate', accounts.period.to, 'currentEnd')}</p>
${statementTable(accounts.balanceSheet, t, columns)}
${paragraphs}
<p>These financial statements were approved by the board of directors and authorised for issue on ${t.date('DateAuthorisationFinancialStatementsForIssue', accounts.approval.date, 'currentEnd')}, and are signed on behalf of the board by:</p>
<p class="signature">${t.fixed('DirectorSigningFinancialStatements', [directorMember(signer)])}${escapeText(accounts.directors[signer]!)}<br/>
Director</p>
<p class="sub">Registered number: ${escapeText(accounts.company.number)}</p>
</div>`;
}
