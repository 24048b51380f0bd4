/**
 * The loss claims of a period, worked by hand: losses brought forward against
 * the same trade (CTA 2010 s45, s45B; box 160) and against total profits
 * (s45A; box 285), the period's own loss (s37(3)(a); box 275), UK property
 * losses (s62; box 250) and capital losses (TCGA 1992 s8; box 215), each
 * stock carried forward apart. HMRC's Company Taxation Manual: CTM04110,
 * CTM04120, CTM04135, CTM04505; Property Income Manual PIM4235.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeComputation, ct600FiguresOf } from '../../../main/engine/computation/index.js';
import { buildCt600 } from '../../../main/engine/ct600/index.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { validateFile } from '../../../main/engine/validation/index.js';
import { repoRoot } from '../../helpers/shared.js';
import { computation, pl } from './inputs.js';

const run = (over: Record<string, unknown>) => computeComputation(computation(over));
const errorsOf = (over: Record<string, unknown>) => {
  try {
    run(over);
  } catch (e) {
    if (e instanceof RequestValidationError) return e.errors;
    throw e;
  }
  throw new Error('accepted');
};

describe('losses brought forward', () => {
  it('against the same trade are set off as far as the profits go, or only as far as a s45(4A)/s45B(5) claim allows (CTM04135)', () => {
    // Trading profits 30,000; losses against the trade 50,000. Without a claim: box 160 = 30,000, 20,000 carried forward.
    // With a claim that no more than 10,000 be set off: box 160 = 10,000, box 165 = 20,000 taxed at 19% = 3,800; 40,000 carried forward.
    const all = run({ profitAndLoss: pl({ profitBeforeTax: 30000 }), losses: { tradingBroughtForward: 50000 } });
    expect(all.boxes).toMatchObject({ '155': 30000, '160': 30000, '165': 0, '315': 0 });
    expect(all.carriedForward.tradingLosses).toBe(20000);
    const part = run({ profitAndLoss: pl({ profitBeforeTax: 30000 }), losses: { tradingBroughtForward: 50000, tradingBroughtForwardSetOff: 10000 } });
    expect(part.boxes).toMatchObject({ '155': 30000, '160': 10000, '165': 20000, '315': 20000, '345': 3800 });
    expect(part.carriedForward.tradingLosses).toBe(40000);
  });

  it('after 1 April 2017 go against total profits only on a claim, which may be for part of them (s45A(5); box 285; CTM04135)', () => {
    // Trading profit 40,000 and interest 10,000: box 235 = 50,000. s45A losses 60,000, of which 35,000 claimed:
    // box 285 = 35,000, 295 = 35,000, 300 = 315 = 15,000, tax 15,000 × 19% = 2,850; 25,000 carried forward against total profits.
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 50000, interestReceived: 10000 }), losses: { totalProfitsBroughtForward: 60000, totalProfitsBroughtForwardClaim: 35000 } });
    expect(out.boxes).toMatchObject({ '155': 40000, '170': 10000, '235': 50000, '285': 35000, '295': 35000, '300': 15000, '315': 15000, '345': 2850 });
    expect(out.boxes['160']).toBeUndefined();
    expect(out.carriedForward).toMatchObject({ tradingLosses: 0, totalProfitsLosses: 25000 });
    expect(out.losses).toMatchObject({ broughtForward: 60000, broughtForwardClaimedAgainstTotalProfits: 35000, tradingLossesCarriedForward: 25000 });
    expect(out.working.find((l) => l.box === '285')!.rule).toContain('s45A(5)');
    // Without a claim nothing is relieved: they are carried forward whole.
    const none = run({ profitAndLoss: pl({ profitBeforeTax: 50000, interestReceived: 10000 }), losses: { totalProfitsBroughtForward: 60000 } });
    expect(none.boxes['285']).toBeUndefined();
    expect(none.carriedForward.totalProfitsLosses).toBe(60000);
  });

  it('refuses a claim bigger than the losses or than the profits left, naming the field and rule', () => {
    expect(errorsOf({ profitAndLoss: pl({ profitBeforeTax: 50000 }), losses: { totalProfitsBroughtForward: 60000, totalProfitsBroughtForwardClaim: 70000 } })).toEqual([
      { field: 'losses.totalProfitsBroughtForwardClaim', message: expect.stringContaining('must not exceed the s45A losses brought forward') },
    ]);
    const tooBig = errorsOf({ profitAndLoss: pl({ profitBeforeTax: 50000 }), losses: { totalProfitsBroughtForward: 60000, totalProfitsBroughtForwardClaim: 55000 } });
    expect(tooBig).toEqual([{ field: 'losses.totalProfitsBroughtForwardClaim', message: expect.stringContaining('the total profits left to set it against, £50,000') }]);
    expect(tooBig[0]!.message).toContain('HMRC rule 9372');
    expect(errorsOf({ losses: { tradingBroughtForward: 1000, tradingBroughtForwardSetOff: 2000 } })[0]!.field).toBe('losses.tradingBroughtForwardSetOff');
    expect(errorsOf({ losses: { ukPropertyBroughtForward: 1000, ukPropertyBroughtForwardClaim: 2000 } })[0]!.field).toBe('losses.ukPropertyBroughtForwardClaim');
  });

  it('beyond the £5m deductions allowance are refused: the loss restriction is not worked out (CTA 2010 s269ZR, Part 7ZA)', () => {
    const errors = errorsOf({ profitAndLoss: pl({ profitBeforeTax: 9000000 }), losses: { totalProfitsBroughtForward: 8000000, totalProfitsBroughtForwardClaim: 6000000 } });
    expect(errors).toEqual([{ field: 'losses', message: expect.stringContaining('exceed the deductions allowance of £5,000,000 (CTA 2010 s269ZR)') }]);
  });
});

describe('how much each claim takes, by hand', () => {
  // Trading profit 40,000 and interest 10,000 (box 235 50,000); s45A losses brought forward 60,000 (CTM04135: the claim names the amount).
  it.each([
    // claim, box 285, box 315, carried forward
    [0, undefined, 50000, 60000],
    [10000, 10000, 40000, 50000],
    [35000, 35000, 15000, 25000],
    [50000, 50000, 0, 10000],
  ])('s45A(5): a claim of £%i gives box 285 %s, box 315 £%i, £%i carried forward', (claim, box285, box315, carried) => {
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 50000, interestReceived: 10000 }), losses: { totalProfitsBroughtForward: 60000, totalProfitsBroughtForwardClaim: claim } });
    expect(out.boxes['285']).toBe(box285);
    expect(out.boxes['315']).toBe(box315);
    expect(out.carriedForward.totalProfitsLosses).toBe(carried);
  });

  // A loss of the period against interest and gains: the s37(3)(a) claim takes the lower of the loss and the profits, all or nothing (CTM04505).
  it.each([
    // accounts result, interest, gains: loss (box 780), box 235, box 275, carried forward (s45A)
    [-20000, 5000, 0, 25000, 5000, 5000, 20000],
    [-5000, 20000, 10000, 25000, 30000, 25000, 0],
    [-10000, 0, 0, 10000, 0, 0, 10000],
  ])('s37(3)(a): accounts %i with interest %i and gains %i: loss %i, box 235 %i, box 275 %i, %i carried forward', (result, interest, gains, loss, box235, box275, carried) => {
    const out = run({ profitAndLoss: pl({ profitBeforeTax: result, interestReceived: interest }), chargeableGains: gains, losses: { claimAgainstTotalProfits: true } });
    expect(out.boxes['780']).toBe(loss);
    expect(out.boxes['235']).toBe(box235);
    expect(out.boxes['275']).toBe(box275 || undefined);
    expect(out.carriedForward.totalProfitsLosses).toBe(carried);
  });
});

describe('the trading loss of the period', () => {
  it('claimed against total profits takes all it can, after property losses (s37(3)(a); CTM04505; HMRC rule 9176), the rest carried forward under s45A', () => {
    // Accounts loss 22,000 with interest 9,000 in it: the trade lost 31,000 (box 780). Interest 9,000 + gains 6,000 = box 235 15,000.
    // Property losses brought forward 4,000, all claimed (box 250); the trading loss takes the 11,000 left (box 275); 20,000 carried forward (s45A).
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: -22000, interestReceived: 9000 }),
      chargeableGains: 6000,
      losses: { claimAgainstTotalProfits: true, ukPropertyBroughtForward: 4000, ukPropertyBroughtForwardClaim: 4000 },
    });
    expect(out.boxes).toMatchObject({ '780': 31000, '235': 15000, '250': 4000, '275': 11000, '295': 15000, '300': 0, '315': 0 });
    expect(out.carriedForward).toMatchObject({ tradingLosses: 0, totalProfitsLosses: 20000, ukPropertyLosses: 0 });
  });
});

describe('UK property business losses', () => {
  it('of the period go against total profits without a claim, those brought forward on a claim for the whole or a part (s62(3), s62(5A)–(5B); PIM4235)', () => {
    // Accounts profit 22,000 after a property loss of 8,000: the trade made 30,000 (box 155), box 190 is 0, box 805 = 8,000.
    // Box 250 = the 8,000 of the period + 3,000 claimed of 5,000 brought forward = 11,000; box 300 = 315 = 19,000; 2,000 carried forward.
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 22000, propertyIncome: -8000 }), losses: { ukPropertyBroughtForward: 5000, ukPropertyBroughtForwardClaim: 3000 } });
    expect(out.boxes).toMatchObject({ '155': 30000, '235': 30000, '250': 11000, '295': 11000, '300': 19000, '315': 19000, '805': 8000 });
    expect(out.boxes['190']).toBeUndefined();
    expect(out.carriedForward.ukPropertyLosses).toBe(2000);
    expect(out.losses.ukProperty).toEqual({ arising: 8000, broughtForward: 5000, setAgainstTotalProfits: 11000, carriedForward: 2000 });
  });

  it('of the period beyond the profits are carried forward; a claim on those brought forward beyond the profits left is refused (HMRC rule 9169)', () => {
    // Trading profit 5,000 (accounts loss 7,000 after a property loss of 12,000): box 250 = 5,000, 7,000 carried forward.
    const out = run({ profitAndLoss: pl({ profitBeforeTax: -7000, propertyIncome: -12000 }) });
    expect(out.boxes).toMatchObject({ '155': 5000, '250': 5000, '315': 0, '805': 12000 });
    expect(out.carriedForward.ukPropertyLosses).toBe(7000);
    const refused = errorsOf({ profitAndLoss: pl({ profitBeforeTax: -7000, propertyIncome: -12000 }), losses: { ukPropertyBroughtForward: 3000, ukPropertyBroughtForwardClaim: 1000 } });
    expect(refused).toEqual([{ field: 'losses.ukPropertyBroughtForwardClaim', message: expect.stringContaining('the total profits left to set it against, £0') }]);
  });
});

describe('capital losses', () => {
  it('of the period and brought forward go against the gains as far as they go, no claim and none held back (TCGA 1992 s8(1); boxes 210, 215, 220, 825)', () => {
    // Gains 10,000; losses of the period 3,000 and brought forward 12,000: box 215 = 10,000, box 220 = 0, 5,000 carried forward.
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 20000 }), chargeableGains: 10000, losses: { capitalOfPeriod: 3000, capitalBroughtForward: 12000 } });
    expect(out.boxes).toMatchObject({ '210': 10000, '215': 10000, '220': 0, '235': 20000, '825': 3000 });
    expect(out.carriedForward.capitalLosses).toBe(5000);
    expect(out.losses.capital).toEqual({ arising: 3000, broughtForward: 12000, setAgainstGains: 10000, carriedForward: 5000 });
  });
});

/** Small Bakery Ltd's request (year to 31 March 2025, its real iXBRL accounts and computations attached), figures taken out. */
function bakeryRequest(): Record<string, unknown> {
  const r = JSON.parse(readFileSync(join(repoRoot, 'examples', 'ct600', 'small-company.json'), 'utf8')) as Record<string, unknown>;
  for (const k of Object.keys(r)) if (!['companyName', 'registrationNumber', 'reference', 'utrValue', 'companyType', 'returnType', 'sender', 'declaration', 'periodCovered', 'accounts', 'computations', 'attachedFiles'].includes(k)) delete r[k];
  return r;
}

