import { describe, expect, it } from 'vitest';
import { formFromDraft } from '../../../renderer/src/features/ct600/form.js';
import { checkForm } from '../../../renderer/src/features/ct600/form-request.js';
import { validForm } from './fake-main.js';

describe('CT600 form: messages in the words shown beside the field', () => {
  it('names a negative amount by its label and box, without the engine’s own word for the box', () => {
    const form = formFromDraft(structuredClone(validForm) as Record<string, unknown>);
    expect(checkForm(form).errors.size).toBe(0);
    const check = checkForm({ ...form, values: { ...form.values, turnover: '-5000' } });
    expect(check.errors.get('turnover')).toBe('Turnover must not be negative (box 145)');
    expect(check.parses).toBe(false);
  });
});
