/**
 * The CT600A in the return: a computation with loans to participators builds
 * a return whose LoansByCloseCompanies, box 95, 480 and 485 pass HMRC's
 * v1.994 schema (xmllint) and the whole local validation (HMRC's business
 * rules included); and every rule of HMRC's v1.994 table that names the page
 * or its boxes (A5–A80, 95, 480, 485) passes on that return and fails on a
 * return changed to break it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { computeComputation, ct600FiguresOf } from '../../../main/engine/computation/index.js';
import { buildCt600 } from '../../../main/engine/ct600/index.js';
import { evaluateRules } from '../../../main/engine/validation/hmrc/evaluate-rules.js';
import { CT600_RULES_V1_994 } from '../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { validateFile } from '../../../main/engine/validation/index.js';
import { repoRoot } from '../../helpers/shared.js';
import { ct600V1994Schema, xmllintSchema } from '../../helpers/xmllint.js';

const TODAY = '2026-12-02';

function bakeryRequest(): Record<string, unknown> {
  const r = JSON.parse(readFileSync(join(repoRoot, 'examples', 'ct600', 'small-company.json'), 'utf8')) as Record<string, unknown>;
  for (const k of Object.keys(r)) if (!['companyName', 'registrationNumber', 'reference', 'utrValue', 'companyType', 'returnType', 'sender', 'declaration', 'periodCovered', 'accounts', 'computations', 'attachedFiles'].includes(k)) delete r[k];
  return r;
}

/** Small Bakery Ltd, year to 31 March 2025, profit £60,000; its director's and a shareholder's loan accounts. */
const withLoans = (loansToParticipators: Record<string, unknown>) => ({
  company: { name: 'Small Bakery Ltd', utr: '8596148860', registrationNumber: '09876543' },
  period: { from: '2024-04-01', to: '2025-03-31' },
  associatedCompanies: 0,
  profitAndLoss: { turnover: 250000, profitBeforeTax: 60000, depreciation: 0, disallowable: [], nonTaxableIncome: [], interestReceived: 0, propertyIncome: 0 },
  losses: { tradingBroughtForward: 0 },
  chargeableGains: 0,
  qualifyingDonations: 0,
  loansToParticipators,
});

/** Every part of the page: Part 1, Part 2 (a repayment and a release), Part 3 (relief due by filing), A75. */
const FULL_PAGE = {
  filedOn: '2026-03-01',
  loans: [
    { participator: 'Jane Baker', date: '2024-05-10', amount: 30000 },
    { participator: 'Tom Baker', date: '2024-09-01', amount: 8000 },
  ],
  repayments: [
    { participator: 'Jane Baker', date: '2024-11-01', amount: 2000, kind: 'credit' },
    { participator: 'Jane Baker', date: '2025-06-30', amount: 10000, kind: 'repayment' },
    { participator: 'Tom Baker', date: '2025-08-15', amount: 3000, kind: 'release' },
    // After 31 December 2025 (Part 2's last day), in the year to 31 March 2026: relief due 1 January 2027 … not by 1 March 2026.
    { participator: 'Jane Baker', date: '2026-02-01', amount: 1000, kind: 'repayment' },
  ],
};

function builtXml(computation: Record<string, unknown>): { xml: string; out: ReturnType<typeof computeComputation> } {
  const out = computeComputation(computation);
  const built = buildCt600({ ...bakeryRequest(), periodCovered: { from: `${out.period.from}T00:00:00`, to: `${out.period.to}T00:00:00` }, ...ct600FiguresOf(out) });
  return { xml: Buffer.from(built.xmlDoc, 'base64').toString('utf8'), out };
}

/**
 * Part 3 needs relief already due when the return is filed: repaid on 15 January 2026, in the year to 31 March 2026,
 * relief due 1 January 2027 (CTA 2010 s458(5)); a return filed late, on 2 January 2027.
 */
const PART3 = withLoans({
  filedOn: '2027-01-02',
  loans: [{ participator: 'Jane Baker', date: '2024-05-10', amount: 30000 }],
  repayments: [{ participator: 'Jane Baker', date: '2026-01-15', amount: 4000, kind: 'repayment' }],
});

