/**
 * Which allowance each addition may take, and the best claim to propose.
 * The rules are CAA 2001's: cars never take the AIA (s38B general exclusion
 * 2); nothing takes the AIA or a first-year allowance in the period the trade
 * ends (general exclusion 1); full expensing and the 50% allowance need new
 * and unused plant bought from 1 April 2023 (s45S); the 40% allowance new
 * main-rate plant from 1 January 2026; the 100% allowance a new car with zero
 * emissions (s45D); a car goes to the main pool up to 50 g/km and to the
 * special rate pool above (s104AA). The super-deduction and the 50% SR
 * allowance were for new plant bought from 1 April 2021 to 31 March 2023 (FA
 * 2021 s9). Plant provided for leasing takes none of full expensing, the 50%
 * allowances or the super-deduction (s46(2) general exclusion 6; CA23174AC),
 * and cannot be a short-life asset (s84 item 5).
 */
import type { FieldError } from '../errors.js';
import { aiaFor, AIA_SHARED_RULE } from './allowances/aia.js';
import { SUPER_DEDUCTION_FROM, SUPER_DEDUCTION_UNTIL } from './allowances/first-year.js';
import { chargeablePeriod } from './dates.js';
import type { Addition, Claim, ComputationInput } from './input-types.js';
import { poundsWords } from './money.js';
import { aiaMaximum, FULL_EXPENSING_FROM, FYA40_FROM, MAIN_RATE_CAR_MAX_CO2, ZERO_EMISSION_CAR_FYA_UNTIL } from './rates.js';

export const CLAIM_WORDS: Record<Claim, string> = {
  aia: 'annual investment allowance (100%)',
  fullExpensing: 'full expensing (100% first-year allowance)',
  fya50: '50% first-year allowance (special rate)',
  fya40: '40% first-year allowance (main rate)',
  fya100: '100% first-year allowance (zero-emission car)',
  superDeduction: 'super-deduction (130% first-year allowance)',
  pool: 'no first-year claim: into the pool for writing-down allowances',
};

