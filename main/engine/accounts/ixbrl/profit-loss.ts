/**
 * The profit and loss account page (micro-entity lines A–H, or the small
 * company's Format 1 or 2), and the movement on the profit and loss reserve
 * that closes the year's profit to the balance sheet. The reserve movement
 * repeats figures tagged elsewhere, so it is shown untagged except where a
 * figure appears nowhere else.
 */
import type { Accounts } from '../types.js';
import { shownAmount, type Tagger } from './inline.js';
import { yearLabel } from './balance-sheet.js';
import { yearOrPeriod } from './front.js';
import { statementTable } from './statement-table.js';

export function profitAndLoss(accounts: Accounts, t: Tagger): string {
  const columns = { current: yearLabel(accounts.period.to), previous: accounts.previousPeriod ? yearLabel(accounts.previousPeriod.to) : undefined };
  const ended = yearOrPeriod(accounts.period);
  const title = accounts.formats.profitAndLoss === 'micro' ? 'Profit and loss account' : `Profit and loss account (${accounts.formats.profitAndLoss})`;
  return `<div class="page">
<h2>${title}</h2>
<p class="sub">for the ${ended} ended ${t.date('EndDateForPeriodCoveredByReport', accounts.period.to, 'currentEnd')}</p>
${statementTable(accounts.profitAndLoss, t, columns)}
${reserves(accounts)}
</div>`;
}

function reserves(accounts: Accounts): string {
  const r = accounts.reserves;
  const withPrevious = accounts.previousPeriod !== undefined;
  const row = (label: string, pair: { current: number; previous?: number }, cls = '') =>
    `<tr${cls}><td class="f"></td><td>${label}</td><td class="n">${shownAmount(pair.current)}</td>${withPrevious ? `<td class="n">${pair.previous === undefined ? '-' : shownAmount(pair.previous)}</td>` : ''}</tr>`;
  const dividends = r.dividends.current !== 0 || (r.dividends.previous ?? 0) !== 0;
  return `<h3>Profit and loss reserve</h3>
<table class="statement">
${row('At the start of the period', r.broughtForward)}
${row('Profit (loss) for the period', r.profitLoss)}
${dividends ? row('Dividends paid', { current: -r.dividends.current, previous: r.dividends.previous === undefined ? undefined : -r.dividends.previous }) : ''}
${row('At the end of the period', r.carriedForward, ' class="total"')}
</table>`;
}
