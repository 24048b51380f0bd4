import { describe, expect, it } from 'vitest';
import { emptyForm, formFromDraft, type Ct600Form } from '../../../renderer/src/features/ct600/form.js';
import { checkForm } from '../../../renderer/src/features/ct600/form-request.js';
import { stepStatus, type StepFindings } from '../../../renderer/src/features/ct600/step-status.js';
import { validForm } from './fake-main.js';

const complete = () => formFromDraft(structuredClone(validForm) as Record<string, unknown>);
const findings = (form: Ct600Form, extra: Partial<StepFindings> = {}): StepFindings => ({
  errors: checkForm(form).errors,
  shown: () => false,
  ruleFailures: new Set(),
  ...extra,
});

describe('CT600 task list: a step’s status from the same checks the step and Check use', () => {
  it('says Not started only while nothing is entered and no error is on screen', () => {
    const form = emptyForm();
    expect(stepStatus(form, 'company', findings(form))).toEqual({ status: 'Not started', problems: 0 });
    expect(stepStatus(form, 'declaration', findings(form))).toEqual({ status: 'Not started', problems: 0 });
  });

  it('says Has errors for a step whose errors are on screen, even with nothing entered (Continue on an empty step, or Check)', () => {
    const form = emptyForm();
    const status = stepStatus(form, 'company', findings(form, { shown: () => true }));
    expect(status.status).toBe('Has errors');
    expect(status.problems).toBeGreaterThanOrEqual(4);
    // Check lists the declaration's missing answers: the declaration says so too.
    expect(stepStatus(form, 'declaration', findings(form, { shown: () => true })).status).toBe('Has errors');
  });

  it('says In progress for a step begun with answers still to give, and Completed when nothing is left', () => {
    const begun: Ct600Form = { ...emptyForm(), values: { ...emptyForm().values, declarationName: 'Jane Smith' } };
    expect(stepStatus(begun, 'declaration', findings(begun))).toEqual({ status: 'In progress', problems: 2 });
    const form = complete();
    for (const step of ['company', 'attachments', 'profits', 'declaration'] as const) {
      expect(stepStatus(form, step, findings(form)).status, step).toBe('Completed');
    }
  });

  it('says Has errors for a figure typed wrong before its error is shown', () => {
    const form = complete();
    const wrong: Ct600Form = { ...form, values: { ...form.values, turnover: '-5000' } };
    expect(stepStatus(wrong, 'profits', findings(wrong))).toEqual({ status: 'Has errors', problems: 1 });
  });

  it('never says Completed with a rate HMRC’s rule 9200 rejects', () => {
    const form = complete();
    const rate21: Ct600Form = { ...form, values: { ...form.values, fy1Rate: '21' } };
    expect(checkForm(rate21).errors.size).toBe(0);
    expect(stepStatus(rate21, 'profits', findings(rate21, { ruleFailures: new Set(['fy1Rate']) }))).toEqual({ status: 'Has errors', problems: 1 });
    // A rule failure on another step's box leaves this one alone.
    expect(stepStatus(rate21, 'company', findings(rate21, { ruleFailures: new Set(['fy1Rate']) })).status).toBe('Completed');
  });

  it('counts a step begun elsewhere (a file attached) as begun', () => {
    const form = emptyForm();
    expect(stepStatus(form, 'attachments', findings(form, { startedElsewhere: true })).status).not.toBe('Not started');
  });
});
