/**
 * Cross-check of our structure checker against libxml2 (`xmllint --schema`
 * with HMRC's XSDs in ../shared): mutate real returns element by element and
 * value by value, and require the same valid/invalid verdict on every one.
 * Each return is checked against the schema of the version it declares:
 * v1.994 (HMRC's artefacts as published) or v1.991.
 *
 * Known, deliberate differences:
 * - the envelope's Body is a lax wildcard (any number of anything), while we
 *   require the one IRenvelope a CT600 return carries; mutations of Body or
 *   IRenvelope themselves are skipped;
 * - libxml2 skips characters outside the base64 alphabet in xsd:base64Binary
 *   ("QU-JD" validates); XML Schema's lexical space does not allow them and
 *   we follow the specification, so those mutants must be invalid for us.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { checkCt600Structure } from '../../../main/engine/validation/schema/index.js';
import { readXml } from '../../../main/engine/ct600/xml-dom.js';
import { ct600EnvelopeXsd } from '../../helpers/shared.js';
import { ct600V1994Schema, type SchemaDriver } from '../../helpers/xmllint.js';
import { builtXml, bytes, declaringVersion, groupAndRpdtPagesXml, richReturnXml, seedlikeSample, tpvsSample, v1994AdditionsXml } from './fixtures.js';

interface Mutant {
  name: string;
  xml: string;
  /** A value outside the base64 alphabet put into a base64Binary element. */
  badBase64?: boolean;
}

const BASE64_ELEMENTS = new Set(['EncodedInlineXBRLDocument', 'Attachment', 'X509Certificate']);

const VALUES = ['', 'x', '-1.00', '1.5', '1.00', '100.00', '12345678901', '2024-02-30', '2023-04-01', 'yes', 'no', ' yes', '0', '11', '8596148860', 'GBP', 'new', 'Company'];
const SKIP = new Set(['GovTalkMessage', 'Body', 'IRenvelope']);

function elementsOf(root: Element): Element[] {
  const out: Element[] = [];
  const walk = (el: Element) => {
    out.push(el);
    for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) walk(n as Element);
  };
  walk(root);
  return out;
}

const isLeaf = (el: Element) => {
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) return false;
  return true;
};

function nextElement(el: Element): Element | undefined {
  for (let n = el.nextSibling; n; n = n.nextSibling) if (n.nodeType === 1) return n as Element;
  return undefined;
}

/** Every mutation of one document: delete, duplicate, swap with the next sibling, rename, and new values for leaves. */
function mutants(label: string, xml: string): Mutant[] {
  const out: Mutant[] = [];
  const count = elementsOf(new DOMParser().parseFromString(xml, 'text/xml').documentElement!).length;
  const edit = (i: number, name: string, change: (el: Element) => void, value?: string) => {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const el = elementsOf(doc.documentElement!)[i]!;
    if (SKIP.has(el.localName!)) return;
    const badBase64 = value !== undefined && BASE64_ELEMENTS.has(el.localName!) && /[^A-Za-z0-9+/=\s]/.test(value);
    change(el);
    out.push({ name: `${label} #${i} <${el.localName}> ${name}`, xml: new XMLSerializer().serializeToString(doc), badBase64 });
  };
  for (let i = 0; i < count; i++) {
    edit(i, 'deleted', (el) => el.parentNode!.removeChild(el));
    edit(i, 'duplicated', (el) => el.parentNode!.insertBefore(el.cloneNode(true), el.nextSibling));
    edit(i, 'swapped with next', (el) => {
      const next = nextElement(el);
      if (next) el.parentNode!.insertBefore(next, el);
    });
    edit(i, 'renamed', (el) => {
      const bogus = el.ownerDocument!.createElementNS(el.namespaceURI, 'Bogus');
      while (el.firstChild) bogus.appendChild(el.firstChild);
      el.parentNode!.replaceChild(bogus, el);
    });
    // Amounts may say their currency (EUR or GBP); nothing else takes a Currency attribute.
    for (const currency of ['GBP', 'USD']) {
      edit(i, `Currency="${currency}"`, (el) => {
        if (isLeaf(el)) el.setAttribute('Currency', currency);
      });
    }
        // Three values per leaf, rotating through the list, keep the set large but quick.
    for (let k = 0; k < 3; k++) {
      const value = VALUES[(i * 3 + k) % VALUES.length]!;
      edit(i, `value ${JSON.stringify(value)}`, (el) => {
        if (!isLeaf(el)) return;
        while (el.firstChild) el.removeChild(el.firstChild);
        el.appendChild(el.ownerDocument!.createTextNode(value));
      }, value);
    }
  }
  // Drop duplicates (a value equal to the original, a swap with no next sibling).
  const seen = new Set<string>([xml]);
  return out.filter((m) => (seen.has(m.xml) ? false : (seen.add(m.xml), true)));
}

