/**
 * The package rule beyond its structure: every reference the report and its
 * taxonomy make must resolve in the package, or in a taxonomy package the
 * firm has installed, or be a specification schema every processor carries.
 * A recipient who validates offline (Arelle reports "IOerror: Could not load
 * file") otherwise finds no taxonomy for the report's facts. A published
 * taxonomy that is not installed here is a warning saying which package to
 * install: the recipient holds it, but nothing here could check the report
 * against it. See reference-resolution.ts for the sources of each rule.
 *
 * A report's own reference (its schemaRef: the extension taxonomy) that is
 * missing is an error, because the report cannot be read without it; a
 * missing reference of a taxonomy file is a warning, because a processor
 * still loads the rest of the taxonomy.
 */
import { TaxonomyLibrary } from '../taxonomy/library.js';
import type { Findings, PackageKind } from './findings.js';
import type { RewriteRule } from './catalog-file.js';
import type { ReportDiscovery } from './report-discovery.js';
import type { ReadEntry } from './report-package-checks.js';
import { resolvePackageReferences, type PackageReference } from './reference-resolution.js';

export const REFERENCE_NOT_RESOLVED = 'referenceNotResolved';
export const REFERENCES_NOT_READ = 'referencesNotRead';
export const TAXONOMY_NOT_INSTALLED = 'taxonomyNotInstalled';

export function checkReferences(
  names: string[],
  stld: string,
  read: ReadEntry,
  findings: Findings,
  kind: PackageKind,
  found: ReportDiscovery,
  installed: TaxonomyLibrary = TaxonomyLibrary.empty(),
  /** catalog.xml's rewrites when the taxonomy checks already read it. */
  rewrites?: readonly RewriteRule[],
  /** False: only the reports' references and what they bring are followed, not every schema's (see ValidatePackageDeps). */
  taxonomyReferences = true,
): void {
  const files = new Set(names.filter((n) => !n.endsWith('/')));
  const reports = [...found.topLevel, ...found.inSubdirectories].flatMap((r) => r.entries);
  const taxonomy = taxonomyReferences ? [...files].filter((n) => /\.xsd$/i.test(n) && !n.startsWith(`${stld}/META-INF/`)) : [];
  const { references, unread } = resolvePackageReferences({ stld, files, read }, { reports, taxonomy }, rewrites, installed);
  const toInstall = new Set<string>();
  for (const ref of references) {
    if (ref.outcome.kind === 'notInstalled' && !toInstall.has(ref.outcome.install)) {
      // Once per package to install: a taxonomy's hundred imports of the same suite are one thing to do.
      toInstall.add(ref.outcome.install);
      findings.add(kind, 'warning', TAXONOMY_NOT_INSTALLED, notInstalledMessage(ref), ref.from, [
        { name: 'reference', value: ref.reference },
        { name: 'install', value: ref.outcome.install },
      ]);
    }
    if (ref.outcome.kind !== 'missing') continue;
    findings.add(kind, ref.byReport ? 'error' : 'warning', REFERENCE_NOT_RESOLVED, missingReferenceMessage(ref), ref.from, [
      { name: 'reference', value: ref.reference },
      { name: 'lookedFor', value: ref.outcome.lookedFor },
    ]);
  }
  for (const doc of unread) findings.add(kind, 'warning', REFERENCES_NOT_READ, doc.reason, doc.path);
}

/** "its schemaRef "https://xbrl.frc.org.uk/…" is a published taxonomy not installed here: install …". */
export function notInstalledMessage(ref: PackageReference): string {
  if (ref.outcome.kind !== 'notInstalled') return '';
  return `its ${ref.kind} "${ref.reference}" is a published taxonomy that is not installed here, so its concepts cannot be checked: install ${ref.outcome.install} (Settings › Taxonomies, or cli taxonomy add)`;
}

/** "its schemaRef "http://…/acme-2024.xsd" does not resolve: looked for …; why". */
export function missingReferenceMessage(ref: PackageReference): string {
  if (ref.outcome.kind !== 'missing') return '';
  return `its ${ref.kind} "${ref.reference}" does not resolve to a file in the package: looked for ${ref.outcome.lookedFor}; ${ref.outcome.why}`;
}
