/**
 * The s455 charge of the period, its relief and the CT600A that reports them
 * (CTA 2010 s455, s458, s464C; CTM61500–CTM61690; HMRC's CT600A guide and
 * COM53130 for what each part holds):
 *
 * - Part 1 (A10–A20): loans made in the period still outstanding at its end,
 *   taxed at the rate of the tax year each was made in (s455(1), (3)).
 * - Part 2 (A25–A45): this period's loans repaid, released or written off
 *   after its end but within nine months: relief on this return (s458;
 *   CTM61600). Those repaid within the period are simply not outstanding
 *   (A5 says so).
 * - Part 3 (A50–A70): repaid later; relief due nine months after the end of
 *   the accounting period of the repayment (s458(5); CTM61605), on this
 *   return only when that day has passed by the day it is filed; otherwise
 *   the claim to make later (laterRelief).
 * - An earlier period's loan repaid from this period's start on: its relief
 *   belongs to that period's return, never this one (COM53130; HMRC's
 *   guidance "Director's loans"): an amendment of that return within two
 *   years of that period's end, form L2P after (earlierPeriodRelief).
 * - A75 = A15 − A40 − A65; A80 = A20 − A45 − A70, never below 0 (HMRC rule
 *   9427), copied to box 480 (rule 9428) and box 485 ticked with Part 3
 *   (rule 9426).
 */
import { addMonths } from '../../deadlines/calendar.js';
import { ukDate, type IsoDate } from '../dates.js';
import { asPounds, poundsWords, wholePounds, type Pence } from '../money.js';
import type { Working } from '../working.js';
import { matchRepayments, type Allocation } from './matching.js';
import { claimRoute, formFigure, formRates, lawRate, nineMonthsAndADay, reliefDueFor, taxAt } from './rates.js';
import type { Ct600aPage, EarlierPeriodRelief, LaterReliefClaim, LoansToParticipatorsInput, LoansToParticipatorsOutput, ReliefLine, S455Underpaid } from './types.js';

export interface LoansToParticipatorsResult {
  output: LoansToParticipatorsOutput;
  earlierPeriodRelief: EarlierPeriodRelief[];
  s455Underpaid?: S455Underpaid;
}

const pounds = asPounds;
const sum = (xs: Pence[]) => xs.reduce((s, x) => s + x, 0);
const percent = (hundredths: number) => `${hundredths / 100}%`;

/** Lines of Part 2 or 3: one a repayment, whole pounds (the boxes take no pence), lines of nothing dropped. */
function reliefLines(allocations: Allocation[]): ReliefLine[] {
  const byRepayment = new Map<number, Allocation[]>();
  for (const a of allocations) byRepayment.set(a.index, [...(byRepayment.get(a.index) ?? []), a]);
  const lines: ReliefLine[] = [];
  for (const group of byRepayment.values()) {
    const r = group[0]!.repayment;
    const whole = pounds(wholePounds(sum(group.map((a) => a.amount))));
    if (whole === 0) continue;
    lines.push({ name: r.participator, ...(r.kind === 'release' ? { releasedOrWrittenOff: whole } : { repaid: whole }), date: r.date });
  }
  return lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name)));
}

