/**
 * The CT600 boxes an HMRC rule concerns, read off HMRC's own words: the
 * Schematron writes boxes in brackets ("[35] should be on or after [30]",
 * "[A70]", "[F5A/F5B]") and HMRC's message names them ("Box 475 must be
 * completed if Box 440 …", "Box K15.2", "Boxes N15 and N20"). A box on a
 * supplementary page carries the page's letter, as the forms print it
 * ("A5", "P96"). Where neither names a box, the box of the element the rule
 * is about comes from our structure model, or from the page boxes HMRC's
 * forms give the elements of the supplementary pages (page-boxes.ts).
 *
 * The Schematron's other bracketed ids are not boxes and are left out: the
 * zero-padded N ids ([N003] the return type, [N095] the CT600A page), the S
 * ids of supplementary-page fields ([SP057], [SL042]) and the named ones
 * ([PTTAX]). A bare N id is CT600N's box only where HMRC's message says so
 * ("Box N100"), since [N100] is also HMRC's id of the CT600F page.
 */
import type { ElementDecl, Particle } from '../schema/model.js';
import { irenvelope } from '../schema/ct600-model.js';
import { pageBoxOf } from './page-boxes.js';
import type { HmrcRule } from './rule-table.js';

/** A box as the forms print it: main form "35", "90A"; a page's "A5", "G105C", "K15.1B". */
const BOX = String.raw`(?:[A-MP]\d{1,3}(?:\.\d)?[A-Z]?|\d{1,3}[A-Z]?)`;
const MESSAGE_BOX = String.raw`(?:[A-P]\d{1,3}(?:\.\d)?[A-Z]?|\d{1,3}[A-Z]?)`;
/** "[35]", "[A70]", "[F5A/F5B]", "[N15/N20]" (N ids counted only when HMRC's message names them as boxes). */
const BRACKETED_BOX = new RegExp(String.raw`\[((?:${BOX}|N\d{1,3}[A-Z]?)(?:\/(?:${BOX}|N\d{1,3}[A-Z]?))*)\]`, 'g');
const NAMED_BOXES = new RegExp(String.raw`\bBox(?:es)?\s+(${MESSAGE_BOX}(?:\s*(?:,|and|or|to|&|-|–)\s*(?:Box\s+)?${MESSAGE_BOX})*)\b`, 'g');
const ONE_BOX = new RegExp(MESSAGE_BOX, 'g');
/** HMRC's zero-padded ids ("N003", "N095", "F092") are never boxes. */
const isHmrcId = (id: string) => /^[A-Z]0\d{2}[A-Z]?$/.test(id);

let modelBoxes: Map<string, string> | undefined;

/** Box by element path under IRenvelope ("CompanyTaxReturn/CompanyInformation/Reference" → "3"). */
function boxByPath(): Map<string, string> {
  if (modelBoxes) return modelBoxes;
  const map = new Map<string, string>();
  const seen = new Set<Particle>();
  const visit = (p: Particle, prefix: string): void => {
    if (seen.has(p)) return;
    seen.add(p);
    if (p.kind === 'element') {
      const path = prefix ? `${prefix}/${p.name}` : p.name;
      if (p.box && !map.has(path)) map.set(path, p.box);
      if (p.content.kind === 'complex') visit(p.content.particle, path);
    } else {
      p.items.forEach((item) => visit(item, prefix));
    }
  };
  // v1.994 holds every element of the earlier editions: its boxes are the widest map.
  const root: ElementDecl = irenvelope('v1.994');
  if (root.content.kind === 'complex') visit(root.content.particle, '');
  modelBoxes = map;
  return map;
}