describe('a return with a CT600A', () => {
  it('carries box 95, the page in schema order, 480 = A80 and the s455 tax in 510 and 525, and passes HMRC’s v1.994 schema and every local check', async () => {
    const { xml, out } = builtXml(withLoans(FULL_PAGE));
    const page = out.loansToParticipators!.page!;
    expect(page.A10).toEqual([
      { name: 'Jane Baker', amount: 28000 },
      { name: 'Tom Baker', amount: 8000 },
    ]);
    expect(out.boxes).toMatchObject({ A5: true, A15: 36000, A20: 12150, A30: 10000, A35: 3000, A40: 13000, A45: 4387.5, A75: 23000, A80: 7762.5, '480': 7762.5 });
    expect(xml).toMatch(/<SupplementaryPages>\s*<CT600A>yes<\/CT600A>\s*<\/SupplementaryPages>/);
    expect(xml).toMatch(/<NetCorporationTaxLiability>[\d.]+<\/NetCorporationTaxLiability>\s*<LoansToParticipators>7762.50<\/LoansToParticipators>/);
    expect(xml.indexOf('</Declaration>')).toBeLessThan(xml.indexOf('<LoansByCloseCompanies>'));
    const ct600a = xml.slice(xml.indexOf('<LoansByCloseCompanies>'));
    const order = ['BeforeEndPeriod', 'LoansInformation', 'ReliefEarlierThan', 'TotalLoansOutstanding', 'TaxPayable'].map((n) => ct600a.indexOf(`<${n}>`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const tax = (box: string) => out.boxes[box] as number;
    expect(tax('510')).toBeCloseTo(tax('475') + 7762.5, 2);
    const schema = ct600V1994Schema();
    expect(xmllintSchema(xml, schema.xsd, schema.env)).toEqual({ valid: true, output: expect.stringContaining('validates') });
    const findings = await validateFile('return.xml', Buffer.from(xml));
    expect(findings.flatMap((v) => v.messages).filter((m) => m.category !== 'info')).toEqual([]);
  });

  it('with Part 3 relief now due ticks box 485, and passes too', async () => {
    const { xml, out } = builtXml(PART3);
    expect(out.boxes).toMatchObject({ A65: 4000, A70: 1350, A80: 8775, '485': true });
    expect(xml).toContain('<CT600AreliefDue>yes</CT600AreliefDue>');
    expect(xml).toMatch(/<LoanLaterReliefNow>\s*<Loan>\s*<Name>Jane Baker<\/Name>\s*<AmountRepaid>4000.00<\/AmountRepaid>\s*<Date>2026-01-15<\/Date>/);
    const schema = ct600V1994Schema();
    expect(xmllintSchema(xml, schema.xsd, schema.env).valid).toBe(true);
    const findings = await validateFile('return.xml', Buffer.from(xml));
    expect(findings.flatMap((v) => v.messages).filter((m) => m.category !== 'info')).toEqual([]);
  });
});

// ---- Every HMRC rule about the page, each broken once ----

const CT = 'http://www.govtalk.gov.uk/taxation/CT/5';
type Doc = ReturnType<DOMParser['parseFromString']>;
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const first = (d: Doc, name: string) => d.getElementsByTagNameNS(CT, name)[0]!;
const inside = (d: Doc, parent: string, name: string) => first(d, parent).getElementsByTagNameNS(CT, name)[0]!;
const setText = (n: { textContent: string | null }, v: string) => {
  n.textContent = v;
};
const remove = (n: { parentNode: { removeChild(c: unknown): unknown } | null }) => n.parentNode!.removeChild(n);
const copies = (d: Doc, parent: string, name: string, count: number) => {
  const p = first(d, parent);
  const loan = p.getElementsByTagNameNS(CT, name)[0]!;
  for (let i = 0; i < count; i++) p.insertBefore(loan.cloneNode(true), loan);
};

/** Each rule's number, and a change to the good return that breaks it. */
const BREAKS: Record<string, (d: Doc) => void> = {
  '9120': (d) => remove(first(d, 'LoansByCloseCompanies')),
  '9305': (d) => remove(first(d, 'SupplementaryPages')),
  '9252': (d) => remove(first(d, 'SupplementaryPages')),
  '9251': (d) => remove(first(d, 'SupplementaryPages')),
  '9249': (d) => remove(first(d, 'LoansToParticipators')),
  '9250': (d) => remove(first(d, 'LoanLaterReliefNow')),
  '9341': (d) => remove(first(d, 'TaxChargeable')),
  '9339': (d) => setText(first(d, 'LoansToParticipators'), '1.00'),
  '9344': (d) => {
    remove(first(d, 'NetCorporationTaxLiability'));
    setText(first(d, 'LoansToParticipators'), '1.00');
  },
  '9346': (d) => {
    // Box 520 without box 510: 520 must be 515 + 470 − (440 + 480 + …).
    const calc = first(d, 'CalculationOfTaxOutstandingOrOverpaid');
    const income = d.createElementNS(CT, 'IncomeTax');
    const repayable = d.createElementNS(CT, 'TaxRepayable');
    repayable.textContent = '1.00';
    income.appendChild(repayable);
    calc.insertBefore(income, inside(d, 'CalculationOfTaxOutstandingOrOverpaid', 'TaxPayable'));
    remove(inside(d, 'CalculationOfTaxOutstandingOrOverpaid', 'TaxChargeable'));
  },
  '9348': (d) => {
    remove(inside(d, 'CalculationOfTaxOutstandingOrOverpaid', 'TaxChargeable'));
    setText(inside(d, 'CalculationOfTaxOutstandingOrOverpaid', 'TaxPayable'), '1.00');
  },
  '9400': (d) => copies(d, 'LoansInformation', 'Loan', 999),
  '9401': (d) => setText(inside(d, 'LoansInformation', 'TotalLoans'), '1.00'),
  '9466': (d) => setText(inside(d, 'LoansInformation', 'TaxChargeable'), '1.00'),
  '9403': (d) => copies(d, 'ReliefEarlierThan', 'Loan', 999),
  '9404': (d) => remove(inside(d, 'ReliefEarlierThan', 'AmountRepaid')),
  '9405': (d) => remove(first(d, 'LoansInformation')),
  '9406': (d) => setText(inside(d, 'ReliefEarlierThan', 'Date'), '2026-01-01'),
  '9429': (d) => setText(inside(d, 'ReliefEarlierThan', 'Date'), '2024-06-01'),
  '9884': (d) => setText(inside(d, 'ReliefEarlierThan', 'Date'), '2027-01-01'),
  '9407': (d) => setText(inside(d, 'ReliefEarlierThan', 'TotalAmountRepaid'), '1.00'),
  '9408': (d) => {
    const part = first(d, 'ReliefEarlierThan');
    const total = part.getElementsByTagNameNS(CT, 'TotalAmountRepaid')[0]!;
    const released = d.createElementNS(CT, 'TotalAmountReleasedOrWritten');
    released.textContent = '1.00';
    part.insertBefore(released, total.nextSibling);
  },
  '9409': (d) => setText(inside(d, 'ReliefEarlierThan', 'TotalLoans'), '1.00'),
  '9411': (d) => setText(inside(d, 'ReliefEarlierThan', 'ReliefDue'), '99999.00'),
  '9469': (d) => setText(inside(d, 'ReliefEarlierThan', 'ReliefDue'), '1.00'),
  '9418': (d) => copies(d, 'LoanLaterReliefNow', 'Loan', 999),
  '9419': (d) => remove(inside(d, 'LoanLaterReliefNow', 'AmountRepaid')),
  '9430': (d) => setText(inside(d, 'LoanLaterReliefNow', 'Date'), '2025-12-31'),
  '9431': (d) => setText(inside(d, 'LoanLaterReliefNow', 'Date'), '2027-01-01'),
  '9421': (d) => setText(inside(d, 'LoanLaterReliefNow', 'TotalAmountRepaid'), '1.00'),
  '9422': (d) => {
    const part = first(d, 'LoanLaterReliefNow');
    const total = part.getElementsByTagNameNS(CT, 'TotalAmountRepaid')[0]!;
    const released = d.createElementNS(CT, 'TotalAmountReleasedOrWritten');
    released.textContent = '1.00';
    part.insertBefore(released, total.nextSibling);
  },
  '9423': (d) => setText(inside(d, 'LoanLaterReliefNow', 'TotalLoans'), '1.00'),
  '9425': (d) => setText(inside(d, 'LoanLaterReliefNow', 'ReliefDue'), '99999.00'),
  '9426': (d) => remove(first(d, 'CT600AreliefDue')),
  '9472': (d) => setText(inside(d, 'LoanLaterReliefNow', 'ReliefDue'), '1.00'),
  '9427': (d) => setText(inside(d, 'LoansByCloseCompanies', 'TaxPayable'), '1.00'),
  '9428': (d) => setText(first(d, 'LoansToParticipators'), '2.00'),
};

/** Rules whose failing case needs a period across a change of HMRC's rate (6 April 2016 or 2022). */
const STRADDLING = ['9467', '9468', '9470', '9471', '9473', '9474'];

const pageRules = () =>
  CT600_RULES_V1_994.rules.flatMap((r) => r.assertions.map((a) => ({ ...a, context: r.context }))).filter((a) => /LoansByCloseCompanies|CT600A|LoansToParticipators/.test(`${a.context} ${a.test}`) || a.boxes.some((b) => /^A\d/.test(b) || ['95', '480', '485'].includes(b)));

const failedNumbers = (xml: string) => new Set(evaluateRules(CT600_RULES_V1_994, parse(xml) as never, { today: () => TODAY }).failed.map((f) => f.assertion.number));

describe('HMRC’s rules for the CT600A, each exercised', () => {
  // The good return has every part of the page: Part 3 (PART3) plus a Part 2 repayment.
  const good = withLoans({ ...(PART3.loansToParticipators as object), repayments: [{ participator: 'Jane Baker', date: '2025-06-30', amount: 3000, kind: 'repayment' }, ...(PART3.loansToParticipators as { repayments: unknown[] }).repayments] });
  const { xml } = builtXml(good);
  const rules = pageRules();

  it('lists the page’s rules: each has a breaking change here or needs a period across a rate change', () => {
    expect(rules.length).toBeGreaterThan(30);
    for (const r of rules) expect(BREAKS[r.number] !== undefined || STRADDLING.includes(r.number), `rule ${r.number} (${r.id}) ${r.rule}`).toBe(true);
  });

  it('the good return, with all three parts, passes every one of them', () => {
    expect(xml).toContain('<ReliefEarlierThan>');
    expect(xml).toContain('<LoanLaterReliefNow>');
    const failed = failedNumbers(xml);
    expect(rules.filter((r) => failed.has(r.number)).map((r) => r.number)).toEqual([]);
  });

  it.each(Object.entries(BREAKS))('rule %s fails on the return changed to break it', (number, breakIt) => {
    expect(rules.some((r) => r.number === number)).toBe(true);
    const d = parse(xml);
    breakIt(d);
    expect(failedNumbers(d.toString()).has(number)).toBe(true);
  });

  it.each(STRADDLING)('rule %s passes with the law’s figure across 6 April 2022 and fails outside the two rates', (number) => {
    // A period from 1 January 2022: HMRC's rate changes from 32.5% to 33.75% inside it.
    const straddling = withLoans({ filedOn: '2023-06-01', loans: [{ participator: 'Jane Baker', date: '2022-03-01', amount: 10000 }], repayments: [] });
    straddling.period = { from: '2021-06-01', to: '2022-05-31' };
    const built = builtXml(straddling);
    expect(built.out.boxes.A20).toBe(3250);
    expect(failedNumbers(built.xml).has(number)).toBe(false);
    const d = parse(built.xml);
    const low = number === '9467' || number === '9470' || number === '9473';
    if (['9467', '9468'].includes(number)) setText(inside(d, 'LoansInformation', 'TaxChargeable'), low ? '3000.00' : '3500.00');
    else {
      // Parts 2 and 3 hold relief at the rate too: give the page a Part 2 or 3 with a total of £10,000.
      const part = number === '9470' || number === '9471' ? 'ReliefEarlierThan' : 'LoanLaterReliefNow';
      const loans = first(d, 'LoansByCloseCompanies');
      const el = (n: string, v?: string) => {
        const e = d.createElementNS(CT, n);
        if (v !== undefined) e.textContent = v;
        return e;
      };
      const block = el(part);
      const loan = el('Loan');
      for (const [n, v] of [['Name', 'Jane Baker'], ['AmountRepaid', '10000.00'], ['Date', part === 'ReliefEarlierThan' ? '2022-07-01' : '2023-05-01']] as const) loan.appendChild(el(n, v));
      block.appendChild(loan);
      for (const [n, v] of [['TotalAmountRepaid', '10000.00'], ['TotalLoans', '10000.00'], ['ReliefDue', low ? '3000.00' : '3500.00']] as const) block.appendChild(el(n, v));
      loans.insertBefore(block, first(d, 'TotalLoansOutstanding') ?? inside(d, 'LoansByCloseCompanies', 'TaxPayable'));
    }
    expect(failedNumbers(d.toString()).has(number)).toBe(true);
  });
});