describe('a return with the loss claims', () => {
  it('carries boxes 215, 250, 285, 805 and 825 where HMRC’s schema puts them and passes HMRC’s rules', async () => {
    // Trading profit 40,000; property loss 3,000 (box 250); gains 6,000 less capital losses 2,000 (box 215); s45A claim 10,000 (box 285).
    const out = computeComputation({
      ...computation({ company: { name: 'Small Bakery Ltd', utr: '8596148860', registrationNumber: '09876543' } }),
      profitAndLoss: pl({ turnover: 85000, profitBeforeTax: 37000, propertyIncome: -3000 }),
      chargeableGains: 6000,
      losses: { totalProfitsBroughtForward: 15000, totalProfitsBroughtForwardClaim: 10000, capitalOfPeriod: 2000 },
    });
    expect(out.boxes).toMatchObject({ '155': 40000, '210': 6000, '215': 2000, '220': 4000, '235': 44000, '250': 3000, '285': 10000, '295': 13000, '300': 31000, '315': 31000, '805': 3000, '825': 2000 });
    const built = buildCt600({ ...bakeryRequest(), ...ct600FiguresOf(out) });
    const xml = Buffer.from(built.xmlDoc, 'base64').toString('utf8');
    expect(xml).toContain('<AllowableLosses>2000.00</AllowableLosses>');
    expect(xml).toMatch(/<DeductionsAndReliefs>\s*<UKpropertyBusinessLosses>3000\.00<\/UKpropertyBusinessLosses>\s*<TradingLossesCarriedForward>10000\.00<\/TradingLossesCarriedForward>\s*<Total>13000\.00<\/Total>/);
    expect(xml).toMatch(/<UKpropertyBusinessLosses>\s*<Arising>3000\.00<\/Arising>\s*<\/UKpropertyBusinessLosses>\s*<CapitalLosses>2000\.00<\/CapitalLosses>/);
    const validations = await validateFile('return.xml', Buffer.from(built.xmlDoc, 'base64'));
    expect(validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info')).toEqual([]);
  });

  it('an earlier return amended for a loss carried back: box 275 with box 280 marked, which lets 275 exceed that period’s own loss (HMRC rule 9175)', async () => {
    // The earlier year's profit 45,000; 30,000 of a later loss carried back: 275 = 295 = 30,000, 300 = 315 = 15,000, tax 15,000 × 19% = 2,850.
    const out = computeComputation({
      ...computation({ company: { name: 'Small Bakery Ltd', utr: '8596148860', registrationNumber: '09876543' } }),
      profitAndLoss: pl({ turnover: 85000, profitBeforeTax: 45000 }),
      losses: { totalProfitsBroughtForward: 30000, totalProfitsBroughtForwardClaim: 30000 },
    });
    const { tradingLossesCarriedForward, ...figures } = ct600FiguresOf(out) as Record<string, unknown>;
    const amended = { ...bakeryRequest(), ...figures, tradingLosses: tradingLossesCarriedForward, tradingLossesCarriedBack: true };
    const built = buildCt600(amended);
    const xml = Buffer.from(built.xmlDoc, 'base64').toString('utf8');
    expect(xml).toMatch(/<TradingLosses>30000\.00<\/TradingLosses>\s*<TradingLossesCarriedBack>yes<\/TradingLossesCarriedBack>\s*<Total>30000\.00<\/Total>/);
    const validations = await validateFile('return.xml', Buffer.from(built.xmlDoc, 'base64'));
    expect(validations.flatMap((v) => v.messages).filter((m) => m.category !== 'info')).toEqual([]);
    // Without box 280, HMRC's rule 9175 holds box 275 to the period's own loss (box 780), none here.
    const unmarked = buildCt600({ ...amended, tradingLossesCarriedBack: null });
    const codes = (await validateFile('return.xml', Buffer.from(unmarked.xmlDoc, 'base64'))).flatMap((v) => v.messages).map((m) => m.code);
    expect(codes).toContain('9175');
  });
});
