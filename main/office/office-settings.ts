/**
 * This desk's place in the office, as `<data>/office/office.json` holds it:
 * which office, as whom, under which desk name, and the fingerprint of the
 * office's certificate pinned when joining (its PEM beside it in
 * `office-cert.pem`). No secret is ever here: the password lives in the OS
 * keychain. Both files are written atomically into a folder checked to be a
 * real folder of the data folder, so a link planted there cannot redirect
 * the write.
 */
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { deskName, officeUserName } from '../../common/office/protocol.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from '../store/data-folder.js';
import { readRegularText } from '../store/regular-file.js';

export const OFFICE_FOLDER = 'office';
export const OFFICE_SETTINGS_FILE = 'office.json';
export const OFFICE_CERTIFICATE_FILE = 'office-cert.pem';
const MAX_SETTINGS_BYTES = 64 * 1024;
const MAX_CERTIFICATE_BYTES = 256 * 1024;

/** SHA-256 as Node's `fingerprint256` writes it: 32 upper-case hex pairs joined by colons. */
const FINGERPRINT = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;

const officeSettingsSchema = z.strictObject({
  version: z.literal(1),
  url: z.string().min(1),
  user: officeUserName,
  desk: deskName,
  fingerprint: z.string().regex(FINGERPRINT, 'a SHA-256 fingerprint, colon-separated upper-case hex').nullable(),
  joinedAt: z.string(),
});
export type OfficeSettings = z.infer<typeof officeSettingsSchema>;

/** The office settings file could not be used: nothing was read from it, and it was left as it is. */
export class OfficeSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfficeSettingsError';
  }
}

/**
 * A fingerprint as people pass it on (any case, with or without colons or
 * spaces) in the one form this desk compares and stores; undefined when it
 * is not 32 bytes of hex.
 */
export function normaliseFingerprint(text: string): string | undefined {
  const hex = text.replace(/[\s:]/g, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) return undefined;
  return hex.match(/../g)!.join(':');
}

const settingsPath = (dataDir: string) => join(dataDir, OFFICE_FOLDER, OFFICE_SETTINGS_FILE);
const certificatePath = (dataDir: string) => join(dataDir, OFFICE_FOLDER, OFFICE_CERTIFICATE_FILE);

/** This desk's office settings, or null when it has not joined an office. */
export async function readOfficeSettings(dataDir: string): Promise<OfficeSettings | null> {
  if (!(await checkDataFolder(nodeFs, dataDir, OFFICE_FOLDER, { create: false }))) return null;
  const read = await readRegularText(settingsPath(dataDir), { maxBytes: MAX_SETTINGS_BYTES, kind: 'office settings' });
  if (!read.ok) {
    if (read.problem === 'missing') return null;
    throw new OfficeSettingsError(`The office settings (${OFFICE_FOLDER}/${OFFICE_SETTINGS_FILE}) could not be read: ${read.reason}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.value);
  } catch {
    throw new OfficeSettingsError(`The office settings (${OFFICE_FOLDER}/${OFFICE_SETTINGS_FILE}) are not valid JSON; join the office again.`);
  }
  const settings = officeSettingsSchema.safeParse(parsed);
  if (!settings.success) {
    const issue = settings.error.issues[0]!;
    throw new OfficeSettingsError(`The office settings (${OFFICE_FOLDER}/${OFFICE_SETTINGS_FILE}) are not usable: ${issue.path.join('.') || 'the file'} ${issue.message}; join the office again.`);
  }
  return settings.data;
}

export async function writeOfficeSettings(dataDir: string, settings: OfficeSettings): Promise<void> {
  const checked = officeSettingsSchema.parse(settings);
  await ensureDataFolder(nodeFs, dataDir, OFFICE_FOLDER);
  await writeFileAtomic(settingsPath(dataDir), `${JSON.stringify(checked, null, 2)}\n`, { mode: 0o600 });
}

/** The office certificate pinned at joining (PEM), or null for an office reached over http on this computer. */
export async function readPinnedCertificate(dataDir: string): Promise<string | null> {
  if (!(await checkDataFolder(nodeFs, dataDir, OFFICE_FOLDER, { create: false }))) return null;
  const read = await readRegularText(certificatePath(dataDir), { maxBytes: MAX_CERTIFICATE_BYTES, kind: 'the office certificate' });
  if (!read.ok) {
    if (read.problem === 'missing') return null;
    throw new OfficeSettingsError(`The office's pinned certificate (${OFFICE_FOLDER}/${OFFICE_CERTIFICATE_FILE}) could not be read: ${read.reason}.`);
  }
  return read.value;
}

export async function writePinnedCertificate(dataDir: string, pem: string): Promise<void> {
  await ensureDataFolder(nodeFs, dataDir, OFFICE_FOLDER);
  await writeFileAtomic(certificatePath(dataDir), pem, { mode: 0o600 });
}

/**
 * Leaving the office: the settings and the pinned certificate go; the sync
 * state stays, so a desk that joins the same office again carries on from
 * where it was and pushes what changed here meanwhile.
 */
export async function removeOfficeSettings(dataDir: string): Promise<void> {
  if (!(await checkDataFolder(nodeFs, dataDir, OFFICE_FOLDER, { create: false }))) return;
  await nodeFs.rm(settingsPath(dataDir), { force: true });
  await nodeFs.rm(certificatePath(dataDir), { force: true });
}
