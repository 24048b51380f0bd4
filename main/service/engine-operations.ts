/**
 * The filing operations as the engine offers them in process: the same
 * request and response shapes as the service's interface. Both the local
 * contract server and LocalFilingService run on top of this, so the server
 * speaks HTTP for exactly the code the app runs offline.
 */
import type { ValidationJobResult } from '../engine/validation-result.js';

/** Build-ct600 response body (interface: all three nullable). */
export interface Ct600BuildResult {
  xmlDoc: string | null;
  originalXmlDoc: string | null;
  irMark: string | null;
}

/** Report package response body; hashResult only when the hash switch is on. */
export interface ReportPackageResult {
  zipContentBase64: string;
  hashResult?: { Hash_Result: string };
}

export interface CreatedValidationJob {
  id: string;
}

export interface EngineOperations {
  /** Throws RequestValidationError (with every field error) on a bad request. */
  buildCt600(request: unknown): Promise<Ct600BuildResult>;
  /** Throws RequestValidationError on a bad request. */
  createReportPackage(request: unknown, options: { includeHash: boolean }): Promise<ReportPackageResult>;
  createValidationJob(fileName: string, bytes: Uint8Array): Promise<CreatedValidationJob>;
  /** undefined when no job has that id. */
  getValidationStatus(id: string): Promise<ValidationJobResult | undefined>;
  getFilteredValidationStatus(id: string): Promise<ValidationJobResult | undefined>;
  /** Lets running validation jobs finish and releases their resources. */
  close(): Promise<void>;
}
