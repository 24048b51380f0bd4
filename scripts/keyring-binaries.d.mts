// Types for scripts/keyring-binaries.mjs, which package:check and the tests import.
export interface KeyringTarget {
  platform: 'darwin' | 'win32' | 'linux';
  arch: 'x64' | 'arm64';
  pkg: string;
  file: string;
  format: 'Mach-O' | 'PE' | 'ELF';
  cpu: 'x64' | 'arm64';
}
export interface BinaryKind {
  format: string;
  cpu: string;
}
export const root: string;
export const KEYRING_BUILD_DIR: string;
export const KEYRING_TARGETS: readonly KeyringTarget[];
export function lockedPackage(pkg: string, lockFile?: string): { version: string; integrity: string };
export function keyringBinaryPath(target: KeyringTarget): string | null;
export function binaryKind(bytes: Buffer): BinaryKind;
export function inspectKeyringBinary(target: KeyringTarget): Promise<{ path: string | null; size?: number; kind?: BinaryKind; problem: string | null }>;
export function prepareKeyringBinaries(platforms?: string[]): Promise<string[]>;
