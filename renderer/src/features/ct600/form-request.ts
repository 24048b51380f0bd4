/**
 * The wizard's form turned into a build-ct600 request, and checked: each
 * answer's text converted (money, counts, rates, dates), the request checked
 * with the engine's own zod schema, and every problem put beside the field
 * that caused it, in the words the field and the error summary both show.
 */
import { ct600RequestSchema } from '../../../../main/engine/ct600/request-schema.js';
import { fieldPath } from '../../../../main/engine/zod-errors.js';
import { FIELDS, fieldDef, fieldOfRequestPath, type FieldDef } from '../../../../common/ct600/fields.js';
import type { DateText } from './date-text.js';
import { associatedByYear, asksSmallProfits, claimsSmallProfitsRate, effectiveFigures, isVisible, parseCount, parseDateText, parseMoney, parseRate, straddles, type Ct600Form } from './form.js';

const iso = (d: DateText) => {
  const p = parseDateText(d);
  return p.ok && p.value ? `${p.value}T00:00:00` : undefined;
};

function amountOrNull(text: string | undefined, id: string, form: Ct600Form, pence: Record<string, number | undefined>) {
  const def = fieldDef(id);
  if (def.derived && !form.overrides[id]) {
    const p = pence[id];
    return p === undefined ? null : { value: p / 100 };
  }
  const parsed = parseMoney(text ?? '');
  return parsed.ok && parsed.value !== undefined ? { value: parsed.value } : null;
}

/** The build-ct600 request (without attachedFiles: main adds the draft's files) and the errors of turning text into values. */
export function toRequest(form: Ct600Form): { request: Record<string, unknown>; conversionErrors: Map<string, string> } {
  const v = form.values;
  const conversionErrors = new Map<string, string>();
  for (const f of FIELDS) {
    if (!isVisible(form, f)) continue;
    if (f.derived && !form.overrides[f.id]) continue;
    const parsed =
      f.kind === 'money' ? parseMoney(v[f.id] ?? '') : f.kind === 'count' ? parseCount(v[f.id] ?? '') : f.kind === 'rate' ? parseRate(v[f.id] ?? '') : f.kind === 'date' ? parseDateText(form.dates[f.id as 'periodFrom']) : f.kind === 'year' && (v[f.id] ?? '').trim() !== '' && !/^\d{4}$/.test((v[f.id] ?? '').trim()) ? { ok: false as const, message: 'Enter the year in 4 digits, for example 2024' } : { ok: true as const };
    if (!parsed.ok) conversionErrors.set(f.id, parsed.message);
    // A count is always given where it is asked (0 when there are none): HMRC wants one beside box 329.
    else if (f.kind === 'count' && (v[f.id] ?? '').trim() === '') conversionErrors.set(f.id, f.missing ?? `Enter ${f.label.toLowerCase()}`);
  }
  const { pence } = effectiveFigures(form);
  const money = (id: string) => amountOrNull(v[id], id, form, pence);
  const text = (id: string) => ((v[id] ?? '') === '' ? undefined : v[id]);
  const rate = (id: string) => {
    const p = parseRate(v[id] ?? '');
    return p.ok && p.value !== undefined ? p.value : null;
  };
  const utr = (v.utr ?? '').replace(/\s/g, '');
  const request: Record<string, unknown> = {
    companyName: text('companyName'),
    registrationNumber: (v.registrationNumber ?? '').trim() === '' ? null : v.registrationNumber!.trim(),
    reference: utr === '' ? undefined : utr,
    utrValue: utr === '' ? null : utr,
    companyType: text('companyType'),
    periodCovered: { from: iso(form.dates.periodFrom), to: iso(form.dates.periodTo) },
    returnType: text('returnType'),
    sender: text('sender'),
    accounts: {
      itemElementName: v.accountsChoice,
      noAccountsReason: v.accountsChoice === 'NoAccountsReason' ? (text('noAccountsReason') ?? null) : null,
    },
    computations: {
      itemElementName: v.computationsChoice,
      nocomputationsReason: v.computationsChoice === 'NoComputationsReason' ? (text('noComputationsReason') ?? null) : null,
    },
    total: money('turnover'),
    tradingProfits: money('tradingProfits'),
    lossesBroughtForward: money('lossesBroughtForward'),
    netProfits: money('netProfits'),
    profitsBeforeOtherDeductions: money('profitsBeforeOtherDeductions'),
    profitsBeforeDonationsAndGroupRelief: money('profitsBeforeDonationsAndGroupRelief'),
    chargeableProfits: money('chargeableProfits') ?? undefined,
    financialYear: pence.financialYear ?? null,
    financialYearProfit: money('fy1Profit'),
    financialYearTaxRate: rate('fy1Rate'),
    financialYearTax: money('fy1Tax'),
    corporationTax: money('corporationTax'),
    marginalReliefForRingFenceTrades: money('marginalRelief'),
    netCorporationTaxChargeable: money('netCorporationTaxChargeable') ?? undefined,
    communityInvestmentRelief: money('communityInvestmentRelief'),
    doubleTaxationRelief: money('doubleTaxationRelief'),
    advancedCorporationTax: money('advancedCorporationTax'),
    totalReliefsAndDeductions: money('totalReliefsAndDeductions'),
    netCorporationTaxLiability: money('netCorporationTaxLiability'),
    taxChargeable: money('taxChargeable'),
    taxPayable: money('taxPayable') ?? undefined,
    declaration: { acceptDeclaration: form.accepted, name: text('declarationName'), status: text('declarationStatus') },
  };
  // HMRC's group sits beside the tax calculation: a return without one (a dormant company) carries no counts unless it claims box 329.
  if (asksSmallProfits(form) && (claimsSmallProfitsRate(form) || request.financialYearProfit != null)) {
    const count = (id: string) => {
      const p = parseCount(v[id] ?? '');
      return p.ok && p.value !== undefined ? p.value : null;
    };
    const claim = claimsSmallProfitsRate(form);
    const [first, second] = [count('associatedFirstYear'), count('associatedSecondYear')];
    // Boxes 327 and 328 only where the limits changed in the period and the counts differ; otherwise box 326 (HMRC's Company Tax Return guide).
    request.associatedCompanies = !associatedByYear(form)
      ? { thisPeriod: count('associatedCompanies'), startingOrSmallCompaniesRate: claim }
      : first !== null && first === second
        ? { thisPeriod: first, startingOrSmallCompaniesRate: claim }
        : { firstYear: first, secondYear: second, startingOrSmallCompaniesRate: claim };
  }
  // A return whose figures come from the computation carries its other boxes too, so box 235 adds up (HMRC rule 9332).
  if (form.computedRequestFields && Object.keys(form.fromComputation ?? {}).length > 0) Object.assign(request, form.computedRequestFields);
  if (straddles(form)) {
    request.financialYearTwo = {
      year: pence.fy2Year,
      profit: money('fy2Profit') ?? undefined,
      taxRate: rate('fy2Rate') ?? undefined,
      tax: money('fy2Tax') ?? undefined,
    };
  }
  return { request, conversionErrors };
}

