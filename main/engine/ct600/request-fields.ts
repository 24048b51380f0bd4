/**
 * The kinds of field a build-ct600 request is made of, each HMRC's simple type
 * (CT_CTstringType, a monetary amount, a date, a rate, a code) read with its
 * own error in words naming the box. The request's shape is request-schema.ts's.
 */
import { z } from 'zod';
import { COMPANY_TYPES, CURRENCIES, describeCodes } from './codes.js';
import { CT_STRING_CHARS, CT_STRING_CLASS, EXCLUDED_CHARS } from './ct-string.js';
import { oneOrManyInputs } from '../json-schema-hints.js';
import { MAX_PENCE, formatPence, penceOf, type Pence } from './money.js';
import { parseRequestDate, type CalendarDate } from './period.js';

/** CTexcludedCharsStringType additionally forbids these. */
const EXCLUDED = new RegExp(`[${EXCLUDED_CHARS}]`);

/** A type error message that says "is required" when the field is missing altogether. */
export function expected(what: string) {
  return (issue: { input?: unknown }) => {
    if (issue.input === undefined) return `is required: ${what}`;
    if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) return `must be a finite number, not ${issue.input}: ${what}`;
    return `must be ${what}`;
  };
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** The codes and words JSON Schema lists for an enumerated field (`accepted` narrows them to what the engine keeps). */
const codesAndWords = (words: readonly string[], accepted = words) => ({
  enum: [...accepted.map((w) => words.indexOf(w)), ...accepted],
});

export function enumCode<const W extends readonly string[]>(words: W, what: string, accepted: readonly W[number][] = words) {
  return z.union([z.number(), z.string()], { error: expected(`${withArticle(what)} code (${describeCodes(words)}) or one of those words`) }).transform((input, ctx): W[number] => {
    if (typeof input === 'number' && Number.isInteger(input) && input >= 0 && input < words.length) return words[input]!;
    if (typeof input === 'string' && (words as readonly string[]).includes(input)) return input as W[number];
    ctx.addIssue({ code: 'custom', message: `${JSON.stringify(input)} is not a known ${what}; use ${describeCodes(words)}` });
    return z.NEVER;
  }).meta(codesAndWords(words, accepted));
}

export function restrictedText(min: number, max: number, what: string) {
  return z
    .string({ error: expected(`text (${what})`) })
    .superRefine((s, ctx) => {
      if (s.length < min || s.length > max) {
        ctx.addIssue({ code: 'custom', message: `must be ${min}–${max} characters long (${what}); it has ${s.length}` });
      } else if (s.trim() === '') {
        ctx.addIssue({ code: 'custom', message: `must not be blank (${what})` });
      }
      const excluded = s.match(EXCLUDED);
      if (excluded) ctx.addIssue({ code: 'custom', message: `must not contain "${excluded[0]}": HMRC does not accept £ $ # ~ € in ${what}` });
      else if (!CT_STRING_CHARS.test(s)) {
        const bad = [...s].find((c) => !CT_STRING_CHARS.test(c));
        ctx.addIssue({
          code: 'custom',
          message: `contains "${bad}", which HMRC's character set does not allow in ${what} (letters, digits, space and , . ( ) / & ' - " ! % * _ + : @ < > ? = ; only)`,
        });
      }
    })
    .meta({ minLength: min, maxLength: max, pattern: `^(?=.*[^ ])${CT_STRING_CLASS}*$` });
}

export interface Amount {
  box: number;
  pence: Pence;
}

/** A monetary amount {currency, value}: GBP only, two decimals at most, never negative. */
export function amount(box: number, label: string, wholePounds: boolean) {
  return z
    .strictObject(
      {
        currency: enumCode(CURRENCIES, 'currency', ['GBP']).optional(),
        // Two decimals for pence boxes is left to the engine: multipleOf 0.01 misfires in binary floating point.
        value: z
          .number({ error: expected(`a number (box ${box}, ${label})`) })
          .meta({ minimum: 0, maximum: MAX_PENCE / 100, ...(wholePounds ? { multipleOf: 1 } : {}) }),
      },
      { error: expected(`a monetary amount {currency, value} (box ${box}, ${label})`) },
    )
    .transform((v, ctx): Amount => {
      if (v.currency !== undefined && v.currency !== 'GBP') {
        ctx.addIssue({ code: 'custom', path: ['currency'], message: `must be GBP (code 1): CT600 returns are in sterling (box ${box})` });
      }
      if (!Number.isFinite(v.value)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `must be a finite number (box ${box}, ${label})` });
        return z.NEVER;
      }
      // Range first: 1e21 has no decimals to speak of, it is simply too large.
      if (v.value < 0) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `must not be negative (box ${box}, ${label})` });
        return z.NEVER;
      }
      if (v.value > MAX_PENCE / 100) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `must be at most 99999999999.99 (box ${box}, ${label})` });
        return z.NEVER;
      }
      const pence = penceOf(v.value);
      if (pence === undefined) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `must have at most 2 decimal places (box ${box}, ${label}); got ${v.value}` });
        return z.NEVER;
      }
      if (wholePounds && pence % 100 !== 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `must be whole pounds (box ${box}, ${label}): ${formatPence(pence)} has pence`,
        });
      }
      return { box, pence };
    });
}

