/**
 * The build-ct600 request (service-interface.md "Build-ct600 request body")
 * with our contract's decisions (ct600.md section 3) and extensions. Parsing
 * normalises it into a Ct600Return: words instead of codes, pence instead of
 * floating-point pounds, dates instead of date-times. The same schema serves
 * the engine, the HTTP server and the renderer's forms.
 */
import { z } from 'zod';
import {
  ACCOUNTS_ITEMS,
  ATTACHMENT_ITEMS,
  COMPANY_TYPES,
  COMPUTATIONS_ITEMS,
  CURRENCIES,
  NO_ACCOUNTS_REASONS,
  NO_COMPUTATIONS_REASONS,
  RETURN_TYPES,
  SENDERS,
  describeCodes,
} from './codes.js';
import { CT_STRING_CHARS, CT_STRING_CLASS, EXCLUDED_CHARS } from './ct-string.js';
import { roundTripsNatively } from '../base64.js';
import { oneOrManyInputs } from '../json-schema-hints.js';
import { MAX_PENCE, formatPence, penceOf, type Pence } from './money.js';
import { parseRequestDate, periodErrors, type CalendarDate } from './period.js';
import { loansByCloseCompaniesSchema } from './ct600a-request.js';

/** CTexcludedCharsStringType additionally forbids these. */
const EXCLUDED = new RegExp(`[${EXCLUDED_CHARS}]`);
/** CTfilenameType: CT_CTstringType without / : * " < >. */
const FILENAME_CHARS = /^[A-Za-z0-9 ,.()&'\-!%_+@?=;]+$/;

/** Box 3: the company's Unique Taxpayer Reference. */
export const UTR_PATTERN = /^[0-9]{10}$/;
/** Box 2: HMRC's schema takes 2–8 upper-case letters or digits. */
export const REGISTRATION_NUMBER_PATTERN = /^[A-Z0-9]{2,8}$/;

/** Attachments travel inside the message, which HMRC caps at 25 MB; we count 25 MiB of base64. */
export const MAX_ATTACHMENTS_BASE64_BYTES = 25 * 1024 * 1024;

/** A type error message that says "is required" when the field is missing altogether. */
function expected(what: string) {
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

function enumCode<const W extends readonly string[]>(words: W, what: string, accepted: readonly W[number][] = words) {
  return z.union([z.number(), z.string()], { error: expected(`${withArticle(what)} code (${describeCodes(words)}) or one of those words`) }).transform((input, ctx): W[number] => {
    if (typeof input === 'number' && Number.isInteger(input) && input >= 0 && input < words.length) return words[input]!;
    if (typeof input === 'string' && (words as readonly string[]).includes(input)) return input as W[number];
    ctx.addIssue({ code: 'custom', message: `${JSON.stringify(input)} is not a known ${what}; use ${describeCodes(words)}` });
    return z.NEVER;
  }).meta(codesAndWords(words, accepted));
}

function restrictedText(min: number, max: number, what: string) {
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
function amount(box: number, label: string, wholePounds: boolean) {
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

const requestDate = z
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
const taxRate = (box: number) =>
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
const companyTypeCode = z
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

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const attachedFile = z
  .strictObject({
    filename: z.string({ error: expected('the file name of the attached document') }).superRefine((name, ctx) => {
      if (name.length < 1 || name.length > 255) ctx.addIssue({ code: 'custom', message: 'must be 1–255 characters long' });
      else if (!FILENAME_CHARS.test(name)) {
        ctx.addIssue({
          code: 'custom',
          message: "contains a character HMRC does not allow in attachment file names (letters, digits, space and , . ( ) & ' - ! % _ + @ ? = ; only)",
        });
      }
    }).meta({ minLength: 1, maxLength: 255, pattern: FILENAME_CHARS.source }),
    value: z
      .string({ error: expected('the document as base64 text') })
      .meta({ pattern: '^[\\r\\n\\t ]*[A-Za-z0-9+/][A-Za-z0-9+/\\r\\n\\t ]*(=[\\r\\n\\t ]*){0,2}$' })
      .transform((text, ctx) => {
      // What the native encoder gives back unchanged is compact, strict and canonical
      // base64 already: no copy and no scan of a multi-megabyte text.
      if (text.length > 0 && typeof Buffer !== 'undefined' && roundTripsNatively(text)) return text;
      // Line breaks are tolerated on input (PEM-style tools add them); the document never has them.
      const compact = text.replace(/[\r\n\t ]/g, '');
      if (compact.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'is empty: attach the inline XBRL document as base64' });
        return z.NEVER;
      }
      if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
        ctx.addIssue({ code: 'custom', message: 'is not valid base64 (characters A–Z a–z 0–9 + / with = padding, length a multiple of 4)' });
        return z.NEVER;
      }
      // xs:base64Binary also wants the unused bits before the padding to be zero
      // ("AB==" is not canonical); lenient decoders hide that, HMRC's schema does not.
      if (Buffer.from(compact, 'base64').toString('base64') !== compact) {
        ctx.addIssue({ code: 'custom', message: 'is not canonical base64: the last character before the "=" padding carries bits that must be zero' });
        return z.NEVER;
      }
      return compact;
    }),
    itemsElementName: enumCode(ATTACHMENT_ITEMS, 'attachment kind'),
  }, { error: expected('an attached file {filename, value, itemsElementName}') })
  .transform((f) => ({ filename: f.filename, base64: f.value, kind: f.itemsElementName }));

/**
 * One object or an array of them. Chosen by shape rather than z.union so the
 * errors point into the object the caller actually sent.
 */
function oneOrMany<S extends z.ZodType>(item: S, what: string) {
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

const yearNumber = (box: number) =>
  z.number({ error: expected(`a whole year number such as 2024 (box ${box})`) }).int(`must be a whole year number such as 2024 (box ${box})`);

const financialYearTwo = z.strictObject(
  {
  year: yearNumber(380).optional(),
  profit: amount(385, 'profit of the second financial year', true),
  taxRate: taxRate(390),
  tax: amount(395, 'tax of the second financial year', false).optional(),
  },
  { error: expected('an object {year?, profit, taxRate, tax?} (boxes 380–395)') },
);

/** A count of companies (boxes 326–328): xsd:nonNegativeInteger, kept to what JavaScript holds exactly. */
const companyCount = (box: number, what: string) =>
  z
    .number({ error: expected(`a whole number of companies, 0 or more (box ${box}, ${what})`) })
    .int(`must be a whole number of companies, 0 or more (box ${box}, ${what})`)
    .min(0, `must not be negative (box ${box}, ${what})`)
    .max(Number.MAX_SAFE_INTEGER, `is too large to be a number of companies (box ${box}, ${what})`);

/**
 * Boxes 326–329, HMRC's AssociatedCompanies group (our extension, as
 * registrationNumber is). The rules that span them and other fields (a
 * straddling period for 327/328, a count beside the claim, periods ending
 * from 1 April 2023) are the return model's.
 */
const associatedCompanies = z.strictObject(
  {
    thisPeriod: companyCount(326, 'associated companies in this period').nullish(),
    firstYear: companyCount(327, 'associated companies in the first financial year').nullish(),
    secondYear: companyCount(328, 'associated companies in the second financial year').nullish(),
    startingOrSmallCompaniesRate: z
      .boolean({ error: expected('true or false (box 329, claiming the small profits rate or marginal relief)') })
      .nullish(),
  },
  { error: expected('an object {thisPeriod?, firstYear?, secondYear?, startingOrSmallCompaniesRate?} (boxes 326–329)') },
);

const optionalAmount = (box: number, label: string, wholePounds: boolean) => amount(box, label, wholePounds).nullish();

/**
 * Boxes 690–734: the capital allowances and balancing charges set against the
 * trade (AllowancesAndCharges, in the schema's ChargeAndAllowance pairs), as
 * a computation gives them.
 */
const allowancesAndCharges = z
  .strictObject(
    {
      fullExpensingAllowances: optionalAmount(733, 'full expensing: allowances', true),
      fullExpensingBalancingCharges: optionalAmount(734, 'full expensing: balancing charges', true),
      annualInvestmentAllowance: optionalAmount(690, 'annual investment allowance', true),
      superDeductionAllowances: optionalAmount(691, 'super-deduction: allowances', true),
      superDeductionBalancingCharges: optionalAmount(692, 'super-deduction: balancing charges', true),
      specialRateAllowanceAllowances: optionalAmount(693, 'special rate allowance (50% first-year allowance)', true),
      specialRateAllowanceBalancingCharges: optionalAmount(694, 'special rate allowance: balancing charges', true),
      specialRatePoolAllowances: optionalAmount(695, 'machinery and plant, special rate pool: allowances', true),
      specialRatePoolBalancingCharges: optionalAmount(700, 'machinery and plant, special rate pool: balancing charges', true),
      mainPoolAllowances: optionalAmount(705, 'machinery and plant, main pool: allowances', true),
      mainPoolBalancingCharges: optionalAmount(710, 'machinery and plant, main pool: balancing charges', true),
      zeroEmissionsCarsAllowances: optionalAmount(726, 'zero-emission cars: allowances', true),
      zeroEmissionsCarsBalancingCharges: optionalAmount(727, 'zero-emission cars: balancing charges', true),
      otherAllowances: optionalAmount(725, 'other allowances', true),
      otherBalancingCharges: optionalAmount(730, 'other balancing charges', true),
    },
    { error: expected('an object of capital allowances and balancing charges (boxes 690–734)') },
  )
  .nullish();

/** Boxes 760–775: the expenditure the allowances were claimed on. */
const qualifyingExpenditure = z
  .strictObject(
    {
      machineryAndPlantExpenditure: optionalAmount(760, 'machinery and plant on which first-year allowance is claimed', true),
      machineryAndPlantSuperDeduction: optionalAmount(772, 'machinery and plant on which super-deduction is claimed', true),
      machineryAndPlantSpecialRateAllowance: optionalAmount(773, 'machinery and plant on which special rate allowance is claimed', true),
      otherMachineryAndPlant: optionalAmount(775, 'other machinery and plant', true),
    },
    { error: expected('an object of qualifying expenditure (boxes 760–775)') },
  )
  .nullish();

export const ct600RequestSchema = z
  .strictObject({
    companyName: restrictedText(2, 56, 'the company name, box 1'),
    registrationNumber: z
      .string({ error: expected('text (box 2, company registration number)') })
      .regex(REGISTRATION_NUMBER_PATTERN, 'must be 2–8 upper-case letters or digits (box 2, company registration number)')
      .nullish(),
    reference: z.string({ error: expected('the company UTR as text (box 3)') }).regex(UTR_PATTERN, 'must be the 10-digit UTR (box 3)'),
    utrValue: z.string({ error: expected('the company UTR as text') }).regex(UTR_PATTERN, 'must be the 10-digit UTR').nullish(),
    companyType: companyTypeCode,
    periodCovered: z
      .strictObject({ from: requestDate, to: requestDate }, { error: expected('an object {from, to} (boxes 30 and 35)') })
      .superRefine(({ from, to }, ctx) => {
        for (const e of periodErrors(from, to)) ctx.addIssue({ code: 'custom', path: [e.field], message: e.message });
      }),
    returnType: enumCode(RETURN_TYPES, 'return type'),
    sender: enumCode(SENDERS, 'sender'),
    accounts: z.strictObject(
      {
        itemElementName: enumCode(ACCOUNTS_ITEMS, 'accounts choice (box 80A/85A/90A)'),
        noAccountsReason: enumCode(NO_ACCOUNTS_REASONS, 'reason for no accounts (box 90A)').nullish(),
      },
      { error: expected('an object {itemElementName, noAccountsReason} (boxes 80A–90A)') },
    ).superRefine((a, ctx) => {
      if (a.itemElementName === 'NoAccountsReason' && a.noAccountsReason == null) {
        ctx.addIssue({ code: 'custom', path: ['noAccountsReason'], message: `is required when itemElementName is NoAccountsReason (box 90A); use ${describeCodes(NO_ACCOUNTS_REASONS)}` });
      }
    }),
    computations: z.strictObject(
      {
        itemElementName: enumCode(COMPUTATIONS_ITEMS, 'computations choice (box 80B/85B/90B)'),
        nocomputationsReason: enumCode(NO_COMPUTATIONS_REASONS, 'reason for no computations (box 90B)').nullish(),
      },
      { error: expected('an object {itemElementName, nocomputationsReason} (boxes 80B–90B)') },
    ).superRefine((c, ctx) => {
      if (c.itemElementName === 'NoComputationsReason' && c.nocomputationsReason == null) {
        ctx.addIssue({
          code: 'custom',
          path: ['nocomputationsReason'],
          message: `is required when itemElementName is NoComputationsReason (box 90B); use ${describeCodes(NO_COMPUTATIONS_REASONS)}`,
        });
      }
    }),
    total: optionalAmount(145, 'turnover', true),
    tradingProfits: optionalAmount(155, 'trading profits', true),
    lossesBroughtForward: optionalAmount(160, 'trading losses brought forward', true),
    netProfits: optionalAmount(165, 'net trading profits', true),
    nonTradingLoanProfitsAndGains: optionalAmount(170, 'non-trading loan relationship profits', true),
    propertyBusinessIncome: optionalAmount(190, 'income from a UK property business', true),
    grossChargeableGains: optionalAmount(210, 'gross chargeable gains', true),
    allowableLosses: optionalAmount(215, 'allowable losses including losses brought forward', true),
    netChargeableGains: optionalAmount(220, 'net chargeable gains', true),
    profitsBeforeOtherDeductions: optionalAmount(235, 'profits before other deductions and reliefs', true),
    ukPropertyBusinessLosses: optionalAmount(250, 'UK property business losses for this or previous accounting period', true),
    tradingLosses: optionalAmount(275, 'trading losses set against total profits', true),
    tradingLossesCarriedBack: z.boolean({ error: expected('true or false (box 280: amounts carried back from later periods are included in box 275)') }).nullish(),
    tradingLossesCarriedForward: optionalAmount(285, 'trading losses carried forward and claimed against total profits', true),
    totalDeductionsAndReliefs: optionalAmount(295, 'total of deductions and reliefs', true),
    profitsBeforeDonationsAndGroupRelief: optionalAmount(300, 'profits before qualifying donations and group relief', true),
    qualifyingDonations: optionalAmount(305, 'qualifying donations', true),
    chargeableProfits: amount(315, 'chargeable profits', true),
    associatedCompanies: associatedCompanies.nullish(),
    financialYear: yearNumber(330).nullish(),
    financialYearProfit: optionalAmount(335, 'profit of the first financial year', true),
    financialYearTaxRate: taxRate(340).nullish(),
    financialYearTax: optionalAmount(345, 'tax of the first financial year', false),
    financialYearTwo: financialYearTwo.nullish(),
    corporationTax: optionalAmount(430, 'corporation tax', false),
    marginalReliefForRingFenceTrades: optionalAmount(435, 'marginal relief for ring fence trades', false),
    netCorporationTaxChargeable: amount(440, 'net corporation tax chargeable', false),
    communityInvestmentRelief: optionalAmount(445, 'community investment relief', false),
    doubleTaxationRelief: optionalAmount(450, 'double taxation relief', false),
    advancedCorporationTax: optionalAmount(465, 'advance corporation tax', false),
    totalReliefsAndDeductions: optionalAmount(470, 'total reliefs and deductions', false),
    netCorporationTaxLiability: optionalAmount(475, 'net corporation tax liability', false),
    taxChargeable: optionalAmount(510, 'tax chargeable', false),
    taxPayable: amount(525, 'tax payable', false),
    /** Box 620, IndicatorsAndInformation/FrankedInvestmentIncome: exempt ABGH distributions, in augmented profits (CTA 2010 s18L). */
    frankedInvestmentIncome: optionalAmount(620, 'franked investment income/exempt ABGH distributions', true),
    allowancesAndCharges,
    qualifyingExpenditure,
    tradingLossesArising: optionalAmount(780, 'losses of trades carried on wholly or partly in the UK: arising', true),
    // Boxes 480 and 485, and the CT600A page itself (our extension; ct600a-request.ts).
    loansToParticipators: optionalAmount(480, 'tax payable on loans to participators, box A80 of the CT600A', false),
    ct600aReliefDue: z.boolean({ error: expected('true or false (box 485, relief due now for loans repaid later: CT600A Part 3)') }).nullish(),
    loansByCloseCompanies: loansByCloseCompaniesSchema.nullish(),
    ukPropertyBusinessLossesArising: optionalAmount(805, 'UK property business losses: arising', true),
    capitalLossesArising: optionalAmount(825, 'capital losses arising', true),
    declaration: z.strictObject(
      {
      acceptDeclaration: z
        .boolean({ error: expected('true or false (box 975)') })
        .refine((accepted) => accepted, 'must be true: a return can only be filed once the declaration (box 975) is accepted')
        .meta({ const: true }),
      name: restrictedText(2, 56, "the declarant's name, box 975"),
      status: restrictedText(2, 56, "the declarant's status, box 985"),
      },
      { error: expected('an object {acceptDeclaration, name, status} (boxes 975–985)') },
    ),
    attachedFiles: oneOrMany(attachedFile, 'an attached file {filename, value, itemsElementName} or an array of them')
      .superRefine((files, ctx) => {
        const totalBase64 = files.reduce((n, f) => n + f.base64.length, 0);
        if (totalBase64 > MAX_ATTACHMENTS_BASE64_BYTES) {
          ctx.addIssue({
            code: 'custom',
            message: `are ${(totalBase64 / 1048576).toFixed(1)} MiB of base64 in total; HMRC accepts at most 25 MiB of attachments per return`,
          });
        }
      })
      .nullish(),
  }, { error: expected('a build-ct600 request object') });

export type Ct600RequestInput = z.input<typeof ct600RequestSchema>;
export type Ct600Request = z.output<typeof ct600RequestSchema>;
