/**
 * `npm run service -- --port <n> --client-id … --user … [--secrets-file <file>] …`
 *
 * Runs the local contract server until interrupted. It listens on 127.0.0.1
 * unless --host names another address on purpose. Secrets come from the
 * environment (FILING_DESK_SERVICE_CLIENT_SECRET, FILING_DESK_SERVICE_PASSWORD)
 * or an owner-only secrets file, where other users of the machine cannot see
 * them; --client-secret and --password remain for tests and throw-away runs.
 */
import { parseArgs } from 'node:util';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defaultDataDir, readSecretLines, ServiceSettingsError } from '../cli/service-settings.js';
import { createServiceServer } from './service-server.js';
import { createTransactionEnginePeer } from './transaction-engine/transaction-engine-peer.js';
import type { InternalErrorLog } from './error-bodies.js';

const USAGE = `usage: service --port <n> --client-id <id> --user <name> [options]
  --port <n>                 TCP port to listen on (0 picks a free one)
  --client-id <id>           client_id the token endpoint accepts
  --user <name>              username the token endpoint accepts (an e-mail address)
  --secrets-file <file>      client_secret=… and password=… lines; must be readable by its owner only (chmod 600)
  --data <dir>               data folder for validation jobs and stored Idempotency-Key answers (default: ${defaultDataDir(process.platform, process.env)})
  --host <address>           address to listen on (default 127.0.0.1, this computer only)
  --token-lifetime <s>       access token lifetime in seconds
  --body-limit <bytes>       largest request body accepted
  --client-secret <secret>   the client secret on the command line (visible to ps; prefer the environment or --secrets-file)
  --password <password>      the password on the command line (visible to ps; prefer the environment or --secrets-file)
  --transaction-engine-port <n>  also run a Transaction Engine for tests (never HMRC) on this port: POST /submission, POST /poll
  --gateway-user <id>        the Government Gateway user ID that Transaction Engine accepts
  --poll-interval <s>        the PollInterval it asks for (default 10, as HMRC)
  --help                     this help
  secrets from the environment: FILING_DESK_SERVICE_CLIENT_SECRET, FILING_DESK_SERVICE_PASSWORD, FILING_DESK_GATEWAY_PASSWORD (or gateway_password= in --secrets-file)
  without --port, only the Transaction Engine runs (--client-id and --user are then not needed)
  example: FILING_DESK_SERVICE_CLIENT_SECRET=… FILING_DESK_SERVICE_PASSWORD=… npm run service -- --port 8080 --client-id desk --user jane@example.co.uk`;

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

function required(name: string, value: string | undefined, elsewhere = ''): string {
  if (!value) throw new UsageError(`--${name} is required${elsewhere}`);
  return value;
}

function gatewayPassword(value: string | undefined): string {
  if (!value) throw new UsageError('the Transaction Engine needs the Government Gateway password it accepts: FILING_DESK_GATEWAY_PASSWORD, or gateway_password= in --secrets-file');
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
      'secrets-file': { type: 'string' },
      'transaction-engine-port': { type: 'string' },
      'gateway-user': { type: 'string' },
      'poll-interval': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const tePort = wholeNumber('transaction-engine-port', values['transaction-engine-port']);
  if (tePort !== undefined && tePort > 65535) throw new UsageError('--transaction-engine-port must be 0–65535');
  const port = tePort !== undefined && values.port === undefined ? undefined : wholeNumber('port', required('port', values.port));
  if (port !== undefined && port > 65535) throw new UsageError('--port must be 0–65535');
  const pollInterval = wholeNumber('poll-interval', values['poll-interval']);
  // The command line wins over the file, the file over the environment: the most specific place the user chose.
  const fromFile = values['secrets-file'] ? await readSecretLines(values['secrets-file'], ['client_secret', 'password', 'gateway_password']) : {};
  const closers: (() => Promise<void>)[] = [];

  if (port !== undefined) {
    const dataDir = resolve(values.data ?? defaultDataDir(process.platform, process.env));
    await mkdir(dataDir, { recursive: true });
    const tokenLifetimeSeconds = atLeastOne('token-lifetime', values['token-lifetime']);
    const bodyLimitBytes = atLeastOne('body-limit', values['body-limit']);
    const server = await createServiceServer({
      credentials: {
        clientId: required('client-id', values['client-id']),
        clientSecret: required('client-secret', values['client-secret'] ?? fromFile.client_secret ?? process.env.FILING_DESK_SERVICE_CLIENT_SECRET, ' (or FILING_DESK_SERVICE_CLIENT_SECRET, or client_secret= in --secrets-file)'),
        username: required('user', values.user),
        password: required('password', values.password ?? fromFile.password ?? process.env.FILING_DESK_SERVICE_PASSWORD, ' (or FILING_DESK_SERVICE_PASSWORD, or password= in --secrets-file)'),
      },
      dataDir,
      onInternalError: logInternalError,
      ...(tokenLifetimeSeconds !== undefined ? { tokenLifetimeSeconds } : {}),
      ...(bodyLimitBytes !== undefined ? { bodyLimitBytes } : {}),
      ...(values.host ? { host: values.host } : {}),
    });
    closers.push(() => server.close());
    const url = await server.listen(port);
    process.stdout.write(`listening on ${url}\n`);
    process.stdout.write(`data folder: ${dataDir}\n`);
  }

  if (tePort !== undefined) {
    const peer = await createTransactionEnginePeer({
      credentials: {
        senderId: required('gateway-user', values['gateway-user']),
        password: gatewayPassword(fromFile.gateway_password ?? process.env.FILING_DESK_GATEWAY_PASSWORD),
      },
      ...(pollInterval !== undefined ? { pollIntervalSeconds: pollInterval } : {}),
      ...(values.host ? { host: values.host } : {}),
    });
    closers.push(() => peer.close());
    const url = await peer.listen(tePort);
    process.stdout.write(`Transaction Engine for tests (not HMRC) listening on ${url}/submission\n`);
  }

  const stop = () => {
    Promise.all(closers.map((close) => close())).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ServiceSettingsError) {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 2;
    return;
  }
  if (err instanceof UsageError || (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
    process.stderr.write(`${err.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  process.stderr.write(`the service could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
