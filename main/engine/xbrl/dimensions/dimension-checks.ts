/**
 * XBRL Dimensions 1.0 checks of a report against its DTS, as the reference
 * processor makes them:
 * - each context on its own: a dimension attribute that names no dimension
 *   (or a typed dimension on xbrldi:explicitMember, an explicit one on
 *   xbrldi:typedMember), a typed member whose content is not one element of
 *   the dimension's typed domain, an explicit member that is no global
 *   element, a dimension's default written out, a dimension given twice
 *   (in one container, or in both segment and scenario);
 * - each fact: dimensionally valid when, for at least one base set (role) of
 *   its concept's has-hypercube arcs, every 'all' hypercube is satisfied and
 *   no 'notAll' one is, judged in the context element the arc names
 *   (segment or scenario); a closed hypercube admits no other dimension, nor
 *   other content, in that element; a dimension absent takes its default, and
 *   with none the hypercube is not satisfied; an explicit member must be a
 *   usable member of the dimension's domain in the role the hypercube's
 *   dimension arc leads to. A concept with no hypercube is valid in any
 *   context.
 * Each distinct concept and context is judged once, and the taxonomy's model
 * is built once per DTS (dimensional-model.ts).
 */
import type { AttachmentFinding } from '../../validation/attachments/finding.js';
import type { XbrlContext, XbrlFact } from '../../validation/attachments/xbrl-report.js';
import type { Clark, Dts } from '../../taxonomy/dts.js';
import type { ContextElement, DimensionValue } from './context-dimensions.js';
import { DIMENSION_ARCROLES, type DefinitionArc } from './definition-arcs.js';
import { dimensionalModelOf, type DimensionalModel } from './dimensional-model.js';
import { compiledType } from '../values/concept-types.js';
import { checkSimpleValue } from '../../validation/schema/simple-types.js';

/** Arelle's codes for the same faults. */
export const DIMENSION_CODES = {
  factInvalid: 'xbrldie:PrimaryItemDimensionallyInvalidError',
  explicitNotExplicitDimension: 'xbrldie:ExplicitMemberNotExplicitDimensionError',
  typedNotTypedDimension: 'xbrldie:TypedMemberNotTypedDimensionError',
  illegalTypedContent: 'xbrldie:IllegalTypedDimensionContentError',
  memberUndefined: 'xbrldie:ExplicitMemberUndefinedQNameError',
  defaultUsed: 'xbrldie:DefaultValueUsedInInstanceError',
  repeated: 'xbrldie:RepeatedDimensionInInstanceError',
} as const;

/** The sections the rules come from, numbered as the team's mutant fixtures number them. */
const SPEC = {
  factInvalid: 'XBRL Dimensions 1.0 §3.1.4',
  repeated: 'XBRL Dimensions 1.0 §3.1.4.2',
  explicit: 'XBRL Dimensions 1.0 §3.1.4.2',
  typed: 'XBRL Dimensions 1.0 §3.1.4.3',
  defaultUsed: 'XBRL Dimensions 1.0 §2.7.1',
} as const;

const local = (name: string) => name.slice(name.indexOf('}') + 1);
/** A role URI by its last step ("…/role/Hypercube-Company" → Hypercube-Company), as taxonomies name their roles. */
const roleWords = (role: string) => role.slice(role.lastIndexOf('/') + 1) || role;

export interface DimensionCheckInput {
  contexts: ReadonlyMap<string, XbrlContext>;
  facts: readonly XbrlFact[];
  /** A name whose schema did not load (a published taxonomy not installed): neither right nor wrong here. */
  unjudged: (name: Clark) => boolean;
  /** How a finding names a fact. */
  factWords: (fact: XbrlFact) => string;
}

export function checkDimensions(input: DimensionCheckInput, dts: Dts): AttachmentFinding[] {
  const model = dimensionalModelOf(dts);
  if (!model.hasDimensions) return [];
  const findings: AttachmentFinding[] = [];
  for (const context of input.contexts.values()) findings.push(...contextFindings(context, model, input.unjudged));
  // Per context, each concept's verdict (undefined: valid); no map for a context that cannot be judged.
  const verdicts = new Map<string, Map<Clark, string | undefined> | null>();
  for (const fact of input.facts) {
    let byConcept = verdicts.get(fact.contextRef);
    const context = input.contexts.get(fact.contextRef);
    if (byConcept === undefined) {
      const judged = context?.dimensions && !context.dimensions.values.some((v) => v.dimension !== undefined && !model.concept(v.dimension) && input.unjudged(v.dimension));
      verdicts.set(fact.contextRef, (byConcept = judged ? new Map() : null));
    }
    if (byConcept === null || !context) continue;
    const concept = `{${fact.namespace}}${fact.localName}`;
    let problem = byConcept.get(concept);
    if (problem === undefined && !byConcept.has(concept)) {
      if (!model.concept(concept)) continue;
      byConcept.set(concept, (problem = dimensionalProblem(concept, context, model)));
    }
    if (problem) {
      findings.push({
        code: DIMENSION_CODES.factInvalid,
        spec: SPEC.factInvalid,
        category: 'error',
        message: `${input.factWords(fact)}: context "${context.id}" fits none of ${fact.localName}'s hypercubes in the taxonomy's definition linkbase: ${problem}`,
      });
    }
  }
  return findings;
}

