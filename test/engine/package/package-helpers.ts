import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { openZip } from '../../../main/engine/package/zip-reader.js';
import { schemasDir } from './shared-paths.js';

/** All files of a zip, by name (through our own guarded reader). */
export function unzipToMap(bytes: Uint8Array): Map<string, Buffer> {
  const archive = openZip(bytes);
  return new Map(archive.entries.filter((e) => !e.isDirectory).map((e) => [e.name, archive.read(e)]));
}

/** `xmllint --schema` with the official XSDs, offline (the catalog maps xml.xsd locally). */
export function xmllintSchema(xml: Uint8Array, xsd: 'taxonomy-package.xsd' | 'taxonomy-package-catalog.xsd'): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fd-xmllint-'));
  try {
    const file = join(dir, 'doc.xml');
    writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--nonet', '--noout', '--schema', join(schemasDir, xsd), file], {
      env: { ...process.env, XML_CATALOG_FILES: join(schemasDir, 'xmlcatalog.xml') },
      encoding: 'utf8',
    });
    if (run.error) throw run.error;
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function jszipOf(files: Record<string, string | Uint8Array>): Promise<string> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })).toString('base64');
}

export const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64');

/**
 * A published taxonomy's entry point (the FRC's FRS 102 2025): what a sample
 * report names when the test is not about its taxonomy. The recipient holds
 * it, so a package need not carry it; not installed here, it is a warning.
 */
export const PUBLISHED_SCHEMA = 'https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd';
/** ACME's own extension schema: a package whose report names it must carry it. */
export const ACME_SCHEMA_URL = 'http://example.com/acme/2024/acme-2024.xsd';

export function sampleInlineReport(schemaRef = PUBLISHED_SCHEMA): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink">
<head><title>ACME</title></head>
<body><div style="display:none"><ix:header><ix:references><link:schemaRef xlink:type="simple" xlink:href="${schemaRef}"/></ix:references></ix:header></div><p>ACME</p></body>
</html>
`;
}

export function sampleJsonReport(taxonomy = PUBLISHED_SCHEMA): string {
  return JSON.stringify({ documentInfo: { documentType: 'https://xbrl.org/2021/xbrl-json', taxonomy: [taxonomy] }, facts: {} });
}

export const sampleXsd =
  '<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://example.com/acme/2024"/>\n';

export function sampleXbrlReport(schemaRef = PUBLISHED_SCHEMA): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink">
  <link:schemaRef xlink:type='simple' xlink:href='${schemaRef}'/>
</xbrli:xbrl>
`;
}

/**
 * ACME's package as the wizard describes it for a draft: names, publisher and
 * entry point only, since the files come from the draft's attachments.
 */
export const acmePackageDraftRequest = {
  name: 'ACME 2024 annual report package',
  identifier: 'http://example.com/acme/2024/package',
  version: '1.0',
  publisher: 'ACME Corp',
  publisherUrl: 'https://example.com/',
  publisherCountry: 'GB',
  publicationDate: '2025-01-15',
  reportPackageLanguage: 'en-GB',
  reportPackageName: 'ACME-2024',
  entrypoints: [{ name: 'ACME 2024', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' }, languages: ['en'] }],
};
