/**
 * The CT600A supplementary page (LoansByCloseCompanies, CT-2014 v1.994) in a
 * build-ct600 request, our extension: `loansByCloseCompanies` holds the page
 * by its elements' names, figures in pounds (JSON numbers): whole pounds for
 * the amounts (CT_CTnonZeroWholePoundStructure), pounds and pence for tax and
 * relief. Box 480 (`loansToParticipators`, {currency, value} like the other
 * boxes) and box 485 (`ct600aReliefDue`) are fields of the request beside it;
 * box 95 (SupplementaryPages/CT600A) is written whenever the page is.
 * Whether the figures add up is for HMRC's rules (9401–9474), which local
 * validation runs, not for the build: a draft with a wrong total still builds.
 */
import { z } from 'zod';
import { CT_STRING_CHARS, EXCLUDED_CHARS } from './ct-string.js';
import { MAX_PENCE, penceOf, type Pence } from './money.js';
import { parseRequestDate, formatDate } from './period.js';

const EXCLUDED = new RegExp(`[${EXCLUDED_CHARS}]`);

const name = (box: string) =>
  z.string({ error: `must be text: the participator's name (box ${box})` }).superRefine((s, ctx) => {
    if (s.length < 2 || s.length > 56) ctx.addIssue({ code: 'custom', message: `must be 2–56 characters long (box ${box}, the participator's name); it has ${s.length}` });
    const bad = [...s].find((c) => EXCLUDED.test(c) || !CT_STRING_CHARS.test(c));
    if (bad) ctx.addIssue({ code: 'custom', message: `contains "${bad}", which HMRC's character set does not allow in box ${box}` });
  });

/** Pounds → pence; `whole` amounts must have no pence; `nonZero` as the schema's non-zero types. */
const pounds = (box: string, what: string, whole: boolean, nonZero = true) =>
  z.number({ error: `must be a number of pounds (box ${box}, ${what})` }).transform((v, ctx): Pence => {
    const p = Number.isFinite(v) ? penceOf(v) : undefined;
    if (p === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be pounds with at most two decimals (box ${box}, ${what}); got ${v}` });
      return z.NEVER;
    }
    if (p < 0 || p > MAX_PENCE) ctx.addIssue({ code: 'custom', message: `must be from 0 to 99999999999.99 (box ${box}, ${what}); got ${v}` });
    else if (whole && p % 100 !== 0) ctx.addIssue({ code: 'custom', message: `must be whole pounds (box ${box}, ${what}); got ${v}` });
    else if (nonZero && p === 0) ctx.addIssue({ code: 'custom', message: `must be more than 0 (box ${box}, ${what}): HMRC's schema leaves the box out instead` });
    return p;
  });

const date = (box: string) =>
  z.string({ error: `must be a date such as 2025-06-30 (box ${box})` }).transform((s, ctx) => {
    const d = parseRequestDate(s);
    if (!d.ok) {
      ctx.addIssue({ code: 'custom', message: `${d.message} (box ${box})` });
      return z.NEVER;
    }
    return formatDate(d.date);
  });

const reliefPart = (first: number) => {
  const b = (n: number) => `A${first + n}`;
  return z.strictObject(
    {
      loans: z
        .array(
          z.strictObject(
            {
              name: name(`${b(0)}A`),
              amountRepaid: pounds(`${b(0)}B`, 'amount repaid', true).optional(),
              amountReleasedOrWrittenOff: pounds(`${b(0)}C`, 'amount released or written off', true).optional(),
              date: date(`${b(0)}D`),
            },
            { error: `must be an object {name, amountRepaid?, amountReleasedOrWrittenOff?, date} (box ${b(0)})` },
          ),
        )
        .min(1, `must list at least one loan (box ${b(0)})`)
        .max(999, `may list at most 999 loans (box ${b(0)}; HMRC rules 9403 and 9418)`),
      totalAmountRepaid: pounds(b(5), 'total amount repaid', true).optional(),
      totalAmountReleasedOrWritten: pounds(b(10), 'total amount released or written off', true).optional(),
      totalLoans: pounds(b(15), 'total of the amounts repaid, released or written off', true),
      reliefDue: pounds(b(20), 'relief due', false),
    },
    { error: `must be an object {loans, totalAmountRepaid?, totalAmountReleasedOrWritten?, totalLoans, reliefDue} (boxes ${b(0)}–${b(20)})` },
  );
};

export const loansByCloseCompaniesSchema = z.strictObject(
  {
    beforeEndPeriod: z.boolean({ error: 'must be true or false (box A5: loans made in the period were repaid, released or written off before its end)' }),
    loansInformation: z
      .strictObject(
        {
          loans: z
            .array(z.strictObject({ name: name('A10A'), amountOfLoan: pounds('A10B', 'amount of loan', true) }, { error: 'must be an object {name, amountOfLoan} (box A10)' }))
            .min(1, 'must list at least one loan (box A10)')
            .max(999, 'may list at most 999 loans (box A10; HMRC rule 9400)'),
          totalLoans: pounds('A15', 'total of loans outstanding', true),
          taxChargeable: pounds('A20', 'tax chargeable on loans', false),
        },
        { error: 'must be an object {loans, totalLoans, taxChargeable} (boxes A10–A20)' },
      )
      .optional(),
    reliefEarlierThan: reliefPart(25).optional(),
    loanLaterReliefNow: reliefPart(50).optional(),
    totalLoansOutstanding: pounds('A75', 'total loans outstanding', true).optional(),
    taxPayable: pounds('A80', 'tax payable', false, false),
  },
  { error: 'must be the CT600A page {beforeEndPeriod, loansInformation?, reliefEarlierThan?, loanLaterReliefNow?, totalLoansOutstanding?, taxPayable} (boxes A5–A80)' },
);

export type Ct600aRequest = z.input<typeof loansByCloseCompaniesSchema>;
export type Ct600aReturnPage = z.output<typeof loansByCloseCompaniesSchema>;