export function computeLoansToParticipators(input: LoansToParticipatorsInput, period: { from: IsoDate; to: IsoDate }, working: Working): LoansToParticipatorsResult {
  const { from, to } = period;
  const { lots, allocations } = matchRepayments(input, period);
  const taxDue = nineMonthsAndADay(to);
  const inPeriod = (a: Allocation) => a.repayment.date <= to;
  const thisLots = lots.filter((l) => l.origin === 'this');
  const outstandingAtEnd = new Map(lots.map((l) => [l, l.amount - sum(allocations.filter((a) => a.lot === l && inPeriod(a)).map((a) => a.amount))]));

  // Part 1: this period's loans outstanding at its end, by participator.
  const names = [...new Set(lots.map((l) => l.participator))].sort((a, b) => a.localeCompare(b));
  const A10 = names
    .map((name) => ({ name, amount: pounds(wholePounds(sum(thisLots.filter((l) => l.participator === name).map((l) => outstandingAtEnd.get(l)!)))) }))
    .filter((l) => l.amount > 0);
  const A15 = Math.round(sum(A10.map((l) => l.amount)) * 100);
  const chargeByLaw = sum(thisLots.map((l) => taxAt(outstandingAtEnd.get(l)!, lawRate(l.date))));
  const A20 = A15 > 0 ? formFigure(A15, chargeByLaw, from, to) : 0;

  // Parts 2 and 3, and the relief not yet due.
  const after = allocations.filter((a) => a.lot.origin === 'this' && !inPeriod(a));
  const part2 = after.filter((a) => a.repayment.date < taxDue);
  const later = after.filter((a) => a.repayment.date >= taxDue);
  const dueBy = (a: Allocation) => reliefDueFor(a.repayment.date, to);
  const part3 = later.filter((a) => dueBy(a) <= input.filedOn);
  const notYet = later.filter((a) => dueBy(a) > input.filedOn);
  const lawRelief = (as: Allocation[]) => sum(as.map((a) => taxAt(a.amount, lawRate(a.lot.date))));

  const A25 = reliefLines(part2);
  const A50 = reliefLines(part3);
  const totals = (lines: ReliefLine[]) => {
    const repaid = Math.round(sum(lines.map((l) => l.repaid ?? 0)) * 100);
    const released = Math.round(sum(lines.map((l) => l.releasedOrWrittenOff ?? 0)) * 100);
    return { repaid, released, total: repaid + released };
  };
  const p2 = totals(A25);
  const p3 = totals(A50);
  const A45 = p2.total > 0 ? formFigure(p2.total, lawRelief(part2), from, to) : 0;
  const A70 = p3.total > 0 ? formFigure(p3.total, lawRelief(part3), from, to) : 0;
  const A80 = Math.max(0, A20 - A45 - A70);
  const A75 = A15 - p2.total - p3.total;
  const A5 = allocations.some((a) => a.lot.origin === 'this' && inPeriod(a));

  const page: Ct600aPage | null = thisLots.length === 0
    ? null
    : {
        A5,
        A10,
        ...(A15 > 0 ? { A15: pounds(A15), A20: pounds(A20) } : {}),
        A25,
        ...(p2.total > 0 ? { ...(p2.repaid ? { A30: pounds(p2.repaid) } : {}), ...(p2.released ? { A35: pounds(p2.released) } : {}), A40: pounds(p2.total), A45: pounds(A45) } : {}),
        A50,
        ...(p3.total > 0 ? { ...(p3.repaid ? { A55: pounds(p3.repaid) } : {}), ...(p3.released ? { A60: pounds(p3.released) } : {}), A65: pounds(p3.total), A70: pounds(A70) } : {}),
        ...(A75 > 0 ? { A75: pounds(A75) } : {}),
        A80: pounds(A80),
      };

  const netByLaw = Math.max(0, chargeByLaw - lawRelief(part2) - lawRelief(part3));
  const rates = formRates(from, to);
  // Only a rate above the forms' highest makes the law ask more than the boxes (not the pence the boxes drop):
  // the extra rate on what is outstanding, less the extra rate on its relief (s458 relieves at the rate charged).
  const extraRate = (date: IsoDate) => Math.max(0, lawRate(date) - rates.high);
  const extra = Math.max(0, sum(thisLots.map((l) => taxAt(outstandingAtEnd.get(l)!, extraRate(l.date)))) - sum([...part2, ...part3].map((a) => taxAt(a.amount, extraRate(a.lot.date)))));
  let s455Underpaid: S455Underpaid | undefined;
  if (page && extra > 0) {
    const newRate = thisLots.filter((l) => lawRate(l.date) > rates.high && outstandingAtEnd.get(l)! > 0);
    s455Underpaid = {
      amount: pounds(extra),
      byLaw: pounds(A80 + extra),
      onForm: pounds(A80),
      amendmentNeeded: true,
      how: `The law charges ${poundsWords(A80 + extra)}: ${newRate.length ? `loans made on or after 6 April 2026 (${newRate.map((l) => `${l.participator} ${ukDate(l.date)}`).join(', ')}) at 35.75%, the dividend upper rate of their tax year (CTA 2010 s455(3)), ` : ''}but HMRC's CT600 v1.994 rules (9466–9474) accept only ${percent(rates.high)} on the CT600A, so boxes A80 and 480 show ${poundsWords(A80)}. Pay the full ${poundsWords(A80 + extra)} by ${ukDate(taxDue)}, and amend the return to the full figure once HMRC's forms accept the new rate (expected from April 2027).`,
    };
  }

  const laterRelief: LaterReliefClaim[] = notYet.map((a) => {
    const due = dueBy(a);
    const claim = claimRoute(to, due);
    return {
      participator: a.repayment.participator,
      date: a.repayment.date,
      repaid: a.repayment.kind === 'release' ? 0 : pounds(a.amount),
      releasedOrWrittenOff: a.repayment.kind === 'release' ? pounds(a.amount) : 0,
      relief: pounds(taxAt(a.amount, lawRate(a.lot.date))),
      reliefDue: due,
      claim,
      how: `Repaid more than nine months after the period's end; relief is due on ${ukDate(due)} (nine months and a day after the end of the accounting period of the repayment, CTA 2010 s458(5)), after the return is filed on ${ukDate(input.filedOn)}: claim it then by ${claim === 'amendment' ? `amending this return (CT600A Part 3) while within two years of ${ukDate(to)}, or on form L2P` : 'form L2P (more than two years after the end of the period the loan was made in)'}.`,
    };
  });

  const earlierPeriodRelief = earlierRelief(allocations.filter((a) => a.lot.origin === 'earlier'), to);

  const participators = names.map((name) => {
    const own = lots.filter((l) => l.participator === name && l.origin !== 'later');
    return {
      name,
      broughtForward: pounds(sum(own.filter((l) => l.origin === 'earlier').map((l) => l.amount))),
      loansInPeriod: pounds(sum(own.filter((l) => l.origin === 'this').map((l) => l.amount))),
      repaidInPeriod: pounds(sum(allocations.filter((a) => a.repayment.participator === name && inPeriod(a)).map((a) => a.amount))),
      outstandingAtEnd: pounds(sum(own.map((l) => outstandingAtEnd.get(l)!))),
      chargedThisPeriod: pounds(sum(own.filter((l) => l.origin === 'this').map((l) => outstandingAtEnd.get(l)!))),
    };
  });

  const matches = allocations
    .filter((a) => a.matchedBy)
    .map((a) => ({
      participator: a.repayment.participator,
      rule: a.matchedBy!,
      repaymentDate: a.repayment.date,
      loanDate: a.lot.date,
      amount: pounds(a.amount),
      how:
        a.matchedBy === '30-day'
          ? `CTA 2010 s464C(1): repayments of £5,000 or more and new loans of £5,000 or more in a later accounting period within 30 days: the repayment of ${ukDate(a.repayment.date)} repays the loan of ${ukDate(a.lot.date)}, not the older loan (CTM61630)`
          : `CTA 2010 s464C(3): £15,000 or more was outstanding before the repayment of ${ukDate(a.repayment.date)} and new loans of £5,000 or more followed after 30 days; the app presumes arrangements for them from the dates (CTM61635) and matches the repayment to the loan of ${ukDate(a.lot.date)}. If there were no such arrangements the older loan was repaid instead.`,
    }));

  const carriedForward = lots
    .filter((l) => l.origin !== 'later' && outstandingAtEnd.get(l)! > 0)
    .map((l) => ({ participator: l.participator, loanDate: l.date, periodEnd: l.periodEnd, amount: pounds(outstandingAtEnd.get(l)!) }));

  addWorking(working, { page, chargeByLaw, A15, A20, A45, A70, A80, p2: p2.total, p3: p3.total, from, to, taxDue, matches, earlierPeriodRelief, laterRelief, s455Underpaid });

  return {
    output: { filedOn: input.filedOn, taxDue, page, taxByLaw: pounds(netByLaw), participators, laterRelief, matches, carriedForward },
    earlierPeriodRelief,
    ...(s455Underpaid ? { s455Underpaid } : {}),
  };
}

