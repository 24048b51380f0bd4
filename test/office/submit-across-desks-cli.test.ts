/**
 * `cli ct600 submit --data <folder>` in an office, through real processes:
 * two data folders joined with `cli office join` (the password in the real
 * OS keychain, a private Secret Service), the office on PostgreSQL and the
 * local Transaction Engine. The first desk's return is accepted; the second
 * desk is refused as already filed, and with the office stopped it is
 * refused as unreachable; the Transaction Engine gets one submission.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli } from '../cli/run-cli.js';
import { gatewayEnv } from '../cli/interrupted-filing.js';
import { runKeychainTests } from '../credentials/secret-service.js';
import { builtReturn, startPeer } from '../filing/filing-support.js';
import { ALICE, BOB, startTestOffice } from './desk-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const cli = (args: string[]) => startCli(args, { env: gatewayEnv }).done;

describe.runIf(runKeychainTests)('cli ct600 submit in an office', () => {
  it('files once: the other desk is told it was filed, and with the office stopped, that it cannot be reached; one submission', async () => {
    const office = await startTestOffice();
    cleanups.push(() => office.close());
    const { peer, url } = await startPeer();
    cleanups.push(() => peer.close());
    const dir = mkdtempSync(join(tmpdir(), 'office-submit-cli-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'return.xml');
    writeFileSync(file, builtReturn());
    const desks = [
      { data: join(dir, 'a'), user: ALICE, desk: 'front desk' },
      { data: join(dir, 'b'), user: BOB, desk: 'back office' },
    ];
    for (const d of desks) {
      const passwordFile = join(dir, `${d.user.name}.txt`);
      writeFileSync(passwordFile, `${d.user.password}\n`, { mode: 0o600 });
      expect((await cli(['office', 'join', office.url, '--data-folder', d.data, '--user', d.user.name, '--password-file', passwordFile, '--desk', d.desk])).code).toBe(0);
    }
    const submit = (data: string) => cli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data]);

    const first = await submit(desks[0]!.data);
    expect(first.code, first.stderr).toBe(0);
    const accepted = JSON.parse(first.stdout);
    expect(accepted.outcome).toBe('accepted');

    const second = await submit(desks[1]!.data);
    expect(second.code).toBe(2);
    expect(JSON.parse(second.stderr).errors[0]).toMatchObject({ field: 'claim', message: expect.stringContaining(`was already filed by alice on front desk on `) });
    expect(JSON.parse(second.stderr).errors[0].message).toContain(`reference ${accepted.correlationId}`);

    await office.stop();
    const away = await submit(desks[1]!.data);
    expect(away.code).toBe(2);
    expect(JSON.parse(away.stderr).errors[0].message).toMatch(new RegExp(`^The office at ${office.url.replace(/[.]/g, '\\.')} cannot be reached, so this return was not sent`));
    expect([...peer.submissionsByTransactionId.values()]).toEqual([1]);
  });
});
