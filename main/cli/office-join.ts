/**
 * `cli office join <url>` and `cli office leave`: a desk's data folder joins
 * the office (signing in once to check the password, pinning the office's
 * certificate fingerprint for https, keeping the password in the OS
 * keychain) or leaves it (everything in the data folder kept, the password
 * taken out of the keychain).
 */
import { hostname } from 'node:os';
import { RequestValidationError } from '../engine/errors.js';
import { normaliseFingerprint } from '../office/office-settings.js';
import { dataFolderOf, openKeychain, openOfficeDesk, reportOfficeFailure } from './office-cli-desk.js';
import { CliUsageError, reportRequestErrors, type CliIo, type ParsedArgs } from './io.js';
import { readPasswordFile } from './password-file.js';
import { terminalText } from './safe-text.js';

const JOIN = { area: 'office', name: 'join' } as const;
const LEAVE = { area: 'office', name: 'leave' } as const;

export async function joinOfficeCommand(parsed: ParsedArgs, io: CliIo): Promise<number> {
  const [url, ...extra] = parsed.positional;
  if (!url || extra.length > 0) throw new CliUsageError("give the office's address: cli office join <url> --data-folder <dir> --user <name> --password-file <file>", JOIN);
  const dataDir = dataFolderOf(parsed, JOIN);
  const user = parsed.values.user;
  if (!user) throw new CliUsageError('--user is required: the office user this desk signs in as', JOIN);
  const passwordFile = parsed.values['password-file'];
  if (!passwordFile) throw new CliUsageError("--password-file is required: a file whose first line is the user's password, readable by its owner only", JOIN);
  const given = parsed.values.fingerprint;
  const expected = given === undefined ? undefined : normaliseFingerprint(given);
  if (given !== undefined && !expected) {
    return reportRequestErrors(io, new RequestValidationError([{ field: 'fingerprint', message: 'must be a SHA-256 fingerprint: 64 hex digits, with or without colons' }]));
  }
  try {
    const password = await readPasswordFile(passwordFile);
    const credentials = await openKeychain(io);
    if (credentials.kind !== 'os-keychain') {
      // The command ends when it has joined: a password kept in its memory would be gone with it.
      io.err(`office: not joined: ${terminalText(credentials.description)} The office password must be kept in the OS keychain for this desk to sync; nothing was saved.\n`);
      return 2;
    }
    const desk = openOfficeDesk(dataDir, credentials, io);
    const request = { url, user, password, desk: parsed.values.desk ?? hostname() };
    let result = await desk.join({ ...request, ...(expected ? { confirmedFingerprint: expected } : {}) });
    if (result.outcome === 'confirm-fingerprint') {
      io.out(`office: certificate ${terminalText(result.subject)}\noffice: fingerprint (SHA-256) ${result.fingerprint}\n`);
      if (expected) {
        io.err(`office: not joined: the office's certificate fingerprint is not the one given with --fingerprint (${expected}); nothing was sent to it\n`);
        return 2;
      }
      // Without --fingerprint the one printed is pinned: the user confirms it with the administrator, as the command's help says.
      result = await desk.join({ ...request, confirmedFingerprint: result.fingerprint });
      if (result.outcome !== 'joined') {
        io.err('office: not joined: the office presented a different certificate while joining; nothing was sent to it\n');
        return 2;
      }
    }
    const status = result.status;
    if (!status.joined) throw new Error('the desk answered joined without its settings');
    if (expected) io.out(`office: fingerprint (SHA-256) ${status.fingerprint}\n`);
    io.out(`office: joined ${terminalText(status.url)} as ${terminalText(status.user)} from ${terminalText(status.desk)}${status.fingerprint ? '' : ' (http on this computer: no certificate)'}\n`);
    return 0;
  } catch (error) {
    if (error instanceof RequestValidationError) return reportRequestErrors(io, error);
    const code = reportOfficeFailure(io, error, 'not joined');
    if (code !== undefined) return code;
    throw error;
  }
}

export async function leaveOfficeCommand(parsed: ParsedArgs, io: CliIo): Promise<number> {
  if (parsed.positional.length > 0) throw new CliUsageError('cli office leave takes no arguments, only --data-folder', LEAVE);
  const dataDir = dataFolderOf(parsed, LEAVE);
  try {
    const desk = openOfficeDesk(dataDir, await openKeychain(io), io);
    const before = await desk.status();
    await desk.leave();
    io.out(before.joined ? `office: left ${terminalText(before.url)}; everything in the data folder was kept and the office password removed from the keychain\n` : 'office: this desk had not joined an office; nothing changed\n');
    return 0;
  } catch (error) {
    const code = reportOfficeFailure(io, error, 'not left');
    if (code !== undefined) return code;
    throw error;
  }
}
