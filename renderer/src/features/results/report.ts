/**
 * A validation job's messages arranged for people: by category, then by
 * check, each with its code, the box or entry it concerns and its words; and
 * the same rows as plain text (Copy) and as CSV (Export). Pure code, shared
 * by "Validate a file" and the wizards.
 */
import type { MessageCategory, ValidationJobResult, ValidationMessage } from '../../../../main/engine/validation-result.js';
import { filterValidations } from '../../../../main/engine/validation/filter.js';
import { csvCell } from '../../../../main/engine/csv-cell.js';
import { notCheckedWords } from '../../../../main/engine/validation/verdict.js';

export type ResultView = 'full' | 'filtered';

export const checkNames: Record<number, string> = {
  0: 'Schema',
  1: 'Business rules',
  2: 'IRmark',
  3: 'Report package',
  4: 'Taxonomy package',
};

export const categoryNames: Record<MessageCategory, { plural: string; singular: string }> = {
  error: { plural: 'Errors', singular: 'Error' },
  warning: { plural: 'Warnings', singular: 'Warning' },
  info: { plural: 'Information', singular: 'Information' },
};

const categoryOrder: MessageCategory[] = ['error', 'warning', 'info'];

export function checkName(validationType: number): string {
  return checkNames[validationType] ?? `Check ${validationType}`;
}

export interface ResultRow {
  check: string;
  category: MessageCategory;
  code: string;
  /** "Box 155", an entry in a package, or a path in the document; '' when the message names none. */
  where: string;
  message: string;
  /** How many times the message occurred (filtered view); 1 in the full view. */
  occurrences: number;
}

export interface CheckGroup {
  check: string;
  rows: ResultRow[];
}

export interface CategoryGroup {
  category: MessageCategory;
  count: number;
  checks: CheckGroup[];
}

function attribute(m: ValidationMessage, name: string): string | undefined {
  return m.attributes.find((a) => a.name === name)?.value;
}

function whereOf(m: ValidationMessage): string {
  const box = attribute(m, 'box');
  if (box) return /^box/i.test(box) ? box : `Box ${box}`;
  return attribute(m, 'entry') ?? attribute(m, 'path') ?? '';
}

/**
 * The message as the row shows it beside its Box or entry: the schema check
 * opens its messages with the element's path ("/IRenvelope/…/Turnover: …"),
 * which that column already shows when the message names no box, so the
 * repeat is left out. The message itself (the CLI's, the service's) keeps it.
 */
function messageBeside(m: ValidationMessage, where: string): string {
  const path = attribute(m, 'path');
  if (!path || where !== path || !m.message.startsWith(`${path}: `)) return m.message;
  return m.message.slice(path.length + 2);
}

/** One row per message (full) or per distinct error and warning with its count (filtered, the engine's own rule). */
export function resultRows(result: ValidationJobResult, view: ResultView): ResultRow[] {
  const source = view === 'filtered' ? filterValidations(result) : result;
  return source.validations.flatMap((v) =>
    v.messages.map((m) => {
      const occurrences = Number(attribute(m, 'occurrences') ?? '1');
      const where = whereOf(m);
      return {
        check: checkName(v.validationType),
        category: m.category,
        code: m.code,
        where,
        message: messageBeside(m, where),
        occurrences: Number.isFinite(occurrences) && occurrences > 0 ? occurrences : 1,
      };
    }),
  );
}

export function groupRows(rows: ResultRow[]): CategoryGroup[] {
  return categoryOrder
    .map((category) => {
      const inCategory = rows.filter((r) => r.category === category);
      const checks: CheckGroup[] = [];
      for (const row of inCategory) {
        let group = checks.find((g) => g.check === row.check);
        if (!group) checks.push((group = { check: row.check, rows: [] }));
        group.rows.push(row);
      }
      return { category, count: inCategory.reduce((n, r) => n + r.occurrences, 0), checks };
    })
    .filter((g) => g.count > 0);
}

