/**
 * Figures for a layout: each item line is the sum of its codes' rounded
 * balances, turned to the line's own direction; each subtotal and total is
 * the sum of the lines it names, and its working is theirs, turned by the
 * same signs, so every figure traces back to trial balance codes.
 */
import type { LineKey, Pence, Pounds, StatementLine, WorkingItem } from '../types.js';
import type { LineSpec } from './layout.js';

/** One trial balance code, placed and rounded. */
export interface PlacedCode {
  code: string;
  name: string;
  key: LineKey;
  /** Net debit (debit − credit). */
  pence: Pence;
  pounds: Pounds;
}

export interface ComputedLine extends StatementLine {
  alwaysShown: boolean;
}

export function computeLines(layout: readonly LineSpec[], codes: readonly PlacedCode[], previous?: ReadonlyMap<string, Pounds>): ComputedLine[] {
  const done = new Map<string, ComputedLine>();
  for (const spec of layout) {
    let working: WorkingItem[];
    let current: Pounds;
    let prior: Pounds | undefined;
    if (spec.kind === 'item') {
      const direction = spec.nature === 'debit' ? 1 : -1;
      working = codes
        .filter((c) => spec.keys.includes(c.key))
        .map((c) => ({ code: c.code, name: c.name, pence: direction * c.pence || 0, pounds: direction * c.pounds || 0 }));
      current = working.reduce((sum, w) => sum + w.pounds, 0);
      prior = previous ? (previous.get(spec.id) ?? 0) : undefined;
    } else {
      working = [];
      current = 0;
      prior = previous ? 0 : undefined;
      for (const [id, sign] of spec.parts) {
        const part = done.get(id);
        if (!part) throw new Error(`Layout line ${spec.id} adds ${id}, which is not an earlier line`);
        current += sign * part.current;
        if (prior !== undefined) prior += sign * (part.previous ?? 0);
        for (const w of part.working) working.push({ ...w, pence: sign * w.pence || 0, pounds: sign * w.pounds || 0 });
      }
    }
    const line: ComputedLine = {
      id: spec.id,
      format: spec.format,
      label: spec.label,
      role: spec.role,
      concept: spec.concept,
      ...(spec.member ? { member: spec.member } : {}),
      current: normalise(current),
      ...(prior !== undefined ? { previous: normalise(prior) } : {}),
      working,
      alwaysShown: spec.alwaysShown ?? false,
    };
    done.set(spec.id, line);
  }
  return [...done.values()];
}

/** The lines the accounts show: a line nil in both years is left out (SI 2008/409 Sch 1 para 5). */
export function shownLines(lines: readonly ComputedLine[]): StatementLine[] {
  return lines
    .filter((line) => line.alwaysShown || line.current !== 0 || (line.previous ?? 0) !== 0)
    .map(({ alwaysShown: _alwaysShown, ...line }) => line);
}

export function lineFigure(lines: readonly ComputedLine[], id: string): { current: Pounds; previous?: Pounds } {
  const line = lines.find((l) => l.id === id);
  if (!line) return { current: 0 };
  return line.previous !== undefined ? { current: line.current, previous: line.previous } : { current: line.current };
}

/** −0 shows as "-0" in some places; keep plain zero. */
function normalise(value: number): number {
  return value === 0 ? 0 : value;
}
