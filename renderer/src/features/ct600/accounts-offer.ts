/**
 * The accounts' figures offered as the Computation step's starting figures:
 * an empty field takes the accounts' figure, and so does a field still
 * holding the figure offered before (the accounts were replaced); a figure
 * the user typed over stays typed. Each figure offered keeps where it came
 * from, shown beside the field.
 */
import type { ComputationAccountsFigures } from '../../../../preload/contract.js';
import { parseAmount } from '../../format/index.js';
import { emptyComputation } from './computation-form.js';
import type { Ct600Form, OfferedAccountsFigures, StartingFigure } from './form.js';

export const STARTING_FIGURES: readonly StartingFigure[] = ['turnover', 'profitBeforeTax', 'depreciation'];

/** Pounds as the money inputs keep them ("38500", "1234.50", "-12500"). */
export const figureText = (pounds: number) => (Number.isInteger(pounds) ? String(pounds) : pounds.toFixed(2));

/**
 * The same figure, however it is written: a field the user only passed
 * through is kept in its machine form ("120000.00" for "120000"), and is
 * still the accounts' figure.
 */
function sameFigure(typed: string, offered: string): boolean {
  const a = parseAmount(typed.trim());
  const b = parseAmount(offered);
  return a.ok && b.ok && a.pence !== undefined && a.pence === b.pence;
}

export function offerAccountsFigures(form: Ct600Form, read: ComputationAccountsFigures): Ct600Form {
  const c = { ...(form.computation ?? emptyComputation()) };
  const before = form.accountsFigures?.offered ?? {};
  const offered: OfferedAccountsFigures['offered'] = {};
  for (const field of STARTING_FIGURES) {
    const figure = read[field];
    const typed = c[field].trim();
    const untouched = typed === '' || (before[field] !== undefined && sameFigure(typed, before[field]!.text));
    if (figure && untouched) {
      const text = figureText(figure.value);
      c[field] = text;
      offered[field] = { text, source: figure.source };
    } else if (!figure && untouched && before[field]) {
      // The new accounts do not tag it: the old accounts' figure is not this file's, so it goes.
      c[field] = '';
    }
  }
  return { ...form, computation: c, accountsFigures: { sha256: read.sha256, fileName: read.fileName, offered } };
}

/** Where the field's figure came from, while it is still the one the accounts gave. */
export function accountsSourceOf(form: Ct600Form, field: StartingFigure): string | undefined {
  const o = form.accountsFigures?.offered[field];
  return o && form.computation && sameFigure(form.computation[field], o.text) ? o.source : undefined;
}
