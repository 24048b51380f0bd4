/**
 * Settings of the office filing service that must not come from the command
 * line: secrets (other users of the machine can read a command line with
 * `ps`) and the data folder's default place (the operating system's
 * application data folder, never wherever the service happened to start).
 */
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readRegularText } from '../store/regular-file.js';

export class ServiceSettingsError extends Error {}

/** The per-user application data folder of each platform, with a Filing Desk folder in it. */
export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Filing Desk', 'service-data');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Filing Desk', 'service-data');
  const xdg = env.XDG_DATA_HOME && env.XDG_DATA_HOME.startsWith('/') ? env.XDG_DATA_HOME : join(home, '.local', 'share');
  return join(xdg, 'filing-desk', 'service-data');
}

/** Two lines of a few hundred characters; a megabyte is far beyond any real one. */
const MAX_SECRETS_FILE_BYTES = 1024 * 1024;

export interface ServiceSecrets {
  clientSecret?: string;
  password?: string;
}

/**
 * A secrets file holds `key=value` lines (`client_secret=…` and `password=…`
 * for the service). It must be readable by its owner alone: a file group or
 * others can read is refused before it is read, so a leaked copy is never
 * used as if nothing happened. (Windows has no mode bits; there the folder's
 * ACL protects it.)
 */
export async function readSecretLines(path: string, known: readonly string[], platform: NodeJS.Platform = process.platform): Promise<Record<string, string>> {
  await requireOwnerOnly(path, 'secrets file', platform);
  // Read as any file Filing Desk did not write: a pipe in its place must not hang the service's start.
  const read = await readRegularText(path, { maxBytes: MAX_SECRETS_FILE_BYTES, kind: 'secrets files', followLinks: true });
  if (!read.ok) throw new ServiceSettingsError(`cannot read the secrets file ${path}: ${read.reason}`);
  const secrets: Record<string, string> = {};
  const text = read.value.replace(/^\uFEFF/, '');
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const key = eq < 0 ? line : line.slice(0, eq).trim();
    const value = eq < 0 ? '' : line.slice(eq + 1).trim();
    if (!known.includes(key)) {
      throw new ServiceSettingsError(`${path} line ${index + 1}: "${key}" is not a known setting (use ${known.map((k) => `${k}=`).join(' and ')})`);
    }
    if (value === '') throw new ServiceSettingsError(`${path} line ${index + 1}: ${key} has no value`);
    secrets[key] = value;
  }
  return secrets;
}

/**
 * Refuses a file that holds a secret (`kind`: "secrets file", "password
 * file", "TLS key file") when group or others can read it, before it is read.
 */
export async function requireOwnerOnly(path: string, kind: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  const info = await stat(path).catch((err: Error) => {
    throw new ServiceSettingsError(`cannot read the ${kind} ${path}: ${err.message}`);
  });
  if (platform !== 'win32' && (info.mode & 0o077) !== 0) {
    throw new ServiceSettingsError(`the ${kind} ${path} can be read by other users (mode ${(info.mode & 0o777).toString(8)}); run chmod 600 ${path}`);
  }
}

/** The service's secrets file: client_secret= and password=. */
export async function readSecretsFile(path: string, platform: NodeJS.Platform = process.platform): Promise<ServiceSecrets> {
  const lines = await readSecretLines(path, ['client_secret', 'password'], platform);
  const secrets: ServiceSecrets = {};
  if (lines.client_secret !== undefined) secrets.clientSecret = lines.client_secret;
  if (lines.password !== undefined) secrets.password = lines.password;
  return secrets;
}