/** Why an addition cannot take a claim, or undefined when it can. */
export function claimRefusal(a: Pick<Addition, 'date' | 'pool' | 'newAndUnused' | 'car' | 'forLeasing'>, claim: Claim, tradeCeased: boolean): string | undefined {
  if (claim === 'pool') return undefined;
  if (tradeCeased) return `no ${CLAIM_WORDS[claim]} in the period the trade ends (CAA 2001 s38B and s46(2), general exclusion 1): claim "pool"`;
  const car = a.car !== null;
  if (a.forLeasing && (claim === 'fullExpensing' || claim === 'fya50' || claim === 'superDeduction')) {
    return `plant or machinery provided for leasing is excluded from ${CLAIM_WORDS[claim]} (CAA 2001 s45S(d) and s46(2), general exclusion 6; FA 2021 s9(2)(d), s9(3)(e); CA23174AC): claim "aia"${claim === 'fya50' ? '' : ', "fya40" (from 1 January 2026)'} or "pool"`;
  }
  switch (claim) {
    case 'superDeduction':
      if (car) return 'cars do not qualify for the super-deduction (FA 2021 s9(2)(d); CAA 2001 s46(2), general exclusion 2)';
      if (a.pool !== 'main') return 'the super-deduction was for main-rate plant; special rate expenditure took the 50% SR allowance ("fya50") (FA 2021 s9(2)(e), s9(3))';
      if (!a.newAndUnused) return 'the super-deduction was only for plant bought new and unused (FA 2021 s9(2)(c))';
      if (a.date < SUPER_DEDUCTION_FROM || a.date > SUPER_DEDUCTION_UNTIL) return `the super-deduction was for expenditure from 1 April 2021 to 31 March 2023 (FA 2021 s9(2)(a)); this was incurred on ${a.date}${a.date > SUPER_DEDUCTION_UNTIL ? ': claim "fullExpensing"' : ''}`;
      return undefined;
    case 'aia':
      return car ? 'cars do not qualify for the annual investment allowance (CAA 2001 s38B, general exclusion 2): claim "fya100" for a new zero-emission car, otherwise "pool"' : undefined;
    case 'fullExpensing':
      if (car) return 'cars do not qualify for full expensing (CAA 2001 s46(2), general exclusion 3)';
      if (a.pool !== 'main') return 'full expensing is for main-rate plant; special rate expenditure takes the 50% first-year allowance ("fya50") (CAA 2001 s45S)';
      if (!a.newAndUnused) return 'full expensing is only for plant bought new and unused (CAA 2001 s45S)';
      if (a.date < FULL_EXPENSING_FROM) return `full expensing is for expenditure from 1 April 2023 (CAA 2001 s45S); this was incurred on ${a.date}${a.date >= SUPER_DEDUCTION_FROM ? ': claim "superDeduction"' : ''}`;
      return undefined;
    case 'fya50':
      if (car) return 'cars do not qualify for the 50% first-year allowance (CAA 2001 s46(2), general exclusion 3)';
      if (a.pool !== 'special') return 'the 50% first-year allowance is for special rate expenditure; main-rate plant takes full expensing ("fullExpensing") (CAA 2001 s45S)';
      if (!a.newAndUnused) return 'the 50% first-year allowance is only for plant bought new and unused (CAA 2001 s45S)';
      if (a.date < SUPER_DEDUCTION_FROM) return `the 50% first-year allowance is for expenditure from 1 April 2021 (the SR allowance, FA 2021 s9(3); from 1 April 2023 CAA 2001 s45S); this was incurred on ${a.date}`;
      return undefined;
    case 'fya40':
      if (car) return 'cars do not qualify for the 40% first-year allowance';
      if (a.pool !== 'main') return 'the 40% first-year allowance is for main-rate plant and machinery';
      if (!a.newAndUnused) return 'the 40% first-year allowance is only for plant bought new and unused';
      if (a.date < FYA40_FROM) return `the 40% first-year allowance is for expenditure from 1 January 2026; this was incurred on ${a.date}`;
      return undefined;
    case 'fya100':
      if (!car || a.car!.co2 !== 0) return 'the 100% first-year allowance here is for a new car with zero CO2 emissions (CAA 2001 s45D): give car.co2 0';
      if (!a.newAndUnused) return 'the 100% allowance for a zero-emission car needs the car new and unused (CAA 2001 s45D)';
      if (a.date > ZERO_EMISSION_CAR_FYA_UNTIL) return `the 100% allowance for zero-emission cars is for expenditure up to 31 March 2027 (CAA 2001 s45D); this was incurred on ${a.date}`;
      return undefined;
  }
}

/** A car's pool follows its emissions. */
export function carPoolRefusal(a: Pick<Addition, 'pool' | 'car'>): string | undefined {
  if (a.car === null) return undefined;
  const expected = a.car.co2 > MAIN_RATE_CAR_MAX_CO2 ? 'special' : 'main';
  if (a.pool === expected) return undefined;
  return expected === 'special'
    ? `must be "special": a car emitting more than 50 g/km (this one ${a.car.co2} g/km) goes to the special rate pool (CAA 2001 s104AA)`
    : `must be "main": a car emitting 50 g/km or less (this one ${a.car.co2} g/km) goes to the main pool (CAA 2001 s104AA)`;
}

/** Why an addition cannot be a short-life asset (CAA 2001 s84; CA23620), or undefined when it can. */
export function shortLifeRefusal(a: Pick<Addition, 'pool' | 'car' | 'forLeasing'>, claim: Claim): string | undefined {
  if (a.car !== null) return 'a car cannot be a short-life asset (CAA 2001 s84 item 3; CA23620)';
  if (a.pool !== 'main') return 'special rate expenditure cannot be a short-life asset (CAA 2001 s84 item 4; CA23620)';
  if (a.forLeasing) return 'plant provided for leasing cannot be a short-life asset (CAA 2001 s84 item 5; CA23620); the exception for plant used for a qualifying purpose in the designated period is not worked out here';
  if (claim === 'fullExpensing' || claim === 'fya100' || claim === 'superDeduction') return `with ${CLAIM_WORDS[claim]} nothing of its cost is left to allocate to a short-life asset pool (CAA 2001 s86(1)): leave out "shortLife" or claim "aia", "fya40" or "pool"`;
  return undefined;
}

