/** `cli deadlines` lists the accounts due at Companies House beside the returns, from the same records as the Deadlines screen. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDeadlinesCommand } from '../../main/cli/deadlines.js';
import type { CliIo } from '../../main/cli/io.js';
import { FilingStore } from '../../main/filing/companies-house/filing-store.js';

function capture(): CliIo & { stdout: string; stderr: string } {
  const io = { stdout: '', stderr: '', out: (t: string) => void (io.stdout += t), err: (t: string) => void (io.stderr += t), stdoutIsTTY: false, stderrIsTTY: false };
  return io;
}
const environment = { now: () => new Date('2026-11-24T12:00:00'), platform: 'linux' as const, env: {} };
const lines = (text: string) => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('cli deadlines and Companies House', () => {
  it('prints each accounts row with its rule and penalty, and takes accounts Companies House accepted live as delivered', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-ch-cli-'));
    const client = { id: 'a', companyName: 'Late Again Ltd', registrationNumber: '01234567', utr: '1111111111', periodEnd: '', serviceClientName: '', serviceClientId: '', archived: false, createdAt: 'x', changedAt: 'x' };
    await writeFile(join(dir, 'clients.json'), JSON.stringify({
      schemaVersion: 1,
      clients: [{
        ...client,
        incorporatedOn: '2023-01-10',
        periods: [
          // First accounts, 15 months: due 10 October 2024 (anniversary + 9 months), accepted live 2 October 2024 (filing record below).
          { start: '2023-01-10', end: '2024-03-31', filedOn: '2025-03-01', accepted: true },
          // Due 31 December 2025, not delivered: £1,500 so far, not doubled (the year before was on time).
          { start: '2024-04-01', end: '2025-03-31', filedOn: '2026-03-01', accepted: true },
        ],
      }],
    }));
    await new FilingStore({ dataDir: dir }).save({
      version: 1, submissionNumber: 'FD0001', presenterKey: '0'.repeat(32), environment: 'live', gatewayUrl: 'https://xmlgw.companieshouse.gov.uk/v1-0/xmlgw/Gateway',
      companyNumber: '01234567', companyType: 'EW', companyName: 'LATE AGAIN LTD', periodStart: '2023-01-10', madeUpDate: '2024-03-31', dateSigned: '2024-09-01',
      contactName: '', contactNumber: '', packageReference: '0000', filename: 'accounts.html', documentSha256: '0'.repeat(64), document: '', createdAt: '2024-10-01T09:00:00.000Z',
      state: 'accepted', outcome: { kind: 'accepted', at: '2024-10-02T09:00:00.000Z', reasons: [] }, log: [],
    });
    const io = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--from', '2024-01-01', '--to', '2026-12-31', '--json'], io, environment)).toBe(0);
    const accounts = lines(io.stdout).filter((l) => l.kind === 'accounts');
    // Overdue first, then filed, as on the screen.
    expect(accounts).toEqual([
      expect.objectContaining({ periodEnd: '2025-03-31', filingDue: '2025-12-31', rule: 'nine-months', state: 'not-started', filedOn: null, group: 'overdue', daysLeft: -328, companyNumber: '01234567', penalty: { flatPounds: 1500, doubled: false } }),
      expect.objectContaining({ periodEnd: '2024-03-31', filingDue: '2024-10-10', rule: 'first-accounts-anniversary', state: 'accepted', filedOn: '2024-10-02', group: 'done', penalty: { flatPounds: 0, doubled: false } }),
    ]);
    // The 15-month first period is two returns (CTA 2009 s10), the next one more.
    expect(lines(io.stdout).filter((l) => l.kind === 'ct600')).toHaveLength(3);
    const table = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--table'], table, environment)).toBe(0);
    expect(table.stdout).toMatch(/Late Again Ltd\s+1111111111\s+Accounts to Companies House\s+2024-04-01\.\.2025-03-31\s+2025-12-31\s+not started\s+328 late\s+£1,500/);
    expect(table.stdout).toMatch(/0 accounting periods, 1 set of accounts, 1 overdue\n$/);
  });
});
