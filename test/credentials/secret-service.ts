/**
 * Whether the real-keychain tests must run, and an independent look into the
 * Secret Service over D-Bus (gdbus), so a test can see an item really landed
 * there rather than in the kernel keyring or anywhere else.
 */
import { execFileSync } from 'node:child_process';

/** Set by scripts/keyring-session.sh once a private Secret Service answers. */
export const secretServiceProvided = process.env.FILING_DESK_SECRET_SERVICE === '1';

/**
 * Under CI the keychain tests must fail, not skip, when the Secret Service is
 * missing; on a developer's machine without the private session they skip.
 */
export const runKeychainTests = secretServiceProvided || Boolean(process.env.CI);

/** Object paths of Secret Service items filed under service + account, via gdbus. */
export function secretServiceItems(service: string, account: string): string[] {
  if (/'/.test(service + account)) throw new Error('quotes are not supported in this test helper');
  const out = execFileSync(
    'gdbus',
    [
      'call',
      '--session',
      '--dest',
      'org.freedesktop.secrets',
      '--object-path',
      '/org/freedesktop/secrets',
      '--method',
      'org.freedesktop.Secret.Service.SearchItems',
      `{'service': '${service}', 'username': '${account}'}`,
    ],
    { encoding: 'utf8' },
  );
  return [...out.matchAll(/'(\/org\/freedesktop\/secrets\/collection\/[^']+)'/g)].map((m) => m[1] ?? '');
}
