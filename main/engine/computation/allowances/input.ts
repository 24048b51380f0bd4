/**
 * The `capitalAllowances` part of the computation input: pools brought
 * forward, this period's additions and disposals, short-life assets brought
 * forward, the AIA allocated to the company within a group, and reduced
 * writing-down allowance claims. The field names are a contract (README,
 * "Computation"); every problem is named by its field and the rule.
 */
import type { IsoDate } from '../dates.js';
import type { Reader } from '../reader.js';
import { poundsWords } from '../money.js';
import { CLAIMS, type Addition, type Claim, type ComputationInput, type Disposal, type Pool, type ShortLifeAssetBroughtForward } from '../input-types.js';
import { addYears, dayAfter, SHORT_LIFE_CUT_OFF_YEARS, SHORT_LIFE_EIGHT_YEARS_FROM } from './short-life.js';

export interface PeriodContext {
  from: IsoDate | undefined;
  to: IsoDate | undefined;
  periodOk: boolean;
  inPeriod: (date: IsoDate | undefined, field: string, what: string) => void;
}

const FIELDS = [
  'mainPoolBroughtForward',
  'specialRatePoolBroughtForward',
  'additions',
  'disposals',
  'tradeCeased',
  'shortLifeAssets',
  'aiaAllocated',
  'mainPoolWritingDownAllowanceClaimed',
  'specialRatePoolWritingDownAllowanceClaimed',
];

