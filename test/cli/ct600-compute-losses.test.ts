/**
 * `cli ct600 compute` with loss claims: the earlier return a carried-back loss
 * amends, box by box with its tax (CTA 2010 s37(3)(b); CTM04510), each stock
 * of losses carried forward apart, and a claim larger than what is available
 * refused naming the field and rule.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// Year to 31 March 2025: the trade lost 40,000 (accounts loss 30,000 with interest 10,000 in it); 10,000 relieved against
// the interest (box 275), 30,000 carried back to the year to 31 March 2024 (box 300 45,000 → 15,000; box 315 43,000 → 13,000;
// tax 8,170 → 2,470 at 19%). s45A losses brought forward 5,000, property losses 1,000 and capital losses 2,000 carried on.
const computation = {
  company: { name: 'Loss Making Ltd', utr: '1234567890', registrationNumber: '01234567' },
  period: { from: '2024-04-01', to: '2025-03-31' },
  associatedCompanies: 0,
  profitAndLoss: { turnover: 200000, profitBeforeTax: -30000, depreciation: 0, interestReceived: 10000, propertyIncome: 0 },
  losses: {
    totalProfitsBroughtForward: 5000,
    ukPropertyBroughtForward: 1000,
    capitalBroughtForward: 2000,
    claimAgainstTotalProfits: true,
    carryBack: true,
    earlierPeriods: [{ from: '2023-04-01', to: '2024-03-31', profitsBeforeDonationsAndGroupRelief: 45000, qualifyingDonations: 2000 }],
  },
};

describe('cli ct600 compute with loss claims', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-losses-'));
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };

  it('prints the amendment of the earlier return the loss goes back to, and each stock carried forward', () => {
    const r = runCli(['ct600', 'compute', file('carry-back.json', computation)]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/275 +Trading losses of this or a later accounting period +£10,000\n/);
    expect(r.stdout).toContain('  Trading losses, same trade only       £0.00\n');
    expect(r.stdout).toContain('  Trading losses, total profits         £5,000.00\n');
    expect(r.stdout).toContain('  UK property business losses           £1,000.00\n');
    expect(r.stdout).toContain('  Capital losses                        £2,000.00\n');
    expect(r.stdout).toContain('Amendments of earlier returns (the loss carried back):\n  Return for 2023-04-01 to 2024-03-31: £30,000 carried back (£30,000 of the loss of 2024-04-01 to 2025-03-31, CTA 2010 s37(3)(b))\n');
    expect(r.stdout).toMatch(/ {4}275 +Trading losses of this or a later accounting period +£0 → £30,000\n/);
    expect(r.stdout).toMatch(/ {4}280 +Amounts carried back from later accounting periods are included in box 275 +no → yes\n/);
    expect(r.stdout).toMatch(/ {4}315 +Profits chargeable to Corporation Tax +£43,000 → £13,000\n/);
    expect(r.stdout).toContain('    Corporation tax chargeable (box 440) £8,170.00 → £2,470.00: £5,700.00 repayable\n');
  });

  it('--json carries the amendment and the new stocks carried forward', () => {
    const out = JSON.parse(runCli(['ct600', 'compute', file('carry-back.json', computation), '--json']).stdout);
    expect(out.losses.carriedBack.amendments[0]).toMatchObject({ period: { from: '2023-04-01', to: '2024-03-31' }, lossCarriedBack: 30000, tax: { was: 8170, becomes: 2470, repayable: 5700 } });
    expect(out.carriedForward).toMatchObject({ mainPool: 0, specialRatePool: 0, tradingLosses: 0, totalProfitsLosses: 5000, ukPropertyLosses: 1000, capitalLosses: 2000 });
  });

  it('refuses a claim bigger than the profits left for it, naming the field and rule, exit 2', () => {
    const bad = { ...computation, losses: { totalProfitsBroughtForward: 50000, totalProfitsBroughtForwardClaim: 20000 } };
    const r = runCli(['ct600', 'compute', file('too-big.json', bad)]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // The trade lost 40,000, so the only profits are the interest: 10,000.
    expect(JSON.parse(r.stderr).errors).toEqual([
      {
        field: 'losses.totalProfitsBroughtForwardClaim',
        message: 'must not exceed the total profits left to set it against, £10,000 (box 235 £10,000): a claim under CTA 2010 s45A(5) may be for part of the losses, never for more than the profits (HMRC rule 9372)',
      },
    ]);
  });
});