/** One of the three verdicts: valid, not valid, or not checked (a taxonomy package to install first). */
export type VerdictKind = 'valid' | 'invalid' | 'notChecked';

export interface Verdict {
  /** Every check ran and found no error: neither not valid nor waiting for a package. */
  valid: boolean;
  kind: VerdictKind;
  /** For "not checked": the packages to install, each once. */
  install: string[];
  errors: number;
  warnings: number;
  checks: { check: string; valid: boolean; kind: VerdictKind }[];
}

/** A validation's own verdict: an error makes it invalid; else a package to install makes it not checked. */
function kindOf(v: ValidationJobResult['validations'][number]): VerdictKind {
  if (v.validationResult !== 'valid') return 'invalid';
  return v.notChecked && v.notChecked.install.length > 0 ? 'notChecked' : 'valid';
}

export function verdictOf(result: ValidationJobResult): Verdict {
  const all = result.validations.flatMap((v) => v.messages);
  const kinds = result.validations.map(kindOf);
  const kind: VerdictKind = kinds.length === 0 || kinds.includes('invalid') ? 'invalid' : kinds.includes('notChecked') ? 'notChecked' : 'valid';
  return {
    valid: kind === 'valid',
    kind,
    install: kind === 'notChecked' ? [...new Set(result.validations.flatMap((v) => v.notChecked?.install ?? []))] : [],
    errors: all.filter((m) => m.category === 'error').length,
    warnings: all.filter((m) => m.category === 'warning').length,
    checks: result.validations.map((v, i) => ({ check: checkName(v.validationType), valid: kinds[i] === 'valid', kind: kinds[i]! })),
  };
}

/** "Return is valid", "Document is not valid", "Document not checked: install FRC 2025 …". */
export function verdictHeadline(thing: string, verdict: Verdict): string {
  if (verdict.kind === 'notChecked') return `${thing} ${notCheckedWords(verdict.install).replace(/^Not/, 'not')}`;
  return verdict.kind === 'valid' ? `${thing} is valid` : `${thing} is not valid`;
}

/** A check's verdict in a word or two, as the checks list and the copied text give it. */
export const checkVerdictWords: Record<VerdictKind, string> = { valid: 'valid', invalid: 'not valid', notChecked: 'not checked' };

export function countWords(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** The rows as plain text for the clipboard: a heading per category and check, one line per message. */
export function toPlainText(title: string, result: ValidationJobResult, view: ResultView): string {
  const verdict = verdictOf(result);
  const lines = [
    `${title}: ${verdict.kind === 'notChecked' ? notCheckedWords(verdict.install).replace(/^Not/, 'not') : checkVerdictWords[verdict.kind]} (${countWords(verdict.errors, 'error')}, ${countWords(verdict.warnings, 'warning')})`,
    `Checks: ${verdict.checks.map((c) => `${c.check} ${checkVerdictWords[c.kind]}`).join('; ') || 'none'}`,
    view === 'filtered' ? 'Showing errors and warnings, repeats collapsed.' : 'Showing every message.',
  ];
  for (const group of groupRows(resultRows(result, view))) {
    lines.push('', categoryNames[group.category].plural);
    for (const check of group.checks) {
      lines.push(`  ${check.check}`);
      for (const r of check.rows) {
        const where = r.where ? ` [${r.where}]` : '';
        const times = r.occurrences > 1 ? ` (${r.occurrences} times)` : '';
        lines.push(`    ${r.code}${where}: ${r.message}${times}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

export const CSV_HEADER = ['Check', 'Category', 'Code', 'Box or entry', 'Message', 'Occurrences'] as const;

export { csvCell };

/** The rows as CSV: a header row, one message a row, CRLF line ends (RFC 4180). */
export function toCsv(result: ValidationJobResult, view: ResultView): string {
  const rows = resultRows(result, view).map((r) => [r.check, categoryNames[r.category].singular, r.code, r.where, r.message, String(r.occurrences)]);
  return [CSV_HEADER as readonly string[], ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
