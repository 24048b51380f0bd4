/**
 * HMRC's business rules for one CT600 schema version, as a table: each rule
 * is an XPath context with its assertions, each assertion HMRC's error number,
 * its test, HMRC's words and the boxes and period it concerns. Tables are
 * compiled from HMRC's Schematron (`schematron-compiler.ts`); a new schema
 * version is a new table beside the others, not new code.
 */
export interface HmrcAssertion {
  /** The assertion's id in HMRC's Schematron ("a_F034.4"); several may share a number. */
  id: string;
  /** HMRC's error number ("9200"). */
  number: string;
  /** XPath 1.0 with EXSLT date and math functions: true when the return keeps the rule. */
  test: string;
  /** HMRC's statement of the rule, as the Schematron words it (with its own bracketed field ids). */
  rule: string;
  /** HMRC's message to the filer, in English. */
  hmrcMessage: string;
  /** CT600 boxes the rule concerns, the one to change first; empty when HMRC's words name none and the element has no box. */
  boxes: string[];
  /** The test compares with today's date: the clock decides, not the return alone. */
  dependsOnToday: boolean;
  /** The period the rule applies to, as its test states it ("box 35 on or after 2050-04-01"); empty when it does not depend on the period. */
  period: string[];
}

export interface HmrcRule {
  /** The Schematron pattern's id. */
  pattern: string;
  /** Absolute XPath of the elements the assertions are about. */
  context: string;
  assertions: HmrcAssertion[];
}

export interface HmrcRuleTable {
  /** The CT600 schema version the rules go with ("v1.994"). */
  schemaVersion: string;
  /** Where the rules come from (HMRC's file, its SHA-256). */
  source: string;
  /** Prefixes the XPath uses. */
  namespaces: Record<string, string>;
  rules: HmrcRule[];
}

export const assertionCount = (table: HmrcRuleTable) => table.rules.reduce((n, r) => n + r.assertions.length, 0);

export const ruleNumbers = (table: HmrcRuleTable) => new Set(table.rules.flatMap((r) => r.assertions.map((a) => a.number)));