export const requestDate = z
  .string({ error: expected('an ISO 8601 date-time string such as 2024-04-01T00:00:00') })
  .meta({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T00(:00(:00(\\.0{1,7})?)?)?)?$' })
  .transform((s, ctx): CalendarDate => {
    const parsed = parseRequestDate(s);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.date;
  });

/** A tax rate in percent with at most two decimals, as hundredths (19.00 → 1900). */
export const taxRate = (box: number) =>
  z.number({ error: expected(`a number, the tax rate in percent (box ${box})`) }).meta({ minimum: 0, maximum: 100 }).transform((rate, ctx) => {
    const hundredths = penceOf(rate);
    if (hundredths === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be a finite number with at most 2 decimal places (box ${box}); got ${rate}` });
      return z.NEVER;
    }
    if (hundredths < 0 || hundredths > 10_000) {
      ctx.addIssue({ code: 'custom', message: `must be a percentage from 0 to 100 (box ${box}); got ${rate}` });
      return z.NEVER;
    }
    return hundredths;
  });

/** Box 4 holds the code itself (0–11; 11 from schema v1.994 on). */
export const companyTypeCode = z
  .union([z.number(), z.string()], { error: expected(`a company type code 0–${COMPANY_TYPES.length - 1} (box 4)`) })
  .transform((input, ctx) => {
    const code = typeof input === 'string' && /^[0-9]{1,2}$/.test(input) ? Number(input) : input;
    if (typeof code === 'number' && Number.isInteger(code) && code >= 0 && code < COMPANY_TYPES.length) return code;
    ctx.addIssue({
      code: 'custom',
      message: `${JSON.stringify(input)} is not a company type (box 4); use ${COMPANY_TYPES.map((w, i) => `${i} ${w}`).join(', ')}`,
    });
    return z.NEVER;
  })
  .meta({
    anyOf: [
      { type: 'integer', minimum: 0, maximum: COMPANY_TYPES.length - 1 },
      { type: 'string', pattern: `^(${COMPANY_TYPES.map((_, i) => (i < 10 ? `0?${i}` : String(i))).join('|')})$` },
    ],
  });

/**
 * One object or an array of them. Chosen by shape rather than z.union so the
 * errors point into the object the caller actually sent.
 */
export function oneOrMany<S extends z.ZodType>(item: S, what: string) {
  const many = z.array(item);
  const input = z.unknown();
  oneOrManyInputs.set(input, item);
  return input.transform((value, ctx): z.output<S>[] => {
    if (value === null || typeof value !== 'object') {
      ctx.addIssue({ code: 'custom', message: `must be ${what}` });
      return z.NEVER;
    }
    const parsed = Array.isArray(value) ? many.safeParse(value) : item.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as never);
      return z.NEVER;
    }
    return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  });
}

export const yearNumber = (box: number) =>
  z.number({ error: expected(`a whole year number such as 2024 (box ${box})`) }).int(`must be a whole year number such as 2024 (box ${box})`);

/** A count of companies (boxes 326–328): xsd:nonNegativeInteger, kept to what JavaScript holds exactly. */
export const companyCount = (box: number, what: string) =>
  z
    .number({ error: expected(`a whole number of companies, 0 or more (box ${box}, ${what})`) })
    .int(`must be a whole number of companies, 0 or more (box ${box}, ${what})`)
    .min(0, `must not be negative (box ${box}, ${what})`)
    .max(Number.MAX_SAFE_INTEGER, `is too large to be a number of companies (box ${box}, ${what})`);

export const optionalAmount = (box: number, label: string, wholePounds: boolean) => amount(box, label, wholePounds).nullish();