function contextFindings(context: XbrlContext, model: DimensionalModel, unjudged: (name: Clark) => boolean): AttachmentFinding[] {
  const out: AttachmentFinding[] = [];
  const error = (code: string, spec: string, message: string) => out.push({ code, spec, category: 'error', message: `context "${context.id}" ${message}` });
  const first: Record<ContextElement, Set<Clark>> = { segment: new Set(), scenario: new Set() };
  for (const value of context.dimensions?.values ?? []) {
    const { dimension } = value;
    // A QName whose prefix is not declared is not a QName: the schema's fault, and for a dimension nothing more can be said.
    if (dimension === undefined && value.written) {
      error('xmlSchema:valueError', 'XML Schema 1.0 Part 2 §3.2.18 (QName)', `names the dimension ${value.written}, whose prefix is not declared`);
      continue;
    }
    if (value.kind === 'explicit' && value.member === undefined && value.memberWritten) {
      error('xmlSchema:valueError', 'XML Schema 1.0 Part 2 §3.2.18 (QName)', `gives ${value.written} the member ${value.memberWritten}, whose prefix is not declared`);
    }
    if (dimension !== undefined && !model.concept(dimension) && unjudged(dimension)) continue;
    const typedDimension = dimension !== undefined && model.isTypedDimension(dimension);
    if (dimension === undefined || !model.isDimension(dimension) || (value.kind === 'typed') !== typedDimension) {
      const what = dimension === undefined || !model.concept(dimension) ? 'is not in the taxonomy' : !model.isDimension(dimension) ? 'is not a dimension' : typedDimension ? 'is a typed dimension' : 'is an explicit dimension';
      const element = value.kind === 'typed' ? 'xbrldi:typedMember' : 'xbrldi:explicitMember';
      error(value.kind === 'typed' ? DIMENSION_CODES.typedNotTypedDimension : DIMENSION_CODES.explicitNotExplicitDimension, value.kind === 'typed' ? SPEC.typed : SPEC.explicit, `has ${element} for ${value.written || '(no dimension)'}, which ${what}`);
    } else if (value.kind === 'typed') {
      const problem = typedContentProblem(value, dimension, model);
      if (problem) error(DIMENSION_CODES.illegalTypedContent, SPEC.typed, `gives the typed dimension ${local(dimension)} ${problem}`);
      else typedValueProblem(value, dimension, model, error);
    }
    if (value.kind === 'explicit') {
      if (value.member === undefined || !model.isGlobalElement(value.member)) {
        error(DIMENSION_CODES.memberUndefined, SPEC.explicit, `gives ${value.written} the member ${value.memberWritten || '(nothing)'}, which is not an element the taxonomy declares`);
      } else if (dimension !== undefined && model.defaults.get(dimension) === value.member) {
        error(DIMENSION_CODES.defaultUsed, SPEC.defaultUsed, `writes ${local(dimension)}'s default member ${local(value.member)}; a default is never written: leave the dimension out and it takes the default`);
      }
    }
    if (dimension === undefined || !model.concept(dimension)) continue;
    const other: ContextElement = value.container === 'segment' ? 'scenario' : 'segment';
    if (first[value.container].has(dimension)) error(DIMENSION_CODES.repeated, SPEC.repeated, `gives ${local(dimension)} more than one value in its ${value.container}`);
    else if (first[other].has(dimension)) error(DIMENSION_CODES.repeated, SPEC.repeated, `gives ${local(dimension)} a value in both its segment and its scenario`);
    else first[value.container].add(dimension);
  }
  return out;
}

