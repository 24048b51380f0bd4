/**
 * The computation input, as `cli ct600 compute` reads it and the wizard's
 * Computation step keeps it. Its names are a contract (tools outside the
 * project write them): company, period, associatedCompanies, profitAndLoss,
 * capitalAllowances, losses, chargeableGains, qualifyingDonations,
 * exemptDistributions, and the optional declaration and accountsFile. Amounts are pounds (JSON numbers, at
 * most two decimals); dates are ISO dates. Every problem is named by its
 * field and the rule it breaks, all at once.
 */
import type { FieldError } from '../errors.js';
import { penceOf } from '../ct600/money.js';
import { periodErrors, parseRequestDate } from '../ct600/period.js';
import { REGISTRATION_NUMBER_PATTERN, UTR_PATTERN } from '../ct600/request-schema.js';
import { limitsChangeWithin } from './associated-companies.js';
import { parseCapitalAllowances } from './allowances/input.js';
import { claimErrors } from './claims.js';
import { reducedAllowanceErrors } from './allowances/reduced-claims.js';
import { Reader } from './reader.js';
import { parseLosses } from './losses/parse.js';
import { isoDateOf, type IsoDate } from './dates.js';
import { matchRepayments, parseLoansToParticipators } from './loans-to-participators/index.js';
import type { ComputationInput, DescribedAmount } from './input-types.js';
import type { Pence } from './money.js';

export * from './input-types.js';
export { Reader } from './reader.js';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export type ParseResult = { ok: true; input: ComputationInput } | { ok: false; errors: FieldError[] };


const TOP = ['company', 'period', 'associatedCompanies', 'profitAndLoss', 'capitalAllowances', 'losses', 'chargeableGains', 'qualifyingDonations', 'exemptDistributions', 'declaration', 'accountsFile', 'computationsFile', 'loansToParticipators'];

