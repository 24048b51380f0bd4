import type { ServiceValidationJobResult, ValidationJobResult } from '../../../../preload/contract.js';

type Category = ValidationJobResult['validations'][number]['messages'][number]['category'];
type JobStatus = NonNullable<ValidationJobResult['jobStatus']>;

const CATEGORIES = new Set<string>(['error', 'warning', 'info']);
const STATUSES = new Set<string>(['queued', 'running', 'success', 'failed']);

/**
 * A service's validation result in the shape the results component shows
 * for local validation. The service may use words of its own: a category we
 * do not know is shown as information with the service's word in front of
 * the message (nothing is dropped), a result other than "valid" counts as
 * not valid, a job status we do not know is left out.
 */
export function asLocalResult(r: ServiceValidationJobResult): ValidationJobResult {
  return {
    jobStatus: r.jobStatus !== null && STATUSES.has(r.jobStatus) ? (r.jobStatus as JobStatus) : null,
    startDateTime: r.startDateTime,
    endDateTime: r.endDateTime,
    validations: r.validations.map((v) => ({
      validationType: v.validationType as ValidationJobResult['validations'][number]['validationType'],
      validationResult: v.validationResult === 'valid' ? 'valid' : 'invalid',
      // Filing Desk's own service says what it could not check; another service's answer has no such field.
      ...(v.notChecked ? { notChecked: { install: [...v.notChecked.install] } } : {}),
      messages: v.messages.map((m) =>
        CATEGORIES.has(m.category)
          ? { ...m, category: m.category as Category }
          : { ...m, category: 'info' as const, message: `[${m.category}] ${m.message}` },
      ),
    })),
  };
}
