/** Facts of a report by local name, with the questions HMRC's checks ask of them. */
import { isIsoDate } from '../../deadlines/calendar.js';
import type { XbrlContext, XbrlFact, XbrlReport } from './xbrl-report.js';

const INDEXES = new WeakMap<XbrlReport, FactIndex>();

export class FactIndex {
  private readonly byName = new Map<string, XbrlFact[]>();
  private contextRefs: Set<string> | undefined;

  /**
   * The report's index, made once however many checks ask: an attachment's
   * checks each asked for one of their own, three of 78,000 facts for an
   * 11 MB set of accounts. A read report is not changed after it is read.
   */
  static of(report: XbrlReport): FactIndex {
    let index = INDEXES.get(report);
    if (index === undefined) INDEXES.set(report, (index = new FactIndex(report)));
    return index;
  }

  private constructor(readonly report: XbrlReport) {
    for (const f of report.facts) {
      const list = this.byName.get(f.localName);
      if (list) list.push(f);
      else this.byName.set(f.localName, [f]);
    }
  }

  /** The context ids the facts name, each once, in the order first named. */
  usedContextRefs(): ReadonlySet<string> {
    if (this.contextRefs === undefined) {
      this.contextRefs = new Set<string>();
      for (const f of this.report.facts) this.contextRefs.add(f.contextRef);
    }
    return this.contextRefs;
  }

  facts(localName: string): XbrlFact[] {
    return this.byName.get(localName) ?? [];
  }

  context(fact: XbrlFact): XbrlContext | undefined {
    return this.report.contexts.get(fact.contextRef);
  }

  /** Non-nil with a context: what the statement checks count as "there". */
  present(fact: XbrlFact): boolean {
    return !fact.nil && this.context(fact) !== undefined;
  }

  anyPresent(localNames: string[]): boolean {
    return localNames.some((n) => this.facts(n).some((f) => this.present(f)));
  }

  /** Members of `dimension` on the contexts of present `localName` facts. */
  dimensionValues(localName: string, dimension: string): string[] {
    const out: string[] = [];
    for (const f of this.facts(localName)) {
      if (!this.present(f)) continue;
      const member = this.context(f)!.dims.get(dimension);
      if (member !== undefined) out.push(member);
    }
    return out;
  }
}

/**
 * Whether the value is valid for the fact's type as far as we can tell
 * without the taxonomy: dates must be dates and true/false items booleans,
 * by the FRC's naming of concepts.
 */
export function validValue(fact: XbrlFact): boolean {
  if (fact.nil) return true;
  if (!fact.readable) return false;
  const v = fact.value.trim();
  if (fact.numeric) return /^-?\d+(\.\d+)?$/.test(v);
  if (/Truefalse$/.test(fact.localName)) return v === 'true' || v === 'false' || v === '1' || v === '0';
  if (/^(Date|StartDate|EndDate|BalanceSheetDate)|Date$/.test(fact.localName) && !/Description|Explanation/.test(fact.localName)) return isIsoDate(v);
  return true;
}
