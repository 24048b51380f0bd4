/**
 * Returns generated from the structure model itself, every optional block
 * and repetition by chance (seeded, so a failure repeats), then broken one
 * element at a time: our structure check must give libxml2's verdict on each,
 * against HMRC's v1.994 schema and against v1.991. Where the mutation test
 * only reaches the elements real returns carry, this reaches every element
 * the model knows (the supplementary pages CT600A–N, whose inside is not
 * modelled, and the iXBRL wildcards are left out).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readXml } from '../../../main/engine/ct600/xml-dom.js';
import { govTalkMessageModel } from '../../../main/engine/validation/schema/envelope-model.js';
import { checkCt600Structure } from '../../../main/engine/validation/schema/index.js';
import type { AttributeDecl, ElementDecl, Particle } from '../../../main/engine/validation/schema/model.js';
import type { SchemaEdition } from '../../../main/engine/validation/schema/schema-versions.js';
import { checkSimpleValue, type SimpleType } from '../../../main/engine/validation/schema/simple-types.js';
import { ct600EnvelopeXsd } from '../../helpers/shared.js';
import { ct600V1994Schema, type SchemaDriver } from '../../helpers/xmllint.js';
import { bytes } from './fixtures.js';

const GOVTALK_NS = 'http://www.govtalk.gov.uk/CM/envelope';
const CT_NS = 'http://www.govtalk.gov.uk/taxation/CT/5';

interface Node {
  name: string;
  ns: string;
  attrs: [string, string][];
  children: Node[];
  text?: string;
}

/** Seeded pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values tried in order; the first the type accepts is used. */
const CANDIDATES = [
  '100.00', '19.00', '2024-04-01', '2024', '1', '8596148860', 'yes', 'work', 'GBP', 'Example Trading Ltd', 'AB123456', 'new', 'Company', 'generic',
  'HMRC-CT-CT600', 'request', 'submit', '0123ABCD', 'XML', '2024-04-01T10:00:00', 'UTR', 'http://www.govtalk.gov.uk/taxation/CT/5', 'CompanyTaxReturn',
  '401276', '12345678', 'accounts.xhtml', 'pdf', 'other', 'label', 'QUJD', 'Ms', 'Ann', 'Smith', 'ann@example.co.uk', '0113 496 0000', '12',
  '1 High Street', 'Leeds', 'SW1A 2AA', 'LS1 1AA',
];

const valueCache = new Map<SimpleType, string>();
function valueFor(type: SimpleType): string {
  let v = valueCache.get(type);
  if (v === undefined) {
    v = type.enumeration?.[0] ?? CANDIDATES.find((c) => checkSimpleValue(type, c) === undefined);
    if (v === undefined) throw new Error(`no sample value for ${type.describe}`);
    valueCache.set(type, v);
  }
  return v;
}

/** Elements a generated return can hold: not the unmodelled pages, not wildcards, not an XML signature. */
function generable(p: Particle): boolean {
  // A choice can be written when one branch can; a sequence when each part it must hold can.
  if (p.kind !== 'element') return p.kind === 'choice' ? p.items.some(generable) : p.items.every((item) => item.min === 0 || generable(item));
  if (p.content.kind === 'simple') return true;
  return p.content.kind === 'complex' && generable(p.content.particle);
}

class Generator {
  constructor(
    private readonly rnd: () => number,
    private readonly schemaVersion: string,
  ) {}

  element(d: ElementDecl): Node {
    const node: Node = { name: d.name, ns: d.ns, attrs: [], children: [] };
    const c = d.content;
    if (c.kind === 'simple' || c.kind === 'complex') node.attrs = c.attributes.filter((a) => a.required || this.rnd() < 0.3).map((a: AttributeDecl) => [a.name, valueFor(a.type)]);
    if (c.kind === 'simple') node.text = d.name === 'SchemaVersion' ? this.schemaVersion : valueFor(c.type);
    if (c.kind === 'complex') node.children = this.particle(c.particle);
    return node;
  }

  private count(min: number, max: number, optionalChance: number): number {
    if (min === 0 && this.rnd() > optionalChance) return 0;
    const most = Math.min(max, Math.max(min, 1) + 1);
    return Math.max(min, 1) + Math.floor(this.rnd() * (most - Math.max(min, 1) + 1));
  }

