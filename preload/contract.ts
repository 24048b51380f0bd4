/**
 * The one contract between renderer, preload and main: every operation's
 * channel, request and response. Types only (plus the channel names and the
 * size limits, plain constants), so the sandboxed preload bundle pulls in
 * nothing from main.
 *
 * Errors cross IPC as data, because Electron forwards only the message of a
 * thrown error: every call resolves to an IpcResult.
 */
import type { FieldError } from '../main/engine/errors.js';
import type { ValidationJobResult, ValidationMessage } from '../main/engine/validation-result.js';

export type { FieldError, ValidationJobResult, ValidationMessage };

export type IpcErrorCode =
  /** The payload broke a rule; `errors` names each field. */
  | 'invalid-request'
  /** The call did not come from our own page. */
  | 'untrusted-sender'
  /** A failure the user can act on (file could not be written, …); the message says what. */
  | 'failed'
  /** A bug or an unexpected failure; details stay in the main-process log. */
  | 'internal';

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  /** The first offending field, when there is one. */
  field?: string;
  errors?: FieldError[];
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** A file the user dropped or chose, read as bytes in the renderer. */
export interface DroppedFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * The build-ct600 request of the service interface. The engine owns its exact
 * shape and rules; IPC passes it through and the engine reports field errors.
 */
export type Ct600BuildRequest = Record<string, unknown>;

export interface Ct600BuildResponse {
  /** base64 of the UTF-8 message with the IRmark filled in. */
  xmlDoc: string;
  /** base64 of the same message before marking. */
  originalXmlDoc: string;
  /** 28-character base64 IRmark. */
  irMark: string;
  /** 32-character base32 form, as HMRC quotes it on the receipt. */
  irMarkBase32: string;
  suggestedFileName: string;
}

export interface Ct600VerifyResponse {
  /** IRmark computed from the document's content (base64). */
  expected: string;
  expectedBase32: string;
  /** IRmark written in the document, or null when it has none. */
  found: string | null;
  matches: boolean;
}

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

/** What is being saved: main owns the file type, its extension and the dialog's filter for each. */
export type SaveKind = 'ct600-xml' | 'report-package';
export type PackageExtension = 'xbri' | 'xbr' | 'zip';

/**
 * file.save: contents and a suggested base name. The renderer never names a
 * path, a filter or an extension: main picks those from the kind, cleans the
 * name and asks the user where to save.
 */
export type FileSaveRequest =
  | { kind: 'ct600-xml'; suggestedName: string; contents: Uint8Array | string }
  | { kind: 'report-package'; extension: PackageExtension; suggestedName: string; contents: Uint8Array };

export interface FileSaveResponse {
  saved: boolean;
  /** The saved file's name (not its folder: the full path holds the user's name). */
  fileName?: string;
}

export interface AppInfo {
  version: string;
  platform: string;
}

/** Channel → request and response (GitHub Desktop's RequestResponseChannels). */
export interface RequestResponseChannels {
  'ct600.build': { request: Ct600BuildRequest; response: Ct600BuildResponse };
  'ct600.verify': { request: DroppedFile; response: Ct600VerifyResponse };
  'package.build': { request: PackageBuildRequest; response: PackageBuildResponse };
  'package.validate': { request: DroppedFile; response: ValidationJobResult };
  'file.save': { request: FileSaveRequest; response: FileSaveResponse };
  'app.info': { request: void; response: AppInfo };
}

export const channels = [
  'ct600.build',
  'ct600.verify',
  'package.build',
  'package.validate',
  'file.save',
  'app.info',
] as const satisfies ReadonlyArray<keyof RequestResponseChannels>;

export type Channel = (typeof channels)[number];
export type RequestOf<C extends Channel> = RequestResponseChannels[C]['request'];
export type ResponseOf<C extends Channel> = RequestResponseChannels[C]['response'];

/** window.filingDesk: one method per operation. */
export interface FilingDeskBridge {
  buildCt600(request: Ct600BuildRequest): Promise<IpcResult<Ct600BuildResponse>>;
  verifyCt600(file: DroppedFile): Promise<IpcResult<Ct600VerifyResponse>>;
  buildPackage(request: PackageBuildRequest): Promise<IpcResult<PackageBuildResponse>>;
  validatePackage(file: DroppedFile): Promise<IpcResult<ValidationJobResult>>;
  saveFile(request: FileSaveRequest): Promise<IpcResult<FileSaveResponse>>;
  appInfo(): Promise<IpcResult<AppInfo>>;
}

/** Which channel each bridge method calls; the preload and the browser shim both follow it. */
export const bridgeChannels = {
  buildCt600: 'ct600.build',
  verifyCt600: 'ct600.verify',
  buildPackage: 'package.build',
  validatePackage: 'package.validate',
  saveFile: 'file.save',
  appInfo: 'app.info',
} as const satisfies { [M in keyof FilingDeskBridge]: Channel };

const MiB = 1024 * 1024;

/**
 * Size limits, shared by the renderer (to refuse a file before reading it)
 * and main (which refuses for real, whatever the renderer did).
 *
 * A CT600 return: HMRC refuses a submission over 25 MB, so a bigger file
 * cannot be a return HMRC would take; 30 MiB leaves room for a file saved
 * with extra whitespace or a BOM without letting a huge XML document tie up
 * the engine.
 */
export const MAX_CT600_XML_BYTES = 30 * MiB;
/** A report package: what the package validator accepts (main/engine/package DEFAULT_ZIP_LIMITS, 256 MiB). */
export const MAX_REPORT_PACKAGE_BYTES = 256 * MiB;
/** file.save of a CT600 return: the same ceiling as a dropped one. */
export const MAX_SAVED_XML_BYTES = 30 * MiB;
/** file.save of a built package: 256 MiB of content plus zip headers and the generated metadata. */
export const MAX_SAVED_PACKAGE_BYTES = 300 * MiB;

/** "30 MB": limits are whole MiB; shown as MB, as the file-size text is. */
export function describeLimit(bytes: number): string {
  return `${Math.round(bytes / MiB)} MB`;
}
