/**
 * HMRC's rule tables by CT600 schema version. v1.995 (April 2027) is one more
 * compiled table and one more line here. HMRC applies the rules of the schema
 * in force; until we hold a table per accepted version, every return is
 * checked with the newest one.
 */
import type { HmrcRuleTable } from '../rule-table.js';
import { CT600_RULES_V1_994 } from './ct600-v1-994.js';

export const RULE_TABLES: readonly HmrcRuleTable[] = [CT600_RULES_V1_994];

/** "2025-v1.994" → the v1.994 table; an unknown or absent version → the newest table. */
export function ruleTableFor(declaredSchemaVersion: string | undefined): HmrcRuleTable {
  const version = declaredSchemaVersion?.replace(/^\d{4}-/, '');
  return RULE_TABLES.find((t) => t.schemaVersion === version) ?? RULE_TABLES[RULE_TABLES.length - 1]!;
}
