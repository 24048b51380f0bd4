/**
 * The computation's working as the step shows it: split into the sections a
 * printed computation has (the trading profit, capital allowances, losses,
 * the profits chargeable, the tax), each with its amounts in one format
 * (whole pounds when every figure in it is whole pounds, else pounds and
 * pence), and each rule of law or guidance cited once in the whole working,
 * numbered, the other rows that follow it pointing back to that number.
 */
import type { ComputationOutput } from '../../../../../preload/contract.js';
import { formatMoney, type MoneyKind } from '../../../format/index.js';

export type WorkingLine = ComputationOutput['working'][number];

export type SectionKey = 'trading' | 'allowances' | 'losses' | 'profits' | 'tax';

export interface WorkingSection {
  key: SectionKey;
  title: string;
  lines: WorkingLine[];
  /** The one money format of the section's Amount column. */
  kind: MoneyKind;
  /** The rules first cited in this section, in order, with their numbers. */
  rules: { n: number; rule: string }[];
}

const TITLES: Record<SectionKey, string> = {
  trading: 'From the accounts profit to the trading profit',
  allowances: 'Capital allowances',
  losses: 'Losses',
  profits: 'Profits chargeable',
  tax: 'Tax',
};

const ORDER: SectionKey[] = ['trading', 'allowances', 'losses', 'profits', 'tax'];

/** The CT600 boxes of loss reliefs (Part 4 of CTA 2010, UK property losses, capital losses). */
const LOSS_BOXES = new Set(['160', '165', '215', '250', '275', '280', '285', '780', '785', '790']);

/** Boxes the return holds in pounds and pence: the tax (345, 395) and every box from corporation tax (430) to the payment boxes. */
export function isPenceBox(box: string | undefined): boolean {
  if (!box) return false;
  const n = Number.parseInt(box, 10);
  return box === '345' || box === '395' || (n >= 430 && n < 600);
}

/** A rate line's amount is a percentage, not money. */
export const isRateLine = (l: WorkingLine) => l.id.endsWith('.rate');

/** The associated companies (boxes 326–328) are a count, not money. */
const COUNT_BOXES = new Set(['326', '327', '328']);
export const isCountLine = (l: WorkingLine) => (l.box !== undefined && COUNT_BOXES.has(l.box)) || /associatedCompanies/.test(l.id);

/** Which section a line of the working belongs to, by its figure's name and box. */
export function sectionOf(l: WorkingLine): SectionKey {
  if (l.id === 'box145' || l.id === 'adjustedProfit' || l.id === 'box155') return 'trading';
  if (l.id.startsWith('capitalAllowances.')) return 'allowances';
  if (l.id.startsWith('losses.') || (l.box !== undefined && LOSS_BOXES.has(l.box))) return 'losses';
  if (l.id.startsWith('tax.')) return 'tax';
  return 'profits';
}

/** The section's money format: whole pounds only when every figure in it is whole pounds and none is a pence box. */
export function kindOf(lines: WorkingLine[]): MoneyKind {
  const money = lines.filter((l) => !isRateLine(l) && !isCountLine(l));
  return money.every((l) => Math.round(l.amount * 100) % 100 === 0 && !isPenceBox(l.box)) ? 'whole-pounds' : 'pence';
}

/** The figure in the section's format ("£40,000" or "£40,000.00"), a rate as a percentage, a count as a number. */
export function amountText(l: WorkingLine, kind: MoneyKind): string {
  if (isRateLine(l)) return `${l.amount}%`;
  if (isCountLine(l)) return String(l.amount);
  return formatMoney(Math.round(l.amount * 100), kind);
}

/**
 * The working in its sections, in the order of a printed computation; the
 * lines of the asset register (shown in the register itself) are left out,
 * and a section with no line is not given.
 */
export function workingSections(working: WorkingLine[]): WorkingSection[] {
  const lines = shownLines(working);
  const numbers = ruleNumbers(lines);
  const cited = new Set<string>();
  return ORDER.flatMap((key) => {
    const mine = lines.filter((l) => sectionOf(l) === key);
    if (mine.length === 0) return [];
    const rules: WorkingSection['rules'] = [];
    for (const l of mine) {
      if (l.rule && !cited.has(l.rule)) {
        cited.add(l.rule);
        rules.push({ n: numbers.get(l.rule)!, rule: l.rule });
      }
    }
    return [{ key, title: TITLES[key], lines: mine, kind: kindOf(mine), rules }];
  });
}

/** The lines the working shows: an asset's own line is in the asset register instead. */
export const shownLines = (working: WorkingLine[]) => working.filter((l) => !l.id.startsWith('capitalAllowances.assets'));

/** Each distinct rule's number, in the order the sections first cite it. */
export function ruleNumbers(lines: WorkingLine[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const key of ORDER) {
    for (const l of lines) if (sectionOf(l) === key && l.rule && !numbers.has(l.rule)) numbers.set(l.rule, numbers.size + 1);
  }
  return numbers;
}

/** The element id of a cited rule, which every row following it links to. */
export const ruleElementId = (n: number) => `computation-rule-${n}`;

/** The figure a section's folded summary shows, from the boxes the computation fills. */
export function sectionHeadline(section: WorkingSection, out: ComputationOutput): string {
  const whole = (n: number) => formatMoney(Math.round(n * 100), 'whole-pounds');
  const money = (n: number) => formatMoney(Math.round(n * 100), 'pence');
  switch (section.key) {
    case 'trading':
      return (out.boxes['155'] as number) > 0 ? `trading profits ${whole(out.boxes['155'] as number)} (box 155)` : `a trading loss of ${whole((out.boxes['780'] as number | undefined) ?? 0)} (box 780)`;
    case 'allowances':
      return `allowances ${money(out.capitalAllowances.total)}${out.capitalAllowances.balancingCharges ? `, balancing charges ${money(out.capitalAllowances.balancingCharges)}` : ''}`;
    case 'losses':
      return `${whole(out.losses.tradingLossesCarriedForward)} of trading losses carried forward`;
    case 'profits':
      return `profits chargeable ${whole((out.boxes['315'] as number | undefined) ?? 0)} (box 315)`;
    case 'tax':
      return `tax payable ${money((out.boxes['525'] as number | undefined) ?? out.tax.payable)} (box 525)`;
  }
}
