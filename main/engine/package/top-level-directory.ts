/**
 * Which top-level directory is the package's STLD. Chosen as Arelle chooses
 * it, by content rather than by entry order: the one top-level directory
 * holding META-INF/reportPackage.json or a reports/ directory. A verdict must
 * not depend on the order a zip tool happened to write its entries in.
 */
import { withoutTrailingSlash } from './entry-paths.js';

export function topLevelDirectories(names: string[]): string[] {
  const tops = new Set<string>();
  for (const name of names) {
    const path = withoutTrailingSlash(name);
    if (path.includes('/') || name.endsWith('/')) tops.add(path.split('/')[0]!);
  }
  return [...tops].sort();
}

/**
 * The STLD: the only directory that looks like a report package's, else the
 * only top-level directory (a taxonomy package, or a package without its
 * report-package files). With several candidates the structure is invalid
 * anyway; the first in sorted order then stands in, so the report count still
 * means something and does not depend on entry order.
 */
export function chooseStld(names: string[]): string {
  const tops = topLevelDirectories(names);
  const reportPackageLike = tops.filter((top) =>
    names.some((n) => n === `${top}/META-INF/reportPackage.json` || n.startsWith(`${top}/reports/`)),
  );
  if (reportPackageLike.length > 0) return reportPackageLike[0]!;
  return tops[0] ?? '';
}
