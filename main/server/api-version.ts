/**
 * x-api-version: required on the status operation, optional elsewhere. The
 * interface does not list permitted values; ours is version 1 ("1" or "1.0"),
 * and any other value is refused so a client built for a later version
 * learns it is talking to an older server.
 */
export const SUPPORTED_API_VERSIONS = ['1', '1.0'] as const;
export const API_VERSION_HEADER = 'x-api-version';

/** undefined when acceptable, otherwise the rule that was broken. */
export function apiVersionProblem(value: string | string[] | undefined, required: boolean): string | undefined {
  if (value === undefined || value === '') return required ? 'is required for this operation' : undefined;
  if (Array.isArray(value)) return 'must be given once';
  if (!(SUPPORTED_API_VERSIONS as readonly string[]).includes(value)) {
    return `must be one of ${SUPPORTED_API_VERSIONS.map((v) => `"${v}"`).join(', ')}; "${value}" is not supported`;
  }
  return undefined;
}
