/**
 * ACME's own extension taxonomy (test/fixtures/report-packages/acme-2024) as
 * a Taxonomy Packages 1.0 zip a firm would install, and a report package
 * that carries only the extension's linkbases, not its schema: the case in
 * which a recipient working offline cannot load the report (Arelle: IOerror
 * for the schema, missingReferences for every fact).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acmeDir } from '../package/fixture-packages.js';
import { b64, jszipOf } from '../package/package-helpers.js';
import { smallTaxonomyPackage } from './ct2015.js';

const text = (name: string) => readFileSync(join(acmeDir, 'taxonomy', name), 'utf8');

export const ACME_SCHEMA = 'http://example.com/acme/2024/acme-2024.xsd';

export function acmeTaxonomyPackage(): Uint8Array {
  return smallTaxonomyPackage({
    stld: 'acme-2024-taxonomy',
    name: 'ACME extension taxonomy',
    version: '2024',
    identifier: 'http://example.com/acme/2024/taxonomy-package',
    files: {
      'example.com/acme/2024/acme-2024.xsd': text('acme-2024.xsd'),
      'example.com/acme/2024/acme-2024-lab.xml': text('acme-2024-lab.xml'),
      'example.com/acme/2024/acme-2024-pre.xml': text('acme-2024-pre.xml'),
    },
    rewrites: { 'http://example.com/acme/2024/': '../example.com/acme/2024/' },
    entryPoints: [ACME_SCHEMA],
  });
}

/** The create-report-package request: the report and the linkbases, without the schema it names. */
export async function requestWithoutSchema(): Promise<Record<string, unknown>> {
  return {
    name: 'Acme Widgets Ltd annual report 2024',
    identifier: 'http://example.com/acme/2024/package',
    reportPackageName: 'ACME-2024',
    reportName: 'acme-2024.xhtml',
    reportBase64Content: b64(readFileSync(join(acmeDir, 'report', 'acme-2024.xhtml'))),
    base64ZipFiles: await jszipOf({ 'example.com/acme/2024/acme-2024-lab.xml': text('acme-2024-lab.xml'), 'example.com/acme/2024/acme-2024-pre.xml': text('acme-2024-pre.xml') }),
  };
}
