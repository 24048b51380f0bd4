/**
 * The one interface the app calls for filing work. Two implementations:
 * LocalFilingService runs the engine in process; RemoteFilingService calls
 * the filing service over HTTP. Every answer says which one gave it.
 */
import type { ServiceValidationJobResult } from '../engine/validation-result-schema.js';
import type { Ct600BuildResult, CreatedValidationJob, ReportPackageResult } from './engine-operations.js';

export type { Ct600BuildResult, CreatedValidationJob, ReportPackageResult } from './engine-operations.js';

export type AnsweredBy = 'local' | 'remote';

export interface ServiceAnswer<T> {
  answeredBy: AnsweredBy;
  value: T;
  /**
   * Remote answers: where the request went and the x-api-version it carried.
   * The interface names no version header in responses, so the version the
   * service answered under is known only as the one the request asked for.
   */
  sent?: { service: string; apiVersion: string };
}

/** The client company a call is made for: sent as the ClientName / ClientID headers. */
export interface ClientCompany {
  name?: string;
  id?: string;
}

export interface CallOptions {
  clientCompany?: ClientCompany;
  /**
   * A stable id for this piece of work (the outbox job id). With it a POST
   * may be retried after a failure that might have reached the service;
   * without it a POST is sent once.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface FilingService {
  readonly kind: AnsweredBy;
  buildCt600(request: unknown, options?: CallOptions): Promise<ServiceAnswer<Ct600BuildResult>>;
  createReportPackage(
    request: unknown,
    switches: { includeHash: boolean },
    options?: CallOptions,
  ): Promise<ServiceAnswer<ReportPackageResult>>;
  createValidationJob(fileName: string, bytes: Uint8Array, options?: CallOptions): Promise<ServiceAnswer<CreatedValidationJob>>;
  /**
   * NotFoundError when there is no such job. The remote service may use words
   * of its own for the status, result, type and category (the interface does
   * not list them); the local engine uses ours, which are among them.
   */
  getValidationStatus(id: string, options?: CallOptions): Promise<ServiceAnswer<ServiceValidationJobResult>>;
  getFilteredValidationStatus(id: string, options?: CallOptions): Promise<ServiceAnswer<ServiceValidationJobResult>>;
}
