/**
 * `npm run service -- --port <n> [--data <dir>] --client-id … --client-secret …
 *  --user … --password … [--token-lifetime <s>] [--body-limit <bytes>] [--host <addr>]`
 *
 * Runs the local contract server until interrupted. It listens on 127.0.0.1
 * unless --host names another address on purpose. Secrets may come from the
 * environment instead of the command line (FILING_DESK_SERVICE_CLIENT_SECRET,
 * FILING_DESK_SERVICE_PASSWORD), where other users of the machine cannot see them.
 */
import { parseArgs } from 'node:util';
import { mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServiceServer } from './service-server.js';
import type { InternalErrorLog } from './error-bodies.js';

const USAGE =
  'usage: service --port <n> [--data <dir>] --client-id <id> --client-secret <secret> --user <name> --password <password> ' +
  '[--token-lifetime <seconds>] [--body-limit <bytes>] [--host <address>]';

class UsageError extends Error {}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, not "${value}"`);
  return Number(value);
}

/** A lifetime or a limit: 0 would make every token dead on arrival or every body too large. */
function atLeastOne(name: string, value: string | undefined): number | undefined {
  const n = wholeNumber(name, value);
  if (n === 0) throw new UsageError(`--${name} must be at least 1, not "${value}"`);
  return n;
}

/**
 * 500s go to stderr with the request line and the error's own message and
 * stack. Never the body or the headers: they carry passwords, client secrets,
 * bearer tokens and clients' figures.
 */
const logInternalError: InternalErrorLog = (err, request) => {
  process.stderr.write(`internal error on ${request.method} ${request.path}: ${err.stack ?? `${err.name}: ${err.message}`}\n`);
};

function required(name: string, value: string | undefined): string {
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      'token-lifetime': { type: 'string' },
      'body-limit': { type: 'string' },
      host: { type: 'string' },
    },
    strict: true,
  });
  const port = wholeNumber('port', required('port', values.port));
  if (port === undefined || port > 65535) throw new UsageError('--port must be 0–65535');
  const dataDir = values.data ? resolve(values.data) : await mkdtemp(join(tmpdir(), 'filing-desk-service-'));
  await mkdir(dataDir, { recursive: true });
  const tokenLifetimeSeconds = atLeastOne('token-lifetime', values['token-lifetime']);
  const bodyLimitBytes = atLeastOne('body-limit', values['body-limit']);

  const server = await createServiceServer({
    credentials: {
      clientId: required('client-id', values['client-id']),
      clientSecret: required('client-secret', values['client-secret'] ?? process.env.FILING_DESK_SERVICE_CLIENT_SECRET),
      username: required('user', values.user),
      password: required('password', values.password ?? process.env.FILING_DESK_SERVICE_PASSWORD),
    },
    dataDir,
    onInternalError: logInternalError,
    ...(tokenLifetimeSeconds !== undefined ? { tokenLifetimeSeconds } : {}),
    ...(bodyLimitBytes !== undefined ? { bodyLimitBytes } : {}),
    ...(values.host ? { host: values.host } : {}),
  });
  const url = await server.listen(port);
  process.stdout.write(`listening on ${url}\n`);
  process.stdout.write(`data folder: ${dataDir}\n`);

  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError || (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
    process.stderr.write(`${err.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  process.stderr.write(`the service could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
