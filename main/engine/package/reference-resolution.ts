/**
 * Follows the references a report and its taxonomy make, as an XBRL
 * processor working offline does: link:schemaRef and link:linkbaseRef (XBRL
 * 2.1 §4.2, §4.3), xs:import / xs:include / xs:redefine schemaLocation (XML
 * Schema Part 1 §4.2, XBRL 2.1 §5.1 DTS discovery), and the xlink:href of
 * link:loc, link:roleRef, link:arcroleRef and every other locator (XBRL 2.1
 * §3.5.3.7, §3.5.2.4, §3.5.2.5); a JSON report's documentInfo.taxonomy
 * (xBRL-JSON §3.2). Absolute URLs go through the package's catalog.xml as
 * Taxonomy Packages 1.0 §6 defines it: the longest matching uriStartString is
 * replaced by its rewritePrefix, which resolves against META-INF/.
 *
 * Each reference is looked for in the package itself, then in the taxonomy
 * packages the firm has installed, and ends in one of five places:
 * - in the package: a file of the package (followed in turn);
 * - installed: a file of an installed taxonomy package (the FRC's suite,
 *   HMRC's computations taxonomy), which the recipient holds too;
 * - outside: one of XBRL International's specification schemas, which every
 *   processor carries (publishers.ts);
 * - not installed: a published taxonomy (a known publisher's URL) that no
 *   installed package holds; the recipient has it, but nothing here can check
 *   the report against it, so the finding says which package to install;
 * - missing: anything else. That is a relative reference to an absent file,
 *   a catalog rewrite to an absent file, an absolute URL the package evidently
 *   means to carry (its host's folder, or a file of the same name, is in the
 *   package) that nothing maps there, or a URL that neither the package nor
 *   an installed package holds: a processor working offline (Arelle reports
 *   IOerror) cannot load it. An entry point alone does not claim its URL: a
 *   package may name the published taxonomy its report uses without carrying it.
 *
 * A relative reference in a document reached through the catalog resolves
 * against the URL it was reached by, not its place in the zip, because that
 * is how processors (Arelle among them) resolve it.
 */
import { checkCatalogXml, type RewriteRule } from './catalog-file.js';
import { addressOfPath, longestRewrite, PACKAGE_HOST, pathOfAddress, publishedPlaceOf } from './package-addresses.js';
import { scanElements, XmlScanError } from './xml-reference-scan.js';
import { referenceOf, type RawReference, type ReferenceKind } from '../xbrl/document-references.js';
import { referencesReadWithFacts } from './report-reading.js';
import { TaxonomyLibrary } from '../taxonomy/library.js';
import { isSpecificationUrl, packageToInstallFor } from '../taxonomy/publishers.js';

/**
 * A file reached by more distinct URLs than this is not followed again: a
 * catalog that maps a folder onto its own parent would otherwise give each
 * file an endless series of addresses.
 */
const MAX_ADDRESSES_PER_FILE = 4;

export type { ReferenceKind } from '../xbrl/document-references.js';

export type ReferenceOutcome =
  | { kind: 'inPackage'; path: string }
  | { kind: 'installed'; url: string; packageName: string; path: string }
  | { kind: 'outside'; url: string }
  | { kind: 'notInstalled'; url: string; install: string }
  | { kind: 'missing'; lookedFor: string; why: string };

export interface PackageReference {
  /** The referring file's path in the zip, STLD included. */
  from: string;
  /** The reference as written, without its fragment. */
  reference: string;
  kind: ReferenceKind;
  /** Made by a report itself (its schemaRef, linkbaseRef or taxonomy list), not by a taxonomy file. */
  byReport: boolean;
  outcome: ReferenceOutcome;
}

export interface UnreadDocument {
  path: string;
  reason: string;
}

export interface PackageContents {
  stld: string;
  /** Every file's path in the zip (STLD included). */
  files: ReadonlySet<string>;
  read(path: string): Uint8Array | undefined;
}

export interface ReferenceRoots {
  /** The report files (every file of an inline document set). */
  reports: string[];
  /** Taxonomy files to start from as well (schemas not reached from a report still get their references checked). */
  taxonomy: string[];
}

/** catalog.xml's rewrites, or none when the package has no usable catalog. */
export function packageRewrites(contents: PackageContents): RewriteRule[] {
  const bytes = contents.read(`${contents.stld}/META-INF/catalog.xml`);
  return bytes === undefined ? [] : checkCatalogXml(bytes).rewrites;
}

/** Where the package's files are and what they claim, for resolving one URL. */
export class PackageResolver {
  private readonly metaInfUrl: string;
  private readonly directories = new Set<string>();
  private readonly fileNames = new Map<string, string>();

  constructor(
    private readonly contents: PackageContents,
    private readonly rewrites: readonly RewriteRule[],
    private readonly installed: TaxonomyLibrary = TaxonomyLibrary.empty(),
  ) {
    this.metaInfUrl = addressOfPath(`${contents.stld}/META-INF/`);
    const generated = `${contents.stld}/META-INF/`;
    const reports = `${contents.stld}/reports/`;
    for (const path of contents.files) {
      const dir = path.slice(0, path.lastIndexOf('/') + 1);
      this.directories.add(dir);
      if (path.startsWith(generated) || path.startsWith(reports)) continue;
      const name = path.slice(path.lastIndexOf('/') + 1);
      if (!this.fileNames.has(name)) this.fileNames.set(name, path);
    }
  }

