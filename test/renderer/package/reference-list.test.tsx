// @vitest-environment jsdom
/**
 * The files step's list of where the report finds its taxonomy, from plans
 * the real engine makes of the hand-written report and taxonomy: in this
 * package, outside it (a base taxonomy from the filer's cache), or missing.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planDraftPackage, type DraftPackageInput } from '../../../main/engine/package/draft-package.js';
import { fileProblemWords, ReferenceList } from '../../../renderer/src/features/package/ReferenceList.js';

afterEach(cleanup);

// jsdom's URL cannot make a file path of import.meta.url; the tests run from the repository's root.
const acmeDir = join(process.cwd(), 'test', 'fixtures', 'report-packages', 'acme-2024');

const read = (path: string) => new Uint8Array(readFileSync(join(acmeDir, path)));
const enc = (s: string) => new TextEncoder().encode(s);
const metadata = { name: 'Acme Widgets Ltd annual report 2024', identifier: 'http://example.com/acme/2024/package', reportPackageName: 'ACME-2024' };
const report = { attachmentId: 'r1', fileName: 'acme-2024.xhtml', bytes: read('report/acme-2024.xhtml') };

/** The extension schema naming a calculation linkbase nobody dropped, and importing the FRC's core schema by URL. */
const schemaWithMore = enc(
  new TextDecoder()
    .decode(read('taxonomy/acme-2024.xsd'))
    .replace(
      '      <link:roleType',
      '      <link:linkbaseRef xlink:type="simple" xlink:href="acme-2024-cal.xml" xlink:role="http://www.xbrl.org/2003/role/calculationLinkbaseRef" xlink:arcrole="http://www.w3.org/1999/xlink/properties/linkbase"/>\n      <link:roleType',
    )
    .replace('  <xs:import namespace="http://www.xbrl.org/2003/instance"', '  <xs:import namespace="http://xbrl.frc.org.uk/fr/2025-01-01/core" schemaLocation="https://xbrl.frc.org.uk/FRS-102/2025-01-01/core/frc-core-2025-01-01.xsd"/>\n  <xs:import namespace="http://www.xbrl.org/2003/instance"'),
);

function plan(taxonomy: DraftPackageInput['taxonomy']) {
  return planDraftPackage({ request: metadata, report, taxonomy });
}

const rows = () =>
  screen.getAllByTestId('reference-row').map((row) => `${within(row).getAllByRole('cell')[0]!.querySelector('.package-tree__name')!.textContent} ${within(row).getByTestId('reference-where').textContent}`);

describe('where the report finds its taxonomy', () => {
  it('says, for each reference, in this package, a specification schema, a published taxonomy to install, or missing with where it was looked for', () => {
    const p = plan([
      { kind: 'file', attachmentId: 't1', path: 'acme-2024.xsd', bytes: schemaWithMore },
      { kind: 'file', attachmentId: 't2', path: 'acme-2024-lab.xml', bytes: read('taxonomy/acme-2024-lab.xml') },
      { kind: 'file', attachmentId: 't3', path: 'acme-2024-pre.xml', bytes: read('taxonomy/acme-2024-pre.xml') },
    ]);
    expect(p.canBuild).toBe(true);
    render(<ReferenceList plan={p} />);
    const shown = rows();
    expect(shown).toContain('acme-2024.xsd → in this package (example.com/acme/2024/acme-2024.xsd)');
    expect(shown).toContain(
      'frc-core-2025-01-01.xsd → a published taxonomy not installed here: install the FRC taxonomy suite 2025 (Financial Reporting Council, frc.org.uk › XBRL taxonomies) to check the report against it',
    );
    expect(shown).toContain('xbrl-instance-2003-12-31.xsd → an XBRL specification schema, which every XBRL processor carries');
    expect(shown.find((r) => r.startsWith('acme-2024-cal.xml'))).toMatch(/^acme-2024-cal\.xml → missing: looked for ACME-2024\/example\.com\/acme\/2024\/acme-2024-cal\.xml; the package has no file there$/);
    expect(screen.queryByText('Blocks Build')).toBeNull();
  });

  it('marks the report’s own missing schema as blocking Build, and the plan names the report and the URL', () => {
    const p = plan([{ kind: 'file', attachmentId: 't2', path: 'example.com/acme/2024/acme-2024-lab.xml', bytes: read('taxonomy/acme-2024-lab.xml') }]);
    expect(p.canBuild).toBe(false);
    expect(p.problems).toEqual([
      {
        file: 'acme-2024.xhtml',
        attachmentId: 'r1',
        role: 'report',
        message: expect.stringMatching(/^its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve to a file in the package: looked for ACME-2024\/example\.com\/acme\/2024\/acme-2024\.xsd/),
      },
    ]);
    render(<ReferenceList plan={p} />);
    const row = screen.getAllByTestId('reference-row').find((r) => r.getAttribute('data-verdict') === 'missing')!;
    expect(row).toHaveTextContent('acme-2024.xhtml');
    expect(row).toHaveTextContent('Blocks Build');
  });

  it('says the report’s missing schema beside the report in plain words, leaving the address and where it was looked for to the list', () => {
    const p = plan([{ kind: 'file', attachmentId: 't2', path: 'example.com/acme/2024/acme-2024-lab.xml', bytes: read('taxonomy/acme-2024-lab.xml') }]);
    const words = fileProblemWords(p.problems[0]!, p);
    expect(words).toBe('Its schema acme-2024.xsd is not in the package, so the package cannot be built. Add the taxonomy file that holds it; where Filing Desk looked is under “Where the report finds its taxonomy”.');
    // Any other refusal keeps the engine's own words.
    expect(fileProblemWords({ file: 'CON.xsd', attachmentId: 't9', role: 'taxonomy', message: 'refused: CON is a reserved name on Windows' }, p)).toBe('refused: CON is a reserved name on Windows');
  });
});
