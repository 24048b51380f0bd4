import type { PackagePlan, PackagePlanEntry } from '../../../../preload/contract.js';
import { formatSize } from '../../format/index.js';

interface TreeRow {
  /** The full path in the zip; folders end in "/". */
  path: string;
  name: string;
  depth: number;
  entry: PackagePlanEntry | null;
}

/** The plan's entries as folders and files, in the zip's order, each folder once before its first file. */
export function treeRows(entries: readonly PackagePlanEntry[]): TreeRow[] {
  const rows: TreeRow[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const parts = entry.path.split('/');
    for (let i = 0; i < parts.length - 1; i++) {
      const dir = `${parts.slice(0, i + 1).join('/')}/`;
      if (seen.has(dir)) continue;
      seen.add(dir);
      rows.push({ path: dir, name: `${parts[i]}/`, depth: i, entry: null });
    }
    rows.push({ path: entry.path, name: parts[parts.length - 1]!, depth: parts.length - 1, entry });
  }
  return rows;
}

const SOURCE_WORDS: Record<PackagePlanEntry['source'], string> = {
  generated: 'Written by Filing Desk',
  report: 'Your report',
  taxonomy: 'Your taxonomy',
};

const KIND_WORDS: Record<NonNullable<PackagePlan['extension']>, string> = {
  xbri: 'an Inline XBRL report package (.xbri)',
  xbr: 'an XBRL report package (.xbr)',
  zip: 'a report package (.zip)',
};

export const packageKindWords = (extension: NonNullable<PackagePlan['extension']>) => KIND_WORDS[extension];

/** The package as it will be written: folders and files with their sizes, and the refused files marked. */
export function PackageTree({ plan }: { plan: PackagePlan }) {
  const refused = new Set(plan.problems.map((p) => p.file).filter((f): f is string => f !== null));
  return (
    <>
      <p data-testid="package-file-name">
        {plan.fileName && plan.extension ? (
          <>
            The package will be saved as <strong>{plan.fileName}</strong>: {packageKindWords(plan.extension)}.
          </>
        ) : plan.extension ? (
          <>The package will be {packageKindWords(plan.extension)}. Give it a file name under “About the package”.</>
        ) : (
          <>Add the report to see what kind of package this will be.</>
        )}
      </p>
      <table className="files package-tree" aria-label="The package as it will be written" data-testid="package-tree">
        <thead>
          <tr>
            <th scope="col">Folder or file</th>
            <th scope="col" className="numeric">
              Size
            </th>
            <th scope="col">Comes from</th>
          </tr>
        </thead>
        <tbody>
          {treeRows(plan.entries).map((row) => {
            const bad = row.entry?.from ? refused.has(row.entry.from) : false;
            return (
              <tr key={row.path} data-path={row.entry ? row.path : undefined} className={bad ? 'package-tree__row--refused' : undefined}>
                <td>
                  <span className="package-tree__name" data-depth={Math.min(row.depth, 8)} title={row.path}>
                    {row.entry ? '' : '▸ '}
                    {row.name}
                  </span>
                  {bad ? <strong className="tag tag--red package-tree__flag">Refused</strong> : null}
                </td>
                <td className="numeric" data-testid={row.entry ? 'entry-size' : undefined}>
                  {row.entry ? (row.entry.size === null ? 'Known when the details are complete' : formatSize(row.entry.size)) : ''}
                </td>
                <td>{row.entry ? (row.entry.from && row.entry.source === 'taxonomy' ? row.entry.from : SOURCE_WORDS[row.entry.source]) : ''}</td>
              </tr>
            );
          })}
        </tbody>
        {plan.totalSize !== null ? (
          <tfoot>
            <tr>
              <th scope="row">
                {plan.entries.length} {plan.entries.length === 1 ? 'file' : 'files'} in all, before compression
              </th>
              <td className="numeric">{formatSize(plan.totalSize)}</td>
              <td />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </>
  );
}
