/**
 * Errors shared by every engine operation. A request that breaks a rule is
 * refused with every problem listed as { field, message } so the UI, the CLI
 * and the HTTP server can all show the same text (the server as a 400 body).
 */
export interface FieldError {
  /** Dotted path into the request, e.g. "periodCovered.to" or "attachedFiles[1].value". */
  field: string;
  message: string;
}

export class RequestValidationError extends Error {
  readonly code = 'invalid-request' as const;
  constructor(readonly errors: FieldError[]) {
    super(
      `The request is not valid: ${errors.map((e) => `${e.field || '(request)'}: ${e.message}`).join('; ')}`,
    );
    this.name = 'RequestValidationError';
  }
}

/** The engine produced something it must not hand out (a bug, never the user's fault). */
export class EngineInternalError extends Error {
  readonly code = 'internal' as const;
  constructor(message: string) {
    super(message);
    this.name = 'EngineInternalError';
  }
}
