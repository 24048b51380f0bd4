/**
 * HMRC's rule 9200 at the rate box itself, as soon as the box is left. The
 * engine's business rules run only on a return the schema accepts (every
 * required box given, the declaration too), which is too late for a rate
 * typed now; so the window says the same rule in the same words
 * (rateNotAllowed, which the engine's rule uses) beside box 340 or 390.
 */
import type { ValidationMessage } from '../../../../preload/contract.js';
import { rateNotAllowed } from '../../../../main/engine/validation/rules/financial-year.js';
import { formatRate } from '../../../../main/engine/validation/rules/money.js';
import { FIELD_BY_ID } from '../../../../common/ct600/fields.js';
import { claimsSmallProfitsRate, effectiveFigures, isVisible, parseRate, type Ct600Form } from './form.js';

/** Each rate box, the box of its financial year, and HMRC's number for the rule there (9209 for the second year). */
const RATE_BOXES = [
  { id: 'fy1Rate', year: 'financialYear', code: '9200' },
  { id: 'fy2Rate', year: 'fy2Year', code: '9209' },
] as const;

/** The rate typed in a box as hundredths of a percent ("21" → 2100n), or undefined when it is not a rate of at most two decimals. */
function hundredthsOf(text: string): bigint | undefined {
  const parsed = parseRate(text);
  if (!parsed.ok || parsed.value === undefined) return undefined;
  const hundredths = Math.round(parsed.value * 100);
  return Math.abs(hundredths - parsed.value * 100) < 1e-6 ? BigInt(hundredths) : undefined;
}

/**
 * Rule 9200's findings on the rate boxes the user has left (`shown`), keyed
 * by field id, as the engine would give them: category error, the box, what
 * was expected and found.
 */
export function rateRuleAsLeft(form: Ct600Form, shown: (fieldId: string) => boolean): Map<string, ValidationMessage[]> {
  const out = new Map<string, ValidationMessage[]>();
  const { pence } = effectiveFigures(form);
  const claimed = claimsSmallProfitsRate(form);
  for (const r of RATE_BOXES) {
    const f = FIELD_BY_ID.get(r.id);
    if (!f || !isVisible(form, f) || !shown(r.id)) continue;
    const year = pence[r.year];
    const rate = hundredthsOf(form.values[r.id] ?? '');
    if (year === undefined || rate === undefined) continue;
    const refused = rateNotAllowed(year, claimed, rate);
    if (!refused) continue;
    out.set(r.id, [
      {
        category: 'error',
        type: 'business-rule',
        code: r.code,
        message: `Rule ${r.code}: ${refused.words}`,
        attributes: [
          { name: 'box', value: f.box ?? '' },
          { name: 'expected', value: refused.expected },
          { name: 'found', value: refused.found },
        ],
      },
    ]);
  }
  return out;
}

/**
 * The engine's findings by field with the window's own joined in. For a rate
 * box the window's verdict on the rate as it is now wins: the engine's last
 * run (made only when the whole return parsed) may be about a rate since
 * changed, and would otherwise stay beside the box until the return parses again.
 */
export function withRateRuleAsLeft(engine: Map<string, ValidationMessage[]>, form: Ct600Form, asLeft: Map<string, ValidationMessage[]>): Map<string, ValidationMessage[]> {
  const merged = new Map(engine);
  for (const r of RATE_BOXES) {
    const rate = hundredthsOf(form.values[r.id] ?? '');
    const now = rate === undefined ? undefined : formatRate(rate);
    const found = (m: ValidationMessage) => m.attributes.find((a) => a.name === 'found')?.value;
    // The rule's refusal of another rate than the one in the box is stale (its warnings on the small profits limits are not about the rate typed).
    const stale = (m: ValidationMessage) => m.code === r.code && m.category === 'error' && now !== undefined && found(m) !== undefined && found(m) !== now;
    const current = (merged.get(r.id) ?? []).filter((m) => !stale(m));
    const own = (asLeft.get(r.id) ?? []).filter((m) => !current.some((k) => k.code === m.code && k.category === m.category));
    const list = [...current, ...own];
    if (list.length) merged.set(r.id, list);
    else merged.delete(r.id);
  }
  return merged;
}
