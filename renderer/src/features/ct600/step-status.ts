/**
 * A step's status in the task list, from the same checks the step itself and
 * Check your answers show: the schema's verdict per field and HMRC's business
 * rules. A step never says "Not started" or "Completed" while either finds
 * something on it that the user can see.
 */
import { FIELDS, type FieldDef, type StepId } from '../../../../common/ct600/fields.js';
import { DEFAULT_VALUES, isVisible, type Ct600Form } from './form.js';

export type StepStatus = 'Not started' | 'In progress' | 'Completed' | 'Has errors';

export interface StepFindings {
  /** field id → the schema's message, as checkForm gives them ('' for none of the fields). */
  errors: Map<string, string>;
  /** Whether the field's error is on screen (the field was changed, or Continue or Check showed it). */
  shown(fieldId: string): boolean;
  /** Fields with a business rule HMRC would reject the return for (category "error"). */
  ruleFailures: ReadonlySet<string>;
  /** Something outside the fields says the step was begun (a file attached). */
  startedElsewhere?: boolean;
}

export function hasValue(form: Ct600Form, f: FieldDef): boolean {
  if (f.kind === 'date') {
    const d = form.dates[f.id as 'periodFrom'];
    return !!(d.day.trim() || d.month.trim() || d.year.trim());
  }
  if (f.kind === 'boolean') return form.accepted;
  if (f.derived) return !!form.overrides[f.id];
  const value = (form.values[f.id] ?? '').trim();
  return value !== '' && value !== DEFAULT_VALUES[f.id];
}

export function stepStatus(form: Ct600Form, step: Exclude<StepId, 'check'>, findings: StepFindings): { status: StepStatus; problems: number } {
  const fields = FIELDS.filter((f) => f.step === step && isVisible(form, f));
  const withError = fields.filter((f) => findings.errors.has(f.id) || findings.ruleFailures.has(f.id));
  const problems = withError.length;
  // A figure typed wrong, an error on screen, or a rule HMRC rejects: the step has errors, entered or not.
  const hasErrors = withError.some((f) => findings.ruleFailures.has(f.id) || findings.shown(f.id) || (findings.errors.has(f.id) && hasValue(form, f)));
  if (hasErrors) return { status: 'Has errors', problems };
  const started = !!findings.startedElsewhere || fields.some((f) => hasValue(form, f));
  if (!started) return { status: 'Not started', problems: 0 };
  return { status: problems ? 'In progress' : 'Completed', problems };
}
