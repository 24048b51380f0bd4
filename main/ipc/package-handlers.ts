import type { DraftPackageInput } from '../engine/package/draft-package.js';
import type {
  DroppedFile,
  PackageExtension,
  PackagePlan,
  PackageBuildRequest,
  PackageBuildResponse,
  ReportPackageRequest,
  ValidationJobResult,
} from '../../preload/contract.js';

/** The report-package engine as the handlers need it. */
export interface PackageEngine {
  /** The package and its file name, in one call: both need the whole request parsed. */
  build(
    request: ReportPackageRequest,
    options: { includeHash: boolean },
  ): Promise<{ zipContentBase64: string; hashResult?: { Hash_Result: string }; fileName: string }>;
  validate(fileName: string, bytes: Uint8Array): Promise<ValidationJobResult>;
  planDraft(input: DraftPackageInput): Promise<PackagePlan>;
  buildDraft(
    input: DraftPackageInput,
    options: { includeHash: boolean },
  ): Promise<{ bytes: Uint8Array; fileName: string; extension: PackageExtension; hashResult?: { Hash_Result: string } }>;
}

export function createPackageBuildHandler(
  engine: PackageEngine,
): (request: PackageBuildRequest) => Promise<PackageBuildResponse> {
  return async ({ request, includeHash }) => {
    const built = await engine.build(request, { includeHash });
    return {
      zipContentBase64: built.zipContentBase64,
      ...(built.hashResult ? { hashResult: built.hashResult } : {}),
      suggestedFileName: built.fileName,
    };
  };
}

/** A package that fails validation is a result (valid: false with messages), not an error. */
export function createPackageValidateHandler(engine: PackageEngine): (file: DroppedFile) => Promise<ValidationJobResult> {
  return (file) => engine.validate(file.fileName, file.bytes);
}
