/**
 * Generated build-ct600 requests and header options: the returns the CT600
 * property tests build. The generator reaches the edges: amounts up to the
 * schema's maximum, derived boxes given (computed here, independently of the
 * engine) or left out, periods of up to a leap year's 366 days, straddling
 * periods with both years' tax lines, associated companies and the small
 * profits claim (boxes 326–329) where HMRC's rules let a return carry them,
 * names with every character HMRC's set allows (& < > " ' among them),
 * attachments, and varied GovTalk header settings.
 */
import fc from 'fast-check';
import type { Ct600BuildOptions, Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { gbp } from '../../fixtures/ct600-requests.js';

const CT_CHARS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ,.()/&'-\"!%*_+:@<>?=;"];
const FILE_CHARS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ,.()&'-!%_+@?=;"];

const text = (chars: string[], min: number, max: number) =>
  fc
    .array(fc.constantFrom(...chars), { minLength: min, maxLength: max })
    .map((cs) => cs.join(''))
    .filter((s) => s.trim() !== '');

const MAX_POUNDS = 99_999_999_999;
/** Half the maximum, so that sums of two boxes (155 = 165 + 160, 430 = 345 + 395) stay within it. */
const halfMaxPounds = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: Math.floor(MAX_POUNDS / 2) }));
const anyPounds = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: MAX_POUNDS }));
const anyPence = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: MAX_POUNDS * 100 + 99 }));
const rateHundredths = fc.oneof(fc.constantFrom(1900, 2000, 2500, 1950, 2650), fc.integer({ min: 0, max: 10_000 }));

const companies = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));

const DAY = 86_400_000;
const FIRST = Date.UTC(2015, 3, 1);
const LAST = Date.UTC(2030, 11, 31);
const iso = (t: number) => `${new Date(t).toISOString().slice(0, 10)}T00:00:00`;
const financialYear = (t: number) => {
  const d = new Date(t);
  return d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
};
/** A period ends before the first anniversary of its start (29 Feb's being 1 Mar). */
const withinTwelveMonths = (from: number, to: number) => {
  const d = new Date(from);
  return to < Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), d.getUTCDate());
};

const period = fc
  .record({ start: fc.integer({ min: 0, max: (LAST - FIRST) / DAY }), length: fc.integer({ min: 0, max: 365 }) })
  .map(({ start, length }) => ({ from: FIRST + start * DAY, to: FIRST + (start + length) * DAY }))
  .filter(({ from, to }) => withinTwelveMonths(from, to));

const attachment = fc.record({
  filename: text(FILE_CHARS, 1, 40).map((n) => `${n}.xhtml`),
  value: fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b).toString('base64')),
  itemsElementName: fc.constantFrom(0, 1),
});

/** Box 345/395 as HMRC defines it: profit × rate / 100, half-up to the penny (BigInt, no floating point). */
const taxPence = (profitPounds: number, hundredths: number) => (BigInt(profitPounds) * BigInt(hundredths) + 50n) / 100n;
const poundsOfPence = (p: bigint | number) => Number(p) / 100;

export const options: fc.Arbitrary<Ct600BuildOptions> = fc.record(
  {
    vendorId: fc.stringMatching(/^[0-9]{4}$/),
    productVersion: fc.stringMatching(/^[0-9]{1,2}\.[0-9]{1,2}\.[0-9]{1,3}$/),
    gatewayTest: fc.boolean(),
    testInLive: fc.boolean(),
    transactionId: fc.stringMatching(/^[0-9A-F]{1,32}$/),
  },
  { requiredKeys: [] },
);

