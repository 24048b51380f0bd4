/**
 * The notes each regime requires (shared/docs/accounts.md §2): a
 * micro-entity gives average employees, advances and guarantees to directors,
 * and commitments and contingencies, and nothing more (s393(1A) presumes its
 * accounts true and fair); a small company under FRS 102 Section 1A also
 * gives its accounting policies, the fixed asset figures and debtors due
 * after more than one year. A note about something the company does not have
 * (no advances, no commitments) is left out.
 */
import type { AccountsNote, AccountsRequest, FigurePair, StatementLine } from '../types.js';
import { ukDateWords } from './dates.js';
import { formatPounds, nearestPound } from './rounding.js';

const money = (pence: number) => formatPounds(nearestPound(pence));

export function buildNotes(request: AccountsRequest, balanceSheet: readonly StatementLine[], employees: FigurePair, debtorsAfterOneYear: FigurePair): AccountsNote[] {
  const notes: AccountsNote[] = [];
  const small = request.standard === 'FRS 102 1A';
  if (small) {
    notes.push({
      id: 'accountingPolicies',
      title: 'Accounting policies',
      law: 'FRS 102 1A.16; SI 2008/409 Sch 1 para 44',
      paragraphs: [
        "These accounts have been prepared in accordance with FRS 102 'The Financial Reporting Standard applicable in the UK and Republic of Ireland', Section 1A 'Small Entities', and the Companies Act 2006, under the historical cost convention.",
        'They are presented in pounds sterling, rounded to the nearest pound.',
        ...(request.notes?.accountingPolicies?.trim() ? [request.notes.accountingPolicies.trim()] : []),
      ],
    });
  }
  notes.push({
    id: 'averageEmployees',
    title: 'Employees',
    law: 'CA 2006 s411',
    paragraphs: [
      `The average number of persons employed by the company (including directors) during the year was ${employees.current}${employees.previous !== undefined ? ` (previous year: ${employees.previous})` : ''}.`,
    ],
  });
  if (small) {
    notes.push(...fixedAssetNote(request, balanceSheet, 'IntangibleAssets', 'intangibleAssets', 'Intangible assets', 'amortisation'));
    notes.push(...fixedAssetNote(request, balanceSheet, 'PropertyPlantEquipment', 'tangibleFixedAssets', 'Tangible assets', 'depreciation'));
    if (debtorsAfterOneYear.current !== 0 || (debtorsAfterOneYear.previous ?? 0) !== 0) {
      notes.push({
        id: 'debtors',
        title: 'Debtors',
        law: 'SI 2008/409 Sch 1 Format 1 note 5',
        paragraphs: [
          `Debtors include ${formatPounds(debtorsAfterOneYear.current)} falling due after more than one year${debtorsAfterOneYear.previous !== undefined ? ` (previous year: ${formatPounds(debtorsAfterOneYear.previous)})` : ''}.`,
        ],
      });
    }
  }
  const advances = request.notes?.advancesToDirectors ?? [];
  if (advances.length > 0) {
    notes.push({
      id: 'advancesToDirectors',
      title: 'Advances and credits to directors',
      law: 'CA 2006 s413',
      paragraphs: advances.map((a) => {
        const end = a.broughtForward + a.advanced - a.repaid - (a.writtenOff ?? 0);
        const writtenOff = a.writtenOff ? `, written off ${money(a.writtenOff)}` : '';
        return `${a.director}: owed to the company at the start of the year ${money(a.broughtForward)}, advanced ${money(a.advanced)}, repaid ${money(a.repaid)}${writtenOff}, owed at the end of the year ${money(end)}. ${a.conditions.trim()}`;
      }),
    });
  }
  const guarantees = request.notes?.guaranteesForDirectors ?? [];
  if (guarantees.length > 0) {
    notes.push({
      id: 'guaranteesForDirectors',
      title: 'Guarantees on behalf of directors',
      law: 'CA 2006 s413',
      paragraphs: guarantees.map((g) => `${g.director}: ${g.terms.trim()}${g.maximumLiability !== undefined ? ` The company's maximum liability is ${money(g.maximumLiability)}.` : ''}`),
    });
  }
  const commitments = request.notes?.financialCommitments;
  if (commitments) {
    const parts = [`${commitments.description.trim()} Financial commitments not included in the balance sheet total ${money(commitments.total)}`];
    if (commitments.pensions) parts.push(`of which ${money(commitments.pensions)} relates to pensions`);
    if (commitments.group) parts.push(`of which ${money(commitments.group)} is to group undertakings`);
    notes.push({
      id: 'financialCommitments',
      title: 'Financial commitments',
      law: 'SI 2008/409 Sch 1 para 57',
      paragraphs: [
        `${parts.join(', ')}.`,
        ...(commitments.capital ? [`Capital commitments contracted for but not provided at ${ukDateWords(request.period.to)}: ${money(commitments.capital)}.`] : []),
      ],
    });
  }
  const contingencies = request.notes?.contingencies;
  if (contingencies) {
    notes.push({
      id: 'contingencies',
      title: 'Contingent liabilities',
      law: 'SI 2008/409 Sch 1 para 57',
      paragraphs: [`${contingencies.description.trim()} The amount is ${money(contingencies.amount)}.`],
    });
  }
  return notes;
}

/** Cost (the line's debit-balance codes) less accumulated depreciation or amortisation (its credit-balance codes). */
function fixedAssetNote(
  request: AccountsRequest,
  balanceSheet: readonly StatementLine[],
  lineId: string,
  id: AccountsNote['id'],
  title: string,
  writtenDown: 'depreciation' | 'amortisation',
): AccountsNote[] {
  const line = balanceSheet.find((l) => l.id === lineId);
  if (!line) return [];
  const cost = line.working.filter((w) => w.pounds > 0).reduce((sum, w) => sum + w.pounds, 0);
  const accumulated = -line.working.filter((w) => w.pounds < 0).reduce((sum, w) => sum + w.pounds, 0);
  const paragraphs = [
    `At ${ukDateWords(request.period.to)}: cost ${formatPounds(cost)}, accumulated ${writtenDown} ${formatPounds(accumulated)}, net book value ${formatPounds(line.current)}.`,
  ];
  if (line.previous !== undefined) paragraphs.push(`Net book value at the end of the previous year: ${formatPounds(line.previous)}.`);
  return [{ id, title, law: 'SI 2008/409 Sch 1 para 48', paragraphs }];
}