function typedContentProblem(value: DimensionValue, dimension: Clark, model: DimensionalModel): string | undefined {
  const content = value.typed ?? [];
  const domain = model.typedDomainOf(dimension);
  if (content.length === 0) return 'no content (its value is one element of its typed domain)';
  if (content.length > 1) return `${content.length} elements; its value is one element`;
  if (!domain) return `a value, but its typed domain (${model.concept(dimension)?.typedDomainRef}) is not in the taxonomy`;
  if (content[0]!.name !== domain.name) return `the element ${local(content[0]!.name)}, where its typed domain is ${local(domain.name)}`;
  return undefined;
}

/** A typed value of the right element checked against that element's type, as the reference processor validates a context's content. */
function typedValueProblem(value: DimensionValue, dimension: Clark, model: DimensionalModel, error: (code: string, spec: string, message: string) => void): void {
  const content = value.typed![0]!;
  const compiled = content.elementChildren === 0 ? compiledType(model.dts, model.typedDomainOf(dimension)?.type) : undefined;
  const problem = compiled && checkSimpleValue(compiled.type, content.text);
  if (problem) error('xmlSchema:valueError', `XML Schema 1.0 Part 2 (type ${compiled!.name}); ${SPEC.typed}`, `gives the typed dimension ${local(dimension)} the value "${content.text.slice(0, 60)}": ${problem}`);
}

/** The context's values in one container, first per dimension (a repeat is the context's own error). */
function valuesIn(context: XbrlContext, container: ContextElement, model: DimensionalModel): Map<Clark, DimensionValue> {
  const out = new Map<Clark, DimensionValue>();
  for (const v of context.dimensions?.values ?? []) {
    if (v.container === container && v.dimension !== undefined && model.concept(v.dimension) && !out.has(v.dimension)) out.set(v.dimension, v);
  }
  return out;
}

/** Undefined when the fact is dimensionally valid; otherwise why not, for the first base set that applies. */
function dimensionalProblem(concept: Clark, context: XbrlContext, model: DimensionalModel): string | undefined {
  const bases = model.hypercubesOf(concept);
  if (bases.size === 0) return undefined;
  let firstProblem: string | undefined;
  for (const [role, arcs] of bases) {
    const problem = baseSetProblem(context, role, arcs, model);
    if (!problem) return undefined;
    firstProblem ??= `in ${roleWords(role)}, ${problem}`;
  }
  return firstProblem;
}

function baseSetProblem(context: XbrlContext, role: string, arcs: DefinitionArc[], model: DimensionalModel): string | undefined {
  for (const arc of arcs) {
    const problem = hypercubeProblem(context, role, arc, model);
    const negated = arc.arcrole === DIMENSION_ARCROLES.notAll;
    if (!negated && problem) return problem;
    if (negated && !problem) return `its ${arc.contextElement ?? 'segment'} matches the hypercube ${local(arc.to)}, which a notAll arc excludes for this concept`;
  }
  return undefined;
}

function hypercubeProblem(context: XbrlContext, role: string, arc: DefinitionArc, model: DimensionalModel): string | undefined {
  const container: ContextElement = arc.contextElement ?? 'segment';
  const cube = `${arc.closed ? 'closed ' : ''}hypercube ${local(arc.to)}`;
  if (arc.closed && (context.dimensions?.otherContent[container] ?? 0) > 0) return `the ${cube} admits nothing but its dimensions in the ${container}, which holds other content`;
  const values = valuesIn(context, container, model);
  const extra = new Set(values.keys());
  const dimensionRole = arc.targetRole ?? role;
  for (const { dimension, domainRole } of model.dimensionsOf(arc.to, dimensionRole)) {
    const value = values.get(dimension);
    extra.delete(dimension);
    const member = value ? value.member : model.defaults.get(dimension);
    if (!value && member === undefined) {
      const elsewhere = context.dimensions?.values.some((v) => v.dimension === dimension);
      return `the ${cube} needs a value for ${local(dimension)} in the ${container}${elsewhere ? ` (the context has it in the ${container === 'segment' ? 'scenario' : 'segment'})` : ''}, and ${local(dimension)} has no default`;
    }
    if (model.isTypedDimension(dimension)) continue;
    if (member === undefined || !model.usableMembers(dimension, domainRole).has(member)) {
      return `${local(dimension)}'s member ${value ? (value.memberWritten ?? 'a typed value') : local(member!)} is not a usable member of its domain for the ${cube} (${roleWords(domainRole)})`;
    }
  }
  if (arc.closed && extra.size > 0) return `the ${cube} admits no other dimension in the ${container}, but the context gives ${[...extra].map(local).join(', ')}`;
  return undefined;
}
