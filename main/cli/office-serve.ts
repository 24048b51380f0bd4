/**
 * `cli office serve --database <url> [--host] [--port] [--tls-cert] [--tls-key]`:
 * migrates the office database, starts the office server and prints
 * `office: listening on <url>`. Plain http is for this computer only: desks
 * on other computers send passwords and clients' records, so any other
 * address needs the office's certificate. SIGINT or SIGTERM closes the
 * server and then the database pool.
 */
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { RequestValidationError } from '../engine/errors.js';
import { migrateOfficeDatabase, OfficeDatabaseError, openOfficePool } from '../server/office/database.js';
import { createOfficeServer } from '../server/office/office-server.js';
import { CliUsageError, reportRequestErrors, type CliIo, type ParsedArgs } from './io.js';
import { terminalText } from './safe-text.js';
import { requireOwnerOnly, ServiceSettingsError } from './service-settings.js';

export const DEFAULT_OFFICE_PORT = 8477;
const USAGE = { area: 'office', name: 'serve' } as const;

/** Addresses that reach this computer only. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '[::1]';
}

interface ServeSettings {
  database: string;
  host: string;
  port: number;
  tls?: { certPath: string; keyPath: string };
}

function settingsFrom(parsed: ParsedArgs): ServeSettings {
  const { values } = parsed;
  if (!values.database) throw new CliUsageError('--database is required: the office database, postgres://user@host/name', USAGE);
  const portText = values.port ?? String(DEFAULT_OFFICE_PORT);
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) throw new CliUsageError(`--port must be a whole number from 0 to 65535; ${JSON.stringify(portText)} is not`, USAGE);
  const certPath = values['tls-cert'];
  const keyPath = values['tls-key'];
  if ((certPath === undefined) !== (keyPath === undefined)) throw new CliUsageError('--tls-cert and --tls-key go together: the certificate and its private key', USAGE);
  return { database: values.database, host: values.host ?? '127.0.0.1', port, ...(certPath && keyPath ? { tls: { certPath, keyPath } } : {}) };
}

async function readTls(paths: { certPath: string; keyPath: string }): Promise<{ cert: Buffer; key: Buffer }> {
  try {
    await requireOwnerOnly(paths.keyPath, 'TLS key file');
  } catch (error) {
    if (error instanceof ServiceSettingsError) throw new RequestValidationError([{ field: 'tls-key', message: `${error.message}; the office was not started` }]);
    throw error;
  }
  const read = async (path: string, field: string) =>
    readFile(path).catch((error: Error) => {
      throw new RequestValidationError([{ field, message: `cannot read ${path}: ${error.message}` }]);
    });
  return { cert: await read(paths.certPath, 'tls-cert'), key: await read(paths.keyPath, 'tls-key') };
}

function untilAskedToStop(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export async function serveOfficeCommand(parsed: ParsedArgs, io: CliIo): Promise<number> {
  const settings = settingsFrom(parsed);
  if (!settings.tls && !isLoopbackHost(settings.host)) {
    io.err(
      `office: not started: --host ${terminalText(settings.host)} reaches other computers, and without --tls-cert and --tls-key their passwords and clients' records would cross the network unencrypted; give the office's certificate and key, or leave --host out to serve this computer only\n`,
    );
    return 2;
  }
  let pool: pg.Pool | undefined;
  let app: FastifyInstance | undefined;
  try {
    const tls = settings.tls ? await readTls(settings.tls) : undefined;
    pool = openOfficePool(settings.database);
    const migrated = await migrateOfficeDatabase(pool).catch((error: Error) => {
      if (error instanceof OfficeDatabaseError) throw error;
      throw new OfficeDatabaseError(`the office database could not be reached or read: ${error.message}`);
    });
    if (migrated.applied.length > 0) io.err(`office: database schema brought from version ${migrated.from} to ${migrated.to}\n`);
    app = await createOfficeServer({ pool, ...(tls ? { tls } : {}), log: (line) => io.err(`${terminalText(line)}\n`) });
    await app.listen({ host: settings.host, port: settings.port });
    const stopped = untilAskedToStop();
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    io.out(`office: listening on ${tls ? 'https' : 'http'}://${shownHost}:${address.port}\n`);
    await stopped;
    return 0;
  } catch (error) {
    if (error instanceof RequestValidationError) return reportRequestErrors(io, error);
    if (error instanceof OfficeDatabaseError) return reportRequestErrors(io, new RequestValidationError([{ field: 'database', message: error.message }]));
    io.err(`office: not started: ${terminalText((error as Error).message)}\n`);
    return 1;
  } finally {
    await app?.close();
    await pool?.end();
  }
}
