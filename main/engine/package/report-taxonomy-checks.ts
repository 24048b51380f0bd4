/**
 * The facts of each Inline XBRL (and xBRL-XML) report in a package, checked
 * against the report's taxonomy as HMRC and a recipient's processor check
 * them (taxonomy/taxonomy-checks.ts): the DTS comes from the package's own
 * files first (the firm's extension), then from the installed taxonomy
 * packages. Each finding names the report file, and its message the fact,
 * its concept and the rule. A published taxonomy that is not installed
 * leaves its concepts unchecked with a warning saying what to install, as
 * the reference checks do for the reference itself. xBRL-JSON reports are
 * not checked against their taxonomy.
 */
import { decodeUtf8 } from '../ct600/xml-dom.js';
import { TaxonomyLibrary } from '../taxonomy/library.js';
import { packageSource } from '../taxonomy/package-source.js';
import { checkFactsAgainst } from '../taxonomy/taxonomy-checks.js';
import { readXbrlReport } from '../validation/attachments/xbrl-report.js';
import type { Findings } from './findings.js';
import { discoverReports } from './report-discovery.js';
import type { ReadEntry } from './report-package-checks.js';

export const REPORT_NOT_READ = 'taxonomy.reportNotRead';
const CHECKED_REPORT = /\.(xhtml|html|htm|xbrl)$/i;

export function checkReportTaxonomies(names: string[], stld: string, read: ReadEntry, findings: Findings, installed: TaxonomyLibrary = TaxonomyLibrary.empty()): void {
  const source = packageSource({ stld, files: new Set(names.filter((n) => !n.endsWith('/'))), read }, installed);
  const found = discoverReports(names, stld);
  for (const report of [...found.topLevel, ...found.inSubdirectories]) {
    for (const entry of report.entries) {
      if (!CHECKED_REPORT.test(entry)) continue;
      const bytes = read(entry);
      if (bytes === undefined) continue;
      const text = decodeUtf8(bytes);
      const parsed = text === undefined ? undefined : readXbrlReport(text);
      if (!parsed?.ok) {
        const why = parsed ? parsed.problem.message : 'it is not UTF-8 text';
        findings.add('report', 'warning', REPORT_NOT_READ, `its facts were not checked against the taxonomy: ${why}`, entry);
        continue;
      }
      const address = source.addressOf(entry);
      const entryPoints = parsed.report.schemaRefs.filter(Boolean).flatMap((href) => absolute(href, address));
      const result = checkFactsAgainst(parsed.report, entryPoints, source);
      // A schemaRef to a taxonomy not installed is already a warning on this report saying what to install (reference-checks.ts).
      if (!result.dts) continue;
      for (const f of result.findings) {
        findings.add('report', f.category, f.code, f.message, entry, [{ name: 'rule', value: f.code }]);
      }
    }
  }
}

function absolute(href: string, base: string): string[] {
  try {
    const url = new URL(href, base);
    url.hash = '';
    return [url.href];
  } catch {
    // An unusable schemaRef is the reference checks' error.
    return [];
  }
}
