/**
 * The contexts and units of one set of accounts: every context names the
 * company by its Companies House number (scheme http://www.companieshouse.gov.uk/,
 * accounts.md §3; JFCVC 3316), and is one of four periods — this year's
 * duration, its balance sheet date, last year's duration and last year's
 * balance sheet date — with at most the dimension members a fact needs, in
 * the segment (never a scenario: FRC.TG.3.6.1). Contexts are made as facts
 * ask for them, so the document carries none that no fact uses.
 */
import { escapeAttribute, escapeText } from '../../ct600/xml-writer.js';
import { member } from './taxonomy.js';

export type PeriodKey = 'current' | 'currentEnd' | 'previous' | 'previousEnd';

export interface ReportPeriods {
  current: { from: string; to: string };
  previous?: { from: string; to: string };
}

/** A dimension and its member by local names, as the taxonomy table lists them. */
export interface Member {
  dimension: string;
  member: string;
}

interface Context {
  id: string;
  period: { instant: string } | { start: string; end: string };
  members: { dimension: string; member: string }[];
}

const PERIOD_IDS: Record<PeriodKey, string> = { current: 'cy', currentEnd: 'cy-end', previous: 'py', previousEnd: 'py-end' };

export const UNITS = { money: 'GBP', pure: 'pure' } as const;

export class ContextSet {
  private readonly contexts = new Map<string, Context>();
  private readonly unitsUsed = new Set<string>();

  constructor(
    readonly registeredNumber: string,
    readonly periods: ReportPeriods,
  ) {}

  /** The id of the context for the period and members, made on first use. */
  ref(period: PeriodKey, members: Member[] = []): string {
    const qualified = members.map((m) => member(m.dimension, m.member));
    const id = [PERIOD_IDS[period], ...members.map((m) => m.member)].join('-');
    if (!this.contexts.has(id)) this.contexts.set(id, { id, period: this.periodOf(period), members: qualified });
    return id;
  }

  unit(unit: keyof typeof UNITS): string {
    this.unitsUsed.add(unit);
    return UNITS[unit];
  }

  private periodOf(key: PeriodKey): Context['period'] {
    const p = key.startsWith('current') ? this.periods.current : this.periods.previous;
    if (!p) throw new Error(`a comparative figure needs last year's period, and the accounts give none`);
    return key.endsWith('End') ? { instant: p.to } : { start: p.from, end: p.to };
  }

  /** The xbrli:context and xbrli:unit elements for ix:resources. */
  resourcesXml(): string {
    const identifier = `<xbrli:identifier scheme="http://www.companieshouse.gov.uk/">${escapeText(this.registeredNumber)}</xbrli:identifier>`;
    const out: string[] = [];
    for (const c of this.contexts.values()) {
      const segment = c.members.length
        ? `<xbrli:segment>${c.members.map((m) => `<xbrldi:explicitMember dimension="${escapeAttribute(m.dimension)}">${escapeText(m.member)}</xbrldi:explicitMember>`).join('')}</xbrli:segment>`
        : '';
      const period =
        'instant' in c.period
          ? `<xbrli:instant>${c.period.instant}</xbrli:instant>`
          : `<xbrli:startDate>${c.period.start}</xbrli:startDate><xbrli:endDate>${c.period.end}</xbrli:endDate>`;
      out.push(`<xbrli:context id="${c.id}"><xbrli:entity>${identifier}${segment}</xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`);
    }
    if (this.unitsUsed.has('money')) out.push('<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>');
    if (this.unitsUsed.has('pure')) out.push('<xbrli:unit id="pure"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>');
    return out.join('\n');
  }
}
