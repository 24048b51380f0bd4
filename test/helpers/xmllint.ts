/**
 * libxml2 as an oracle independent of our own code: schema validation and an
 * IRmark computed by another canonicaliser (xmllint --c14n) from a Body cut
 * out by plain string handling, as ct600.md section 4 describes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ct600HmrcDir, ct600XsdDir } from './shared.js';

function withTempFile<T>(name: string, content: string | Uint8Array, fn: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'fd-xmllint-'));
  try {
    const path = join(dir, name);
    writeFileSync(path, content);
    return fn(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SchemaVerdict {
  valid: boolean;
  output: string;
}

export function xmllintSchema(xml: string | Uint8Array, xsdPath: string, env: NodeJS.ProcessEnv = {}): SchemaVerdict {
  return withTempFile('doc.xml', xml, (path) => {
    // --huge: a return at the 25 MB attachment cap has text nodes past libxml2's default limit.
    const r = spawnSync('xmllint', ['--huge', '--nonet', '--noout', '--schema', xsdPath, path], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.error) throw r.error;
    return { valid: r.status === 0, output: `${r.stdout}${r.stderr}` };
  });
}

/** The IRmark of a full GovTalk message, derived without xmldom or xml-crypto. */
export function independentIrmark(message: string): string {
  const rootOpen = /<GovTalkMessage\b([^>]*)>/.exec(message);
  if (!rootOpen) throw new Error('no GovTalkMessage start tag');
  const namespaceDecls = [...rootOpen[1]!.matchAll(/\s(xmlns(?::[A-Za-z0-9_.-]+)?)\s*=\s*("[^"]*"|'[^']*')/g)].map((m) => `${m[1]}=${m[2]}`);
  const start = message.indexOf('<Body>');
  const end = message.lastIndexOf('</Body>');
  if (start < 0 || end < 0) throw new Error('no <Body> … </Body> in the message');
  let body = message.slice(start, end + '</Body>'.length);
  body = `<Body ${namespaceDecls.join(' ')}>${body.slice('<Body>'.length)}`;
  body = body.replace(/<IRmark\b[^>]*>[^<]*<\/IRmark>|<IRmark\b[^>]*\/>/, '');
  const canonical = withTempFile('body.xml', body, (path) =>
    execFileSync('xmllint', ['--huge', '--c14n', path], { maxBuffer: 256 * 1024 * 1024 }),
  );
  return createHash('sha1').update(canonical).digest('base64');
}

export interface SchemaDriver {
  xsd: string;
  env: NodeJS.ProcessEnv;
}

let v1994Driver: SchemaDriver | undefined;

/**
 * HMRC's v1.994 CT schema with the envelope beside it, as one driver schema
 * (like ../shared/ct600/xsd/ct600-with-envelope.xsd for v1.991). The envelope
 * imports XML Signature from w3.org; a catalog points that at the local copy,
 * so xmllint runs with --nonet. Written once per test process into a
 * temporary folder: the shared files themselves are never copied.
 */
export function ct600V1994Schema(): SchemaDriver {
  if (v1994Driver) return v1994Driver;
  const dir = mkdtempSync(join(tmpdir(), 'fd-ct600-v1994-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const url = (path: string) => pathToFileURL(path).href;
  writeFileSync(
    join(dir, 'driver.xsd'),
    `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:local:driver">
  <xsd:import namespace="http://www.govtalk.gov.uk/CM/envelope" schemaLocation="${url(join(ct600HmrcDir, 'envelope-v2-0-HMRC.xsd'))}"/>
  <xsd:import namespace="http://www.govtalk.gov.uk/taxation/CT/5" schemaLocation="${url(join(ct600HmrcDir, 'CT-2014-v1-994.xsd'))}"/>
</xsd:schema>
`,
  );
  const dsig = url(join(ct600XsdDir, 'xmldsig-core-schema.xsd'));
  writeFileSync(
    join(dir, 'catalog.xml'),
    `<?xml version="1.0"?>
<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
  <system systemId="http://www.w3.org/TR/2001/PR-xmldsig-core-20010820/xmldsig-core-schema.xsd" uri="${dsig}"/>
  <uri name="http://www.w3.org/TR/2001/PR-xmldsig-core-20010820/xmldsig-core-schema.xsd" uri="${dsig}"/>
</catalog>
`,
  );
  v1994Driver = { xsd: join(dir, 'driver.xsd'), env: { XML_CATALOG_FILES: join(dir, 'catalog.xml') } };
  return v1994Driver;
}
