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

/** A year with most of what the computation shows: both pools, a 50% allowance, a balancing charge, gains, donations, marginal relief. */
export function busyYearInput(): Record<string, unknown> {
  return {
    company: { name: 'Busy Year Ltd', utr: '8596148860', registrationNumber: '07654321' },
    period: { from: '2024-04-01', to: '2025-03-31' },
    associatedCompanies: { thisPeriod: 1 },
    profitAndLoss: {
      turnover: 750000,
      profitBeforeTax: 98000,
      depreciation: 12000,
      disallowable: [
        { description: 'client entertaining', amount: 1200 },
        { description: 'capital items in repairs', amount: 800 },
        { description: 'legal fees on a lease', amount: 650 },
      ],
      nonTaxableIncome: [{ description: 'dividends received', amount: 400 }],
      interestReceived: 300,
      propertyIncome: 5000,
    },
    capitalAllowances: {
      mainPoolBroughtForward: 4000,
      specialRatePoolBroughtForward: 20000,
      additions: [
        { description: 'Air conditioning (integral feature)', date: '2024-07-01', cost: 30000, pool: 'special', newAndUnused: true, car: null, claim: 'fya50' },
        { description: 'Lathe', date: '2024-08-01', cost: 9000, pool: 'main', newAndUnused: true, car: null, claim: 'fullExpensing' },
      ],
      disposals: [{ description: 'Old press', date: '2024-09-01', proceeds: 7000, cost: 15000, pool: 'main', fullExpensed: false }],
    },
    losses: { tradingBroughtForward: 0 },
    chargeableGains: 3000,
    qualifyingDonations: 500,
  };
}