/** "/hd:GovTalkMessage/hd:Body/ct:IRenvelope/ct:CompanyTaxReturn/ct:X" → "CompanyTaxReturn/X" (attributes dropped). */
export function pathUnderIrenvelope(context: string): string | undefined {
  const steps = context.split('/').filter(Boolean);
  const at = steps.findIndex((s) => s === 'ct:IRenvelope');
  if (at < 0) return undefined;
  return steps
    .slice(at + 1)
    .filter((s) => !s.startsWith('@'))
    .map((s) => s.replace(/^ct:/, '').replace(/\[.*$/, ''))
    .join('/');
}

/** Attached files have no box of their own: they are the accounts (80A) or computations (80B) the return says it provides. */
function attachedFilesBox(path: string): string | undefined {
  if (!path.startsWith('CompanyTaxReturn/AttachedFiles')) return undefined;
  return path.includes('/Computation') ? '80B' : '80A';
}

export function boxesOf(context: string, ruleText: string, hmrcMessage: string): string[] {
  const boxes: string[] = [];
  const add = (b: string) => {
    if (!boxes.includes(b)) boxes.push(b);
  };
  const named: string[] = [];
  for (const m of hmrcMessage.matchAll(NAMED_BOXES)) for (const b of m[1]!.match(ONE_BOX) ?? []) named.push(b);
  for (const m of ruleText.matchAll(BRACKETED_BOX)) {
    for (const b of m[1]!.split('/')) if (!isHmrcId(b) && (!b.startsWith('N') || named.includes(b))) add(b);
  }
  for (const b of named) add(b);
  const path = pathUnderIrenvelope(context);
  const own = path ? (boxByPath().get(path) ?? attachedFilesBox(path) ?? pageBoxOf(path)) : undefined;
  if (own && boxes.length === 0) return [own];
  // The box to change leads: the one HMRC's message opens with ("Box 475 must
  // be completed if Box 440 …"), else the element the rule is about when HMRC
  // names it (rule 9200 is about the rate in box 340, though it names box 4 first).
  const opening = new RegExp(String.raw`^Box(?:es)?\s+(${MESSAGE_BOX})\b`).exec(hmrcMessage.trim())?.[1];
  const lead = opening ?? (own && boxes.includes(own) ? own : undefined);
  return lead && boxes.includes(lead) ? [lead, ...boxes.filter((b) => b !== lead)] : boxes;
}

const boxOrder = (box: string) => {
  const m = /^([A-Z]?)(\d+)(.*)$/.exec(box)!;
  return { page: m[1]!, number: Number(m[2]), rest: m[3]! };
};
const byBoxOrder = (a: string, b: string) => {
  const x = boxOrder(a);
  const y = boxOrder(b);
  return x.page.localeCompare(y.page) || x.number - y.number || x.rest.localeCompare(y.rest);
};

/** The box HMRC's own rules on an element keep coming back to: named by most of its assertions (at least two). */
function elementBoxFromRules(rule: HmrcRule): string | undefined {
  const counts = new Map<string, number>();
  for (const a of rule.assertions) for (const b of new Set(a.boxes)) counts.set(b, (counts.get(b) ?? 0) + 1);
  const [best, second] = [...counts].sort((x, y) => y[1] - x[1]);
  if (!best || best[1] < 2 || (second && second[1] === best[1])) return undefined;
  return best[0];
}

/**
 * What the rules of a whole table tell about boxes that one assertion's words
 * do not:
 * - an element of a supplementary page has no box in our structure model, but
 *   HMRC's rules on it keep naming one ("[L65] is valid only if …", "If [L9]
 *   is present … then [L65] …"): that box leads, unless HMRC's message opens
 *   with another;
 * - a rule about a whole section ("Step 2 section on supplementary form
 *   CT600L can only be completed if Step 1 …") names no box: it is shown
 *   against the section's first box, the first of the boxes of the elements
 *   inside it on that page (the page's own letter, so a date rule naming box
 *   30 inside a page does not count).
 */
export function withSectionBoxes(rules: HmrcRule[]): HmrcRule[] {
  const opening = (message: string) => new RegExp(String.raw`^Box(?:es)?\s+(${MESSAGE_BOX})\b`).test(message.trim());
  const led = rules.map((r) => {
    const path = pathUnderIrenvelope(r.context);
    const modelled = path ? (boxByPath().get(path) ?? attachedFilesBox(path) ?? pageBoxOf(path)) : undefined;
    const own = modelled ?? elementBoxFromRules(r);
    if (!own || modelled) return { rule: r, path, own: own ?? r.assertions.find((a) => a.boxes[0])?.boxes[0] };
    const assertions = r.assertions.map((a) => (opening(a.hmrcMessage) || !a.boxes.includes(own) || a.boxes[0] === own ? a : { ...a, boxes: [own, ...a.boxes.filter((b) => b !== own)] }));
    return { rule: { ...r, assertions }, path, own };
  });
  const sectionBox = (path: string): string | undefined => {
    const inside = led.filter((l) => l.path?.startsWith(`${path}/`) && l.own && /^[A-Z]\d/.test(l.own)).map((l) => l.own!);
    if (inside.length === 0) return undefined;
    const pages = new Map<string, number>();
    for (const b of inside) pages.set(b[0]!, (pages.get(b[0]!) ?? 0) + 1);
    const page = [...pages].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    return inside.filter((b) => b.startsWith(page)).sort(byBoxOrder)[0];
  };
  return led.map(({ rule, path }) => {
    if (!path || rule.assertions.every((a) => a.boxes.length > 0)) return rule;
    const box = sectionBox(path);
    return box ? { ...rule, assertions: rule.assertions.map((a) => (a.boxes.length > 0 ? a : { ...a, boxes: [box] })) } : rule;
  });
}