export function claimErrors(input: ComputationInput): FieldError[] {
  const errors: FieldError[] = [];
  const ca = input.capitalAllowances;
  const { additions, tradeCeased } = ca;
  const proposed = additions.some((a) => a.shortLife && !a.claim) ? proposeClaims(input) : [];
  additions.forEach((a, i) => {
    const at = `capitalAllowances.additions[${i}]`;
    const poolProblem = carPoolRefusal(a);
    if (poolProblem) errors.push({ field: `${at}.pool`, message: poolProblem });
    if (a.claim) {
      const refusal = claimRefusal(a, a.claim, tradeCeased);
      if (refusal) errors.push({ field: `${at}.claim`, message: `"${a.claim}" cannot be claimed: ${refusal}` });
    }
    if (a.shortLife) {
      const refusal = shortLifeRefusal(a, a.claim ?? proposed[i]!);
      if (refusal) errors.push({ field: `${at}.shortLife`, message: `cannot be elected: ${refusal}` });
    }
  });
  const period = chargeablePeriod(input.period.from, input.period.to);
  if (ca.aiaAllocated !== null && ca.aiaAllocated !== undefined) {
    const max = aiaMaximum(period);
    if (ca.aiaAllocated > max.pence) {
      errors.push({ field: 'capitalAllowances.aiaAllocated', message: `must not be more than the maximum allowance for the period, ${poundsWords(max.pence)} (${max.how}): a group or related companies share a single allowance of that maximum (${AIA_SHARED_RULE}); ${poundsWords(ca.aiaAllocated)} was given` });
    }
  }
  return errors;
}

/**
 * The best claim for each addition. The AIA goes first to special rate
 * expenditure (the rest of it would earn only 6% a year), then to used
 * main-rate plant (which has no first-year allowance), then to new main-rate
 * plant, where it avoids the balancing charge full expensing brings on a sale
 * (CAA 2001 s59A); what the AIA cannot cover takes full expensing or the 50%
 * allowance where the asset qualifies. Cars: 100% for a new zero-emission car,
 * otherwise the pool.
 */
export function proposeClaims(input: ComputationInput): Claim[] {
  const { additions, tradeCeased } = input.capitalAllowances;
  const out: Claim[] = additions.map(() => 'pool');
  if (tradeCeased) return out;
  let room = aiaFor(chargeablePeriod(input.period.from, input.period.to), input.capitalAllowances.aiaAllocated).pence;
  const rank = (a: Addition) => (a.pool === 'special' ? 0 : a.newAndUnused ? 2 : 1);
  const order = additions
    .map((a, i) => ({ a, i }))
    .filter(({ a, i }) => {
      if (a.car === null) return true;
      if (!claimRefusal(a, 'fya100', false)) out[i] = 'fya100';
      return false;
    })
    .sort((x, y) => rank(x.a) - rank(y.a) || (x.a.date < y.a.date ? -1 : x.a.date > y.a.date ? 1 : x.i - y.i));
  for (const { a, i } of order) {
    // The super-deduction gives more than the AIA and leaves it for other expenditure. A short-life asset is proposed only
    // claims that leave its pool something (s86(1)): not the super-deduction or full expensing.
    if (!a.shortLife && !claimRefusal(a, 'superDeduction', false)) {
      out[i] = 'superDeduction';
      continue;
    }
    const firstYear: Claim | undefined = (['fullExpensing', 'fya50'] as const).find((c) => !claimRefusal(a, c, false) && !(a.shortLife && c === 'fullExpensing'));
    if (a.cost <= room) {
      out[i] = 'aia';
      room -= a.cost;
    } else if (firstYear === 'fullExpensing') {
      out[i] = 'fullExpensing';
    } else if (firstYear === 'fya50' && room < a.cost / 2) {
      out[i] = 'fya50';
    } else if (!claimRefusal(a, 'fya40', false) && room < (a.cost * 2) / 5) {
      out[i] = 'fya40';
    } else if (room > 0) {
      out[i] = 'aia';
      room = 0;
    } else {
      out[i] = firstYear ?? (!claimRefusal(a, 'fya40', false) ? 'fya40' : 'pool');
    }
  }
  return out;
}
