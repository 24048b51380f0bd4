import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDeadlinesCommand } from '../../main/cli/deadlines.js';
import { CliUsageError, type CliIo } from '../../main/cli/io.js';
import { appDataFolder } from '../../main/cli/app-data-folder.js';
import { makeFifo, releaseFifos, within } from '../helpers/hostile-files.js';
import { runCli } from './run-cli.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { recordBuild, sha256Of } from '../../main/store/draft-files.js';

function capture(): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (io.stdout += t),
    err: (t: string) => void (io.stderr += t),
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  return io;
}

const environment = { now: () => new Date('2026-11-24T12:00:00'), platform: 'linux' as const, env: {} };
const lines = (text: string) => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

async function dataFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'deadlines-cli-'));
  const client = (id: string, companyName: string, utr: string, extra: object) => ({
    id, companyName, registrationNumber: '', utr, periodEnd: '', serviceClientName: '', serviceClientId: '', archived: false, createdAt: 'x', changedAt: 'x', ...extra,
  });
  await writeFile(join(dir, 'clients.json'), JSON.stringify({
    schemaVersion: 1,
    clients: [
      client('a', 'Late Ltd', '1111111111', { periods: [{ start: '2024-07-01', end: '2025-06-30', filedOn: null, accepted: false }] }),
      client('b', 'Filed Ltd', '2222222222', { periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: '2026-02-01', accepted: true }] }),
      client('c', 'Long Ltd', '3333333333', { periods: [{ start: '2025-01-01', end: '2026-06-30', filedOn: null, accepted: false }] }),
    ],
  }));
  return dir;
}

