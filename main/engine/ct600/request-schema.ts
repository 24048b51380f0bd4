/**
 * The build-ct600 request (service-interface.md "Build-ct600 request body")
 * with our contract's decisions (ct600.md section 3) and extensions. Parsing
 * normalises it into a Ct600Return: words instead of codes, pence instead of
 * floating-point pounds, dates instead of date-times. The same schema serves
 * the engine, the HTTP server and the renderer's forms.
 */
import { z } from 'zod';
import { ACCOUNTS_ITEMS, COMPUTATIONS_ITEMS, NO_ACCOUNTS_REASONS, NO_COMPUTATIONS_REASONS, RETURN_TYPES, SENDERS, describeCodes } from './codes.js';
import { periodErrors } from './period.js';
import { loansByCloseCompaniesSchema } from './ct600a-request.js';
import { amount, companyCount, companyTypeCode, enumCode, expected, optionalAmount, requestDate, restrictedText, taxRate, yearNumber } from './request-fields.js';
import { attachedFiles } from './request-attachments.js';

/** Box 3: the company's Unique Taxpayer Reference. */
export const UTR_PATTERN = /^[0-9]{10}$/;
/** Box 2: HMRC's schema takes 2–8 upper-case letters or digits. */
export const REGISTRATION_NUMBER_PATTERN = /^[A-Z0-9]{2,8}$/;

const financialYearTwo = z.strictObject(
  {
  year: yearNumber(380).optional(),
  profit: amount(385, 'profit of the second financial year', true),
  taxRate: taxRate(390),
  tax: amount(395, 'tax of the second financial year', false).optional(),
  },
  { error: expected('an object {year?, profit, taxRate, tax?} (boxes 380–395)') },
);

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
    attachedFiles: attachedFiles.nullish(),
  }, { error: expected('a build-ct600 request object') });

export type Ct600RequestInput = z.input<typeof ct600RequestSchema>;
export type Ct600Request = z.output<typeof ct600RequestSchema>;
