/**
 * `cli accounts build <accounts.json> --out <accounts.xhtml> [--json] [--force]`:
 * the accounts built from the trial balance and written as one Inline XBRL
 * document. Everything is built and checked before a byte is written: a
 * trial balance that does not balance, a code no mapping places or a balance
 * sheet that does not balance is exit 2 with the problems as JSON on stderr,
 * naming the code or line, and no file. The file is written atomically and
 * never over one already there unless --force says so.
 */
import { localToday } from '../deadlines/deadline-inputs.js';
import { writeAccountsIxbrl } from '../engine/accounts/ixbrl/index.js';
import { formatPounds } from '../engine/accounts/statements/rounding.js';
import type { Accounts } from '../engine/accounts/types.js';
import { AccountsFileError, buildAccountsFile, type BuildAccounts } from './accounts-request.js';
import { CliUsageError, writeOutputFile, type CliIo, type ParsedArgs } from './io.js';
import { jsonText, terminalText } from './safe-text.js';
import { productAndVersion } from './version.js';

const USAGE = { area: 'accounts', name: 'build' } as const;

export async function buildAccountsCommand({ positional, values, flags }: ParsedArgs, io: CliIo, build?: BuildAccounts): Promise<number> {
  if (positional.length !== 1) throw new CliUsageError('accounts build takes one accounts.json', USAGE);
  const out = values.out;
  if (out === undefined) throw new CliUsageError('accounts build needs --out <accounts.xhtml>: where to write the accounts', USAGE);

  let built;
  try {
    // The board cannot have approved the accounts after today (this computer's calendar).
    built = await buildAccountsFile(positional[0]!, build, localToday(new Date()));
  } catch (err) {
    if (!(err instanceof AccountsFileError)) throw err;
    io.err(`${jsonText({ errors: err.problems }, 2)}\n`);
    return 2;
  }
  const { accounts } = built;
  const { product, version } = productAndVersion();
  const document = writeAccountsIxbrl(accounts, { software: product, version });
  await writeOutputFile(out, new TextEncoder().encode(document), { force: flags.has('force') });

  if (flags.has('json')) {
    io.out(
      `${jsonText(
        {
          out,
          facts: currentFacts(accounts),
          balanceSheetTotal: accounts.totals.balanceSheetTotal.current,
          profitLoss: accounts.totals.profitLoss.current,
          checks: [...built.checks, ...accounts.checks],
        },
        2,
      )}\n`,
    );
    return 0;
  }
  const profit = accounts.totals.profitLoss.current;
  io.out(
    `${terminalText(out)}: ${terminalText(accounts.company.name)} ${accounts.standard} accounts ${accounts.period.from} to ${accounts.period.to}, balance sheet total ${formatPounds(accounts.totals.balanceSheetTotal.current)}, ${profit < 0 ? 'loss' : 'profit'} ${formatPounds(Math.abs(profit))}\n`,
  );
  return 0;
}

/** Each concept's figure for the period itself, without a dimension: what a reader of the document finds first. */
function currentFacts(accounts: Accounts): Record<string, number> {
  const facts: Record<string, number> = {};
  for (const f of accounts.facts) if (f.period === 'current' && f.dimension === undefined && facts[f.concept] === undefined) facts[f.concept] = f.value;
  return facts;
}