describe('cli deadlines', () => {
  it('charges the late-filing penalty in force for each return’s filing date, either side of 1 April 2026', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-cli-'));
    const file = join(dir, 'clients.csv');
    await writeFile(file, 'name,utr,periodStart,periodEnd\r\nApril Ltd,1111111111,2024-05-01,2025-04-30\r\nMarch Ltd,2222222222,2024-04-01,2025-03-31\r\n');
    const io = capture();
    expect(await runDeadlinesCommand(['--csv', file, '--today', '2026-11-28', '--json'], io, environment)).toBe(0);
    const byName = Object.fromEntries(lines(io.stdout).map((o) => [o.name, o]));
    // Ending 30 April 2025: filing date 30 April 2026, on or after 1 April 2026; on 28 November 2026 it is
    // more than 3 months late: £200 + £200 = £400; and from 1 November 2026 (18 months after the period ended)
    // 10% of the tax unpaid.
    expect(byName['April Ltd']).toMatchObject({ filingDue: '2026-04-30', penalty: { flatPounds: 400, percentOfUnpaidTax: 10 } });
    // Ending 31 March 2025: filing date 31 March 2026 keeps the old amounts: £100 + £100 = £200, and 18 months
    // after the period ended (1 October 2026 on) 10% of the tax unpaid.
    expect(byName['March Ltd']).toMatchObject({ filingDue: '2026-03-31', penalty: { flatPounds: 200, percentOfUnpaidTax: 10 } });
  });

  it('prints one JSON object per accounting period of the data folder’s client book, with ISO dates, state and days left', async () => {
    const dir = await dataFolder();
    const io = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--from', '2026-01-01', '--to', '2027-12-31', '--json'], io, environment)).toBe(0);
    const got = lines(io.stdout).map((o) => [o.name, o.utr, o.periodStart, o.periodEnd, o.filingDue, o.paymentDue, o.state, o.daysLeft]);
    expect(got).toEqual([
      ['Late Ltd', '1111111111', '2024-07-01', '2025-06-30', '2026-06-30', '2026-04-01', 'not-started', -147],
      ['Long Ltd', '3333333333', '2025-01-01', '2025-12-31', '2027-06-30', '2026-10-01', 'not-started', 218],
      ['Long Ltd', '3333333333', '2026-01-01', '2026-06-30', '2027-06-30', '2027-04-01', 'not-started', 218],
      ['Filed Ltd', '2222222222', '2024-04-01', '2025-03-31', '2026-03-31', '2026-01-01', 'accepted', -238],
    ]);
    // Due 30 June 2026, under the 2026 amounts, and more than 3 months late: £200 + £200.
    expect(lines(io.stdout)[0]!.penalty).toEqual({ flatPounds: 400, percentOfUnpaidTax: 0 });
    // No return built: no tax known, so no interest.
    expect(lines(io.stdout)[0]).toMatchObject({ taxPayable: null, interestSoFar: null, interestRate: null, paidOn: null, noticeServedOn: null });
    // Read only: nothing was added to or moved in the data folder.
    expect(await readdir(dir)).toEqual(['clients.json']);
  });

  it('works out late-payment interest on box 525 of the latest build in the data folder, and stops it at a payment recorded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-cli-'));
    const client = (id: string, companyName: string, payments: object[]) => ({
      id, companyName, registrationNumber: '', utr: '', periodEnd: '', serviceClientName: '', serviceClientId: '', archived: false, createdAt: 'x', changedAt: 'x',
      periods: [{ start: '2025-01-01', end: '2025-12-31', filedOn: '2026-09-30', accepted: true, payments }],
    });
    await writeFile(join(dir, 'clients.json'), JSON.stringify({ schemaVersion: 1, clients: [client('o', 'Owing Ltd', []), client('p', 'Paid Ltd', [{ date: '2026-10-11', amount: '12000.00' }])] }));
    const drafts = new DraftStore({ dataDir: dir, log: () => undefined });
    await drafts.open();
    for (const clientId of ['o', 'p']) {
      const draft = await drafts.create({ kind: 'ct600', clientId, title: clientId, form: {} });
      await drafts.save({ id: draft.id, clientId, title: clientId, periodFrom: '2025-01-01', periodTo: '2025-12-31', form: { values: {} } });
      const xml = new TextEncoder().encode(
        '<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body><IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><CompanyTaxReturn ReturnType="new"><CalculationOfTaxOutstandingOrOverpaid><TaxPayable>12000.00</TaxPayable></CalculationOfTaxOutstandingOrOverpaid></CompanyTaxReturn></IRenvelope></Body></GovTalkMessage>',
      );
      await recordBuild(drafts, draft.id, {
        xml,
        build: { builtAt: '2026-09-01T10:00:00.000Z', answeredBy: 'engine', fingerprint: '0'.repeat(64), fileName: 'r.xml', size: xml.length, sha256: sha256Of(xml) },
        validation: { validatedAt: '2026-09-01T10:00:01.000Z', answeredBy: 'engine', result: { jobStatus: 'success', startDateTime: null, endDateTime: null, validations: [] } },
      });
    }
    const io = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--today', '2026-11-28', '--from', '2026-01-01', '--json'], io, environment)).toBe(0);
    const byName = Object.fromEntries(lines(io.stdout).map((o) => [o.name, o]));
    // Tax due 1 October 2026. Unpaid: 2 October – 28 November, 58 days × 12,000 × 7.75% / 365 = 147.7808… → 147.78
    expect(byName['Owing Ltd']).toMatchObject({ paymentDue: '2026-10-01', taxPayable: 12000, paidOn: null, interestSoFar: 147.78, interestRate: 7.75 });
    // Paid 11 October: 2–11 October, 10 days × 12,000 × 7.75% / 365 = 25.4794… → 25.48
    expect(byName['Paid Ltd']).toMatchObject({ taxPayable: 12000, paidOn: '2026-10-11', interestSoFar: 25.48, interestRate: 7.75 });
    const table = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--today', '2026-11-28', '--from', '2026-01-01', '--table'], table, environment)).toBe(0);
    expect(table.stdout).toContain('£147.78 at 7.75%');
    expect(table.stdout).toContain('£25.48 at 7.75%, paid 2026-10-11');
  });

  it('shows a period accepted from a live return HMRC accepted, found in the data folder’s submissions by UTR', async () => {
    const dir = await dataFolder();
    const { SubmissionStore } = await import('../../main/filing/submission-store.js');
    await new SubmissionStore({ dataDir: dir }).save({
      version: 1,
      transactionId: 'D'.repeat(32),
      environment: 'live',
      submissionUrl: 'https://transaction-engine.tax.service.gov.uk/submission',
      messageClass: 'HMRC-CT-CT600',
      gatewayTest: false,
      utr: '1111111111',
      periodFrom: '2024-07-01',
      periodTo: '2025-06-30',
      returnType: 'new',
      irmark: `${'A'.repeat(27)}=`,
      bodySha256: '0'.repeat(64),
      message: Buffer.from('<GovTalkMessage/>').toString('base64'),
      createdAt: '2026-06-01T09:00:00.000Z',
      state: 'accepted',
      outcome: { kind: 'accepted', acceptedTime: '2026-06-02T10:00:00.000Z', receiptIrmarkBase32: 'X', receiptMatches: true, receiptStatement: 'ok', responseXml: '<r/>' },
      log: [],
    });
    const io = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--from', '2026-01-01', '--to', '2027-12-31', '--json'], io, environment)).toBe(0);
    expect(lines(io.stdout).find((o) => o.name === 'Late Ltd')).toMatchObject({ state: 'accepted', filedOn: '2026-06-02', group: 'done', penalty: { flatPounds: 0, percentOfUnpaidTax: 0 } });
  });

  it('without --from, lists the returns due from today and every one already overdue', async () => {
    const dir = await dataFolder();
    const io = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--json'], io, environment)).toBe(0);
    expect(lines(io.stdout).map((o) => [o.name, o.group])).toEqual([
      ['Late Ltd', 'overdue'],
      ['Long Ltd', 'later'],
      ['Long Ltd', 'later'],
    ]);
  });

  it('lists every return drafted or built in the data folder until HMRC accepts it, however old, as the Deadlines screen does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-cli-'));
    await writeFile(join(dir, 'clients.json'), JSON.stringify({
      schemaVersion: 1,
      clients: [{ id: 'f', companyName: 'Forgotten Return Ltd', registrationNumber: '', utr: '6666666666', periodEnd: '03-31', serviceClientName: '', serviceClientId: '', archived: false, createdAt: 'x', changedAt: 'x' }],
    }));
    const drafts = new DraftStore({ dataDir: dir, log: () => undefined });
    await drafts.open();
    const made = await drafts.create({ kind: 'ct600', clientId: 'f', title: 'Forgotten Return Ltd', form: {} });
    await drafts.save({ id: made.id, clientId: 'f', title: 'Forgotten Return Ltd', periodFrom: '2024-04-01', periodTo: '2025-03-31', form: { values: {} } });
    // Saved without a client: the name and UTR typed in it list the company.
    const loose = await drafts.create({ kind: 'ct600', clientId: null, title: 'Walk-in Trading Ltd', form: {} });
    await drafts.save({ id: loose.id, clientId: null, title: 'Walk-in Trading Ltd', periodFrom: '2024-04-01', periodTo: '2025-03-31', form: { values: { utr: '7777777777' } } });
    const io = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--json'], io, environment)).toBe(0);
    const overdue = lines(io.stdout).filter((o) => o.group === 'overdue');
    // Due 31 March 2026 (the amounts before 1 April 2026): £100 + £100, and 10% of the tax unpaid 18 months after the period ended.
    expect(overdue.map((o) => [o.name, o.utr, o.periodStart, o.state, o.daysLeft, o.penalty])).toEqual([
      ['Forgotten Return Ltd', '6666666666', '2024-04-01', 'draft', -238, { flatPounds: 200, percentOfUnpaidTax: 10 }],
      ['Walk-in Trading Ltd', '7777777777', '2024-04-01', 'draft', -238, { flatPounds: 200, percentOfUnpaidTax: 10 }],
    ]);
  });

  it('reads the clients from a CSV with a header row, ignoring other columns and quoting as RFC 4180 does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-csv-'));
    const csv = join(dir, 'clients.csv');
    await writeFile(csv, '\uFEFFpartner,name,utr,periodStart,periodEnd\r\nJo,"Smith, Jones & Co ""Ltd""",1234567890,2025-04-01,2026-03-31\r\nJo,Other Ltd,,2025-01-01,2025-12-31\r\n');
    const io = capture();
    expect(await runDeadlinesCommand(['--csv', csv, '--from', '2026-01-01', '--to', '2027-12-31', '--json'], io, environment)).toBe(0);
    expect(lines(io.stdout).map((o) => [o.name, o.utr, o.filingDue, o.paymentDue])).toEqual([
      ['Other Ltd', '', '2026-12-31', '2026-10-01'],
      ['Smith, Jones & Co "Ltd"', '1234567890', '2027-03-31', '2027-01-01'],
    ]);
  });

  it('refuses a CSV row that breaks a rule, naming its line and column, with exit status 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-csv-'));
    const csv = join(dir, 'clients.csv');
    await writeFile(csv, 'name,utr,periodStart,periodEnd\nAcme,123,2025-02-30,2025-12-31\n');
    const io = capture();
    expect(await runDeadlinesCommand(['--csv', csv], io, environment)).toBe(2);
    expect(JSON.parse(io.stderr).errors).toEqual([
      { field: 'line 2 utr', message: 'must be exactly 10 digits (the company UTR), or left empty' },
      { field: 'line 2 periodStart', message: 'must be a real date written as YYYY-MM-DD' },
    ]);
  });

  it('refuses a CSV without the required columns, saying which are missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-csv-'));
    const csv = join(dir, 'clients.csv');
    await writeFile(csv, 'company,periodStart,periodEnd\nAcme,2025-01-01,2025-12-31\n');
    const io = capture();
    expect(await runDeadlinesCommand(['--csv', csv], io, environment)).toBe(2);
    expect(JSON.parse(io.stderr).errors[0].message).toMatch(/^the header row has no name, utr columns/);
  });

  it('does not block on a pipe given as the CSV, and refuses one over the limit before reading it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-fifo-'));
    const fifo = makeFifo(join(dir, 'clients.csv'));
    const io = capture();
    try {
      expect(await within(10_000, 'cli deadlines --csv <pipe>', runDeadlinesCommand(['--csv', fifo], io, environment))).toBe(2);
      expect(JSON.parse(io.stderr).errors[0].field).toBe('csv');
    } finally {
      releaseFifos();
    }
  });

  it('refuses a date that is not a real day, and a window that ends before it starts', async () => {
    await expect(runDeadlinesCommand(['--from', '2026-02-30', '--csv', 'x'], capture(), environment)).rejects.toThrow(CliUsageError);
    await expect(runDeadlinesCommand(['--from', '2026-02-01', '--to', '2026-01-01', '--csv', 'x'], capture(), environment)).rejects.toThrow(/--to \(2026-01-01\) is before --from \(2026-02-01\)/);
  });

  it('prints a table with escaped names, and notes a client book it cannot use without moving it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deadlines-table-'));
    await writeFile(join(dir, 'clients.json'), 'not json');
    const io = capture();
    expect(await runDeadlinesCommand(['--data-folder', dir, '--table'], io, environment)).toBe(0);
    expect(io.stderr).toBe('note: clients.json cannot be used: it is not valid JSON\n');
    expect(await readdir(dir)).toEqual(['clients.json']);
    const csvDir = await mkdtemp(join(tmpdir(), 'deadlines-table-'));
    await writeFile(join(csvDir, 'c.csv'), 'name,utr,periodStart,periodEnd\n"Evil\u001b[31m Ltd",,2025-04-01,2026-03-31\n');
    const table = capture();
    await runDeadlinesCommand(['--csv', join(csvDir, 'c.csv'), '--table'], table, environment);
    expect(table.stdout).toContain('Evil\\x1b[31m Ltd');
    expect(table.stdout).not.toContain('\u001b');
    expect(table.stdout).toMatch(/1 accounting period, 0 overdue\n$/);
  });

  it('finds the installed app’s data folder on each platform', () => {
    expect(appDataFolder('linux', {}, '/home/jo')).toBe('/home/jo/.config/Filing Desk');
    expect(appDataFolder('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/jo')).toBe('/cfg/Filing Desk');
    expect(appDataFolder('darwin', {}, '/Users/jo')).toBe('/Users/jo/Library/Application Support/Filing Desk');
  });

  it('runs as a command, with its help listed', () => {
    const help = runCli(['--help']);
    expect(help.stdout).toContain('cli deadlines [options]');
    const run = runCli(['deadlines', '--csv', join('test', 'fixtures', 'missing.csv')]);
    expect(run.code).toBe(2);
  });
});
