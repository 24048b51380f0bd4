import { isAbsolute } from 'node:path';
import { filePathsFromArgv } from './opened-files.js';

/**
 * How a second launch hands its files to the running Filing Desk: through
 * the single-instance lock's additional data, not its command line. Chromium
 * moves its own switches ahead of the other arguments in the argv the first
 * instance receives, so counting arguments there cannot tell the app folder
 * of a development run (`electron .`) from a file. The launching instance
 * reads its own, untouched process.argv instead and sends the paths,
 * already absolute.
 */
export interface LaunchFiles {
  filePaths: string[];
}

/** More than anyone double-clicks at once; a bound on what one launch can queue. */
export const MAX_LAUNCH_FILES = 100;
/** Longer than any path Windows, macOS or Linux accepts. */
const MAX_PATH_LENGTH = 32_768;

/** This launch's files, from its own argv, resolved against the folder it was started in. */
export function launchFiles(argv: readonly string[], options: { defaultApp: boolean; workingDirectory: string }): LaunchFiles {
  return { filePaths: filePathsFromArgv(argv, options).slice(0, MAX_LAUNCH_FILES) };
}

/** The files a second launch sent; anything not shaped as launchFiles makes is ignored. */
export function filePathsFromLaunchData(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const paths = (data as { filePaths?: unknown }).filePaths;
  if (!Array.isArray(paths)) return [];
  return paths
    .filter((path): path is string => typeof path === 'string' && path.length > 0 && path.length <= MAX_PATH_LENGTH && isAbsolute(path))
    .slice(0, MAX_LAUNCH_FILES);
}
