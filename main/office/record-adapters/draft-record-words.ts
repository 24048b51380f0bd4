/**
 * A CT600 draft shared through the office, in the wizard's words: its title
 * for conflicts and notices, and where two versions differ, each field named
 * as the wizard names it with its HMRC box (common/ct600/fields.ts).
 */
import { FIELD_BY_ID } from '../../../common/ct600/fields.js';
import { DifferenceList, objectOf, textOf, ukDate, type RecordDifference } from './record-differences.js';

const KIND_WORDS: Record<string, string> = { ct600: 'CT600 draft', 'report-package': 'Report package draft' };

/** "CT600 draft for Acme Trading Ltd, year to 31/03/2026". */
export function draftTitle(body: unknown): string {
  const draft = objectOf(body);
  const values = objectOf(objectOf(draft.form).values);
  const kind = KIND_WORDS[String(draft.kind)] ?? 'Draft';
  const typedName = typeof values.companyName === 'string' ? values.companyName.trim() : '';
  const name = typedName || (typeof draft.title === 'string' ? draft.title.trim() : '');
  const yearTo = typeof draft.periodTo === 'string' && draft.periodTo !== '' ? `, year to ${ukDate(draft.periodTo)}` : '';
  return `${kind}${name ? ` for ${name}` : ''}${yearTo}`;
}

/** A wizard field's label with its box: "Turnover (box 145)". */
function fieldLabel(id: string): string {
  const def = FIELD_BY_ID.get(id);
  if (!def) return `Wizard answer “${id}”`;
  return def.box ? `${def.label} (box ${def.box})` : def.label;
}

/** The form's parts beyond the typed values, in the wizard's words. */
const FORM_PARTS: Record<string, string> = {
  accepted: 'Declaration accepted',
  overrides: 'Figures entered instead of the computed ones',
  layout: 'Form layout',
  computation: 'Computation step answers',
  loans: 'Loans to participators (CT600A)',
  fromComputation: 'Figures taken from the computation',
  computationInput: 'Computation brought forward to the next period',
  computedRequestFields: 'Computed boxes not shown on Profits and tax',
  generatedComputation: 'Computation written by Filing Desk',
  accountsFigures: 'Starting figures from the attached accounts',
};

function dateText(value: unknown): string {
  const d = objectOf(value);
  if (typeof d.day !== 'string' || typeof d.month !== 'string' || typeof d.year !== 'string') return textOf(value);
  return d.day || d.month || d.year ? `${d.day}/${d.month}/${d.year}` : '(empty)';
}

function attachmentsText(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return '(none)';
  return value.map((a) => `${textOf(objectOf(a).fileName)} (${textOf(objectOf(a).role)})`).join(', ');
}

function filedText(value: unknown): string {
  const filed = objectOf(value);
  if (typeof filed.acceptedAt !== 'string') return 'Not filed';
  return `Filed with HMRC (${textOf(filed.environment)}) on ${ukDate(filed.acceptedAt.slice(0, 10))}`;
}

export function draftDifferences(mine: unknown, theirs: unknown): RecordDifference[] {
  const a = objectOf(mine);
  const b = objectOf(theirs);
  const list = new DifferenceList();
  list.compare('title', 'Draft title', a.title, b.title);
  list.compare('clientId', 'Client in the client book', a.clientId, b.clientId);
  list.compare('periodFrom', `${fieldLabel('periodFrom')}`, a.periodFrom, b.periodFrom, ukDate);
  list.compare('periodTo', `${fieldLabel('periodTo')}`, a.periodTo, b.periodTo, ukDate);
  const formA = objectOf(a.form);
  const formB = objectOf(b.form);
  const valuesA = objectOf(formA.values);
  const valuesB = objectOf(formB.values);
  // The wizard's own order first (the field table's), then any value it no longer has a field for.
  const ids = [...FIELD_BY_ID.keys(), ...[...new Set([...Object.keys(valuesA), ...Object.keys(valuesB)])].filter((id) => !FIELD_BY_ID.has(id)).sort()];
  for (const id of ids) list.compare(`form.values.${id}`, fieldLabel(id), valuesA[id], valuesB[id]);
  const datesA = objectOf(formA.dates);
  const datesB = objectOf(formB.dates);
  for (const id of ['periodFrom', 'periodTo']) list.compare(`form.dates.${id}`, `${fieldLabel(id)} as typed`, datesA[id], datesB[id], dateText);
  const parts = [...new Set([...Object.keys(formA), ...Object.keys(formB)])].filter((k) => k !== 'values' && k !== 'dates').sort();
  for (const part of parts) list.compare(`form.${part}`, FORM_PARTS[part] ?? `Wizard answers “${part}”`, formA[part], formB[part]);
  list.compare('attachments', 'Attached files', a.attachments, b.attachments, attachmentsText);
  list.compare('filed', 'Filed with HMRC', a.filed ?? null, b.filed ?? null, filedText);
  return list.items;
}
