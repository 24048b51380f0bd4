import { createRequire } from 'node:module';
import type { AsyncEntry } from '@napi-rs/keyring';

/** The part of @napi-rs/keyring the app uses. */
export interface KeyringLibrary {
  AsyncEntry: typeof AsyncEntry;
}

export type KeyringLibraryLoad = { ok: true; library: KeyringLibrary } | { ok: false; reason: string };

/** Loads a package by name as Node's CommonJS require does. */
export type ModuleLoader = (id: string) => unknown;

export const KEYRING_PACKAGE = '@napi-rs/keyring';

/**
 * CommonJS require, not import(): in the packaged app the library sits in
 * app.asar (its .node binary unpacked beside it), and Electron's asar support
 * is reliable for require but has broken for the ESM resolver in several
 * releases. The bundle is CommonJS, where esbuild leaves `require` of an
 * external package as it is; under tsx (ES modules) there is no `require`,
 * so one is made for this file.
 */
function loadWithRequire(id: string): unknown {
  if (id !== KEYRING_PACKAGE) throw new Error(`only ${KEYRING_PACKAGE} is loaded here`);
  return typeof require === 'function' ? require('@napi-rs/keyring') : createRequire(import.meta.url)('@napi-rs/keyring');
}

/**
 * The keyring library, or the reason it could not be loaded (its platform
 * binary missing from the build, a binary for another chip, a broken
 * package): the caller logs the reason and says "memory only" to the user.
 */
export function loadKeyringLibrary(load: ModuleLoader = loadWithRequire): KeyringLibraryLoad {
  let loaded: unknown;
  try {
    loaded = load(KEYRING_PACKAGE);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const library = loaded as Partial<KeyringLibrary> | null;
  if (!library || typeof library.AsyncEntry !== 'function') {
    return { ok: false, reason: `${KEYRING_PACKAGE} loaded but has no AsyncEntry` };
  }
  return { ok: true, library: library as KeyringLibrary };
}
