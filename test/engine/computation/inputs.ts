/** A computation input with a company, a year to 31 March 2025 and nothing else, for tests to add to. */
export interface TestInput {
  [key: string]: unknown;
}

export function computation(over: Record<string, unknown> = {}): TestInput {
  const base: TestInput = {
    company: { name: 'Test Trading Ltd', utr: '1234567890', registrationNumber: '01234567' },
    period: { from: '2024-04-01', to: '2025-03-31' },
    associatedCompanies: 0,
    profitAndLoss: { turnover: 500000, profitBeforeTax: 0, depreciation: 0, disallowable: [], nonTaxableIncome: [], interestReceived: 0, propertyIncome: 0 },
    capitalAllowances: { mainPoolBroughtForward: 0, specialRatePoolBroughtForward: 0, additions: [], disposals: [] },
    losses: { tradingBroughtForward: 0 },
    chargeableGains: 0,
    qualifyingDonations: 0,
  };
  return { ...base, ...over };
}

export const pl = (over: Record<string, unknown>) => ({ turnover: 500000, profitBeforeTax: 0, depreciation: 0, disallowable: [], nonTaxableIncome: [], interestReceived: 0, propertyIncome: 0, ...over });
export const ca = (over: Record<string, unknown>) => ({ mainPoolBroughtForward: 0, specialRatePoolBroughtForward: 0, additions: [], disposals: [], ...over });
export const addition = (over: Record<string, unknown>) => ({ description: 'Machine', date: '2024-06-01', cost: 10000, pool: 'main', newAndUnused: true, car: null, claim: 'pool', ...over });
export const disposal = (over: Record<string, unknown>) => ({ description: 'Old machine', date: '2024-09-01', proceeds: 1000, pool: 'main', fullExpensed: false, ...over });
