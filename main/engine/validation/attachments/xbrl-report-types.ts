/**
 * The model every reader of an attached document gives (the scan's events or
 * the tree): contexts, units and facts. Apart from the readers, so each of
 * them and the dispatcher (xbrl-report.ts) import it without a circle.
 */
import type { ContextDimensions } from '../../xbrl/dimensions/context-dimensions.js';
import type { StructureProblem } from './structure-problem.js';
import type { WrittenFact, WrittenResources } from '../../xbrl/values/written.js';

export interface XbrlContext {
  id: string;
  scheme: string;
  identifier: string;
  /** Instant contexts have only `end` (the instant); forever contexts neither. */
  start?: string;
  end?: string;
  instant: boolean;
  /** Explicit members: dimension local name → member local name. */
  dims: Map<string, string>;
  /** Explicit members with their namespaces, "{namespace}localName", as the taxonomy checks compare them. */
  explicitMembers: { dimension: string; member: string }[];
  hasScenario: boolean;
  /** Its explicit and typed members by container, and other segment/scenario content, as the XBRL Dimensions checks read them. */
  dimensions?: ContextDimensions;
}

export interface XbrlFact {
  /** The fact's id attribute, when it has one (what a finding names it by). */
  id?: string;
  /** ix:nonFraction, ix:nonNumeric or ix:fraction; in an XBRL instance, nonFraction for a fact with a unit. */
  element?: 'nonFraction' | 'nonNumeric' | 'fraction';
  namespace: string;
  localName: string;
  contextRef: string;
  unitRef?: string;
  /** The fact's value after Inline XBRL transformation (numbers as plain decimals). */
  value: string;
  nil: boolean;
  numeric: boolean;
  decimals?: string;
  precision?: string;
  lang?: string;
  /** Its attributes and text as written, for the rules on them (xbrl/values/report-integrity.ts). */
  written?: WrittenFact;
  /** False when the value could not be read under its format (an unknown or failed transform). */
  readable: boolean;
  /** The format attribute as written ("ixt:num-dot-decimal"), when the fact has one. */
  format?: string;
  /** Why the value could not be read, in words (what the window shows instead of a figure). */
  unreadableReason?: string;
}

export type { StructureProblem };

export interface XbrlReport {
  inline: boolean;
  schemaRefs: string[];
  contexts: Map<string, XbrlContext>;
  units: Set<string>;
  /** Each unit's measures, "{namespace}localName" (numerator and denominator together for a divide). */
  unitMeasures: Map<string, string[]>;
  facts: XbrlFact[];
  /** Contexts and units as written, a duplicated id's included (the model above keeps the first). */
  written?: WrittenResources;
  /** Namespace URIs declared anywhere on the document (what identifies the taxonomy family). */
  namespaces: Set<string>;
  /** What stops the document from being Inline XBRL as HMRC reads it. */
  problems: StructureProblem[];
}

export type ReadReport = { ok: true; report: XbrlReport } | { ok: false; problem: StructureProblem };

