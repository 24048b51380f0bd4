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
