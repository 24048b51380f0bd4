/**
 * Every figure the computation puts in a CT600 box, checked against that
 * box's type in HMRC's CT-2014 schema before it reaches the return: a figure
 * a box cannot hold (box 155 of £199,999,933,999, over CTwholePoundStructure's
 * maxInclusive 99999999999.00) is refused naming the box and its limit, never
 * passed on. The types and their ranges come from the schema model the
 * structure checker uses (validation/schema), checked by the same function,
 * so there is one statement of each range.
 */
import { formatPence } from '../ct600/money.js';
import { irenvelope } from '../validation/schema/ct600-model.js';
import type { ElementDecl, Particle } from '../validation/schema/model.js';
import { checkSimpleValue, type SimpleType } from '../validation/schema/simple-types.js';
import type { FieldError } from '../errors.js';
import { BOX_WORDS, NOT_MONEY_BOXES } from './box-words.js';
import { poundsWords } from './money.js';

/**
 * Boxes the schema model does not number (the pages after the tax
 * calculation): the element under CompanyTaxReturn that holds each, as the
 * build-ct600 request writes it. Only the path: the type is the model's.
 */
const UNNUMBERED_BOXES: Record<string, string> = {
  '620': 'IndicatorsAndInformation/FrankedInvestmentIncome',
  '690': 'AllowancesAndCharges/AIACapitalAllowancesInc',
  '691': 'AllowancesAndCharges/MachineryAndPlantSuperDeduction/CapitalAllowances',
  '692': 'AllowancesAndCharges/MachineryAndPlantSuperDeduction/BalancingCharges',
  '693': 'AllowancesAndCharges/MachineryAndPlantSpecialRateAllowance/CapitalAllowances',
  '694': 'AllowancesAndCharges/MachineryAndPlantSpecialRateAllowance/BalancingCharges',
  '695': 'AllowancesAndCharges/MachineryAndPlantSpecialRatePool/CapitalAllowances',
  '700': 'AllowancesAndCharges/MachineryAndPlantSpecialRatePool/BalancingCharges',
  '705': 'AllowancesAndCharges/MachineryAndPlantMainPool/CapitalAllowances',
  '710': 'AllowancesAndCharges/MachineryAndPlantMainPool/BalancingCharges',
  '725': 'AllowancesAndCharges/Others/CapitalAllowances',
  '726': 'AllowancesAndCharges/ZeroEmissionsCars/CapitalAllowances',
  '727': 'AllowancesAndCharges/ZeroEmissionsCars/BalancingCharges',
  '730': 'AllowancesAndCharges/Others/BalancingCharges',
  '733': 'AllowancesAndCharges/FullExpensing/CapitalAllowances',
  '734': 'AllowancesAndCharges/FullExpensing/BalancingCharges',
  '760': 'QualifyingExpenditure/MachineryAndPlantExpenditure',
  '772': 'QualifyingExpenditure/MachineryAndPlantSuperDeduction',
  '773': 'QualifyingExpenditure/MachineryAndPlantSpecialRateAllowance',
  '775': 'QualifyingExpenditure/OtherMachineryAndPlant',
  '780': 'LossesDeficitsAndExcess/AmountArising/LossesOfTradesUK/Arising',
  '805': 'LossesDeficitsAndExcess/AmountArising/UKpropertyBusinessLosses/Arising',
  '825': 'LossesDeficitsAndExcess/AmountArising/CapitalLosses',
};

export interface BoxType {
  /** The element's path under IRenvelope. */
  path: string;
  type: SimpleType;
}

let boxTypes: Map<string, BoxType> | undefined;

/** Each box's element and simple type in the v1.994 model (the edition returns are built to). */
export function boxTypesOfSchema(): Map<string, BoxType> {
  if (boxTypes) return boxTypes;
  const byBox = new Map<string, BoxType>();
  const byPath = new Map<string, SimpleType>();
  const seen = new Set<Particle>();
  const visit = (p: Particle, prefix: string): void => {
    if (seen.has(p)) return;
    seen.add(p);
    if (p.kind === 'element') {
      const path = prefix ? `${prefix}/${p.name}` : p.name;
      if (p.content.kind === 'simple') {
        byPath.set(path, p.content.type);
        if (p.box && !byBox.has(p.box)) byBox.set(p.box, { path, type: p.content.type });
      }
      if (p.content.kind === 'complex') visit(p.content.particle, path);
    } else p.items.forEach((item) => visit(item, prefix));
  };
  const root: ElementDecl = irenvelope('v1.994');
  if (root.content.kind === 'complex') visit(root.content.particle, '');
  for (const [box, relative] of Object.entries(UNNUMBERED_BOXES)) {
    const path = `CompanyTaxReturn/${relative}`;
    const type = byPath.get(path);
    // A path the model does not hold is a fault in this table, not in the user's figures.
    if (!type) throw new Error(`box ${box}: the CT600 schema model has no element ${path}`);
    byBox.set(box, { path, type });
  }
  boxTypes = byBox;
  return byBox;
}

/** A box's figure as the return writes it: 1234.00 for money and rates, the number for a count or a year, yes for a yes box. */
function lexical(box: string, value: number | boolean): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (NOT_MONEY_BOXES.has(box) && box !== '340' && box !== '390') return String(value);
  return formatPence(Math.round(value * 100));
}

const boundWords = (box: string, bound: string) => (NOT_MONEY_BOXES.has(box) ? bound : poundsWords(Math.round(Number(bound) * 100)));

/** Each computed box the schema's type for it refuses, with the box, its figure and its limit in the message. */
export function boxRangeErrors(boxes: Record<string, number | boolean>): FieldError[] {
  const types = boxTypesOfSchema();
  const errors: FieldError[] = [];
  for (const [box, value] of Object.entries(boxes)) {
    const known = types.get(box);
    if (!known) continue;
    const problem = checkSimpleValue(known.type, lexical(box, value));
    if (problem === undefined) continue;
    const { type } = known;
    const shown = typeof value === 'number' && !NOT_MONEY_BOXES.has(box) ? poundsWords(Math.round(value * 100)) : String(value);
    const limits = [
      type.minInclusive !== undefined ? `at least ${boundWords(box, type.minInclusive)}` : type.minExclusive !== undefined ? `more than ${boundWords(box, type.minExclusive)}` : undefined,
      type.maxInclusive !== undefined ? `at most ${boundWords(box, type.maxInclusive)}` : undefined,
    ].filter(Boolean);
    const words = BOX_WORDS[box] ? ` (${BOX_WORDS[box]})` : '';
    errors.push({
      field: `boxes.${box}`,
      message: `box ${box}${words} would be ${shown}, which the CT600 cannot hold: HMRC's schema takes ${limits.join(' and ') || type.describe} in box ${box} (${known.path.split('/').pop()}, ${problem}); check the figures it is worked from`,
    });
  }
  return errors;
}
