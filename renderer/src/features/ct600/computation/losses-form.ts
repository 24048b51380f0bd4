/**
 * The loss claims of the Computation step as typed, beside the losses
 * brought forward every return asks for: each stock of losses the law keeps
 * apart and each claim the company makes (CTA 2010 Part 4; TCGA 1992 s8),
 * with the earlier returns a carried-back loss amends. Turned into the
 * engine's `losses` fields here; the rules are the engine's.
 */
import type { DateText } from '../date-text.js';

/** An earlier return as filed, which a loss carried back amends. */
export interface EarlierPeriodRow {
  id: string;
  from: DateText;
  to: DateText;
  /** Box 300 as filed. */
  profitsBeforeDonationsAndGroupRelief: string;
  /** Box 275 as filed. */
  tradingLosses: string;
  /** Box 295 as filed. */
  totalDeductionsAndReliefs: string;
  /** Box 305 as filed. */
  qualifyingDonations: string;
  /** Box 326 of that return. */
  associatedCompanies: string;
  /** Box 620 of that return. */
  exemptDistributions: string;
  /** Box 780 of that return, and how much of it was relieved already. */
  tradingLoss: string;
  tradingLossRelieved: string;
}

export interface LossClaimsForm {
  /** s45(4A)/s45B(5): no more than this of the losses brought forward against the trade. */
  tradingBroughtForwardSetOff: string;
  /** s45A stock, and the claim against this period's total profits (box 285). */
  totalProfitsBroughtForward: string;
  totalProfitsBroughtForwardClaim: string;
  /** s37(3)(b): carry what is left back to the previous 12 months. */
  carryBack: boolean;
  /** s39: the terminal loss of a ceased trade back 3 years. */
  terminalLoss: boolean;
  earlierPeriods: EarlierPeriodRow[];
  /** s62(5): UK property losses brought forward, and the claim against total profits (box 250). */
  ukPropertyBroughtForward: string;
  ukPropertyBroughtForwardClaim: string;
  /** TCGA 1992 s8: capital losses brought forward and of the period (boxes 215 and 825). */
  capitalBroughtForward: string;
  capitalOfPeriod: string;
}

export const LOSS_MONEY_FIELDS = ['tradingBroughtForwardSetOff', 'totalProfitsBroughtForward', 'totalProfitsBroughtForwardClaim', 'ukPropertyBroughtForward', 'ukPropertyBroughtForwardClaim', 'capitalBroughtForward', 'capitalOfPeriod'] as const;

export const EARLIER_MONEY_FIELDS = ['profitsBeforeDonationsAndGroupRelief', 'tradingLosses', 'totalDeductionsAndReliefs', 'qualifyingDonations', 'exemptDistributions', 'tradingLoss', 'tradingLossRelieved'] as const;

export const emptyLossClaims = (): LossClaimsForm => ({
  tradingBroughtForwardSetOff: '',
  totalProfitsBroughtForward: '',
  totalProfitsBroughtForwardClaim: '',
  carryBack: false,
  terminalLoss: false,
  earlierPeriods: [],
  ukPropertyBroughtForward: '',
  ukPropertyBroughtForwardClaim: '',
  capitalBroughtForward: '',
  capitalOfPeriod: '',
});

export const emptyEarlierPeriod = (id: string): EarlierPeriodRow => ({
  id,
  from: { day: '', month: '', year: '' },
  to: { day: '', month: '', year: '' },
  profitsBeforeDonationsAndGroupRelief: '',
  tradingLosses: '',
  totalDeductionsAndReliefs: '',
  qualifyingDonations: '',
  associatedCompanies: '',
  exemptDistributions: '',
  tradingLoss: '',
  tradingLossRelieved: '',
});

/** Whether any of them holds anything: an untouched set is no answer at all. */
export const lossClaimsUsed = (l: LossClaimsForm | undefined): boolean => l !== undefined && JSON.stringify(l) !== JSON.stringify(emptyLossClaims());

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const dateOf = (v: unknown): DateText => ({ day: str(obj(v).day), month: str(obj(v).month), year: str(obj(v).year) });

/** The stored claims, tolerant of anything missing (undefined when the draft has none). */
export function lossClaimsFromStored(stored: unknown): LossClaimsForm | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const o = obj(stored);
  const l = emptyLossClaims();
  for (const k of LOSS_MONEY_FIELDS) l[k] = str(o[k]);
  l.carryBack = o.carryBack === true;
  l.terminalLoss = o.terminalLoss === true;
  l.earlierPeriods = (Array.isArray(o.earlierPeriods) ? o.earlierPeriods : []).map((x, i) => {
    const r = obj(x);
    const row = emptyEarlierPeriod(str(r.id) || `earlier-${i}`);
    row.from = dateOf(r.from);
    row.to = dateOf(r.to);
    for (const k of EARLIER_MONEY_FIELDS) row[k] = str(r[k]);
    row.associatedCompanies = str(r.associatedCompanies);
    return row;
  });
  return lossClaimsUsed(l) ? l : undefined;
}

