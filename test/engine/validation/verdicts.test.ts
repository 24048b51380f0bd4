/**
 * The three verdicts in the engine: one function decides them from the
 * findings, and the "not checked" part of a validation result survives
 * being stored as a job file and read back from a filing service.
 */
import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../../main/engine/validation/verdict.js';
import { notCheckedOf, type ValidationJobResult } from '../../../main/engine/validation-result.js';
import { serviceValidationJobResultSchema, validationJobResultSchema } from '../../../main/engine/validation-result-schema.js';
import { validationOf } from '../../../main/engine/validation/validate-file.js';

const FRC = 'FRC 2025 (Financial Reporting Council)';
const notInstalled = { category: 'warning' as const, install: [FRC] };

describe('verdictOf', () => {
  it('no finding, or warnings alone: valid (valid with warnings)', () => {
    expect(verdictOf([])).toEqual({ verdict: 'valid', install: [] });
    expect(verdictOf([{ category: 'warning' }, { category: 'info' }])).toEqual({ verdict: 'valid', install: [] });
  });

  it('a warning naming a package to install: not checked, naming it once', () => {
    expect(verdictOf([notInstalled, { category: 'warning' }, notInstalled])).toEqual({ verdict: 'notChecked', install: [FRC] });
  });

  it('an error: invalid, whatever was not checked', () => {
    expect(verdictOf([notInstalled, { category: 'error' }])).toEqual({ verdict: 'invalid', install: [] });
  });
});

describe('notChecked in validation results', () => {
  const installMessage = { category: 'warning' as const, type: 'attachment', code: 'taxonomy.notInstalled', message: 'concepts not checked: install …', attributes: [{ name: 'install', value: FRC }] };

  it('a validation whose messages name a package to install carries notChecked beside validationResult "valid"; one without does not', () => {
    expect(validationOf(1, [installMessage])).toEqual({ validationType: 1, validationResult: 'valid', messages: [installMessage], notChecked: { install: [FRC] } });
    expect(validationOf(1, [{ ...installMessage, attributes: [] }])).not.toHaveProperty('notChecked');
    expect(notCheckedOf([installMessage, installMessage])).toEqual({ install: [FRC] });
  });

  it('is kept when a job file is read back and when a filing service answers with it', () => {
    const result: ValidationJobResult = { jobStatus: 'success', startDateTime: null, endDateTime: null, validations: [validationOf(1, [installMessage])] };
    expect(validationJobResultSchema.parse(JSON.parse(JSON.stringify(result)))).toEqual(result);
    expect(serviceValidationJobResultSchema.parse(JSON.parse(JSON.stringify(result))).validations[0]!.notChecked).toEqual({ install: [FRC] });
  });
});