export const request: fc.Arbitrary<Ct600RequestInput> = fc
  .record({
    companyName: text(CT_CHARS, 2, 56),
    registrationNumber: fc.option(text([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'], 2, 8), { nil: undefined }),
    utr: fc.stringMatching(/^[0-9]{10}$/),
    companyType: fc.integer({ min: 0, max: 10 }),
    period,
    returnType: fc.constantFrom<0 | 1 | 'new' | 'amended'>(0, 1, 'new', 'amended'),
    sender: fc.integer({ min: 0, max: 9 }),
    accountsItem: fc.integer({ min: 0, max: 2 }),
    noAccountsReason: fc.integer({ min: 0, max: 6 }),
    computationsItem: fc.integer({ min: 0, max: 2 }),
    noComputationsReason: fc.integer({ min: 0, max: 5 }),
    turnover: fc.option(anyPounds, { nil: undefined }),
    netProfits: fc.option(halfMaxPounds, { nil: undefined }),
    losses: fc.option(halfMaxPounds, { nil: undefined }),
    chargeable: anyPounds,
    fy1: fc.option(fc.record({ profit: halfMaxPounds, rate: rateHundredths, giveTax: fc.boolean() }), { nil: undefined }),
    fy2: fc.option(fc.record({ profit: halfMaxPounds, rate: rateHundredths, giveTax: fc.boolean(), giveYear: fc.boolean() }), { nil: undefined }),
    giveDerived: fc.record({ box155: fc.boolean(), box330: fc.boolean(), box430: fc.boolean(), box475: fc.boolean() }),
    netPence: anyPence,
    reliefsShares: fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
    givenReliefParts: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
    giveTotalReliefs: fc.boolean(),
    taxPayablePence: anyPence,
    declarant: text(CT_CHARS, 2, 56),
    status: text(CT_CHARS, 2, 56),
    attachments: fc.array(attachment, { maxLength: 3 }),
    associated: fc.option(
      fc.record({ counts: fc.tuple(companies, companies), byYear: fc.boolean(), claim: fc.boolean() }),
      { nil: undefined },
    ),
  })
  .map((g) => {
    const firstYear = financialYear(g.period.from);
    const straddles = financialYear(g.period.to) > firstYear;
    // Boxes 445, 450, 465 share at most all of box 440 between them, so 475 = 440 − 470 ≥ 0.
    const weights = g.reliefsShares.map((w, i) => (g.givenReliefParts[i] ? w : 0));
    const weightSum = weights.reduce((a, b) => a + b, 0) || 1;
    const reliefPartsPence = weights.map((w) => Math.floor((g.netPence * w) / Math.max(weightSum, 1)));
    const reliefsPence = reliefPartsPence.reduce((a, b) => a + b, 0);
    const anyReliefPart = g.givenReliefParts.some(Boolean);
    const fy1Tax = g.fy1 && taxPence(g.fy1.profit, g.fy1.rate);
    const fy2 = g.fy1 && g.fy2 && straddles ? g.fy2 : undefined;
    const fy2Tax = fy2 && taxPence(fy2.profit, fy2.rate);
    // Boxes 326–329: periods ending from 1 April 2023, beside a tax calculation; 327/328 only when straddling; no claim for types 1, 2, 3, 9, 10.
    const a = g.associated && g.fy1 && iso(g.period.to) >= '2023-04-01' ? g.associated : undefined;
    const claim = !!a?.claim && ![1, 2, 3, 9, 10].includes(g.companyType);
    const associatedCompanies =
      a && (a.byYear && straddles ? { firstYear: a.counts[0], secondYear: a.counts[1], startingOrSmallCompaniesRate: claim } : { thisPeriod: a.counts[0], startingOrSmallCompaniesRate: claim });
    const r: Ct600RequestInput = {
      companyName: g.companyName,
      registrationNumber: g.registrationNumber,
      reference: g.utr,
      utrValue: g.utr,
      companyType: g.companyType,
      periodCovered: { from: iso(g.period.from), to: iso(g.period.to) },
      returnType: g.returnType,
      sender: g.sender,
      accounts: { itemElementName: g.accountsItem, noAccountsReason: g.noAccountsReason },
      computations: { itemElementName: g.computationsItem, nocomputationsReason: g.noComputationsReason },
      total: g.turnover === undefined ? undefined : gbp(g.turnover),
      netProfits: g.netProfits === undefined ? undefined : gbp(g.netProfits),
      lossesBroughtForward: g.losses === undefined ? undefined : gbp(g.losses),
      tradingProfits: g.giveDerived.box155 && g.netProfits !== undefined ? gbp(g.netProfits + (g.losses ?? 0)) : undefined,
      chargeableProfits: gbp(g.chargeable),
      financialYear: g.giveDerived.box330 ? firstYear : undefined,
      associatedCompanies,
      financialYearProfit: g.fy1 && gbp(g.fy1.profit),
      financialYearTaxRate: g.fy1 && g.fy1.rate / 100,
      financialYearTax: g.fy1?.giveTax ? gbp(poundsOfPence(fy1Tax!)) : undefined,
      financialYearTwo: fy2 && {
        year: fy2.giveYear ? firstYear + 1 : undefined,
        profit: gbp(fy2.profit),
        taxRate: fy2.rate / 100,
        tax: fy2.giveTax ? gbp(poundsOfPence(fy2Tax!)) : undefined,
      },
      corporationTax: g.giveDerived.box430 && fy1Tax !== undefined ? gbp(poundsOfPence(fy1Tax + (fy2Tax ?? 0n))) : undefined,
      netCorporationTaxChargeable: gbp(poundsOfPence(g.netPence)),
      communityInvestmentRelief: g.givenReliefParts[0] ? gbp(poundsOfPence(reliefPartsPence[0]!)) : undefined,
      doubleTaxationRelief: g.givenReliefParts[1] ? gbp(poundsOfPence(reliefPartsPence[1]!)) : undefined,
      advancedCorporationTax: g.givenReliefParts[2] ? gbp(poundsOfPence(reliefPartsPence[2]!)) : undefined,
      totalReliefsAndDeductions: g.giveTotalReliefs || !anyReliefPart ? gbp(poundsOfPence(reliefsPence)) : undefined,
      netCorporationTaxLiability: g.giveDerived.box475 ? gbp(poundsOfPence(g.netPence - reliefsPence)) : undefined,
      taxPayable: gbp(poundsOfPence(g.taxPayablePence)),
      declaration: { acceptDeclaration: true, name: g.declarant, status: g.status },
      attachedFiles: g.attachments.length === 0 ? undefined : g.attachments,
    };
    return r;
  });