  particle(p: Particle): Node[] {
    if (p.kind === 'element') {
      if (!generable(p)) return [];
      return Array.from({ length: this.count(p.min, p.max, 0.6) }, () => this.element(p));
    }
    const out: Node[] = [];
    const times = this.count(p.min, p.max, 0.6);
    for (let i = 0; i < times; i++) {
      if (p.kind === 'sequence') for (const item of p.items) out.push(...this.particle(item));
      else {
        const branches = p.items.filter(generable);
        out.push(...this.particle(branches[Math.floor(this.rnd() * branches.length)]!));
      }
    }
    return out;
  }
}

function serialise(n: Node, parentNs = ''): string {
  const ns = n.ns !== parentNs ? ` xmlns="${n.ns}"` : '';
  const attrs = n.attrs.map(([k, v]) => ` ${k}="${v}"`).join('');
  const inner = n.text ?? n.children.map((c) => serialise(c, n.ns)).join('');
  return `<${n.name}${ns}${attrs}>${inner}</${n.name}>`;
}

function allNodes(n: Node, out: { node: Node; parent?: Node }[] = [], parent?: Node) {
  out.push({ node: n, parent });
  for (const c of n.children) allNodes(c, out, n);
  return out;
}

const clone = (n: Node): Node => ({ ...n, attrs: [...n.attrs], children: n.children.map(clone) });
const KEEP = new Set(['GovTalkMessage', 'Body', 'IRenvelope']);

/** The document and a few single-element breakages of it: delete, duplicate, move before the previous sibling. */
function withMutants(root: Node, rnd: () => number): string[] {
  const docs = [serialise(root)];
  for (let k = 0; k < 4; k++) {
    const copy = clone(root);
    const candidates = allNodes(copy).filter((x) => x.parent && !KEEP.has(x.node.name));
    const { node, parent } = candidates[Math.floor(rnd() * candidates.length)]!;
    const i = parent!.children.indexOf(node);
    const kind = k % 3;
    if (kind === 0) parent!.children.splice(i, 1);
    else if (kind === 1) parent!.children.splice(i, 0, clone(node));
    else if (i > 0) [parent!.children[i - 1], parent!.children[i]] = [node, parent!.children[i - 1]!];
    docs.push(serialise(copy));
  }
  return docs;
}

function xmllintVerdicts(docs: string[], schema: SchemaDriver): boolean[] {
  const dir = mkdtempSync(join(tmpdir(), 'fd-generated-'));
  try {
    const files = docs.map((xml, i) => {
      const path = join(dir, `g${i}.xml`);
      writeFileSync(path, xml);
      return path;
    });
    const r = spawnSync('xmllint', ['--nonet', '--noout', '--schema', schema.xsd, ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, ...schema.env } });
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
  return checkCt600Structure(read.doc).every((m) => m.category !== 'error');
}

const editions: [SchemaEdition, string, () => SchemaDriver][] = [
  ['v1.994', '2025-v1.994', ct600V1994Schema],
  ['v1.991', '2023-v1.991', () => ({ xsd: ct600EnvelopeXsd, env: {} })],
];

describe('structure checker against xmllint on returns generated from the model', () => {
  it.each(editions)('agrees with libxml2 on generated %s returns and their breakages', (edition, declared, schema) => {
    const rnd = random(edition === 'v1.994' ? 1994 : 1991);
    const model = govTalkMessageModel(edition);
    const docs: string[] = [];
    for (let i = 0; i < 40; i++) docs.push(...withMutants(new Generator(rnd, declared).element(model), rnd));
    const theirs = xmllintVerdicts(docs, schema());
    const disagreements = docs
      .map((xml, i) => ({ i, ours: ourVerdict(xml), theirs: theirs[i]! }))
      .filter((d) => d.ours !== d.theirs)
      .map((d) => `document ${d.i}: xmllint ${d.theirs ? 'valid' : 'invalid'}, ours ${d.ours ? 'valid' : 'invalid'}\n${docs[d.i]!.slice(0, 400)}`);
    expect(disagreements.slice(0, 3)).toEqual([]);
    // Every generated return is valid; the breakages give both verdicts.
    expect(theirs.filter((v, i) => i % 5 === 0 && v).length).toBe(40);
    expect(theirs.filter((v) => !v).length).toBeGreaterThan(40);
  });
});
