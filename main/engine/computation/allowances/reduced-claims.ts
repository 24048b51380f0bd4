/**
 * A reduced writing-down allowance claim (CAA 2001 s56(5)) may not be more
 * than the full allowance, which is known only once the pools are worked out:
 * checked after the other claims (claims.ts), by working the allowances out.
 */
import type { FieldError } from '../../errors.js';
import { computeCapitalAllowances } from '../capital-allowances.js';
import type { ComputationInput } from '../input-types.js';
import { Working } from '../working.js';

export function reducedAllowanceErrors(input: ComputationInput): FieldError[] {
  const ca = input.capitalAllowances;
  const reduced = ca.mainPoolWritingDownAllowanceClaimed != null || ca.specialRatePoolWritingDownAllowanceClaimed != null || (ca.shortLifeAssets ?? []).some((s) => s.writingDownAllowanceClaimed !== undefined);
  return reduced ? computeCapitalAllowances(input, new Working()).errors : [];
}
