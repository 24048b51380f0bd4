/**
 * The computation's starting figures, read from the accounts' Inline XBRL:
 * turnover, profit before tax and depreciation, tagged with the FRC's core
 * concepts (and the older UK GAAP names the FRC kept), each with where it
 * came from so the user can see and check it before it is used. A figure the
 * accounts do not tag is left for the user to type, never guessed.
 *
 * Only facts for the accounts' own period and without dimensions count: a
 * prior-year comparative or a segment's turnover is not the company's figure.
 * Signs are the taxonomy's: TurnoverRevenue and ProfitLoss are credits (a
 * profit positive), TaxTaxCreditOnProfitOrLossOnOrdinaryActivities and the
 * depreciation expenses are debits (a charge positive).
 */
import { readXbrlReport, type XbrlContext, type XbrlFact, type XbrlReport } from '../validation/attachments/xbrl-report.js';
import { decodeUtf8 } from '../ct600/xml-dom.js';
import { ukDate } from './dates.js';

export interface AccountsFigure {
  /** Pounds, as the accounts give them. */
  value: number;
  /** Where it came from, in words: the concept(s), the period and how they were combined. */
  source: string;
  concepts: string[];
}

export interface AccountsFigures {
  /** The period the figures are for. */
  period?: { from: string; to: string };
  turnover?: AccountsFigure;
  profitBeforeTax?: AccountsFigure;
  depreciation?: AccountsFigure;
  /** What the company does (bus:DescriptionPrincipalActivities), for the computation's trade. */
  principalActivity?: string;
  /** Why a figure could not be read, in words. */
  notes: string[];
}

/** The FRC's core namespaces (http://xbrl.frc.org.uk/fr/<date>/core) and the older UK GAAP one. */
const CORE = /^(https?:\/\/xbrl\.frc\.org\.uk\/fr\/\d{4}-\d{2}-\d{2}\/core|http:\/\/www\.xbrl\.org\/uk\/gaap\/core\/\d{4}-\d{2}-\d{2})$/;
const BUS = /^(https?:\/\/xbrl\.frc\.org\.uk\/cd\/\d{4}-\d{2}-\d{2}\/business|http:\/\/www\.xbrl\.org\/uk\/cd\/business\/\d{4}-\d{2}-\d{2})$/;

/** Depreciation in order of preference: the whole expense first, then its parts added together. */
const DEPRECIATION_WHOLE = ['DepreciationAmortisationExpense', 'DepreciationAmortisationImpairmentExpense'];
const DEPRECIATION_PARTS = ['DepreciationExpensePropertyPlantEquipment', 'AmortisationExpenseIntangibleAssets'];

const money = (n: number) => `${n < 0 ? '−' : ''}£${Math.abs(n).toLocaleString('en-GB', { maximumFractionDigits: 2 })}`;

function reportPeriod(report: XbrlReport, given?: { from: string; to: string }): { from: string; to: string } | undefined {
  if (given) return given;
  const text = (name: string) => report.facts.find((f) => f.localName === name && BUS.test(f.namespace) && !f.nil)?.value.trim();
  const from = text('StartDateForPeriodCoveredByReport');
  const to = text('EndDateForPeriodCoveredByReport');
  if (from && to) return { from, to };
  // Otherwise the latest-ending period a core figure is given for.
  const durations = report.facts.filter((f) => CORE.test(f.namespace)).map((f) => report.contexts.get(f.contextRef)).filter((c): c is XbrlContext => !!c && !c.instant && !!c.start && !!c.end);
  const latest = durations.sort((a, b) => (a.end! < b.end! ? 1 : -1))[0];
  return latest ? { from: latest.start!, to: latest.end! } : undefined;
}

