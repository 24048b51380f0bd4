import { Fragment, type ReactNode } from 'react';
import type { PackagePlan, PackagePlanProblem, PackagePlanReference } from '../../../../preload/contract.js';

/** A URL or path that may wrap only after its slashes, never inside a name. */
function breakAtSlashes(text: string): ReactNode {
  return text.split('/').map((part, i, all) => (
    <Fragment key={i}>
      {part}
      {i < all.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/** "http://example.com/acme/2024/acme-2024.xsd" → "acme-2024.xsd": the name a bookkeeper recognises. */
export function referenceName(reference: string): string {
  const path = reference.replace(/[?#].*$/s, '').replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1) || reference;
}

/** Where a reference resolves, in the words the files step uses. */
export function whereWords(ref: PackagePlanReference, stld: string | null): string {
  if (ref.verdict === 'inPackage') return `in this package (${stld && ref.target.startsWith(`${stld}/`) ? ref.target.slice(stld.length + 1) : ref.target})`;
  if (ref.verdict === 'installed') return `from an installed taxonomy package (${ref.why?.replace(/^from the installed /, '') ?? ref.target})`;
  if (ref.verdict === 'outside') return 'an XBRL specification schema, which every XBRL processor carries';
  if (ref.verdict === 'notInstalled') return `a published taxonomy not installed here: ${ref.why ?? 'install its taxonomy package'} to check the report against it`;
  return `missing: looked for ${ref.target}; ${ref.why ?? ''}`.trim();
}

const KIND_WORDS: Record<PackagePlanReference['kind'], string> = {
  schemaRef: 'schema',
  linkbaseRef: 'linkbase',
  import: 'imported schema',
  include: 'included schema',
  redefine: 'redefined schema',
  loc: 'linked file',
  roleRef: 'role definition',
  arcroleRef: 'arcrole definition',
  taxonomy: 'taxonomy',
};

/**
 * What to say beside a file the plan refuses. A missing reference of the
 * report is said in plain words there; the technical detail (the address and
 * where Filing Desk looked) is in the list of references, once.
 */
export function fileProblemWords(problem: PackagePlanProblem, plan: PackagePlan): string {
  const missing = plan.references.find((r) => r.blocking && r.verdict === 'missing' && problem.message.includes(`"${r.reference}"`));
  if (!missing) return problem.message;
  return `Its ${KIND_WORDS[missing.kind]} ${referenceName(missing.reference)} is not in the package, so the package cannot be built. Add the taxonomy file that holds it; where Filing Desk looked is under “Where the report finds its taxonomy”.`;
}

/**
 * Each reference of the report and its taxonomy and where it resolves, before
 * Build: the package is only useful if a recipient working offline finds the
 * report's taxonomy in it (or in the base taxonomies they already hold).
 */
export function ReferenceList({ plan }: { plan: PackagePlan }) {
  if (!plan.complete) return <p className="attachments__none">Where the report finds its taxonomy is shown once the report is added and “About the package” is complete.</p>;
  if (!plan.references.length) return <p className="attachments__none" data-testid="no-references">The report names no taxonomy.</p>;
  const stld = plan.fileName ? plan.fileName.replace(/\.[^.]+$/, '') : null;
  return (
    <table className="files package-references" aria-label="Where the report finds its taxonomy" data-testid="package-references">
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Named in</th>
          <th scope="col">Resolves</th>
        </tr>
      </thead>
      <tbody>
        {plan.references.map((r, i) => (
          <tr key={i} data-testid="reference-row" data-verdict={r.verdict} className={r.verdict === 'missing' ? 'package-tree__row--refused' : undefined}>
            <td>
              <span className="package-tree__name" title={r.reference}>
                {referenceName(r.reference)}
              </span>
              <br />
              <span className="package-references__full">{breakAtSlashes(r.reference)}</span>
            </td>
            <td className="package-references__from">{r.from}</td>
            <td className={r.verdict === 'missing' ? 'field__error' : undefined} data-testid="reference-where">
              → {breakAtSlashes(whereWords(r, stld))}
              {r.blocking ? <strong className="tag tag--red package-tree__flag">Blocks Build</strong> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
