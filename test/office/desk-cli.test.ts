/**
 * `cli office join|sync|resolve|leave` on two data folders against a real
 * office, with the password in the real OS keychain (a private Secret
 * Service): the exit codes the command table promises, the --json shape,
 * and the password gone from the keychain after leaving.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_KEYCHAIN_SERVICE } from '../../main/credentials/keyring-credential-store.js';
import { ClientBook } from '../../main/store/client-book.js';
import { startCli } from '../cli/run-cli.js';
import { runKeychainTests, secretServiceItems } from '../credentials/secret-service.js';
import { ACME, ALICE, BOB, startTestOffice } from './desk-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const cli = (args: string[]) => startCli(['office', ...args]).done;

describe.runIf(runKeychainTests)('cli office join, sync, resolve and leave', () => {
  it('joins two desks, syncs a client across, reports a conflict with exit 1 and --json, resolves it, and leaves removing the password', async () => {
    const office = await startTestOffice();
    cleanups.push(() => office.close());
    const dir = mkdtempSync(join(tmpdir(), 'office-desk-cli-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const deskA = join(dir, 'a');
    const deskB = join(dir, 'b');
    const alicePassword = join(dir, 'alice.txt');
    const bobPassword = join(dir, 'bob.txt');
    writeFileSync(alicePassword, `${ALICE.password}\n`, { mode: 0o600 });
    writeFileSync(bobPassword, `${BOB.password}\n`, { mode: 0o600 });

    chmodSync(alicePassword, 0o644);
    const open = await cli(['join', office.url, '--data-folder', deskA, '--user', ALICE.name, '--password-file', alicePassword]);
    expect(open.code).toBe(2);
    expect(JSON.parse(open.stderr).errors[0]).toMatchObject({ field: 'password-file', message: expect.stringMatching(/can be read by other users/) });
    chmodSync(alicePassword, 0o600);

    const joinA = await cli(['join', office.url, '--data-folder', deskA, '--user', ALICE.name, '--password-file', alicePassword, '--desk', 'front desk']);
    expect(joinA).toMatchObject({ code: 0, stdout: `office: joined ${office.url} as alice from front desk (http on this computer: no certificate)\n` });
    const account = `office-password:alice@${office.url}`;
    expect(secretServiceItems(DEFAULT_KEYCHAIN_SERVICE, account)).toHaveLength(1);
    expect((await cli(['join', office.url, '--data-folder', deskB, '--user', BOB.name, '--password-file', bobPassword, '--desk', 'back office'])).code).toBe(0);

    const client = await new ClientBook({ dataDir: deskA, log: () => undefined }).save(undefined, ACME);
    const pushed = await cli(['sync', '--data-folder', deskA, '--json']);
    expect(pushed.code).toBe(0);
    expect(JSON.parse(pushed.stdout)).toEqual({ pushed: 1, pulled: 0, conflicts: [] });
    const pulled = await cli(['sync', '--data-folder', deskB]);
    expect(pulled).toMatchObject({ code: 0, stdout: 'office: sent 0 change(s), took 1 from the office\n' });

    await new ClientBook({ dataDir: deskA, log: () => undefined }).save(client.id, { ...ACME, companyName: 'Acme Trading Limited' });
    await new ClientBook({ dataDir: deskB, log: () => undefined }).save(client.id, { ...ACME, periodEnd: '12-31' });
    expect((await cli(['sync', '--data-folder', deskA])).code).toBe(0);
    const conflicted = await cli(['sync', '--data-folder', deskB, '--json']);
    expect(conflicted.code).toBe(1);
    const report = JSON.parse(conflicted.stdout);
    expect(Object.keys(report)).toEqual(['pushed', 'pulled', 'conflicts']);
    expect(report.conflicts).toHaveLength(1);
    expect(Object.keys(report.conflicts[0])).toEqual(['kind', 'id', 'mine', 'theirs']);
    expect(report.conflicts[0]).toMatchObject({ kind: 'client', id: client.id, mine: { body: { periodEnd: '12-31' } }, theirs: { version: 2, changedBy: 'alice', changedOn: 'front desk', body: { companyName: 'Acme Trading Limited' } } });

    const resolved = await cli(['resolve', 'client', client.id, '--data-folder', deskB, '--keep', 'theirs']);
    expect(resolved).toMatchObject({ code: 0, stdout: `office: kept the office's version of the client ${client.id}\n` });
    expect(await new ClientBook({ dataDir: deskB, log: () => undefined }).get(client.id)).toMatchObject({ companyName: 'Acme Trading Limited', periodEnd: '03-31' });
    const again = await cli(['resolve', 'client', client.id, '--data-folder', deskB, '--keep', 'theirs']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^office: not resolved: There is no conflict for the client/);

    const left = await cli(['leave', '--data-folder', deskA]);
    expect(left).toMatchObject({ code: 0, stdout: `office: left ${office.url}; everything in the data folder was kept and the office password removed from the keychain\n` });
    expect(secretServiceItems(DEFAULT_KEYCHAIN_SERVICE, account)).toHaveLength(0);
    expect(await new ClientBook({ dataDir: deskA, log: () => undefined }).get(client.id)).toMatchObject({ companyName: 'Acme Trading Limited' });

    await office.stop();
    const unreachable = await cli(['sync', '--data-folder', deskB, '--json']);
    expect(unreachable).toMatchObject({ code: 2, stdout: '' });
    expect(unreachable.stderr.split('\n')).toContain(`office: not synced: the office at ${office.url} could not be reached: connect ECONNREFUSED 127.0.0.1:${office.port}`);
  });
});
