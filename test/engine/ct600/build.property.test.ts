/**
 * Property: every request a preparer could make within the rules builds a
 * document that HMRC's schemas accept and whose IRmark an independent
 * canonicaliser reproduces.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { buildAndCheck } from './check-built.js';
import { gbp } from '../../fixtures/ct600-requests.js';

const CT_CHARS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ,.()/&'-\"!%*_+:@<>?=;"];
const FILE_CHARS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ,.()&'-!%_+@?=;"];

const text = (chars: string[], min: number, max: number) =>
  fc.array(fc.constantFrom(...chars), { minLength: min, maxLength: max }).map((cs) => cs.join(''));

const wholePounds = fc.integer({ min: 0, max: 5_000_000_000 });
const pence = fc.integer({ min: 0, max: 99_999_999_999 }).map((p) => p / 100);

const DAY = 86_400_000;
const FIRST = Date.UTC(2015, 3, 1);
const LAST = Date.UTC(2030, 11, 31);
const iso = (t: number) => `${new Date(t).toISOString().slice(0, 10)}T00:00:00`;
const financialYear = (t: number) => {
  const d = new Date(t);
  return d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
};

const period = fc
  .record({ start: fc.integer({ min: 0, max: (LAST - FIRST) / DAY }), length: fc.integer({ min: 0, max: 364 }) })
  .map(({ start, length }) => ({ from: FIRST + start * DAY, to: FIRST + (start + length) * DAY }));

const attachment = fc.record({
  filename: text(FILE_CHARS, 1, 40).map((n) => `${n}.xhtml`),
  value: fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b).toString('base64')),
  itemsElementName: fc.constantFrom(0, 1),
});

const request: fc.Arbitrary<Ct600RequestInput> = fc
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
    turnover: fc.option(wholePounds, { nil: undefined }),
    netProfits: fc.option(wholePounds, { nil: undefined }),
    losses: fc.option(wholePounds, { nil: undefined }),
    chargeable: wholePounds,
    fy1: fc.option(fc.record({ profit: wholePounds, rate: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100) }), { nil: undefined }),
    fy2: fc.option(fc.record({ profit: wholePounds, rate: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100) }), { nil: undefined }),
    net: pence,
    reliefsShare: fc.double({ min: 0, max: 1, noNaN: true }),
    taxPayable: pence,
    declarant: text(CT_CHARS, 2, 56),
    status: text(CT_CHARS, 2, 56),
    attachments: fc.array(attachment, { maxLength: 3 }),
  })
  .map((g) => {
    const straddles = financialYear(g.period.to) > financialYear(g.period.from);
    const netPence = Math.round(g.net * 100);
    const reliefs = Math.floor(netPence * g.reliefsShare) / 100;
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
      chargeableProfits: gbp(g.chargeable),
      financialYearProfit: g.fy1 && gbp(g.fy1.profit),
      financialYearTaxRate: g.fy1?.rate,
      financialYearTwo: g.fy1 && g.fy2 && straddles ? { profit: gbp(g.fy2.profit), taxRate: g.fy2.rate } : undefined,
      netCorporationTaxChargeable: gbp(g.net),
      totalReliefsAndDeductions: gbp(reliefs),
      taxPayable: gbp(g.taxPayable),
      declaration: { acceptDeclaration: true, name: g.declarant, status: g.status },
      attachedFiles: g.attachments.length === 0 ? undefined : g.attachments,
    };
    return r;
  });

describe('buildCt600 over generated requests', () => {
  it('always gives a schema-valid message whose IRmark xmllint --c14n reproduces', () => {
    fc.assert(
      fc.property(request, (r) => {
        buildAndCheck(r);
      }),
      { numRuns: 60 },
    );
  });
});
