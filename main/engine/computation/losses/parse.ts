/**
 * Reads the `losses` part of a computation input. The parser's reader is
 * passed in (input.ts owns it), so every problem is listed with the rest, by
 * field and rule. A claim is checked here against what the input alone says
 * is available; against the period's profits it is checked as it is worked
 * out (losses/claims-check.ts).
 */
import type { IsoDate } from '../dates.js';
import type { Pence } from '../money.js';
import type { EarlierPeriod, LossesInput } from './input-types.js';

type Obj = Record<string, unknown>;

/** The parts of input.ts's reader this parser uses. */
export interface FieldReader {
  fail(field: string, message: string): void;
  object(value: unknown, field: string, known: readonly string[], required: boolean): Obj | undefined;
  money(value: unknown, field: string, what: string, opts?: { required?: boolean; sign?: 'any' | 'nonNegative' | 'positive' }): Pence | undefined;
  bool(value: unknown, field: string, what: string, fallback?: boolean): boolean | undefined;
  count(value: unknown, field: string, what: string): number | undefined;
  date(value: unknown, field: string, what: string): IsoDate | undefined;
  list<T>(value: unknown, field: string, each: (item: unknown, at: string) => T | undefined): T[];
}

export const LOSSES_FIELDS = [
  'tradingBroughtForward',
  'tradingBroughtForwardSetOff',
  'totalProfitsBroughtForward',
  'totalProfitsBroughtForwardClaim',
  'claimAgainstTotalProfits',
  'carryBack',
  'terminalLoss',
  'previousPeriodTotalProfits',
  'earlierPeriods',
  'ukPropertyBroughtForward',
  'ukPropertyBroughtForwardClaim',
  'capitalBroughtForward',
  'capitalOfPeriod',
] as const;

const EARLIER_FIELDS = ['from', 'to', 'profitsBeforeDonationsAndGroupRelief', 'tradingLosses', 'totalDeductionsAndReliefs', 'qualifyingDonations', 'associatedCompanies', 'exemptDistributions', 'tradingLoss', 'tradingLossRelieved'];

function earlierPeriod(r: FieldReader, item: unknown, at: string): EarlierPeriod | undefined {
  const o = r.object(item, at, EARLIER_FIELDS, true);
  if (!o) return undefined;
  const from = r.date(o.from, `${at}.from`, 'the first day of that return’s period (its box 30)');
  const to = r.date(o.to, `${at}.to`, 'the last day of that return’s period (its box 35)');
  if (from && to && to < from) r.fail(`${at}.to`, `must not be before ${at}.from (${from})`);
  const profits = r.money(o.profitsBeforeDonationsAndGroupRelief, `${at}.profitsBeforeDonationsAndGroupRelief`, 'box 300 of that return as filed: the profits a carried-back loss is set against', { required: true });
  const tradingLosses = r.money(o.tradingLosses, `${at}.tradingLosses`, 'box 275 of that return as filed') ?? 0;
  const total = r.money(o.totalDeductionsAndReliefs, `${at}.totalDeductionsAndReliefs`, 'box 295 of that return as filed') ?? tradingLosses;
  if (total < tradingLosses) r.fail(`${at}.totalDeductionsAndReliefs`, `must be at least box 275 (${at}.tradingLosses), which it includes (HMRC rule 9180)`);
  const donations = r.money(o.qualifyingDonations, `${at}.qualifyingDonations`, 'box 305 of that return as filed') ?? 0;
  if (profits !== undefined && donations > profits) r.fail(`${at}.qualifyingDonations`, 'must not exceed that return’s box 300, against which donations are relieved (CTA 2010 s189)');
  const associated = o.associatedCompanies === undefined || o.associatedCompanies === null ? 0 : r.count(o.associatedCompanies, `${at}.associatedCompanies`, 'box 326 of that return');
  const exempt = r.money(o.exemptDistributions, `${at}.exemptDistributions`, 'box 620 of that return: exempt distributions received') ?? 0;
  const tradingLoss = r.money(o.tradingLoss, `${at}.tradingLoss`, 'box 780 of that return: its own trading loss') ?? 0;
  const relieved = r.money(o.tradingLossRelieved, `${at}.tradingLossRelieved`, 'how much of that return’s own trading loss has been relieved already') ?? 0;
  if (relieved > tradingLoss) r.fail(`${at}.tradingLossRelieved`, `must not exceed that return’s trading loss (${at}.tradingLoss)`);
  if (from === undefined || to === undefined || profits === undefined || associated === undefined) return undefined;
  return { from, to, profitsBeforeDonationsAndGroupRelief: profits, tradingLosses, totalDeductionsAndReliefs: total, qualifyingDonations: donations, associatedCompanies: associated, exemptDistributions: exempt, tradingLoss, tradingLossRelieved: relieved };
}