/** Relief for earlier periods' loans, by the period the loan was made in and the day the relief is due. */
function earlierRelief(allocations: Allocation[], to: IsoDate): EarlierPeriodRelief[] {
  const groups = new Map<string, Allocation[]>();
  for (const a of allocations) {
    const key = `${a.lot.periodEnd}|${reliefDueFor(a.repayment.date, to)}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, as]) => {
      const [periodEnd, reliefDue] = key.split('|') as [IsoDate, IsoDate];
      const repaid = sum(as.map((a) => a.amount));
      const relief = sum(as.map((a) => taxAt(a.amount, lawRate(a.lot.date))));
      const claim = claimRoute(periodEnd, reliefDue);
      return {
        periodEnd,
        repaid: pounds(repaid),
        relief: pounds(relief),
        reliefDue,
        claim,
        how: `${poundsWords(repaid)} of loans made in the period ended ${ukDate(periodEnd)} repaid, released or written off: relief of ${poundsWords(relief)} belongs to that period, not this return (COM53130), and is due on ${ukDate(reliefDue)} (CTA 2010 s458(5)). Claim it ${claim === 'amendment' ? `by amending that period's return (CT600A Part 3), possible until ${ukDate(addMonths(periodEnd, 24))}, or on form L2P` : 'on form L2P: it is more than two years after the end of that period'}.`,
      };
    });
}

interface WorkingFacts {
  page: Ct600aPage | null;
  chargeByLaw: Pence;
  A15: Pence;
  A20: Pence;
  A45: Pence;
  A70: Pence;
  A80: Pence;
  p2: Pence;
  p3: Pence;
  from: IsoDate;
  to: IsoDate;
  taxDue: IsoDate;
  matches: { how: string; amount: number }[];
  earlierPeriodRelief: EarlierPeriodRelief[];
  laterRelief: LaterReliefClaim[];
  s455Underpaid?: S455Underpaid;
}

/** The printed computation's lines for the loans (the working the CLI prints and the window shows). */
function addWorking(working: Working, f: WorkingFacts): void {
  const rate = percent(formRates(f.from, f.to).high);
  if (f.page) {
    working.add({ id: 'loansToParticipators.outstanding', box: 'A15', label: 'Loans to participators made in the period and outstanding at its end', amount: pounds(f.A15), how: f.page.A10.map((l) => `${l.name} ${poundsWords(Math.round(l.amount * 100))}`).join('; ') || 'none outstanding', rule: 'CTA 2010 s455(1); CTM61505' });
    working.add({ id: 'loansToParticipators.charge', box: 'A20', label: 's455 tax chargeable on those loans', amount: pounds(f.A20), how: `${poundsWords(f.A15)} × ${rate}, rounded half up to the penny (by law, each loan at its tax year's rate: ${poundsWords(f.chargeByLaw)})`, rule: 'CTA 2010 s455(3); HMRC rule 9466' });
    if (f.p2) working.add({ id: 'loansToParticipators.reliefWithinNineMonths', box: 'A45', label: 'Relief for loans repaid, released or written off within nine months of the period end', amount: pounds(f.A45), how: `${poundsWords(f.p2)} × ${rate}`, rule: 'CTA 2010 s458; CTM61600; HMRC rule 9469' });
    if (f.p3) working.add({ id: 'loansToParticipators.reliefNowDue', box: 'A70', label: 'Relief now due for loans repaid later', amount: pounds(f.A70), how: `${poundsWords(f.p3)} × ${rate}; due before the return is filed`, rule: 'CTA 2010 s458(5); CTM61605; HMRC rule 9472' });
    working.add({ id: 'loansToParticipators.taxPayable', box: '480', label: 'Tax payable on loans to participators (box A80)', amount: pounds(f.A80), how: `box A20 − box A45 − box A70, never below 0; due ${ukDate(f.taxDue)}`, rule: 'HMRC rules 9427 and 9428' });
  }
  for (const m of f.matches) working.add({ id: 'loansToParticipators.s464C', label: 'Repayment matched to a new loan', amount: m.amount, how: m.how, rule: 'CTA 2010 s464C' });
  for (const l of f.laterRelief) working.add({ id: 'loansToParticipators.laterRelief', label: `Relief to claim later (${l.participator})`, amount: l.relief, how: l.how, rule: 'CTA 2010 s458(5)' });
  for (const e of f.earlierPeriodRelief) working.add({ id: 'loansToParticipators.earlierPeriodRelief', label: `Relief for the period ended ${ukDate(e.periodEnd)}`, amount: e.relief, how: e.how, rule: 'CTA 2010 s458' });
  if (f.s455Underpaid) working.add({ id: 'loansToParticipators.s455Underpaid', label: 's455 tax due by law beyond what the form accepts', amount: f.s455Underpaid.amount, how: f.s455Underpaid.how, rule: 'CTA 2010 s455(3)' });
}
