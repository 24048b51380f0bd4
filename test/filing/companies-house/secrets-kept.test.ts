/**
 * The presenter ID, the presenter code and the company authentication code,
 * and the MD5 digests that stand for the first two, are in no file Filing
 * Desk keeps and in no progress it reports, even when Companies House's
 * answers echo them back (in a rejection's reasons, in an error's text).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompaniesHouseGateway } from '../../../main/server/companies-house-gateway/companies-house-gateway.js';
import { accounts, COMPANY, makeFiling, SECRETS, startGateway } from './gateway-support.js';

const md5 = (v: string) => createHash('md5').update(v, 'utf8').digest('hex');
const FORMS = [SECRETS.presenterId, SECRETS.presenterCode, SECRETS.companyAuthCode, md5(SECRETS.presenterId), md5(SECRETS.presenterCode), md5(SECRETS.presenterId).toUpperCase(), md5(SECRETS.presenterCode).toUpperCase()];

function everyFile(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? everyFile(path) : [path];
  });
}

const gateways: CompaniesHouseGateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
});

describe('Companies House secrets are never kept', () => {
  it('not in the records, the submission numbers, the claims, nor in the progress, with every secret echoed in the rejection', { timeout: 90_000 }, async () => {
    const { gateway, url } = await startGateway();
    gateways.push(gateway);
    gateway.faults.outcome = 'reject';
    gateway.faults.rejections = FORMS.map((f, i) => ({ code: String(i), description: `You sent ${f} to us` }));
    const { filing, dataDir } = makeFiling();
    const progress: string[] = [];
    const outcome = await filing.file(accounts(), { companyNumber: COMPANY.number, environment: 'test', endpoint: url }, (p) => progress.push(JSON.stringify(p)));
    expect(outcome.outcome).toBe('rejected');
    expect(outcome.reasons).toHaveLength(FORMS.length);
    for (const r of outcome.reasons) expect(r.text).toBe('You sent [masked] to us');
    const files = everyFile(dataDir);
    expect(files.some((f) => f.endsWith('.number'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const form of FORMS) expect(text.includes(form), `${file} holds a form of a secret`).toBe(false);
      // The file names too: the presenter's folder is a slow hash, never the ID or its digest.
      for (const form of FORMS) expect(file.includes(form)).toBe(false);
    }
    for (const line of progress) for (const form of FORMS) expect(line.includes(form)).toBe(false);
  });
});
