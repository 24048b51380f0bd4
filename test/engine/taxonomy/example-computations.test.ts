/**
 * The example computations tag only concepts HMRC's CT computations taxonomy
 * has, with the period types, units, dimension members and mandatory items it
 * requires. Checked against HMRC's CT2015 package (the published package
 * these machines hold), whose names the 2024 taxonomy keeps: the document's
 * 2024 namespace and schema reference are pointed at CT2015's for the check.
 * Arelle, run on the same rewritten files with CT2015, reported nothing either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgainstTaxonomy } from '../../../main/engine/taxonomy/taxonomy-checks.js';
import { readXbrlReport } from '../../../main/engine/validation/attachments/xbrl-report.js';
import { examplesDir } from '../../cli/run-cli.js';
import { ct2015Library } from './ct2015-library.js';

const dir = join(examplesDir, 'ct600', 'attachments');
const computations = readdirSync(dir).filter((n) => n.includes('computations'));

function asCt2015(text: string): string {
  return text
    .replace(/http:\/\/www\.hmrc\.gov\.uk\/schemas\/ct\/comp\/\d{4}-\d\d-\d\d\/ct-comp-\d{4}\.xsd/, 'http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-2015-02-01.xsd')
    .replace(/xmlns:ct-comp="[^"]*"/, 'xmlns:ct-comp="http://www.govtalk.gov.uk/uk/fr/tax/uk-hmrc-ct-comp/2015-02-01"');
}

describe('the example computations against HMRC’s CT computations taxonomy', () => {
  it('there are computations to check', () => expect(computations.length).toBe(3));

  it.each(computations)('%s: every fact checks clean', (name) => {
    const read = readXbrlReport(asCt2015(readFileSync(join(dir, name), 'utf8')));
    if (!read.ok) throw new Error(read.problem.message);
    const result = checkAgainstTaxonomy(read.report, ct2015Library());
    expect(result.checked).toBe(true);
    expect(result.findings).toEqual([]);
  });
});
