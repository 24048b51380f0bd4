/**
 * The three secrets a Companies House filing needs, and the forms they take
 * on the wire. The presenter ID and presenter authentication code go only as
 * lower-case hex MD5 digests (SenderID and Authentication/Value, Method
 * "clear"; companies-house.md §2, "Authentication, exactly"); the company
 * authentication code goes as typed inside FormHeader. A digest is a
 * password equivalent (whoever has it can file), so it is made at the moment
 * of sending and masked wherever a secret is masked, as the secrets are.
 */
import { createHash } from 'node:crypto';

export interface PresenterCredentials {
  /** Issued by Companies House: 11 characters, case-sensitive. */
  presenterId: string;
  /** The presenter's authentication code (its password): case-sensitive. */
  presenterCode: string;
}

export interface FilingSecrets extends PresenterCredentials {
  /** The company's 6-character authentication code, case-sensitive. */
  companyAuthCode: string;
}

/** Stray trailing whitespace a user typed, and nothing else, is dropped (§2). */
export const typedSecret = (value: string) => value.replace(/\s+$/, '');

/** md5 of the value as UTF-8, 32 lower-case hex digits: what the gateway takes for each presenter credential. */
export const gatewayDigest = (value: string) => createHash('md5').update(typedSecret(value), 'utf8').digest('hex');

/** What a field of these secrets must look like; undefined when it does. */
export function secretsProblem(s: Partial<FilingSecrets>): { field: keyof FilingSecrets; message: string } | undefined {
  if (!s.presenterId || !typedSecret(s.presenterId)) return { field: 'presenterId', message: "the presenter ID Companies House issued for software filing is needed" };
  if (!/^[0-9A-Za-z]{1,64}$/.test(typedSecret(s.presenterId))) return { field: 'presenterId', message: 'the presenter ID is letters and digits as Companies House issued it (usually 11)' };
  if (!s.presenterCode || !typedSecret(s.presenterCode)) return { field: 'presenterCode', message: "the presenter authentication code Companies House issued with the presenter ID is needed" };
  if (!/^[\x21-\x7e]{1,64}$/.test(typedSecret(s.presenterCode))) return { field: 'presenterCode', message: 'the presenter authentication code is letters and digits as Companies House issued it (usually 11)' };
  if (s.companyAuthCode === undefined) return undefined;
  if (!/^[0-9A-Za-z]{6}$/.test(typedSecret(s.companyAuthCode))) return { field: 'companyAuthCode', message: "the company authentication code is the company's 6 letters and digits from Companies House" };
  return undefined;
}

/** Every form of these secrets that must never be kept or shown: as typed, and the digests (lower and upper case) that stand for them. */
export function secretValues(s: Partial<FilingSecrets>): string[] {
  const out: string[] = [];
  for (const v of [s.presenterId, s.presenterCode]) {
    if (!v) continue;
    const digest = gatewayDigest(v);
    out.push(v, typedSecret(v), digest, digest.toUpperCase());
  }
  if (s.companyAuthCode) out.push(s.companyAuthCode, typedSecret(s.companyAuthCode));
  return [...new Set(out)].filter((v) => v.length > 0);
}
