/**
 * A trading loss carried back to earlier periods, written as the amendments
 * of the earlier returns it makes: for each, the boxes that change (275, 280,
 * 295, 300, 305, 315) from what was filed to what they become, and its tax
 * before and after. s37(3)(b) reaches the 12 months before the loss-making
 * period; for the terminal loss of a ceased trade s39(2) makes it 3 years.
 * Later periods are relieved before earlier ones, and a period only partly
 * in reach gives only the overlapping proportion of its profits (s38;
 * CTM04510, CTM04520).
 */
import type { FieldError } from '../../errors.js';
import { daysInclusive, dayBefore, dayNumber, type IsoDate } from '../dates.js';
import type { ComputationInput } from '../input.js';
import { asPounds, poundsWords, wholePounds, type Pence } from '../money.js';
import { computeTax } from '../tax.js';
import { Working } from '../working.js';
import type { EarlierPeriod } from './input-types.js';

export interface CarriedBackClaim {
  /** The section the loss goes back under. */
  rule: string;
  /** The period whose loss it is. */
  lossOf: { from: IsoDate; to: IsoDate };
  amount: Pence;
}

export interface BoxChange {
  box: string;
  was: Pence | boolean;
  becomes: Pence | boolean;
}

export interface EarlierReturnAmendment {
  period: { from: IsoDate; to: IsoDate };
  claims: CarriedBackClaim[];
  lossCarriedBack: Pence;
  boxes: BoxChange[];
  /** Box 440 (corporation tax chargeable) before and after; the difference is repayable. */
  tax: { was: Pence; becomes: Pence; repayable: Pence };
  /** Donations that lose their relief: relief for losses comes first and donations cannot be carried forward (CTA 2010 s189). */
  donationsUnrelieved: Pence;
}

/** The same calendar day `years` earlier; 29 February falls on 1 March in a year without one. */
export function yearsBefore(date: IsoDate, years: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y - years, m - 1, d));
  return target.toISOString().slice(0, 10);
}

interface Target {
  source: EarlierPeriod;
  index: number;
  /** Box 300 as amended so far. */
  profits: Pence;
  claims: CarriedBackClaim[];
}

/** Sets `loss` against the periods within `years` before the loss-making period `lossOf` begins, latest first; returns what was relieved. */
function relieve(targets: Target[], loss: Pence, lossOf: { from: IsoDate; to: IsoDate }, years: number, rule: string): Pence {
  const reachFrom = yearsBefore(lossOf.from, years);
  const reachTo = dayBefore(lossOf.from);
  let left = loss;
  for (const t of [...targets].sort((a, b) => (a.source.from < b.source.from ? 1 : -1))) {
    if (left <= 0) break;
    const p = t.source;
    if (p.to < reachFrom || p.from > reachTo) continue;
    const from = p.from > reachFrom ? p.from : reachFrom;
    const to = p.to < reachTo ? p.to : reachTo;
    const overlap = daysInclusive(from, to);
    const days = daysInclusive(p.from, p.to);
    // Only the overlapping proportion of a period's profits is in reach (s38(1)–(2)), in whole pounds, never more.
    const inReach = overlap === days ? t.profits : Math.min(t.profits, wholePounds(Math.floor((p.profitsBeforeDonationsAndGroupRelief * overlap) / days)) - (p.profitsBeforeDonationsAndGroupRelief - t.profits));
    const amount = Math.max(0, Math.min(left, inReach));
    if (amount === 0) continue;
    t.profits -= amount;
    t.claims.push({ rule, lossOf, amount });
    left -= amount;
  }
  return loss - left;
}

function taxOf(input: ComputationInput, p: EarlierPeriod, box315: Pence): Pence {
  // computeTax reads only the period, the associated companies and the exempt distributions: the earlier return's own, here.
  const earlier = { ...input, period: { from: p.from, to: p.to }, associatedCompanies: { thisPeriod: p.associatedCompanies }, ...({ exemptDistributions: p.exemptDistributions } as object) };
  return computeTax(earlier, box315, new Working()).netCorporationTaxChargeable;
}

