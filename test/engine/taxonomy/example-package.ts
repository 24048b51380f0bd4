/**
 * The package `examples/package/report-package.json` builds (ACME's report
 * and its extension taxonomy, which imports the FRC 2024 core taxonomy), a
 * copy with its report edited, and a small stand-in for the FRC core
 * taxonomy package a firm would install.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { createReportPackage } from '../../../main/engine/package/index.js';
import type { TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { repoRoot } from '../package/shared-paths.js';
import { smallTaxonomyPackage } from './ct2015.js';

export const EXAMPLE_REPORT_ENTRY = 'ACME-2024/reports/acme-2024.xhtml';
export const FRC_CORE_2024 = 'https://xbrl.frc.org.uk/fr/2024-01-01/core/frc-core-2024-01-01.xsd';

export function exampleRequest(): { reportBase64Content: string } & Record<string, unknown> {
  return JSON.parse(readFileSync(join(repoRoot, 'examples', 'package', 'report-package.json'), 'utf8'));
}

export function exampleReport(): string {
  return Buffer.from(exampleRequest().reportBase64Content, 'base64').toString('utf8');
}

export async function builtExample(installed?: TaxonomyLibrary): Promise<Uint8Array> {
  const built = await createReportPackage(exampleRequest(), { includeHash: false }, installed ? { installed } : {});
  return new Uint8Array(Buffer.from(built.zipContentBase64, 'base64'));
}

/** The built package with its report edited, as a user might send a package made elsewhere. */
export async function withReport(pkg: Uint8Array, edit: (xhtml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(pkg);
  const report = await zip.file(EXAMPLE_REPORT_ENTRY)!.async('string');
  const changed = edit(report);
  if (changed === report) throw new Error('the edit changed nothing');
  zip.file(EXAMPLE_REPORT_ENTRY, changed);
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

const monetary = (name: string) =>
  `<xs:element id="core_${name}" name="${name}" type="xbrli:monetaryItemType" substitutionGroup="xbrli:item" xbrli:periodType="duration" nillable="true"/>`;

/**
 * A stand-in for the FRC 2024 suite: the two core concepts the example uses,
 * at the FRC's published address. It also publishes an ACME schema without
 * ACME's concepts, so a test can show the package's own files come first.
 */
export function frcCoreStandIn(): Uint8Array {
  return smallTaxonomyPackage({
    stld: 'frc-2024-core',
    name: 'FRC 2024 core (test stand-in)',
    version: '2024',
    identifier: 'http://example.com/test/frc-2024-core',
    files: {
      'xbrl.frc.org.uk/fr/2024-01-01/core/frc-core-2024-01-01.xsd': `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xbrli="http://www.xbrl.org/2003/instance" targetNamespace="http://xbrl.frc.org.uk/fr/2024-01-01/core" elementFormDefault="qualified">
  <xs:import namespace="http://www.xbrl.org/2003/instance" schemaLocation="http://www.xbrl.org/2003/xbrl-instance-2003-12-31.xsd"/>
  ${monetary('TurnoverRevenue')}
  ${monetary('ProfitLoss')}
</xs:schema>
`,
      'example.com/acme/2024/acme-2024.xsd': `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://example.com/acme/2024"/>
`,
    },
    rewrites: { 'https://xbrl.frc.org.uk/fr/2024-01-01/': '../xbrl.frc.org.uk/fr/2024-01-01/', 'http://example.com/acme/2024/': '../example.com/acme/2024/' },
    entryPoints: [FRC_CORE_2024],
  });
}
