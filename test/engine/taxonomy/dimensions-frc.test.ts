/**
 * XBRL Dimensions 1.0 against the FRC taxonomy package in ../shared (FRC
 * 2.1.0, the 2014-09-01 FRS 102 suite): no accounts document against that
 * suite is at hand (the accounts in ../shared use the 2021–2026 suites), so a
 * small accounts instance naming directors is written here, as accounts
 * software tags them: bus:NameEntityOfficer in a context whose segment gives
 * bus:EntityOfficersDimension a member. Its hypercube (Hypercube-EntityOfficers,
 * closed, on the segment) takes that dimension's domain from
 * Dimension-EntityOfficers, where AllEntityOfficersEntityOfficersTotalDefault
 * is the default (installed beside HMRC's CT2015 package, which carries the XBRL data
 * type registry's non-numeric types the suite imports; not its numeric ones); the suite also prohibits some of the core taxonomy's
 * domain-member arcs in its FRS 102 entry point.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installedFromZip, TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { readTaxonomyPackage } from '../../../main/engine/taxonomy/read-package.js';
import { checkAgainstTaxonomy } from '../../../main/engine/taxonomy/taxonomy-checks.js';
import { readXbrlReport } from '../../../main/engine/validation/attachments/xbrl-report.js';
import { ct2015Zip, FRC_2014_ZIP } from './ct2015.js';

let cached: TaxonomyLibrary | undefined;
function library(): TaxonomyLibrary {
  if (!cached) {
    // The FRC suite imports the XBRL data type registry's schemas; HMRC's CT2015 package carries the non-numeric one.
    const installed = [
      { name: 'FRC-Taxonomy-v2-1-0.zip', bytes: new Uint8Array(readFileSync(FRC_2014_ZIP)) },
      { name: 'CT2015-v1.3.0.zip', bytes: ct2015Zip() },
    ].map(({ name, bytes }) => {
      const read = readTaxonomyPackage(name, bytes);
      if (!read.ok) throw new Error(JSON.stringify(read.problems));
      return installedFromZip(read.info, bytes);
    });
    cached = new TaxonomyLibrary(installed);
  }
  return cached;
}

const member = (dimension: string, value: string) => `<xbrldi:explicitMember dimension="bus:${dimension}">bus:${value}</xbrldi:explicitMember>`;

/** Accounts naming the company, and one director in a context with the given segment members. */
function accounts(directorSegment: string): string {
  const context = (id: string, segment: string) =>
    `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">01234567</xbrli:identifier>${segment ? `<xbrli:segment>${segment}</xbrli:segment>` : ''}</xbrli:entity><xbrli:period><xbrli:startDate>2015-01-01</xbrli:startDate><xbrli:endDate>2015-12-31</xbrli:endDate></xbrli:period></xbrli:context>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:bus="http://xbrl.frc.org.uk/cd/2014-09-01/business">
  <link:schemaRef xlink:type="simple" xlink:href="https://xbrl.frc.org.uk/FRS-102/2014-09-01/FRS-102-2014-09-01.xsd"/>
  ${context('company', '')}
  ${context('director', directorSegment)}
  <bus:EntityCurrentLegalOrRegisteredName contextRef="company">Example Widgets Limited</bus:EntityCurrentLegalOrRegisteredName>
  <bus:NameEntityOfficer contextRef="director">A N Other</bus:NameEntityOfficer>
</xbrli:xbrl>`;
}

function dimensionFindings(text: string): string[] {
  const read = readXbrlReport(text);
  if (!read.ok) throw new Error(read.problem.message);
  const result = checkAgainstTaxonomy(read.report, library());
  // CT2015 carries the registry's non-numeric types but not its numeric ones: said once, and no concept used here is of them.
  expect(result.findings.filter((f) => f.category === 'warning').map((f) => f.message)).toEqual([expect.stringMatching(/^the taxonomy refers to http:\/\/www\.xbrl\.org\/dtr\/type\/numeric-2009-12-16\.xsd /)]);
  expect(result.checked).toBe(true);
  return result.findings.filter((f) => f.code.startsWith('xbrldie:')).map((f) => `${f.code} ${f.message}`);
}

describe('XBRL Dimensions 1.0 against the FRC 2014 taxonomy (FRS 102): a director named in accounts', () => {
  it('Director1 in the segment: valid, as is the company name in a context without dimensions', () => {
    expect(dimensionFindings(accounts(member('EntityOfficersDimension', 'Director1')))).toEqual([]);
  });

  it("the dimension's default written out (Arelle: xbrldie:DefaultValueUsedInInstanceError)", () => {
    expect(dimensionFindings(accounts(member('EntityOfficersDimension', 'AllEntityOfficersEntityOfficersTotalDefault')))).toEqual([
      expect.stringMatching(/^xbrldie:DefaultValueUsedInInstanceError context "director" writes EntityOfficersDimension's default member AllEntityOfficersEntityOfficersTotalDefault/),
    ]);
  });

  it('a phone number type as the officer: not a member of the officers’ domain (Arelle: xbrldie:PrimaryItemDimensionallyInvalidError)', () => {
    expect(dimensionFindings(accounts(member('EntityOfficersDimension', 'Mobile')))).toEqual([
      expect.stringMatching(/^xbrldie:PrimaryItemDimensionallyInvalidError the fact NameEntityOfficer .*in Hypercube-EntityOfficers, EntityOfficersDimension's member bus:Mobile is not a usable member of its domain for the closed hypercube EntityOfficersHypercube \(Dimension-EntityOfficers\)$/),
    ]);
  });

  it('a dimension of another hypercube beside the officer: the closed EntityOfficers hypercube admits it not (Arelle: xbrldie:PrimaryItemDimensionallyInvalidError)', () => {
    expect(dimensionFindings(accounts(member('EntityOfficersDimension', 'Director1') + member('PhoneNumberTypeDimension', 'Mobile')))).toEqual([
      expect.stringMatching(/^xbrldie:PrimaryItemDimensionallyInvalidError the fact NameEntityOfficer .*the closed hypercube EntityOfficersHypercube admits no other dimension in the segment, but the context gives PhoneNumberTypeDimension$/),
    ]);
  });
});
