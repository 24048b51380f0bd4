/**
 * A password given to the command line in a file whose first line is the
 * password: never as an argument, which any user of the machine can read
 * with ps. The file must be readable by its owner only, checked before it is
 * read, as for the secrets files.
 */
import { RequestValidationError } from '../engine/errors.js';
import { readRegularText } from '../store/regular-file.js';
import { requireOwnerOnly, ServiceSettingsError } from './service-settings.js';

/** A line of a password; a file far beyond it is not a password file. */
const MAX_PASSWORD_FILE_BYTES = 64 * 1024;

/** The first line of the file, as typed (only the line ending is dropped); refusals name `field`. */
export async function readPasswordFile(path: string, field = 'password-file', platform: NodeJS.Platform = process.platform): Promise<string> {
  try {
    await requireOwnerOnly(path, 'password file', platform);
  } catch (error) {
    if (error instanceof ServiceSettingsError) throw new RequestValidationError([{ field, message: error.message }]);
    throw error;
  }
  const read = await readRegularText(path, { maxBytes: MAX_PASSWORD_FILE_BYTES, kind: 'password files', followLinks: true });
  if (!read.ok) throw new RequestValidationError([{ field, message: `cannot read the password file ${path}: ${read.reason}` }]);
  const password = read.value.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  if (password === '') throw new RequestValidationError([{ field, message: `the first line of ${path} is empty; it must be the password` }]);
  return password;
}
