/**
 * `cli office user add <name> --database <url> --password-file <file> [--admin]`:
 * adds an office user, or gives one already there a new password (ending
 * their sessions), on the office's own computer. The database is migrated
 * first, so the first admin can be added before the server ever starts.
 */
import { hostname, userInfo } from 'node:os';
import { RequestValidationError } from '../engine/errors.js';
import { migrateOfficeDatabase, OfficeDatabaseError, openOfficePool } from '../server/office/database.js';
import { OfficeHttpError } from '../server/office/office-context.js';
import { OfficeUsers } from '../server/office/users.js';
import { CliUsageError, reportRequestErrors, type CliIo, type ParsedArgs } from './io.js';
import { readPasswordFile } from './password-file.js';
import { terminalText } from './safe-text.js';

const USAGE = { area: 'office', name: 'user add' } as const;

export async function addOfficeUserCommand(parsed: ParsedArgs, io: CliIo): Promise<number> {
  const [name, ...extra] = parsed.positional;
  if (!name || extra.length > 0) throw new CliUsageError('give one user name: cli office user add <name> --database <url> --password-file <file>', USAGE);
  const database = parsed.values.database;
  if (!database) throw new CliUsageError('--database is required: the office database, postgres://user@host/name', USAGE);
  const passwordFile = parsed.values['password-file'];
  if (!passwordFile) throw new CliUsageError('--password-file is required: a file whose first line is the password, readable by its owner only', USAGE);
  const admin = parsed.flags.has('admin');

  let pool;
  try {
    const password = await readPasswordFile(passwordFile);
    pool = openOfficePool(database, { max: 2 });
    await migrateOfficeDatabase(pool);
    // The audit trail names who added the user: the account on the office's computer that ran this.
    const done = await new OfficeUsers({ pool }).add({ name, password, admin }, { user: `command line (${userInfo().username})`, desk: hostname() });
    const role = admin ? 'an admin' : 'a user (not an admin)';
    io.out(`office: ${terminalText(name)} ${done === 'added' ? `added as ${role}` : `has a new password and is ${role}; their sessions were ended`}\n`);
    return 0;
  } catch (error) {
    if (error instanceof RequestValidationError) return reportRequestErrors(io, error);
    if (error instanceof OfficeHttpError) return reportRequestErrors(io, new RequestValidationError(error.fields ?? [{ field: '', message: error.message }]));
    if (error instanceof OfficeDatabaseError) return reportRequestErrors(io, new RequestValidationError([{ field: 'database', message: error.message }]));
    io.err(`office: the user was not added: ${terminalText((error as Error).message)}\n`);
    return 1;
  } finally {
    await pool?.end();
  }
}