export function parseCapitalAllowances(r: Reader, raw: unknown, p: PeriodContext): ComputationInput['capitalAllowances'] {
  const ca = r.object(raw, 'capitalAllowances', FIELDS, false) ?? {};
  const pool = (v: unknown, field: string): Pool | undefined => {
    if (v === 'main' || v === 'special') return v;
    r.fail(field, `must be "main" (the main pool) or "special" (the special rate pool); got ${JSON.stringify(v)}`);
    return undefined;
  };
  const rawAdditions = Array.isArray(ca.additions) ? ca.additions : [];
  const additions = r.list(ca.additions, 'capitalAllowances.additions', (item, at) => {
    const o = r.object(item, at, ['description', 'date', 'cost', 'pool', 'newAndUnused', 'car', 'claim', 'shortLife', 'forLeasing'], true);
    if (!o) return undefined;
    const description = r.text(o.description, `${at}.description`, 'what the asset is');
    const date = r.date(o.date, `${at}.date`, 'the day the expenditure was incurred');
    p.inPeriod(date, `${at}.date`, 'expenditure is claimed for the chargeable period it is incurred in, CAA 2001 s5');
    const cost = r.money(o.cost, `${at}.cost`, 'the cost', { required: true, sign: 'positive' });
    const pl = pool(o.pool, `${at}.pool`);
    const newAndUnused = r.bool(o.newAndUnused, `${at}.newAndUnused`, 'whether the asset was bought new and unused');
    let car: Addition['car'] = null;
    if (o.car !== undefined && o.car !== null) {
      const co = r.object(o.car, `${at}.car`, ['co2'], true);
      const co2 = co ? r.count(co.co2, `${at}.car.co2`, "the car's CO2 emissions in g/km, from its registration document") : undefined;
      if (co2 !== undefined) car = { co2 };
    }
    let claim: Claim | undefined;
    if (o.claim !== undefined && o.claim !== null) {
      if (typeof o.claim === 'string' && (CLAIMS as readonly string[]).includes(o.claim)) claim = o.claim as Claim;
      else r.fail(`${at}.claim`, `must be one of ${CLAIMS.map((x) => `"${x}"`).join(', ')}; got ${JSON.stringify(o.claim)}`);
    }
    const shortLife = r.bool(o.shortLife, `${at}.shortLife`, 'a short-life asset election for it, CAA 2001 s83–s85', false) ?? false;
    const forLeasing = r.bool(o.forLeasing, `${at}.forLeasing`, 'whether it is provided for leasing, CAA 2001 s46(2) general exclusion 6', false) ?? false;
    if (description === undefined || date === undefined || cost === undefined || pl === undefined || newAndUnused === undefined) return undefined;
    return { description, date, cost, pool: pl, newAndUnused, car, ...(claim ? { claim } : {}), ...(shortLife ? { shortLife } : {}), ...(forLeasing ? { forLeasing } : {}) } satisfies Addition;
  });
  const additionsComplete = additions.length === rawAdditions.length;

  const rawShortLife = Array.isArray(ca.shortLifeAssets) ? ca.shortLifeAssets : [];
  const shortLifeAssets = r.list(ca.shortLifeAssets, 'capitalAllowances.shortLifeAssets', (item, at): ShortLifeAssetBroughtForward | undefined => {
    const o = r.object(item, at, ['description', 'broughtForward', 'incurredInPeriodEnding', 'writingDownAllowanceClaimed'], true);
    if (!o) return undefined;
    const description = r.text(o.description, `${at}.description`, 'what the short-life asset is');
    const broughtForward = r.money(o.broughtForward, `${at}.broughtForward`, "the short-life asset pool's written-down value brought forward", { required: true });
    const ended = r.date(o.incurredInPeriodEnding, `${at}.incurredInPeriodEnding`, 'the last day of the chargeable period in which its expenditure was incurred (its relevant cut-off is the eighth anniversary of that day, CAA 2001 s86(3))');
    const claimed = r.money(o.writingDownAllowanceClaimed, `${at}.writingDownAllowanceClaimed`, 'a writing-down allowance claimed at less than the full amount, CAA 2001 s56(5)');
    if (ended && p.periodOk) {
      if (ended < SHORT_LIFE_EIGHT_YEARS_FROM) {
        r.fail(`${at}.incurredInPeriodEnding`, `expenditure incurred before 1 April 2011 had a four-year cut-off (CAA 2001 s86(3)(a)), long passed: its balance has joined the main pool (s86(2)); add it to mainPoolBroughtForward`);
      } else if (ended >= p.from!) {
        r.fail(`${at}.incurredInPeriodEnding`, `must be before this period (${p.from}): a short-life asset bought in this period is an addition with "shortLife": true`);
      } else {
        const cutOff = addYears(ended, SHORT_LIFE_CUT_OFF_YEARS);
        if (p.from! > dayAfter(cutOff)) {
          r.fail(`${at}.incurredInPeriodEnding`, `its relevant cut-off, ${cutOff}, passed before the period before this one ended, so its balance joined the main pool then (CAA 2001 s86(2)(b); CA23620): add it to mainPoolBroughtForward`);
        }
      }
    }
    if (description === undefined || broughtForward === undefined || ended === undefined) return undefined;
    return { description, broughtForward, incurredInPeriodEnding: ended, ...(claimed !== undefined ? { writingDownAllowanceClaimed: claimed } : {}) };
  });
  const shortLifeComplete = shortLifeAssets.length === rawShortLife.length;

  const linkedAdditions = new Set<number>();
  const linkedShortLife = new Set<number>();
  const disposals = r.list(ca.disposals, 'capitalAllowances.disposals', (item, at) => {
    const o = r.object(item, at, ['description', 'date', 'proceeds', 'cost', 'pool', 'fullExpensed', 'superDeduction', 'addition', 'shortLifeAsset'], true);
    if (!o) return undefined;
    const description = r.text(o.description, `${at}.description`, 'what was disposed of');
    const date = r.date(o.date, `${at}.date`, 'the day of the disposal');
    p.inPeriod(date, `${at}.date`, 'a disposal value is brought into account for the period of the disposal event, CAA 2001 s60');
    const proceeds = r.money(o.proceeds, `${at}.proceeds`, 'the sale proceeds, or the market value on a disposal that is not a sale', { required: true });
    let cost = r.money(o.cost, `${at}.cost`, "the asset's cost, which caps the disposal value");
    const fullExpensed = r.bool(o.fullExpensed, `${at}.fullExpensed`, 'whether full expensing or the 50% first-year allowance was claimed on it', false) ?? false;
    const superDeduction = r.bool(o.superDeduction, `${at}.superDeduction`, 'whether the super-deduction was claimed on it, FA 2021 s9 and s12', false) ?? false;
    const linkWords = 'the position (0 for the first) in capitalAllowances';
    const addition = o.addition === undefined || o.addition === null ? undefined : r.count(o.addition, `${at}.addition`, `${linkWords}.additions of the asset disposed of, when it was bought in this period (CAA 2001 s58(6))`);
    const shortLifeAsset = o.shortLifeAsset === undefined || o.shortLifeAsset === null ? undefined : r.count(o.shortLifeAsset, `${at}.shortLifeAsset`, `${linkWords}.shortLifeAssets of the short-life asset disposed of (CAA 2001 s86)`);
    let pl: Pool | undefined;
    if (addition !== undefined && shortLifeAsset !== undefined) {
      r.fail(`${at}.shortLifeAsset`, 'a disposal is of one asset: give "addition" (bought in this period) or "shortLifeAsset" (brought forward), not both');
    } else if (addition !== undefined) {
      const bought = additionsComplete ? additions[addition] : undefined;
      if (additionsComplete && !bought) r.fail(`${at}.addition`, `must name one of this period's additions, 0 to ${additions.length - 1}; there is no addition ${addition} (CAA 2001 s58(6))`);
      else if (linkedAdditions.has(addition)) r.fail(`${at}.addition`, `addition ${addition} is already disposed of by an earlier disposal: an asset is disposed of once (CAA 2001 s60)`);
      linkedAdditions.add(addition);
      if (bought) {
        if (date && date < bought.date) r.fail(`${at}.date`, `must not be before the day its expenditure was incurred, ${bought.date} (addition ${addition}): the company must own it to dispose of it (CAA 2001 s58(4))`);
        if (o.pool !== undefined && o.pool !== null && o.pool !== bought.pool) r.fail(`${at}.pool`, `must be "${bought.pool}", the pool of addition ${addition}, or be left out (it follows the addition)`);
        if (cost !== undefined && cost !== bought.cost) r.fail(`${at}.cost`, `leave it out: the cost is addition ${addition}'s, ${poundsWords(bought.cost)}, which caps the disposal value (CAA 2001 s62)`);
        if (fullExpensed || superDeduction) r.fail(`${at}.${fullExpensed ? 'fullExpensed' : 'superDeduction'}`, `leave it out: the treatment of the disposal follows the claim on addition ${addition} (CAA 2001 s59A, s59B; FA 2021 s12, s13)`);
        pl = bought.pool;
        cost = bought.cost;
      }
    } else if (shortLifeAsset !== undefined) {
      if (shortLifeComplete && !shortLifeAssets[shortLifeAsset]) r.fail(`${at}.shortLifeAsset`, `must name one of capitalAllowances.shortLifeAssets, 0 to ${shortLifeAssets.length - 1}; there is no short-life asset ${shortLifeAsset}`);
      else if (linkedShortLife.has(shortLifeAsset)) r.fail(`${at}.shortLifeAsset`, `short-life asset ${shortLifeAsset} is already disposed of by an earlier disposal: an asset is disposed of once (CAA 2001 s60)`);
      linkedShortLife.add(shortLifeAsset);
      if (o.pool !== undefined && o.pool !== null && o.pool !== 'main') r.fail(`${at}.pool`, 'must be "main" or be left out: a short-life asset is main-rate plant (special rate expenditure cannot be a short-life asset, CAA 2001 s84 item 4)');
      if (fullExpensed || superDeduction) r.fail(`${at}.${fullExpensed ? 'fullExpensed' : 'superDeduction'}`, 'leave it out: a short-life asset pool holds expenditure that had no first-year allowance in full');
      pl = 'main';
    } else {
      pl = pool(o.pool, `${at}.pool`);
      if (superDeduction && pl === 'special') r.fail(`${at}.superDeduction`, 'the super-deduction was for main-rate plant; special rate plant had the 50% SR allowance ("fullExpensed": true) (FA 2021 s9(2)(e), s9(3))');
      if (superDeduction && fullExpensed) r.fail(`${at}.superDeduction`, 'give "superDeduction" (the 130% allowance, April 2021 to March 2023) or "fullExpensed" (full expensing or the 50% allowance), not both');
    }
    if (description === undefined || date === undefined || proceeds === undefined || pl === undefined) return undefined;
    return {
      description,
      date,
      proceeds,
      ...(cost !== undefined ? { cost } : {}),
      pool: pl,
      fullExpensed,
      ...(superDeduction ? { superDeduction } : {}),
      ...(addition !== undefined ? { addition } : {}),
      ...(shortLifeAsset !== undefined ? { shortLifeAsset } : {}),
    } satisfies Disposal;
  });

  const aiaAllocated = r.money(ca.aiaAllocated, 'capitalAllowances.aiaAllocated', "the annual investment allowance allocated to this company out of the single allowance it shares with its group or related companies (CAA 2001 s51A–s51N)");
  const mainClaimed = r.money(ca.mainPoolWritingDownAllowanceClaimed, 'capitalAllowances.mainPoolWritingDownAllowanceClaimed', 'the main pool writing-down allowance claimed, when less than the full amount (CAA 2001 s56(5))');
  const specialClaimed = r.money(ca.specialRatePoolWritingDownAllowanceClaimed, 'capitalAllowances.specialRatePoolWritingDownAllowanceClaimed', 'the special rate pool writing-down allowance claimed, when less than the full amount (CAA 2001 s56(5))');
  return {
    mainPoolBroughtForward: r.money(ca.mainPoolBroughtForward, 'capitalAllowances.mainPoolBroughtForward', 'the main pool written-down value brought forward') ?? 0,
    specialRatePoolBroughtForward: r.money(ca.specialRatePoolBroughtForward, 'capitalAllowances.specialRatePoolBroughtForward', 'the special rate pool written-down value brought forward') ?? 0,
    additions,
    disposals,
    tradeCeased: r.bool(ca.tradeCeased, 'capitalAllowances.tradeCeased', 'whether the trade ended in this period', false) ?? false,
    shortLifeAssets,
    aiaAllocated: aiaAllocated ?? null,
    mainPoolWritingDownAllowanceClaimed: mainClaimed ?? null,
    specialRatePoolWritingDownAllowanceClaimed: specialClaimed ?? null,
  };
}
