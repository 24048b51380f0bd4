/**
 * The office's claims over this desk's connection (office-connection.ts),
 * for the data folder as it is at each filing: joined (its office, signed in
 * with the password from the OS keychain) or not (no office claim). One
 * connection is kept per office, user and desk, so a session is reused.
 */
import { z } from 'zod';
import { filingClaimReply, type FilingClaimRequest, type FilingReleaseRequest } from '../../common/office/protocol.js';
import { SecretAccount, type CredentialStore } from '../credentials/credential-store.js';
import { OfficeCertificateRefused, OfficeConnection, OfficeRefused, OfficeUnreachable } from './office-connection.js';
import { OfficeClaimLedger } from './office-claim-ledger.js';
import { OfficeClaims, type OfficeAnswer, type OfficeClaimsLink } from './office-claims.js';
import { readOfficeSettings, readPinnedCertificate } from './office-settings.js';

/** The office answers a release with what it released; only that it answered matters here. */
const releaseReply = z.object({});

export async function answerOf<T>(ask: () => Promise<T>): Promise<OfficeAnswer<T>> {
  try {
    return { ok: true, value: await ask() };
  } catch (error) {
    if (error instanceof OfficeUnreachable) return { ok: false, unreachable: true };
    if (error instanceof OfficeRefused) return { ok: false, code: error.code, refused: error.message };
    if (error instanceof OfficeCertificateRefused) return { ok: false, code: 'certificate', refused: error.message };
    throw error;
  }
}

export function officeClaimsLinkOf(connection: OfficeConnection, who: { user: string; desk: string }): OfficeClaimsLink {
  return {
    url: connection.url,
    user: who.user,
    desk: who.desk,
    claim: (request: FilingClaimRequest) => answerOf(() => connection.request('POST', '/claims', request, filingClaimReply)),
    release: (request: FilingReleaseRequest) =>
      answerOf(async () => {
        await connection.request('POST', '/claims/release', request, releaseReply);
      }),
  };
}

/**
 * The connection to the office the data folder has joined, read at each
 * call; null when it has not joined. `keychain` is where the office password
 * was kept at joining (opened only when one is needed: a desk not in an
 * office never touches it). One connection is kept per office, user and
 * desk, so a session is reused.
 */
export function joinedConnectionOf(dataDir: string, keychain: () => Promise<CredentialStore>): () => Promise<{ connection: OfficeConnection; user: string; desk: string } | null> {
  const connections = new Map<string, { connection: OfficeConnection; user: string; desk: string }>();
  return async () => {
    const settings = await readOfficeSettings(dataDir);
    if (!settings) return null;
    const key = JSON.stringify([settings.url, settings.user, settings.desk, settings.fingerprint]);
    const known = connections.get(key);
    if (known) return known;
    const connection = new OfficeConnection({
      settings,
      certificatePem: await readPinnedCertificate(dataDir),
      password: async () => {
        const password = await (await keychain()).get(SecretAccount.officePassword(settings.url, settings.user));
        if (password === undefined) {
          throw new OfficeRefused('unauthorised', `no office password for ${settings.user} is kept on this computer; join the office again`, [{ field: 'password', message: 'is not in the keychain' }]);
        }
        return password;
      },
    });
    const joined = { connection, user: settings.user, desk: settings.desk };
    connections.set(key, joined);
    return joined;
  };
}

/** The office's claims over the joined data folder's connection (joinedConnectionOf); null when it has not joined. */
export function joinedOfficeOf(dataDir: string, keychain: () => Promise<CredentialStore>): () => Promise<OfficeClaimsLink | null> {
  const joined = joinedConnectionOf(dataDir, keychain);
  const links = new WeakMap<OfficeConnection, OfficeClaimsLink>();
  return async () => {
    const office = await joined();
    if (!office) return null;
    let link = links.get(office.connection);
    if (!link) links.set(office.connection, (link = officeClaimsLinkOf(office.connection, office)));
    return link;
  };
}

/**
 * The office's claims for a data folder, as the command line and the window
 * build them beside its stores: the office it has joined (none: the data
 * folder's own claims only), its ledger, and how the user takes a claim over.
 */
export function officeClaimsFor(dataDir: string, options: { keychain: () => Promise<CredentialStore>; howToTakeOver: string }): OfficeClaims {
  return new OfficeClaims({ office: joinedOfficeOf(dataDir, options.keychain), ledger: new OfficeClaimLedger({ dataDir }), howToTakeOver: options.howToTakeOver });
}
