/**
 * A balance sheet that does not balance after the profit is closed to
 * reserves: the engine's own check (a balanced trial balance whose every code
 * is placed always balances, so no accounts.json reaches it); the command
 * reports the engine's problem, naming the lines, exit 2, and writes nothing.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAccountsCommand } from '../../main/cli/accounts-build.js';
import type { CliIo } from '../../main/cli/io.js';
import type { AccountsResult } from '../../main/engine/accounts/types.js';
import { examplesDir } from './run-cli.js';

describe('cli accounts build: a balance sheet that does not balance', () => {
  it('exit 2 with the engine\'s problem naming the line, and no file', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'fd-cli-accounts-bs-')), 'accounts.xhtml');
    const seen = { stdout: '', stderr: '' };
    const io: CliIo = { out: (t) => void (seen.stdout += t), err: (t) => void (seen.stderr += t), stdoutIsTTY: false, stderrIsTTY: false };
    const problem = { field: 'balanceSheet', rule: 'balance-sheet-balances', message: 'The balance sheet does not balance after the profit of £15,119 is closed to reserves: net assets £25,972, capital and reserves £25,971, a difference of £1.' };
    const build = (): AccountsResult => ({ ok: false, problems: [problem] });
    const code = await buildAccountsCommand({ positional: [join(examplesDir, 'accounts', 'micro-company.json')], values: { out }, flags: new Set(), lists: {} }, io, build);
    expect(code).toBe(2);
    expect(JSON.parse(seen.stderr)).toEqual({ errors: [problem] });
    expect(seen.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });
});