/** One message per field, in the words shown both beside the field and in the error summary. */
function sentence(f: FieldDef, message: string): string {
  if (/^is required/.test(message) || f.kind === 'boolean') return f.missing ?? `Enter ${f.label.toLowerCase()}`;
  // The engine names the box and its own word for it ("(box 145, turnover)"): beside a field
  // labelled in plain English the box number is enough.
  return `${f.label} ${message.replace(/\(box ([0-9A-Z]+), [^)]*\)$/, '(box $1)')}`;
}

export interface FormCheck {
  request: Record<string, unknown>;
  /** field id → message; '' holds problems no field owns. */
  errors: Map<string, string>;
  /** Whether the schema accepted the request (business-rule checks may run). */
  parses: boolean;
}

export function checkForm(form: Ct600Form): FormCheck {
  const { request, conversionErrors } = toRequest(form);
  const errors = new Map(conversionErrors);
  const parsed = ct600RequestSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = fieldPath(issue.path);
      const f = fieldOfRequestPath(path);
      const id = f?.id ?? '';
      if (errors.has(id)) continue;
      errors.set(id, f ? sentence(f, issue.message) : `${path || 'The return'} ${issue.message}`);
    }
  }
  // Box 165 is worked out, so a negative one is the losses typed in box 160 exceeding box 155: say so there.
  if (errors.has('netProfits') && !form.overrides.netProfits) {
    const { computed } = effectiveFigures(form);
    if ((computed.netProfits ?? 0) < 0) {
      errors.delete('netProfits');
      if (!errors.has('lossesBroughtForward')) {
        errors.set('lossesBroughtForward', 'Trading losses brought forward must not be more than the trading profits in box 155: only as much of the losses as the profits can be set against them (box 160)');
      }
    }
  }
  return { request, errors, parses: parsed.success && conversionErrors.size === 0 };
}
