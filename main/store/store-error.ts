import type { FieldError } from '../../preload/contract.js';

/**
 * A failure of a store the user can act on, in words, without paths: the IPC
 * layer passes the message on as written. `invalid` carries field errors.
 */
export class StoreError extends Error {
  constructor(
    readonly kind: 'invalid' | 'not-found' | 'failed',
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
