/**
 * Finds the reports in a report package (report-package.md section 2): files
 * with a recognised extension directly in reports/, and each immediate
 * subdirectory of reports/ (its inline files form one document set). Deeper
 * files are not reports. Works on the raw entry list, so duplicates count twice.
 */
import { acceptsReportKind, reportKindOf, type DocumentTypeUri, type ReportKind } from './document-types.js';

export interface DiscoveredReport {
  /** Entry names (one, or all files of an inline document set). */
  entries: string[];
  kind: ReportKind;
  /** The subdirectory of reports/ it came from, if any. */
  subdirectory?: string;
}

export interface ReportDiscovery {
  reportsDirectoryExists: boolean;
  topLevel: DiscoveredReport[];
  inSubdirectories: DiscoveredReport[];
  /** Subdirectories holding more than one report (rpe:multipleReportsInSubdirectory). */
  crowdedSubdirectories: string[];
}

export function discoverReports(entryNames: string[], stld: string): ReportDiscovery {
  const prefix = `${stld}/reports/`;
  const topLevel: DiscoveredReport[] = [];
  const bySubdir = new Map<string, { inline: string[]; other: { name: string; kind: ReportKind }[] }>();
  let reportsDirectoryExists = false;
  for (const name of entryNames) {
    if (!name.startsWith(prefix)) continue;
    reportsDirectoryExists = true;
    if (name.endsWith('/')) continue;
    const segments = name.slice(prefix.length).split('/');
    const kind = reportKindOf(segments[segments.length - 1]!);
    if (!kind) continue;
    if (segments.length === 1) {
      topLevel.push({ entries: [name], kind });
    } else if (segments.length === 2) {
      const dir = segments[0]!;
      const group = bySubdir.get(dir) ?? { inline: [], other: [] };
      if (kind === 'inline') group.inline.push(name);
      else group.other.push({ name, kind });
      bySubdir.set(dir, group);
    }
  }
  const inSubdirectories: DiscoveredReport[] = [];
  const crowdedSubdirectories: string[] = [];
  for (const [dir, group] of bySubdir) {
    if (group.inline.length > 0) inSubdirectories.push({ entries: group.inline, kind: 'inline', subdirectory: dir });
    for (const file of group.other) inSubdirectories.push({ entries: [file.name], kind: file.kind, subdirectory: dir });
    if (group.other.length > 1 || (group.other.length > 0 && group.inline.length > 0)) crowdedSubdirectories.push(dir);
  }
  return { reportsDirectoryExists, topLevel, inSubdirectories, crowdedSubdirectories };
}

/**
 * How many reports a processor would load: the top-level ones when there are
 * any, otherwise the subdirectory ones, and only of a kind the package type allows.
 */
export function loadableReportCount(found: ReportDiscovery, documentType: DocumentTypeUri): number {
  const pool = found.topLevel.length > 0 ? found.topLevel : found.inSubdirectories;
  return pool.filter((r) => acceptsReportKind(documentType, r.kind)).length;
}