/** `today` is the default of loansToParticipators.filedOn. */
export function parseComputationInput(raw: unknown, today: IsoDate = new Date().toISOString().slice(0, 10)): ParseResult {
  const r = new Reader();
  const top = r.object(raw, '', TOP, true);
  if (!top) return { ok: false, errors: r.errors.length ? r.errors : [{ field: '', message: 'must be a JSON object' }] };

  const c = r.object(top.company, 'company', ['name', 'utr', 'registrationNumber'], true) ?? {};
  const name = r.text(c.name, 'company.name', 'the company name (box 1)');
  const utr = r.text(c.utr, 'company.utr', "the company's 10-digit Unique Taxpayer Reference (box 3)");
  if (utr !== undefined && !UTR_PATTERN.test(utr)) r.fail('company.utr', `must be 10 digits (box 3, the UTR); got ${JSON.stringify(utr)}`);
  const reg = r.text(c.registrationNumber, 'company.registrationNumber', 'the Companies House number (box 2)', false);
  if (reg !== undefined && !REGISTRATION_NUMBER_PATTERN.test(reg)) r.fail('company.registrationNumber', `must be 2–8 capital letters or digits, as HMRC's schema takes box 2; got ${JSON.stringify(reg)}`);

  const p = r.object(top.period, 'period', ['from', 'to'], true) ?? {};
  const from = r.date(p.from, 'period.from', 'the first day of the period (box 30)');
  const to = r.date(p.to, 'period.to', 'the last day of the period (box 35)');
  let periodOk = from !== undefined && to !== undefined;
  if (from && to) {
    const a = parseRequestDate(from);
    const b = parseRequestDate(to);
    if (a.ok && b.ok) {
      for (const e of periodErrors(a.date, b.date)) {
        r.fail(`period.${e.field}`, e.message.replace('periodCovered.from', 'period.from'));
        periodOk = false;
      }
    }
  }
  const inPeriod = (date: IsoDate | undefined, field: string, what: string) => {
    if (date && periodOk && (date < from! || date > to!)) r.fail(field, `must fall in the period ${from} to ${to} (${what}); got ${date}`);
  };
  const straddles = periodOk && financialYear(from!) !== financialYear(to!);

  // Associated companies: a count for the period (box 326), or each financial year's (327/328) for a period straddling a change in the limits.
  let associatedCompanies: ComputationInput['associatedCompanies'] = { thisPeriod: 0 };
  const ac = top.associatedCompanies;
  if (ac !== undefined && ac !== null) {
    if (isObject(ac) && 'thisPeriod' in ac) {
      // The build-ct600 request's own shape, box 326.
      const o = r.object(ac, 'associatedCompanies', ['thisPeriod'], true)!;
      const n = r.count(o.thisPeriod, 'associatedCompanies.thisPeriod', 'the number of associated companies in the period, box 326; 0 when there are none');
      if (n !== undefined) associatedCompanies = { thisPeriod: n };
    } else if (isObject(ac)) {
      const o = r.object(ac, 'associatedCompanies', ['firstYear', 'secondYear'], true)!;
      const first = r.count(o.firstYear, 'associatedCompanies.firstYear', 'associated companies in the first financial year, box 327');
      const second = r.count(o.secondYear, 'associatedCompanies.secondYear', 'associated companies in the second financial year, box 328');
      if (periodOk && !straddles) r.fail('associatedCompanies', `a count for each financial year (boxes 327 and 328) is only for a period straddling 1 April; ${from} to ${to} lies in one financial year, so give one number (box 326)`);
      else if (periodOk && limitsChangeWithin(from!, to!) === undefined && (first !== 0 || second !== 0) && first !== undefined && second !== undefined) {
        r.fail(
          'associatedCompanies',
          `a company associated at any time in the period counts for the whole of it (CTA 2010 s18E(2); CTM03956), and the small profits limits did not change on 1 April ${financialYear(to!)}: give one number, the companies associated with this one at any time from ${from} to ${to} (box 326), not a count for each financial year`,
        );
      }
      if (first !== undefined && second !== undefined) associatedCompanies = { firstYear: first, secondYear: second };
    } else {
      const n = r.count(ac, 'associatedCompanies', 'the number of associated companies in the period, box 326; 0 when there are none');
      if (n !== undefined) associatedCompanies = { thisPeriod: n };
    }
  }

  const pl = r.object(top.profitAndLoss, 'profitAndLoss', ['turnover', 'profitBeforeTax', 'depreciation', 'disallowable', 'nonTaxableIncome', 'interestReceived', 'propertyIncome'], true) ?? {};
  const described = (what: string) => (item: unknown, at: string): DescribedAmount | undefined => {
    const o = r.object(item, at, ['description', 'amount'], true);
    if (!o) return undefined;
    const description = r.text(o.description, `${at}.description`, `what the ${what} is`);
    const amount = r.money(o.amount, `${at}.amount`, what, { required: true });
    return description !== undefined && amount !== undefined ? { description, amount } : undefined;
  };
  const profitAndLoss = {
    turnover: r.money(pl.turnover, 'profitAndLoss.turnover', 'turnover, box 145', { required: true }) ?? 0,
    profitBeforeTax: r.money(pl.profitBeforeTax, 'profitAndLoss.profitBeforeTax', 'the profit (or, negative, the loss) before tax in the accounts', { required: true, sign: 'any' }) ?? 0,
    depreciation: r.money(pl.depreciation, 'profitAndLoss.depreciation', 'depreciation and amortisation charged in the accounts') ?? 0,
    disallowable: r.list(pl.disallowable, 'profitAndLoss.disallowable', described('disallowable expense')),
    nonTaxableIncome: r.list(pl.nonTaxableIncome, 'profitAndLoss.nonTaxableIncome', described('non-taxable income')),
    interestReceived: r.money(pl.interestReceived, 'profitAndLoss.interestReceived', 'interest received, taxed as non-trading loan relationship profits in box 170') ?? 0,
    propertyIncome: r.money(pl.propertyIncome, 'profitAndLoss.propertyIncome', 'UK property business profits, box 190; a loss negative (relieved in box 250, CTA 2010 s62)', { sign: 'any' }) ?? 0,
  };

  const capitalAllowances = parseCapitalAllowances(r, top.capitalAllowances, { from, to, periodOk, inPeriod });

  const losses = parseLosses(r, top.losses, { from: periodOk ? from : undefined, tradeCeased: capitalAllowances.tradeCeased });

  let declaration: ComputationInput['declaration'] = null;
  const d = r.object(top.declaration, 'declaration', ['name', 'status'], false);
  if (d) {
    const dn = r.text(d.name, 'declaration.name', 'who makes the declaration (box 975)');
    const ds = r.text(d.status, 'declaration.status', 'their status, for example Director (box 985)');
    if (dn !== undefined && ds !== undefined) declaration = { name: dn, status: ds };
  }
  const accountsFile = r.text(top.accountsFile, 'accountsFile', 'the Inline XBRL accounts, a path beside the computation file', false) ?? null;
  const computationsFile = r.text(top.computationsFile, 'computationsFile', 'the Inline XBRL tax computations, a path beside the computation file', false) ?? null;

  const input: ComputationInput = {
    company: { name: name ?? '', utr: utr ?? '', registrationNumber: reg ?? null },
    period: { from: from ?? '', to: to ?? '' },
    associatedCompanies,
    profitAndLoss,
    capitalAllowances,
    losses,
    chargeableGains: r.money(top.chargeableGains, 'chargeableGains', 'chargeable gains, net of allowable losses (box 210)') ?? 0,
    qualifyingDonations: r.money(top.qualifyingDonations, 'qualifyingDonations', 'qualifying charitable donations (box 305)') ?? 0,
    exemptDistributions:
      r.money(top.exemptDistributions, 'exemptDistributions', 'exempt ABGH distributions (dividends) received from companies that are not 51% group companies, box 620; added to profits for the small profits limits, CTA 2010 s18L') ?? 0,
    declaration,
    accountsFile,
    computationsFile,
    loansToParticipators: parseLoansToParticipators(r, top.loansToParticipators, periodOk ? { from: from!, to: to! } : undefined, today),
  };
  if (r.errors.length === 0) r.errors.push(...claimErrors(input));
  if (r.errors.length === 0) r.errors.push(...reducedAllowanceErrors(input));
  if (r.errors.length === 0 && input.loansToParticipators) r.errors.push(...matchRepayments(input.loansToParticipators, input.period).errors);
  return r.errors.length ? { ok: false, errors: r.errors } : { ok: true, input };
}

const financialYear = (date: IsoDate) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m >= 4 ? y : y - 1;
};
