/**
 * Report packages: built from a request or a draft (planned first, so the
 * window can show what will be written), and validated.
 */
import type { PackagePlan, PackagePlanEntry, PackagePlanProblem, PackagePlanReference } from '../main/engine/package/draft-package.js';
import type { DroppedFile, IpcResult, ValidationJobResult } from './contract-ipc.js';
import type { Draft, DraftForm } from './contract-drafts.js';
import type { PackageExtension } from './contract-files.js';

export type { PackagePlan, PackagePlanEntry, PackagePlanProblem, PackagePlanReference };

/** The report package request of the service interface. */
export type ReportPackageRequest = Record<string, unknown>;

export interface PackageBuildRequest {
  request: ReportPackageRequest;
  includeHash: boolean;
}

export interface PackageBuildResponse {
  zipContentBase64: string;
  hashResult?: { Hash_Result: string };
  suggestedFileName: string;
}

/**
 * The wizard's About and Entry points pages as a report package request
 * (name, identifier, version, description, publisher, publisherUrl,
 * publisherCountry, publicationDate as YYYY-MM-DD, reportPackageLanguage,
 * reportPackageName, entrypoints). Without reportName, reportBase64Content and
 * base64ZipFiles: main adds the draft's report and taxonomy attachments.
 */
export type PackageDraftMetadata = Record<string, unknown>;

/** package.planDraft: the package as it will be written, and what the engine would refuse. Nothing is recorded. */
export interface PackagePlanRequest {
  draftId: string;
  request: PackageDraftMetadata;
}

export interface PackageDraftBuildRequest {
  draftId: string;
  /** The form as it is now; saved with the build so the record matches it. */
  form: DraftForm;
  request: PackageDraftMetadata;
  /** Ask for the service's Hash_Result too (the SHA-256 is always in the response). */
  includeHash: boolean;
}

export interface PackageDraftBuild {
  /** The package's bytes, exactly as recorded; pass them to file.save. */
  bytes: Uint8Array;
  suggestedFileName: string;
  hashResult?: { Hash_Result: string };
}

export interface PackageDraftBuildResponse {
  build: PackageDraftBuild;
  extension: PackageExtension;
  /** "ACME-2024.xbri". */
  fileName: string;
  /** Lowercase hex SHA-256 of build.bytes. */
  sha256: string;
  size: number;
  /** The package validator's result on the built bytes (rpe:/tpe: messages, each naming its entry). */
  validation: ValidationJobResult;
  /** Reports the validator found (1 for a package built here). */
  reportCount: number;
  draft: Draft;
}

export interface PackageChannels {
  'package.build': { request: PackageBuildRequest; response: PackageBuildResponse };
  'package.validate': { request: DroppedFile; response: ValidationJobResult };
  'package.planDraft': { request: PackagePlanRequest; response: PackagePlan };
  'package.buildDraft': { request: PackageDraftBuildRequest; response: PackageDraftBuildResponse };
}

export const packageChannels = ['package.build', 'package.validate', 'package.planDraft', 'package.buildDraft'] as const satisfies ReadonlyArray<keyof PackageChannels>;

export interface PackageBridge {
  buildPackage(request: PackageBuildRequest): Promise<IpcResult<PackageBuildResponse>>;
  validatePackage(file: DroppedFile): Promise<IpcResult<ValidationJobResult>>;
  planPackageDraft(request: PackagePlanRequest): Promise<IpcResult<PackagePlan>>;
  buildPackageDraft(request: PackageDraftBuildRequest): Promise<IpcResult<PackageDraftBuildResponse>>;
}

export const packageBridgeChannels = {
  buildPackage: 'package.build',
  validatePackage: 'package.validate',
  planPackageDraft: 'package.planDraft',
  buildPackageDraft: 'package.buildDraft',
} as const satisfies { [M in keyof PackageBridge]: keyof PackageChannels };
