/**
 * A fact's value against its concept's XML Schema type, facets and all
 * (concept-types.ts), and xsi:nil against the concept's nillable (XML Schema
 * 1.0 Part 1 §3.3.4: nil only where the declaration allows it). A gYear
 * written "05", 7.5 on an integer concept, a tax reference breaking HMRC's
 * pattern, an empty company name on a non-empty type: each is the reference
 * processor's xmlSchema:valueError. Numbers are checked as the fact's value
 * (after format, scale and sign); a number that could not be read at all is
 * reported where it is read (report-integrity.ts, or the format's own fault).
 */
import type { Concept, Dts } from '../../taxonomy/dts.js';
import type { XbrlFact, XbrlReport } from '../../validation/attachments/xbrl-report.js';
import { checkSimpleValue } from '../../validation/schema/simple-types.js';
import { compiledType } from './concept-types.js';

export interface ValueFinding {
  code: string;
  spec: string;
  category: 'error' | 'warning';
  message: string;
}

/** Patterns already said to be unchecked, per report: said once, not once per fact. */
const toldUnchecked = new WeakMap<XbrlReport, Set<string>>();

export function factValueFindings(fact: XbrlFact, concept: Concept, dts: Dts, report: XbrlReport): ValueFinding[] {
  const out: ValueFinding[] = [];
  if (fact.nil) {
    if (!concept.nillable) {
      out.push({ code: 'xmlSchema:nilNonNillableElement', spec: 'XML Schema 1.0 Part 1 §3.3.4; XBRL 2.1 §4.6', category: 'error', message: `${fact.localName} is nil (xsi:nil="true"), but the taxonomy does not declare it nillable: give its value or leave the fact out` });
    }
    return out;
  }
  if (!fact.readable || fact.element === 'fraction') return out;
  const compiled = compiledType(dts, concept.type);
  if (!compiled) return out;
  const problem = checkSimpleValue(compiled.type, fact.value);
  if (problem) out.push({ code: 'xmlSchema:valueError', spec: `XML Schema 1.0 Part 2 (type ${compiled.name})`, category: 'error', message: `${problem} (${fact.localName}'s type)` });
  if (compiled.untranslated.length) {
    let told = toldUnchecked.get(report);
    if (!told) toldUnchecked.set(report, (told = new Set()));
    for (const u of compiled.untranslated) {
      if (told.has(u.pattern)) continue;
      told.add(u.pattern);
      out.push({ code: 'values.patternNotChecked', spec: 'XML Schema 1.0 Part 2 Appendix F', category: 'warning', message: `the pattern ${JSON.stringify(u.pattern)} of type ${compiled.name} was not checked: ${u.reason}` });
    }
  }
  return out;
}