/**
 * The stocks of losses a client's previous return carried forward, as this
 * return's losses brought forward (post-2017 losses against total profits,
 * property and capital losses); none when there are none.
 */
export function lossClaimsBroughtForward(l: LossClaimsForm | undefined, found: { totalProfitsLosses?: number; ukPropertyLosses?: number; capitalLosses?: number }): LossClaimsForm | undefined {
  const text = (n: number | undefined) => (n ? String(n) : '');
  const next = { ...(l ?? emptyLossClaims()), totalProfitsBroughtForward: text(found.totalProfitsLosses), ukPropertyBroughtForward: text(found.ukPropertyLosses), capitalBroughtForward: text(found.capitalLosses) };
  return lossClaimsUsed(next) ? next : l;
}

export interface Readers {
  money(text: string, path: string): number | null;
  date(d: DateText, path: string): string | null;
  count(text: string, path: string): number | null;
}

/** The engine's `losses` fields beyond box 160 and the s37(3)(a) claim; empty when none is answered. */
export function lossClaimsInput(l: LossClaimsForm | undefined, read: Readers): Record<string, unknown> {
  if (!l || !lossClaimsUsed(l)) return {};
  const out: Record<string, unknown> = {};
  for (const k of LOSS_MONEY_FIELDS) {
    const v = read.money(l[k], `losses.${k}`);
    if (v !== null) out[k] = v;
  }
  if (l.carryBack) out.carryBack = true;
  if (l.terminalLoss) out.terminalLoss = true;
  if (l.carryBack || l.terminalLoss) {
    out.earlierPeriods = l.earlierPeriods.map((p, i) => {
      const at = `losses.earlierPeriods[${i}]`;
      const row: Record<string, unknown> = { from: read.date(p.from, `${at}.from`), to: read.date(p.to, `${at}.to`) };
      for (const k of EARLIER_MONEY_FIELDS) {
        const v = read.money(p[k], `${at}.${k}`);
        if (v !== null) row[k] = v;
      }
      if (p.associatedCompanies.trim() !== '') row.associatedCompanies = read.count(p.associatedCompanies, `${at}.associatedCompanies`);
      // Box 300 is the one figure the engine needs of every earlier return: an empty one is sent as missing, for the engine to name.
      if (!('profitsBeforeDonationsAndGroupRelief' in row)) row.profitsBeforeDonationsAndGroupRelief = null;
      return row;
    });
  }
  return out;
}

/** The fields' words, for the step's lists of what is still needed and its messages. */
export const LOSS_FIELD_WORDS: Record<string, string> = {
  'losses.tradingBroughtForwardSetOff': 'Most of the losses brought forward to set against the trade',
  'losses.totalProfitsBroughtForward': 'Losses brought forward against total profits',
  'losses.totalProfitsBroughtForwardClaim': 'Claim against this period’s total profits (box 285)',
  'losses.carryBack': 'Carry the loss back to the previous 12 months',
  'losses.terminalLoss': 'Carry the terminal loss back 3 years',
  'losses.earlierPeriods': 'The earlier returns the loss goes back to',
  'losses.ukPropertyBroughtForward': 'UK property losses brought forward',
  'losses.ukPropertyBroughtForwardClaim': 'Claim of property losses against total profits (box 250)',
  'losses.capitalBroughtForward': 'Capital losses brought forward',
  'losses.capitalOfPeriod': 'Capital losses of this period',
};

const EARLIER_WORDS: Record<string, string> = {
  from: 'start',
  to: 'end',
  profitsBeforeDonationsAndGroupRelief: 'box 300',
  tradingLosses: 'box 275',
  totalDeductionsAndReliefs: 'box 295',
  qualifyingDonations: 'box 305',
  associatedCompanies: 'box 326',
  exemptDistributions: 'box 620',
  tradingLoss: 'box 780',
  tradingLossRelieved: 'loss already relieved',
};

/** "Earlier return 1, box 300" for losses.earlierPeriods[0].profitsBeforeDonationsAndGroupRelief; undefined for any other path. */
export function earlierPeriodWords(path: string): string | undefined {
  const m = /^losses\.earlierPeriods\[(\d+)\]\.?(\w*)$/.exec(path);
  if (!m) return undefined;
  return `Earlier return ${Number(m[1]) + 1}${m[2] ? `, ${EARLIER_WORDS[m[2]] ?? m[2]}` : ''}`;
}