/** One xmllint run over many files: "<file> validates" / "<file> fails to validate". */
function xmllintVerdicts(docs: string[], schema: SchemaDriver): boolean[] {
  const dir = mkdtempSync(join(tmpdir(), 'fd-oracle-'));
  try {
    const files = docs.map((xml, i) => {
      const path = join(dir, `m${i}.xml`);
      writeFileSync(path, xml);
      return path;
    });
    const r = spawnSync('xmllint', ['--nonet', '--noout', '--schema', schema.xsd, ...files], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, ...schema.env },
    });
    if (r.error) throw r.error;
    const output = `${r.stdout}${r.stderr}`;
    return files.map((f) => {
      if (output.includes(`${f} validates`)) return true;
      if (output.includes(`${f} fails to validate`)) return false;
      throw new Error(`xmllint gave no verdict for ${f}:\n${output.slice(0, 2000)}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function ourVerdict(xml: string): boolean {
  const read = readXml(bytes(xml));
  if (!read.ok) throw new Error(read.message);
  // Whether HMRC still takes the declared version is not the schema's question: xmllint cannot know it.
  return checkCt600Structure(read.doc).every((m) => m.category !== 'error' || m.code === 'schema-version-not-accepted');
}

const v1991: SchemaDriver = { xsd: ct600EnvelopeXsd, env: {} };

const sources: [string, () => string, () => SchemaDriver][] = [
  ['tpvs, declared v1.991', () => declaringVersion(tpvsSample(), '2023-v1.991'), () => v1991],
  ['seedlike, declared v1.994', () => declaringVersion(seedlikeSample(), '2025-v1.994'), ct600V1994Schema],
  ['built (v1.994)', () => builtXml(), ct600V1994Schema],
  ['rich (v1.994)', richReturnXml, ct600V1994Schema],
  ['rich, declared v1.991', () => declaringVersion(richReturnXml(), '2023-v1.991'), () => v1991],
  ["v1.994's additions with CT600P", v1994AdditionsXml, ct600V1994Schema],
  ['pages CT600C and CT600N (v1.994)', groupAndRpdtPagesXml, ct600V1994Schema],
  ['pages CT600C and CT600N, declared v1.991', () => declaringVersion(groupAndRpdtPagesXml(), '2023-v1.991'), () => v1991],
];

describe('structure checker against xmllint --schema (independent oracle)', () => {
  it.each(sources)('agrees with libxml2 on every mutation of %s', (label, source, schema) => {
    const xml = source();
    expect(ourVerdict(xml)).toBe(true);
    const set = mutants(label, xml);
    expect(set.length).toBeGreaterThan(150);
    const theirs = xmllintVerdicts(set.map((m) => m.xml), schema());
    const disagreements = set
      .map((m, i) => ({ m, ours: ourVerdict(m.xml), theirs: theirs[i]! }))
      .filter(({ m, ours, theirs }) => ours !== (m.badBase64 ? false : theirs))
      .map(({ m, theirs }) => `${m.name}: xmllint ${theirs ? 'valid' : 'invalid'}`);
    expect(disagreements).toEqual([]);
    // The set must exercise both verdicts, or agreement would prove little.
    expect(theirs.filter(Boolean).length).toBeGreaterThan(10);
    expect(theirs.filter((v) => !v).length).toBeGreaterThan(100);
  });
});