export function readAccountsFigures(document: Uint8Array | string, period?: { from: string; to: string }): AccountsFigures {
  const text = typeof document === 'string' ? document : decodeUtf8(document);
  if (text === undefined) return { notes: ['the accounts are not UTF-8 text, so no figure could be read from them'] };
  const read = readXbrlReport(text);
  if (!read.ok) return { notes: [`the accounts could not be read as Inline XBRL: ${read.problem.message}`] };
  const report = read.report;
  const p = reportPeriod(report, period);
  if (!p) return { notes: ['the accounts tag no figures for a period, so none could be offered'] };
  const span = `for ${ukDate(p.from)} to ${ukDate(p.to)}`;

  /** The one undimensioned value of a core concept for the period; several different ones are a question for the user. */
  const notes: string[] = [];
  /** Concepts tagged for the period whose value could not be read: no figure, and the reason instead of "not tagged". */
  const unreadable = new Set<string>();
  const one = (name: string): number | undefined => {
    const tagged = report.facts.filter((f: XbrlFact) => {
      const c = report.contexts.get(f.contextRef);
      return f.localName === name && CORE.test(f.namespace) && !f.nil && c && !c.instant && c.start === p.from && c.end === p.to && c.dims.size === 0;
    });
    // Numbers come only through their format's transform: one that does not read is no figure, never a guess.
    const bad = tagged.find((f) => !f.readable);
    if (bad) {
      unreadable.add(name);
      notes.push(`the accounts tag ${name} ${span} as "${bad.value.replace(/\s+/g, ' ').trim().slice(0, 40)}", which cannot be read${bad.format ? ` under ${bad.format}` : ''} (${bad.unreadableReason ?? 'not a number'}), so it is not offered`);
      return undefined;
    }
    const facts = tagged;
    const values = [...new Set(facts.map((f) => Number(f.value)))];
    if (values.length > 1) {
      notes.push(`the accounts tag ${name} ${span} more than once with different values (${values.map(money).join(', ')}), so it is not offered`);
      return undefined;
    }
    return values[0];
  };
  const figure = (value: number, concepts: string[], how: string): AccountsFigure => ({ value, concepts, source: `${how} ${span} in the accounts` });

  const out: AccountsFigures = { period: p, notes };
  const turnover = one('TurnoverRevenue');
  if (turnover !== undefined) out.turnover = figure(turnover, ['TurnoverRevenue'], 'turnover (core:TurnoverRevenue)');

  const pbt = one('ProfitLossOnOrdinaryActivitiesBeforeTax');
  if (pbt !== undefined) out.profitBeforeTax = figure(pbt, ['ProfitLossOnOrdinaryActivitiesBeforeTax'], 'profit before tax (core:ProfitLossOnOrdinaryActivitiesBeforeTax)');
  else if (!unreadable.has('ProfitLossOnOrdinaryActivitiesBeforeTax')) {
    // Micro-entity accounts often tag only the profit after tax and the tax charge: before tax is the one plus the other.
    const after = one('ProfitLoss');
    const tax = one('TaxTaxCreditOnProfitOrLossOnOrdinaryActivities');
    if (after !== undefined && tax !== undefined) {
      out.profitBeforeTax = figure(Math.round((after + tax) * 100) / 100, ['ProfitLoss', 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities'], `profit after tax ${money(after)} (core:ProfitLoss) plus the tax charge ${money(tax)} (core:TaxTaxCreditOnProfitOrLossOnOrdinaryActivities)`);
    } else if (!['ProfitLossOnOrdinaryActivitiesBeforeTax', 'ProfitLoss', 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities'].some((n) => unreadable.has(n))) notes.push(`the accounts tag no profit before tax ${span} (core:ProfitLossOnOrdinaryActivitiesBeforeTax, or core:ProfitLoss with core:TaxTaxCreditOnProfitOrLossOnOrdinaryActivities)`);
  }

  const whole = DEPRECIATION_WHOLE.map((name) => [name, one(name)] as const).find(([, v]) => v !== undefined);
  if (whole && !DEPRECIATION_WHOLE.some((n) => unreadable.has(n))) out.depreciation = figure(whole[1]!, [whole[0]], `depreciation and amortisation (core:${whole[0]}${whole[0].includes('Impairment') ? ', which includes impairment' : ''})`);
  else if (!DEPRECIATION_WHOLE.some((n) => unreadable.has(n))) {
    const parts = DEPRECIATION_PARTS.map((name) => [name, one(name)] as const).filter(([, v]) => v !== undefined);
    if (parts.length && !DEPRECIATION_PARTS.some((n) => unreadable.has(n))) {
      out.depreciation = figure(
        Math.round(parts.reduce((s, [, v]) => s + v!, 0) * 100) / 100,
        parts.map(([n]) => n),
        parts.map(([n, v]) => `${money(v!)} (core:${n})`).join(' plus '),
      );
    } else if (![...DEPRECIATION_WHOLE, ...DEPRECIATION_PARTS].some((n) => unreadable.has(n))) notes.push(`the accounts tag no depreciation ${span} (core:DepreciationAmortisationExpense or its parts)`);
  }
  if (turnover === undefined && !unreadable.has('TurnoverRevenue')) notes.push(`the accounts tag no turnover ${span} (core:TurnoverRevenue)`);

  const activity = report.facts.find((f) => f.localName === 'DescriptionPrincipalActivities' && BUS.test(f.namespace) && !f.nil && f.value.trim());
  if (activity) out.principalActivity = activity.value.replace(/\s+/g, ' ').trim();
  return out;
}

export type StartingField = 'turnover' | 'profitBeforeTax' | 'depreciation';
export const STARTING_FIELDS: readonly StartingField[] = ['turnover', 'profitBeforeTax', 'depreciation'];

/**
 * The accounts' figures offered as the computation's starting figures: a
 * field the user has typed keeps what they typed; any other takes the
 * accounts' figure, with where it came from beside it.
 */
export function startingFigures(
  current: Partial<Record<StartingField, number>>,
  typed: ReadonlySet<StartingField>,
  accounts: AccountsFigures,
): { values: Partial<Record<StartingField, number>>; sources: Partial<Record<StartingField, string>> } {
  const values: Partial<Record<StartingField, number>> = { ...current };
  const sources: Partial<Record<StartingField, string>> = {};
  for (const field of STARTING_FIELDS) {
    if (typed.has(field)) {
      sources[field] = 'typed';
      continue;
    }
    const figure = accounts[field];
    if (figure) {
      values[field] = figure.value;
      sources[field] = figure.source;
    }
  }
  return { values, sources };
}
