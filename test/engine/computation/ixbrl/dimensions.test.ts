/**
 * Every fact of the computation sits in a context HMRC's taxonomy allows for
 * its concept: the CT2015 package's definition linkbase puts each concept in
 * a hypercube (Company: BusinessTypeDimension; UK trade: BusinessTypeDimension,
 * BusinessNameDimension, TerritoryDimension), and BusinessTypeDimension has no
 * default, so a fact without the right member is dimensionally invalid. The
 * check is XBRL Dimensions' own: the concept is a primary item of an "all"
 * hypercube whose dimensions the context gives with members of their domains
 * (a dimension with a default, DetailedAnalysisDimension here, may be left
 * out), and a closed hypercube takes no other dimension.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeParsed, parseComputationInput } from '../../../../main/engine/computation/index.js';
import { computationDocument } from '../../../../main/engine/computation/ixbrl/write-computation.js';
import { readXbrlReport } from '../../../../main/engine/validation/attachments/xbrl-report.js';
import { repoRoot, sharedDir } from '../../../helpers/shared.js';
import { busyYearInput, lossMakingInput } from './inputs.js';

const PACKAGE = join(sharedDir, 'xbrl', 'taxonomy-packages', 'CT2015-v1.3.0.zip');
const DEFINITION = 'CT2015-v1.3.0/www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-comp/ct-comp-2015-02-01-definition.xml';
const LINK = 'http://www.xbrl.org/2003/linkbase';
const XLINK = 'http://www.w3.org/1999/xlink';
const XBRLDT = 'http://xbrl.org/2005/xbrldt';
const DIM = 'http://xbrl.org/int/dim/arcrole/';

interface Arc {
  arcrole: string;
  from: string;
  to: string;
  closed: boolean;
  targetRole?: string;
}
interface Hypercube {
  primaryItems: Set<string>;
  /** Each dimension with the network its domain is in. */
  dimensions: { name: string; role: string }[];
  closed: boolean;
}

let arcsByRole: Map<string, Arc[]>;
let hypercubes: Hypercube[];
let defaults: Set<string>;

function reachable(role: string, root: string, arcrole: string): Set<string> {
  const out = new Set([root]);
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    for (const a of arcsByRole.get(role) ?? []) {
      if (a.arcrole === arcrole && a.from === n && !out.has(a.to)) {
        out.add(a.to);
        stack.push(a.to);
      }
    }
  }
  return out;
}

/** The members a dimension allows in this hypercube: its domain in the hypercube's own network. */
function domain(dimension: string, role: string): Set<string> {
  const out = new Set<string>();
  for (const a of arcsByRole.get(role) ?? []) if (a.arcrole === 'dimension-domain' && a.from === dimension) for (const m of reachable(a.targetRole ?? role, a.to, 'domain-member')) out.add(m);
  return out;
}

beforeAll(async () => {
  const zip = await JSZip.loadAsync(readFileSync(PACKAGE));
  const doc = new DOMParser().parseFromString(await zip.file(DEFINITION)!.async('string'), 'application/xml');
  arcsByRole = new Map();
  const links = doc.getElementsByTagNameNS(LINK, 'definitionLink');
  for (let i = 0; i < links.length; i++) {
    const link = links.item(i)!;
    const role = link.getAttributeNS(XLINK, 'role')!;
    const locs = new Map<string, string>();
    const locEls = link.getElementsByTagNameNS(LINK, 'loc');
    for (let j = 0; j < locEls.length; j++) locs.set(locEls.item(j)!.getAttributeNS(XLINK, 'label')!, locEls.item(j)!.getAttributeNS(XLINK, 'href')!.split('#')[1]!.replace(/^ct-comp_/, ''));
    const arcEls = link.getElementsByTagNameNS(LINK, 'definitionArc');
    const list = arcsByRole.get(role) ?? [];
    for (let j = 0; j < arcEls.length; j++) {
      const a = arcEls.item(j)!;
      list.push({
        arcrole: a.getAttributeNS(XLINK, 'arcrole')!.replace(DIM, ''),
        from: locs.get(a.getAttributeNS(XLINK, 'from')!)!,
        to: locs.get(a.getAttributeNS(XLINK, 'to')!)!,
        closed: a.getAttributeNS(XBRLDT, 'closed') === 'true',
        targetRole: a.getAttributeNS(XBRLDT, 'targetRole') || undefined,
      });
    }
    arcsByRole.set(role, list);
  }
  hypercubes = [];
  defaults = new Set();
  for (const [role, arcs] of arcsByRole) {
    for (const a of arcs) {
      if (a.arcrole === 'dimension-default') defaults.add(a.from);
      if (a.arcrole !== 'all') continue;
      const dimensionRole = a.targetRole ?? role;
      const dimensions = (arcsByRole.get(dimensionRole) ?? []).filter((b) => b.arcrole === 'hypercube-dimension' && b.from === a.to).map((b) => ({ name: b.to, role: b.targetRole ?? dimensionRole }));
      hypercubes.push({ primaryItems: reachable(role, a.from, 'domain-member'), dimensions, closed: a.closed });
    }
  }
});

/** Whether a fact of the concept may carry these dimensions (typed members given as "typed:…"). */
function allowed(concept: string, dims: Map<string, string>): boolean {
  return hypercubes.some(
    (h) =>
      h.primaryItems.has(concept) &&
      h.dimensions.every((d) => (dims.has(d.name) ? dims.get(d.name)!.startsWith('typed:') || domain(d.name, d.role).has(dims.get(d.name)!) : defaults.has(d.name))) &&
      (!h.closed || [...dims.keys()].every((d) => h.dimensions.some((x) => x.name === d))),
  );
}

const documents = () =>
  [JSON.parse(readFileSync(join(repoRoot, 'examples', 'computation', 'trading-company.json'), 'utf8')), lossMakingInput(), busyYearInput(), JSON.parse(readFileSync(join(repoRoot, 'examples', 'ct600', 'computations', 'straddling-marginal-relief.json'), 'utf8'))].map((raw) => {
    const parsed = parseComputationInput(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return computationDocument(parsed.input, computeParsed(parsed.input), { tradeDescription: 'Trade' });
  });

describe('the computation’s contexts against HMRC’s hypercubes (CT2015 definition linkbase)', () => {
  it('reads HMRC’s Company and trade hypercubes, BusinessTypeDimension without a default', () => {
    expect(hypercubes.some((h) => h.primaryItems.has('CompanyName'))).toBe(true);
    expect(defaults.has('BusinessTypeDimension')).toBe(false);
    expect(defaults.has('DetailedAnalysisDimension')).toBe(true);
  });

  it('every fact is dimensionally valid for its concept', () => {
    for (const text of documents()) {
      const read = readXbrlReport(text);
      if (!read.ok) throw new Error(read.problem.message);
      const invalid = read.report.facts.filter((f) => !allowed(f.localName, read.report.contexts.get(f.contextRef)!.dims)).map((f) => `${f.localName} in ${f.contextRef}`);
      expect(invalid).toEqual([]);
    }
  });

  it('would catch a fact in the wrong business type', () => {
    expect(allowed('CompanyName', new Map([['BusinessTypeDimension', 'Trade']]))).toBe(false);
    expect(allowed('ProfitLossPerAccounts', new Map([['BusinessTypeDimension', 'Company']]))).toBe(false);
    expect(allowed('CompanyName', new Map())).toBe(false);
    expect(allowed('ProfitLossPerAccounts', new Map([['BusinessTypeDimension', 'Trade'], ['BusinessNameDimension', 'typed:Bakery'], ['TerritoryDimension', 'UK']]))).toBe(true);
  });
});