  /** The address of a file of the package, against which its relative references resolve. */
  addressOf(path: string): string {
    return addressOfPath(path);
  }

  /** Where `href`, written in a document at `base` (its address and the xml:base values in scope), leads. */
  resolve(href: string, base: string, xmlBases: readonly string[] = []): ReferenceOutcome & { address?: string } {
    const written = href.trim().replace(/#.*$/s, '');
    let target: URL;
    try {
      let baseUrl = new URL(base);
      for (const b of xmlBases) baseUrl = new URL(b, baseUrl);
      target = new URL(written, baseUrl);
    } catch {
      return { kind: 'missing', lookedFor: written, why: 'it is not a usable URL' };
    }
    target.hash = '';
    if (target.host === PACKAGE_HOST) return this.inPackage(target.href, written);
    // Catalogs match the URL as written when the reference is absolute (Arelle compares strings), else the resolved one.
    const asWritten = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(written) ? written : target.href;
    const rule = longestRewrite(asWritten, this.rewrites);
    if (rule) {
      let mapped: URL;
      try {
        mapped = new URL(rule.rewritePrefix + asWritten.slice(rule.uriStartString.length), this.metaInfUrl);
      } catch {
        return { kind: 'missing', lookedFor: asWritten, why: `the catalog's rewritePrefix "${rule.rewritePrefix}" does not make a usable address of it` };
      }
      if (mapped.host !== PACKAGE_HOST) return this.beyondPackage(mapped.href);
      const found = this.inPackage(mapped.href, written);
      if (found.kind === 'missing') {
        return { ...found, why: `META-INF/catalog.xml rewrites "${rule.uriStartString}" to "${rule.rewritePrefix}", and the package has no file there` };
      }
      // Relative references inside it resolve against the URL it was reached by.
      return { ...found, address: target.href };
    }
    // An installed package that holds the file answers before the guess that the package meant to carry it.
    const installed = this.installedFile(asWritten);
    if (installed) return installed;
    const claim = this.claimOf(target);
    if (claim) return { kind: 'missing', ...claim };
    return this.beyondPackage(asWritten);
  }

  /** A URL the package does not hold: an installed package's file, a specification schema, a published taxonomy to install, or missing. */
  private installedFile(url: string): ReferenceOutcome | undefined {
    const hit = this.installed.resolve(url);
    return hit && { kind: 'installed', url, packageName: `${hit.package.name}${hit.package.version ? ` ${hit.package.version}` : ''}`, path: hit.path };
  }

  private beyondPackage(url: string): ReferenceOutcome {
    const installed = this.installedFile(url);
    if (installed) return installed;
    if (isSpecificationUrl(url)) return { kind: 'outside', url };
    const claimedBy = this.installed.claimedBy(url);
    if (claimedBy) {
      return { kind: 'missing', lookedFor: url, why: `the installed taxonomy package ${claimedBy.name}${claimedBy.version ? ` ${claimedBy.version}` : ''} maps its address but holds no file there` };
    }
    const install = packageToInstallFor(url);
    if (install) return { kind: 'notInstalled', url, install };
    return {
      kind: 'missing',
      lookedFor: url,
      why: 'neither the package nor any installed taxonomy package holds it, so a processor working offline cannot load it: add the file to the package, or install the taxonomy package that publishes it',
    };
  }

  private inPackage(url: string, written: string): ReferenceOutcome & { address?: string } {
    const path = pathOfAddress(url);
    if (path === undefined || !path.startsWith(`${this.contents.stld}/`)) {
      return { kind: 'missing', lookedFor: written, why: "it points outside the package's top-level directory" };
    }
    if (!this.contents.files.has(path)) return { kind: 'missing', lookedFor: path, why: 'the package has no file there' };
    return { kind: 'inPackage', path, address: url };
  }

  /**
   * Why an absolute URL no rewrite maps is evidently meant to be in the
   * package: published taxonomies keep http://host/dir/file at host/dir/file,
   * so the package holding that folder, or a file of the same name, says
   * the filer meant to send it. Undefined when nothing in the package claims it.
   */
  private claimOf(url: URL): { lookedFor: string; why: string } | undefined {
    const place = publishedPlaceOf(url);
    if (place === undefined) return undefined;
    const layout = `${this.contents.stld}/${place}`;
    const noCatalog = 'no rewriteURI in META-INF/catalog.xml maps it into the package, and a processor working offline does not download it';
    const claim = (why: string) => ({ lookedFor: layout, why });
    if (this.contents.files.has(layout)) return claim(`the package holds the file there, but ${noCatalog}`);
    const dir = layout.slice(0, layout.lastIndexOf('/') + 1);
    const name = layout.slice(layout.lastIndexOf('/') + 1);
    const sameName = name ? this.fileNames.get(name) : undefined;
    if (sameName) return claim(`the package holds a file of that name at ${sameName}, but ${noCatalog}`);
    if (this.directories.has(dir)) return claim(`the package holds other files of ${dir} but not this one, and ${noCatalog}`);
    return undefined;
  }
}

/**
 * Every distinct reference (per referring file and target) of the reports and
 * the taxonomy files they lead to, plus the documents that could not be read
 * as XML (their references are unknown).
 */
export function resolvePackageReferences(
  contents: PackageContents,
  roots: ReferenceRoots,
  rewrites: readonly RewriteRule[] = packageRewrites(contents),
  installed: TaxonomyLibrary = TaxonomyLibrary.empty(),
): { references: PackageReference[]; unread: UnreadDocument[] } {
  const resolver = new PackageResolver(contents, rewrites, installed);
  const references: PackageReference[] = [];
  const unread: UnreadDocument[] = [];
  const seenReference = new Set<string>();
  const addressesOf = new Map<string, Set<string>>();
  const queue: { path: string; address: string; isReport: boolean }[] = [];
  const visit = (path: string, address: string, isReport: boolean) => {
    const seen = addressesOf.get(path) ?? new Set<string>();
    if (seen.has(address) || seen.size >= MAX_ADDRESSES_PER_FILE) return;
    seen.add(address);
    addressesOf.set(path, seen);
    queue.push({ path, address, isReport });
  };
  for (const path of roots.reports) visit(path, resolver.addressOf(path), true);
  for (const path of roots.taxonomy) visit(path, resolver.addressOf(path), false);

  for (let next = queue.shift(); next; next = queue.shift()) {
    const { path, address, isReport } = next;
    const bytes = contents.read(path);
    if (bytes === undefined) continue;
    const found = path.endsWith('.json') ? jsonReferences(bytes) : xmlReferences(bytes);
    if ('unreadable' in found) {
      unread.push({ path, reason: found.unreadable });
      continue;
    }
    for (const ref of found.references) {
      const outcome = resolver.resolve(ref.href, address, ref.bases);
      const { address: targetAddress, ...plain } = outcome;
      const reference = ref.href.trim().replace(/#.*$/s, '');
      const key = `${path}\u0000${targetOf(plain)}\u0000${ref.kind}`;
      if (!seenReference.has(key)) {
        seenReference.add(key);
        references.push({ from: path, reference, kind: ref.kind, byReport: isReport, outcome: plain });
      }
      // A report's locators and role references point into the taxonomy, which the schemaRef already brings.
      if (plain.kind === 'inPackage' && targetAddress && isDiscoverable(plain.path)) visit(plain.path, targetAddress, false);
    }
  }
  return { references, unread };
}

/** Where an outcome points: the package path, the URL, or what was looked for. */
export function targetOf(outcome: ReferenceOutcome): string {
  switch (outcome.kind) {
    case 'inPackage':
      return outcome.path;
    case 'missing':
      return outcome.lookedFor;
    default:
      return outcome.url;
  }
}

/** Documents DTS discovery opens: schemas and linkbases (XML), never the report's images or stylesheets. */
function isDiscoverable(path: string): boolean {
  return /\.(xsd|xml)$/i.test(path);
}

export type ScannedReferences = { references: RawReference[] } | { unreadable: string };

/**
 * Each document's references by its bytes, found once: the builder checks
 * the report's references before writing and again in its self-check, over
 * the very same bytes (10 MB of report is 100 ms of scanning). Document
 * bytes are never written to once read, here or by any caller.
 */
const scannedByBytes = new WeakMap<Uint8Array, ScannedReferences>();

function xmlReferences(bytes: Uint8Array): ScannedReferences {
  let scanned = scannedByBytes.get(bytes);
  if (scanned === undefined) {
    // A report whose facts were read has had its references noted by the same scan (report-reading.ts).
    const noted = referencesReadWithFacts(bytes);
    scanned = noted !== undefined ? { references: noted } : scanXmlReferences(bytes);
    scannedByBytes.set(bytes, scanned);
  }
  return scanned;
}

/** The references of an XML document, by the package's own scan of its bytes. */
export function scanXmlReferences(bytes: Uint8Array): ScannedReferences {
  const references: RawReference[] = [];
  try {
    scanElements(bytes, (el) => {
      const found = referenceOf(el);
      if (found) references.push({ href: found.href, kind: found.kind, bases: el.bases });
    });
  } catch (err) {
    if (err instanceof XmlScanError) return { unreadable: `it cannot be read as XML (${err.message}), so its references could not be followed` };
    throw err;
  }
  return { references };
}

function jsonReferences(bytes: Uint8Array): { references: RawReference[] } | { unreadable: string } {
  try {
    const json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')) as { documentInfo?: { taxonomy?: unknown } };
    const taxonomy = json?.documentInfo?.taxonomy;
    const hrefs = Array.isArray(taxonomy) ? taxonomy.filter((t): t is string => typeof t === 'string') : [];
    return { references: hrefs.map((href) => ({ href, kind: 'taxonomy' as const, bases: [] })) };
  } catch {
    return { unreadable: 'it cannot be read as JSON, so its taxonomy references could not be followed' };
  }
}
