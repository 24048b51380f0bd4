/**
 * `cli accounts file` as a child process against the local Companies House
 * gateway: the exit codes and the JSON it prints for each outcome, a run
 * killed outright after the gateway held the submission (the next run asks
 * its status and ends accepted: one submission in total), two runs at once
 * for the same accounts (one submission), and the refusals made before any
 * request (an endpoint the secrets may not go to, a secrets file others can
 * read).
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompaniesHouseGateway } from '../../../main/server/companies-house-gateway/companies-house-gateway.js';
import { startCli } from '../../cli/run-cli.js';
import { ACCOUNTS_FILE, COMPANY, SECRETS, startGateway } from './gateway-support.js';

const gateways: CompaniesHouseGateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
});

export const chEnv = { FILING_DESK_CH_PRESENTER_ID: SECRETS.presenterId, FILING_DESK_CH_PRESENTER_CODE: SECRETS.presenterCode, FILING_DESK_CH_AUTH_CODE: SECRETS.companyAuthCode };

function args(url: string, data: string, extra: string[] = []) {
  return ['accounts', 'file', ACCOUNTS_FILE, '--company-number', COMPANY.number, '--environment', 'test', '--endpoint', url, '--data', data, '--tries', '3', ...extra];
}

async function setUp(options: Parameters<typeof startGateway>[0] = {}) {
  const started = await startGateway(options);
  gateways.push(started.gateway);
  const dir = mkdtempSync(join(tmpdir(), 'fd-ch-cli-'));
  return { ...started, dir, data: join(dir, 'data') };
}

describe('cli accounts file', () => {
  it('accepted: exit 0, the JSON names the outcome, the submission number and the company', { timeout: 90_000 }, async () => {
    const { url, data, gateway } = await setUp();
    const run = await startCli(args(url, data), { env: chEnv }).done;
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ outcome: 'accepted', submissionNumber: 'FD0001', companyNumber: COMPANY.number, reasons: [] });
    expect(gateway.held.get('FD0001')!.gatewayTest).toBe('1');
  });

  it('rejected: exit 1 with Companies House\'s reasons', { timeout: 90_000 }, async () => {
    const { url, data, gateway } = await setUp();
    gateway.faults.outcome = 'reject';
    gateway.faults.rejections = [{ code: '0456', description: 'The balance sheet is not signed by a director.' }];
    const run = await startCli(args(url, data), { env: chEnv }).done;
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ outcome: 'rejected', submissionNumber: 'FD0001', companyNumber: COMPANY.number, reasons: [{ code: '0456', text: 'The balance sheet is not signed by a director.' }] });
  });

  it('pending: exit 4, not finished; the same command later ends accepted without sending again', { timeout: 90_000 }, async () => {
    const { url, data, gateway } = await setUp();
    gateway.faults.outcome = 'pending';
    const first = await startCli(args(url, data), { env: chEnv }).done;
    expect(first.code, first.stderr).toBe(4);
    expect(JSON.parse(first.stdout)).toMatchObject({ outcome: 'not-finished', submissionNumber: 'FD0001', reasons: [] });
    gateway.faults.outcome = 'accept';
    const second = await startCli(args(url, data), { env: chEnv }).done;
    expect(second.code, second.stderr).toBe(0);
    expect([...gateway.submissionsByNumber.entries()]).toEqual([['FD0001', 1]]);
  });

  it('killed after the gateway held the submission: the next run asks its status and ends accepted; one submission in total', { timeout: 120_000 }, async () => {
    let victim: ReturnType<typeof startCli> | undefined;
    let killed = false;
    const { url, data, gateway } = await setUp({
      onSubmission: async () => {
        if (killed || !victim) return;
        killed = true;
        victim.child.kill('SIGKILL');
        await victim.done;
      },
    });
    victim = startCli(args(url, data), { env: chEnv });
    expect((await victim.done).signal).toBe('SIGKILL');
    const records = readdirSync(join(data, 'companies-house', 'filings')).filter((n) => n.endsWith('.json'));
    expect(records).toHaveLength(1);
    const left = JSON.parse(readFileSync(join(data, 'companies-house', 'filings', records[0]!), 'utf8'));
    expect(left).toMatchObject({ state: 'sent', submissionNumber: 'FD0001' });
    expect(left.sendStartedAt).toBeDefined();

    const rerun = await startCli(args(url, data), { env: chEnv }).done;
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ outcome: 'accepted', submissionNumber: 'FD0001' });
    expect(rerun.stderr).toContain('asking Companies House the status of submission FD0001');
    expect([...gateway.submissionsByNumber.entries()]).toEqual([['FD0001', 1]]);
    const classes = gateway.requests.map((r) => r.messageClass);
    // The rerun's first request to the gateway is the status question, not a submission.
    expect(classes.slice(classes.indexOf('Accounts') + 1)[0]).toBe('GetSubmissionStatus');
  });

  it('two runs at once for the same accounts: one submission; the other is told who is filing them, or finds them filed', { timeout: 120_000 }, async () => {
    const { url, data, gateway } = await setUp();
    gateway.faults.slowMs = 1500;
    const [a, b] = await Promise.all([startCli(args(url, data), { env: chEnv }).done, startCli(args(url, data), { env: chEnv }).done]);
    const codes = [a.code, b.code].sort();
    expect(codes[0], `${a.stderr}\n${b.stderr}`).toBe(0);
    expect([0, 2]).toContain(codes[1]);
    if (codes[1] === 2) expect(`${a.stderr}${b.stderr}`).toMatch(/is filing the accounts of company 02014751 made up to 2026-03-31 right now; nothing was sent/);
    expect([...gateway.submissionsByNumber.entries()]).toEqual([['FD0001', 1]]);
  });

  it('an endpoint the secrets may not go to is refused before any request: exit 2', async () => {
    const { data, gateway } = await setUp();
    for (const endpoint of ['http://xmlgw.companieshouse.gov.uk/v1-0/xmlgw/Gateway', 'https://gateway.example.com/v1-0/xmlgw/Gateway', 'http://192.168.1.20:8080/Gateway']) {
      const run = await startCli(args(endpoint, data), { env: chEnv }).done;
      expect(run.code).toBe(2);
      // The JSON report is the last thing on stderr (a rebuild of the command line may announce itself first).
      expect(JSON.parse(run.stderr.slice(run.stderr.search(/^\{/m))).errors[0]).toMatchObject({ field: 'endpoint' });
      expect(run.stderr).toMatch(/only sent over https to Companies House's XML Gateway.*nothing was sent/);
    }
    expect(gateway.requests).toHaveLength(0);
  });

  it('a secrets file others can read is refused; an owner-only one is used', { timeout: 90_000 }, async () => {
    const { url, data, dir, gateway } = await setUp();
    const secretsFile = join(dir, 'ch-secrets');
    writeFileSync(secretsFile, `presenter_id=${SECRETS.presenterId}\npresenter_code=${SECRETS.presenterCode}\ncompany_auth_code=${SECRETS.companyAuthCode}\n`);
    chmodSync(secretsFile, 0o644);
    const refused = await startCli(args(url, data, ['--secrets-file', secretsFile])).done;
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/can be read by other users/);
    expect(gateway.requests).toHaveLength(0);
    chmodSync(secretsFile, 0o600);
    const run = await startCli(args(url, data, ['--secrets-file', secretsFile])).done;
    expect(run.code, run.stderr).toBe(0);
  });

  it('accounts for another company are refused before any request, saying what to fix: exit 2', async () => {
    const { url, data, gateway } = await setUp();
    const run = await startCli(['accounts', 'file', ACCOUNTS_FILE, '--company-number', '01234567', '--environment', 'test', '--endpoint', url, '--data', data], { env: chEnv }).done;
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/company number 02014751, but this filing is for 01234567/);
    expect(gateway.requests).toHaveLength(0);
  });
});
