/**
 * The parts of XBRL Dimensions 1.0 HMRC's CT2015 taxonomy does not use, on a
 * small taxonomy made for the purpose: an open hypercube on the scenario,
 * inherited by the primary items under a heading in the domain-member
 * network of its role; a notAll hypercube excluding one member for one
 * concept; domains in other roles through xbrldt:targetRole; a member
 * declared not usable; a domain-member relationship prohibited by a
 * higher-priority arc (XBRL 2.1 §3.5.3.9.7); a dimension's default.
 * Each verdict is the one Arelle's ValidateXbrlDimensions gives by its rules.
 */
import { describe, expect, it } from 'vitest';
import { installedFromZip, TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { readTaxonomyPackage } from '../../../main/engine/taxonomy/read-package.js';
import { checkAgainstTaxonomy } from '../../../main/engine/taxonomy/taxonomy-checks.js';
import { readXbrlReport } from '../../../main/engine/validation/attachments/xbrl-report.js';
import { smallTaxonomyPackage } from './ct2015.js';

const NS = 'http://example.com/dims';
const ROLE = 'http://example.com/dims/role';

const concept = (name: string, group: string, extra = '') =>
  `<xs:element id="t_${name}" name="${name}" substitutionGroup="${group}" type="xbrli:${group === 'xbrli:item' ? 'monetaryItemType' : 'stringItemType'}" xbrli:periodType="duration" abstract="${group === 'xbrli:item' ? 'false' : 'true'}" nillable="true"${extra}/>`;

const schema = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldt="http://xbrl.org/2005/xbrldt" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" targetNamespace="${NS}" elementFormDefault="qualified">
  <xs:import namespace="http://www.xbrl.org/2003/instance" schemaLocation="http://www.xbrl.org/2003/xbrl-instance-2003-12-31.xsd"/>
  <xs:import namespace="http://xbrl.org/2005/xbrldt" schemaLocation="http://www.xbrl.org/2005/xbrldt-2005.xsd"/>
  <xs:annotation><xs:appinfo><link:linkbaseRef xlink:type="simple" xlink:href="dims-def.xml" xlink:role="http://www.xbrl.org/2003/role/definitionLinkbaseRef" xlink:arcrole="http://www.w3.org/1999/xlink/properties/linkbase"/></xs:appinfo></xs:annotation>
  ${concept('Sales', 'xbrli:item')}
  ${concept('Costs', 'xbrli:item')}
  ${concept('Unrelated', 'xbrli:item')}
  ${concept('Heading', 'xbrli:item').replace('abstract="false"', 'abstract="true"')}
  ${concept('Cube', 'xbrldt:hypercubeItem')}
  ${concept('Excluded', 'xbrldt:hypercubeItem')}
  ${concept('Region', 'xbrldt:dimensionItem')}
  ${concept('Other', 'xbrldt:dimensionItem')}
  ${['AllRegions', 'North', 'South', 'East', 'Hidden', 'OtherDomain', 'OtherMember'].map((m) => concept(m, 'xbrli:item').replace('monetaryItemType', 'stringItemType').replace('abstract="false"', 'abstract="true"')).join('\n  ')}
</xs:schema>`;

const loc = (name: string) => `<link:loc xlink:type="locator" xlink:label="${name}" xlink:href="dims.xsd#t_${name}"/>`;
const arc = (arcrole: string, from: string, to: string, extra = '') => `<link:definitionArc xlink:type="arc" xlink:arcrole="http://xbrl.org/int/dim/arcrole/${arcrole}" xlink:from="${from}" xlink:to="${to}"${extra}/>`;
const link = (role: string, names: string[], arcs: string[]) => `<link:definitionLink xlink:type="extended" xlink:role="${ROLE}/${role}">
    ${names.map(loc).join('\n    ')}
    ${arcs.join('\n    ')}
  </link:definitionLink>`;

const linkbase = `<?xml version="1.0" encoding="UTF-8"?>
<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xbrldt="http://xbrl.org/2005/xbrldt">
  ${link(
    'Figures',
    ['Heading', 'Sales', 'Costs', 'Cube', 'Excluded', 'Region'],
    [
      arc('all', 'Heading', 'Cube', ' xbrldt:closed="false" xbrldt:contextElement="scenario"'),
      arc('domain-member', 'Heading', 'Sales'),
      arc('domain-member', 'Heading', 'Costs'),
      arc('notAll', 'Costs', 'Excluded', ' xbrldt:closed="false" xbrldt:contextElement="scenario"'),
      arc('hypercube-dimension', 'Cube', 'Region', ` xbrldt:targetRole="${ROLE}/Regions"`),
      arc('hypercube-dimension', 'Excluded', 'Region', ` xbrldt:targetRole="${ROLE}/SouthOnly"`),
    ],
  )}
  ${link(
    'Regions',
    ['Region', 'AllRegions', 'North', 'South', 'East', 'Hidden', 'Other', 'OtherDomain', 'OtherMember'],
    [
      arc('dimension-domain', 'Region', 'AllRegions'),
      arc('domain-member', 'AllRegions', 'North'),
      arc('domain-member', 'AllRegions', 'North', ' use="prohibited" priority="1"'),
      arc('domain-member', 'AllRegions', 'South'),
      arc('domain-member', 'AllRegions', 'East'),
      arc('domain-member', 'South', 'Hidden', ' xbrldt:usable="false"'),
      arc('dimension-default', 'Region', 'AllRegions'),
      arc('dimension-domain', 'Other', 'OtherDomain'),
      arc('domain-member', 'OtherDomain', 'OtherMember'),
    ],
  )}
  ${link('SouthOnly', ['Region', 'South'], [arc('dimension-domain', 'Region', 'South')])}
</link:linkbase>`;

const library = (() => {
  const bytes = smallTaxonomyPackage({
    files: { 'example.com/dims/dims.xsd': schema, 'example.com/dims/dims-def.xml': linkbase },
    rewrites: { 'http://example.com/dims/': '../example.com/dims/' },
    entryPoints: [`${NS}/dims.xsd`],
  });
  const read = readTaxonomyPackage('dims.zip', bytes);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return new TaxonomyLibrary([installedFromZip(read.info, bytes)]);
})();

const members = (pairs: [string, string][]) => pairs.map(([d, m]) => `<xbrldi:explicitMember dimension="t:${d}">t:${m}</xbrldi:explicitMember>`).join('');

/** An instance with one fact of `concept` in a context with the given scenario (and segment) members. */
function findings(concept: string, scenario: [string, string][], segment: [string, string][] = []) {
  const text = `<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:t="${NS}">
  <link:schemaRef xlink:type="simple" xlink:href="${NS}/dims.xsd"/>
  <xbrli:context id="c"><xbrli:entity><xbrli:identifier scheme="http://example.com">1</xbrli:identifier>${segment.length ? `<xbrli:segment>${members(segment)}</xbrli:segment>` : ''}</xbrli:entity><xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period>${scenario.length ? `<xbrli:scenario>${members(scenario)}</xbrli:scenario>` : ''}</xbrli:context>
  <xbrli:unit id="u"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>
  <t:${concept} contextRef="c" unitRef="u" decimals="0">100</t:${concept}>
</xbrli:xbrl>`;
  const read = readXbrlReport(text);
  if (!read.ok) throw new Error(read.problem.message);
  const result = checkAgainstTaxonomy(read.report, library);
  expect(result.checked).toBe(true);
  return result.findings.filter((f) => f.code.startsWith('xbrldie:')).map((f) => `${f.code} ${f.message}`);
}

const INVALID = 'xbrldie:PrimaryItemDimensionallyInvalidError';

describe('XBRL Dimensions 1.0 on a small taxonomy: open hypercube on the scenario, notAll, targetRole, usable, prohibited arcs', () => {
  it('a primary item under the heading inherits its hypercube: a member of the domain in the target role is valid, and so is no member at all (the default)', () => {
    expect(findings('Sales', [['Region', 'East']])).toEqual([]);
    expect(findings('Sales', [])).toEqual([]);
  });

  it('the hypercube is on the scenario: the same member in the segment is not looked at (the scenario takes the default), and an open hypercube admits another dimension', () => {
    expect(findings('Sales', [], [['Region', 'North']])).toEqual([]);
    expect(findings('Sales', [['Region', 'East'], ['Other', 'OtherMember']])).toEqual([]);
  });

  it('a member whose domain-member arc is prohibited, and one declared not usable, are not members of the domain', () => {
    expect(findings('Sales', [['Region', 'North']])).toEqual([expect.stringMatching(new RegExp(`^${INVALID} .*: in Figures, Region's member t:North is not a usable member of its domain for the hypercube Cube \\(Regions\\)$`))]);
    expect(findings('Sales', [['Region', 'Hidden']])).toEqual([expect.stringMatching(/Region's member t:Hidden is not a usable member/)]);
  });

  it('notAll: South is excluded for Costs alone, which inherits the open hypercube too', () => {
    expect(findings('Sales', [['Region', 'South']])).toEqual([]);
    expect(findings('Costs', [['Region', 'South']])).toEqual([expect.stringMatching(new RegExp(`^${INVALID} .*its scenario matches the hypercube Excluded, which a notAll arc excludes for this concept$`))]);
    expect(findings('Costs', [['Region', 'East']])).toEqual([]);
  });

  it('a concept outside every hypercube is valid in any context; the default written out is still the context’s fault', () => {
    expect(findings('Unrelated', [['Region', 'North']])).toEqual([]);
    expect(findings('Unrelated', [['Region', 'AllRegions']])).toEqual([expect.stringMatching(/^xbrldie:DefaultValueUsedInInstanceError context "c" writes Region's default member AllRegions/)]);
  });
});
