/**
 * The CT600 boxes an HMRC rule concerns, read off HMRC's own words: the
 * Schematron writes main-form boxes in brackets ("[35] should be on or after
 * [30]") and HMRC's message names them ("Box 475 must be completed if Box 440
 * …"). Where neither names a box, the box of the element the rule is about
 * comes from our structure model. The bracketed ids that are not box numbers
 * ([SP057], [PTTAX]: HMRC's ids for supplementary-page fields) are left out.
 */
import type { ElementDecl, Particle } from '../schema/model.js';
import { irenvelope } from '../schema/ct600-model.js';

const BRACKETED_BOX = /\[(\d{1,3}[A-Z]?)\]/g;
const NAMED_BOXES = /\bBox(?:es)?\s+(\d{1,3}[A-Z]?(?:\s*(?:,|and|or|to|&|-|–)\s*\d{1,3}[A-Z]?)*)/gi;

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
  for (const m of ruleText.matchAll(BRACKETED_BOX)) add(m[1]!);
  for (const m of hmrcMessage.matchAll(NAMED_BOXES)) for (const b of m[1]!.match(/\d{1,3}[A-Z]?/g) ?? []) add(b);
  const path = pathUnderIrenvelope(context);
  const own = path ? (boxByPath().get(path) ?? attachedFilesBox(path)) : undefined;
  if (!own) return boxes;
  if (boxes.length === 0) return [own];
  // The box to change leads: the one HMRC's message opens with ("Box 475 must
  // be completed if Box 440 …"), else the element the rule is about when HMRC
  // names it (rule 9200 is about the rate in box 340, though it names box 4 first).
  const opening = /^Box(?:es)?\s+(\d{1,3}[A-Z]?)\b/i.exec(hmrcMessage.trim())?.[1];
  const lead = opening ?? (boxes.includes(own) ? own : undefined);
  return lead ? [lead, ...boxes.filter((b) => b !== lead)] : boxes;
}
