/**
 * The accounts the Inline XBRL writer's tests write: those worked by hand in
 * ixbrl-hand-accounts.ts, and those the accounts engine builds from the
 * worked trial balances of test/fixtures/accounts/ (a micro company with a
 * van, its next year with comparatives and a director's overdrawn loan
 * account, a dormant company, an FRS 102 section 1A company, a loss-making
 * company with net liabilities).
 */
import { buildAccounts } from '../../../main/engine/accounts/statements/build.js';
import type { Accounts } from '../../../main/engine/accounts/types.js';
import { dormant as handDormant, microWithComparatives, netLiabilitiesSmall } from './ixbrl-hand-accounts.js';
import { built, dormant, lossMaking, small, vanYear1, vanYear2 } from './statements-fixtures.js';

export const CASES: [string, () => Accounts][] = [
  ['by hand: micro with comparatives', () => microWithComparatives()],
  ['by hand: dormant', handDormant],
  ['by hand: small company with net liabilities', netLiabilitiesSmall],
  ['built: micro company with a van (first year)', () => built(buildAccounts(vanYear1()))],
  ['built: its next year, with comparatives and an advance to the director', () => built(buildAccounts(vanYear2(built(buildAccounts(vanYear1())))))],
  ['built: dormant company', () => built(buildAccounts(dormant()))],
  ['built: FRS 102 section 1A company', () => built(buildAccounts(small()))],
  ['built: loss-making company with net liabilities', () => built(buildAccounts(lossMaking()))],
];
