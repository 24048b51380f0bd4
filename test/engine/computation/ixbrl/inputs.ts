/** Computation inputs the writer's tests share. */
export function lossMakingInput(): Record<string, unknown> {
  return {
    company: { name: 'Harbour & Pier Ltd', utr: '8596148860', registrationNumber: '07654321' },
    period: { from: '2026-04-01', to: '2027-03-31' },
    associatedCompanies: { thisPeriod: 0 },
    profitAndLoss: {
      turnover: 90000,
      profitBeforeTax: -4200,
      depreciation: 3000,
      disallowable: [{ description: 'client entertaining', amount: 400 }],
      nonTaxableIncome: [],
      interestReceived: 950,
      propertyIncome: 0,
    },
    capitalAllowances: {
      mainPoolBroughtForward: 800,
      specialRatePoolBroughtForward: 0,
      additions: [{ description: 'Laptop', date: '2026-06-01', cost: 1500, pool: 'main', newAndUnused: true, car: null, claim: 'fullExpensing' }],
      disposals: [],
    },
    losses: { tradingBroughtForward: 2500, claimAgainstTotalProfits: true, previousPeriodTotalProfits: 10000 },
    chargeableGains: 0,
    qualifyingDonations: 0,
  };
}
