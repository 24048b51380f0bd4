/**
 * What every route module of the office server is given: the pool, the
 * clock, and who is calling (set by the server's sign-in check before any
 * route runs). A route refuses by throwing OfficeHttpError, which the server
 * turns into the protocol's error body (common/office/protocol.ts).
 */
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { OfficeErrorBody } from '../../../common/office/protocol.js';

/** The signed-in user and desk of a request. */
export interface OfficeCaller {
  user: string;
  admin: boolean;
  desk: string;
}

export interface OfficeRouteDeps {
  pool: pg.Pool;
  clock: () => Date;
  /** The caller of an authenticated request; throws 401 when there is none. */
  caller(request: FastifyRequest): OfficeCaller;
}

type ErrorCode = OfficeErrorBody['error']['code'];

export class OfficeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'OfficeHttpError';
  }

  body(): OfficeErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}