/** The losses input, defaults filled; the claims that need another field name it. */
export function parseLosses(r: FieldReader, raw: unknown, period: { from?: IsoDate; tradeCeased: boolean }): LossesInput {
  const lo = r.object(raw, 'losses', LOSSES_FIELDS, false) ?? {};
  const money = (key: (typeof LOSSES_FIELDS)[number], what: string) => r.money(lo[key], `losses.${key}`, what);
  const losses: LossesInput = {
    // Trading losses here are those against the same trade only (s45, s45B); the message keeps the words the field has always had.
    tradingBroughtForward: money('tradingBroughtForward', 'trading losses brought forward from earlier periods') ?? 0,
    tradingBroughtForwardSetOff: money('tradingBroughtForwardSetOff', 'the most of them to set against the trade’s profits, a claim under CTA 2010 s45(4A) or s45B(5)') ?? null,
    totalProfitsBroughtForward: money('totalProfitsBroughtForward', 'post-1 April 2017 trading losses carried forward against total profits, CTA 2010 s45A') ?? 0,
    totalProfitsBroughtForwardClaim: money('totalProfitsBroughtForwardClaim', 'how much of the s45A losses to set against this period’s total profits, a claim under CTA 2010 s45A(5); box 285') ?? 0,
    claimAgainstTotalProfits: r.bool(lo.claimAgainstTotalProfits, 'losses.claimAgainstTotalProfits', "a claim to set this period's trading loss against its total profits, CTA 2010 s37(3)(a)", false) ?? false,
    carryBack: r.bool(lo.carryBack, 'losses.carryBack', 'a claim to carry the rest of the loss back to the previous 12 months, CTA 2010 s37(3)(b)', false) ?? false,
    terminalLoss: r.bool(lo.terminalLoss, 'losses.terminalLoss', 'a claim to carry the terminal loss of a ceased trade back 3 years, CTA 2010 s39', false) ?? false,
    previousPeriodTotalProfits: money('previousPeriodTotalProfits', 'total profits of the previous 12 months, for the carry-back memo') ?? null,
    earlierPeriods: r.list(lo.earlierPeriods, 'losses.earlierPeriods', (item, at) => earlierPeriod(r, item, at)),
    ukPropertyBroughtForward: money('ukPropertyBroughtForward', 'UK property business losses carried forward, CTA 2010 s62(5)') ?? 0,
    ukPropertyBroughtForwardClaim: money('ukPropertyBroughtForwardClaim', 'how much of the property losses brought forward to set against this period’s total profits, a claim under CTA 2010 s62(5A)–(5B); box 250') ?? 0,
    capitalBroughtForward: money('capitalBroughtForward', 'allowable capital losses brought forward, TCGA 1992 s8(1)(b)') ?? 0,
    capitalOfPeriod: money('capitalOfPeriod', 'allowable capital losses of this period, TCGA 1992 s8(1)(a)') ?? 0,
  };

  // Claims larger than their stock, and claims that need another claim or fact first.
  if (losses.tradingBroughtForwardSetOff !== null && losses.tradingBroughtForwardSetOff > losses.tradingBroughtForward)
    r.fail('losses.tradingBroughtForwardSetOff', `must not exceed the losses brought forward against the trade (losses.tradingBroughtForward): a claim under CTA 2010 s45(4A) or s45B(5) only limits how much of them is set off (CTM04135)`);
  if (losses.totalProfitsBroughtForwardClaim > losses.totalProfitsBroughtForward)
    r.fail('losses.totalProfitsBroughtForwardClaim', `must not exceed the s45A losses brought forward (losses.totalProfitsBroughtForward): a claim under CTA 2010 s45A(5) relieves only losses carried forward to the period (CTM04135)`);
  if (losses.ukPropertyBroughtForwardClaim > losses.ukPropertyBroughtForward)
    r.fail('losses.ukPropertyBroughtForwardClaim', `must not exceed the UK property business losses brought forward (losses.ukPropertyBroughtForward): a claim under CTA 2010 s62(5A)–(5B) relieves only losses carried forward to the period`);
  if (losses.carryBack && !losses.claimAgainstTotalProfits)
    r.fail('losses.carryBack', 'a carry-back is part of a claim under CTA 2010 s37 that first sets the loss against this period’s total profits (s37(3)(a), then (b); CTM04510): set losses.claimAgainstTotalProfits too');
  if (losses.terminalLoss && !period.tradeCeased)
    r.fail('losses.terminalLoss', 'terminal loss relief is only for a trade that ceased in this period (CTA 2010 s39(1)); set capitalAllowances.tradeCeased');
  if (losses.terminalLoss && !losses.claimAgainstTotalProfits)
    r.fail('losses.terminalLoss', 'a terminal loss is carried back under CTA 2010 s37 as extended to 3 years by s39(2), a claim that first sets it against this period’s total profits (s37(3)(a); CTM04520): set losses.claimAgainstTotalProfits too');
  const noList = lo.earlierPeriods === undefined || lo.earlierPeriods === null || (Array.isArray(lo.earlierPeriods) && lo.earlierPeriods.length === 0);
  if ((losses.carryBack || losses.terminalLoss) && noList)
    r.fail('losses.earlierPeriods', 'is required for a carry-back: the earlier returns the loss goes back to, each {from, to, profitsBeforeDonationsAndGroupRelief, …} as filed, so that their amendments can be worked out');
  const sorted = [...losses.earlierPeriods].sort((a, b) => (a.from < b.from ? -1 : 1));
  sorted.forEach((p, i) => {
    const at = `losses.earlierPeriods[${losses.earlierPeriods.indexOf(p)}]`;
    if (period.from && p.to >= period.from) r.fail(`${at}.to`, `must end before this period begins (${period.from}): a loss is carried back to earlier periods only`);
    const next = sorted[i + 1];
    if (next && next.from <= p.to) r.fail(`${at}.to`, `overlaps the earlier period from ${next.from}: accounting periods do not overlap`);
  });
  return losses;
}