export interface CarryBackResult {
  amendments: EarlierReturnAmendment[];
  /** This period's loss relieved in earlier periods. */
  relievedFromThisPeriod: Pence;
  /** The terminal proportion of the previous period's loss relieved (s39(3)(b)). */
  relievedFromEarlierLoss: Pence;
}

/** `broughtForwardUsed`: what boxes 160 and 285 took of the trading losses brought forward, which hold what is left of an earlier period's loss. */
export function carryBack(input: ComputationInput, lossLeft: Pence, broughtForwardUsed: Pence, working: Working, errors: FieldError[]): CarryBackResult {
  const losses = input.losses;
  const terminal = losses.terminalLoss;
  const targets: Target[] = losses.earlierPeriods.map((source, index) => ({ source, index, profits: source.profitsBeforeDonationsAndGroupRelief, claims: [] }));
  const period = input.period;
  const years = terminal ? 3 : 1;
  const rule = terminal ? 'CTA 2010 s37(3)(b) as extended by s39(2)' : 'CTA 2010 s37(3)(b)';
  const relievedFromThisPeriod = lossLeft > 0 ? relieve(targets, lossLeft, period, years, rule) : 0;

  // The terminal loss also takes the overlapping proportion of a loss of the period before, if that period
  // ends but does not begin in the final 12 months (s39(3)(b), (4)); it goes back 3 years from that period's start.
  let relievedFromEarlierLoss = 0;
  if (terminal) {
    // The final 12 months end when the trade ceases, taken as the last day of this period (s39(5)).
    const finalFrom = yearsBefore(nextDay(period.to), 1);
    const before = targets.find((t) => t.source.from < finalFrom && t.source.to >= finalFrom && t.source.tradingLoss > 0);
    if (before) {
      const p = before.source;
      const share = wholePounds(Math.floor((p.tradingLoss * daysInclusive(finalFrom, p.to)) / daysInclusive(p.from, p.to)));
      const unrelieved = Math.min(share, p.tradingLoss - p.tradingLossRelieved);
      const broughtForward = losses.tradingBroughtForward + losses.totalProfitsBroughtForward;
      if (unrelieved > 0) {
        relievedFromEarlierLoss = relieve(targets.filter((t) => t !== before), unrelieved, { from: p.from, to: p.to }, 3, 'CTA 2010 s39(3)(b), s37(3)(b)');
        working.add({
          id: 'losses.terminalShareOfEarlierLoss',
          label: 'Terminal loss: the earlier period’s share',
          amount: asPounds(relievedFromEarlierLoss),
          how: `the final 12 months run from ${finalFrom} to ${period.to}; the period ${p.from} to ${p.to} lost ${poundsWords(p.tradingLoss)}, of which ${daysInclusive(finalFrom, p.to)}/${daysInclusive(p.from, p.to)} falls in them: ${poundsWords(share)}${unrelieved < share ? `, ${poundsWords(unrelieved)} of it not yet relieved` : ''}; carried back 3 years from ${p.from}, latest period first`,
          rule: 'CTA 2010 s39(3)(b), s39(4); CTM04520, CTM04530',
        });
        // What is left of that loss was brought forward into this period: it cannot be relieved twice (here in box 160 or 285, and carried back).
        if (relievedFromEarlierLoss + broughtForwardUsed > broughtForward) {
          errors.push({ field: `losses.earlierPeriods[${before.index}].tradingLoss`, message: `the share of that period's loss carried back (${poundsWords(relievedFromEarlierLoss)})${broughtForwardUsed ? `, with the ${poundsWords(broughtForwardUsed)} of losses brought forward used in boxes 160 and 285,` : ''} is more than the trading losses brought forward into this period (${poundsWords(broughtForward)}), which hold what was left of it: a loss is relieved once (CTA 2010 s39(3)(b))` });
        }
      }
    }
  }

  const amendments: EarlierReturnAmendment[] = [];
  for (const t of [...targets].sort((a, b) => (a.source.from < b.source.from ? 1 : -1))) {
    if (!t.claims.length) continue;
    const p = t.source;
    const lossCarriedBack = t.claims.reduce((s, c) => s + c.amount, 0);
    const was315 = p.profitsBeforeDonationsAndGroupRelief - p.qualifyingDonations;
    const new300 = t.profits;
    const new305 = Math.min(p.qualifyingDonations, new300);
    const new315 = new300 - new305;
    const taxWas = taxOf(input, p, was315);
    const taxBecomes = taxOf(input, p, new315);
    const boxes: BoxChange[] = [
      { box: '275', was: p.tradingLosses, becomes: p.tradingLosses + lossCarriedBack },
      { box: '280', was: false, becomes: true },
      { box: '295', was: p.totalDeductionsAndReliefs, becomes: p.totalDeductionsAndReliefs + lossCarriedBack },
      { box: '300', was: p.profitsBeforeDonationsAndGroupRelief, becomes: new300 },
      { box: '305', was: p.qualifyingDonations, becomes: new305 },
      { box: '315', was: was315, becomes: new315 },
    ];
    const amendment: EarlierReturnAmendment = { period: { from: p.from, to: p.to }, claims: t.claims, lossCarriedBack, boxes, tax: { was: taxWas, becomes: taxBecomes, repayable: taxWas - taxBecomes }, donationsUnrelieved: p.qualifyingDonations - new305 };
    amendments.push(amendment);
    working.add({
      id: `losses.carryBack.${p.from}`,
      label: `Amendment of the return for ${p.from} to ${p.to}`,
      amount: asPounds(lossCarriedBack),
      how: `${t.claims.map((c) => `${poundsWords(c.amount)} of the loss of ${c.lossOf.from} to ${c.lossOf.to} (${c.rule})`).join('; ')}: box 275 ${poundsWords(p.tradingLosses)} → ${poundsWords(p.tradingLosses + lossCarriedBack)} with box 280 marked (amounts carried back from a later period); box 295 → ${poundsWords(p.totalDeductionsAndReliefs + lossCarriedBack)}; box 300 ${poundsWords(p.profitsBeforeDonationsAndGroupRelief)} → ${poundsWords(new300)}; box 305 ${poundsWords(p.qualifyingDonations)} → ${poundsWords(new305)}${amendment.donationsUnrelieved ? ` (${poundsWords(amendment.donationsUnrelieved)} of donations lose their relief: the loss comes first)` : ''}; box 315 ${poundsWords(was315)} → ${poundsWords(new315)}; corporation tax chargeable ${poundsWords(taxWas)} → ${poundsWords(taxBecomes)}, ${poundsWords(taxWas - taxBecomes)} repayable`,
      rule: terminal ? 'CTA 2010 s37(3)(b), s38, s39; CTM04510, CTM04520; CTA 2010 s189' : 'CTA 2010 s37(3)(b), s38; CTM04510; CTA 2010 s189',
    });
  }
  const reach = `${yearsBefore(period.from, years)} to ${dayBefore(period.from)}`;
  if (lossLeft > 0) {
    working.add({
      id: 'losses.carriedBack',
      label: terminal ? 'Terminal loss carried back' : 'Trading loss carried back',
      amount: asPounds(relievedFromThisPeriod),
      how: `after the claim against this period, ${poundsWords(lossLeft)} of the loss is left; set against the total profits (box 300) of the periods from ${reach}, the latest first${relievedFromThisPeriod < lossLeft ? `; ${poundsWords(lossLeft - relievedFromThisPeriod)} finds no profits there` : ''}`,
      rule: terminal ? 'CTA 2010 s37(3)(b), s39(2); CTM04520' : 'CTA 2010 s37(3)(b), s38; CTM04510',
    });
  }
  return { amendments, relievedFromThisPeriod, relievedFromEarlierLoss };
}

function nextDay(date: IsoDate): IsoDate {
  return new Date((dayNumber(date) + 1) * 86_400_000).toISOString().slice(0, 10);
}
