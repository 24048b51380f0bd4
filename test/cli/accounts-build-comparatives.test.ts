/** Comparatives are built year by year behind this one, to a limit: an eleventh year back is refused, naming the field through every year. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountsFileError, buildAccountsFile, MAX_COMPARATIVE_YEARS } from '../../main/cli/accounts-request.js';
import { examplesDir } from './run-cli.js';

describe('accounts.json comparatives', () => {
  it(`builds at most ${MAX_COMPARATIVE_YEARS} years of comparatives behind this year's`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-cli-accounts-years-'));
    const base = JSON.parse(readFileSync(join(examplesDir, 'accounts', 'micro-company.json'), 'utf8'));
    for (let year = 0; year <= MAX_COMPARATIVE_YEARS + 1; year++) {
      writeFileSync(join(dir, `year-${year}.json`), JSON.stringify({ ...base, trialBalance: join(examplesDir, 'accounts', 'micro-company-2026.csv'), comparatives: `year-${year + 1}.json` }));
    }
    const err = await buildAccountsFile(join(dir, 'year-0.json')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AccountsFileError);
    expect((err as AccountsFileError).problems).toEqual([
      {
        field: Array.from({ length: MAX_COMPARATIVE_YEARS + 1 }, () => 'comparatives').join('.'),
        rule: 'comparatives-depth',
        message: `more than ${MAX_COMPARATIVE_YEARS} years of comparatives, each built before the next: remove "comparatives" from the oldest year you need`,
      },
    ]);
  });
});
