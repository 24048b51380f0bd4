/**
 * accounts.json, the accounts build's input, read into the engine's request:
 *
 *   { "company": { "name", "number" }, "period": { "from", "to" },
 *     "standard": "FRS 105" | "FRS 102 1A", "trialBalance": "<csv beside this file>",
 *     "mapping": { "<code>": "<line key>" }, "comparatives": "<last year's accounts.json>",
 *     "directors": [ … ], "approval": { "date", "director" }, "averageEmployees": n, "dormant": false }
 *
 * The trial balance is read whatever product exported it; its codes are
 * placed by the firm's mapping, then by the default chart; last year's
 * accounts.json is built first (and its own comparatives before it, to a
 * limit) to give the comparatives. Every problem is named with its field,
 * those of last year's file under "comparatives.".
 */
import { dirname, resolve } from 'node:path';
import { nilCodesLeftOut, placeTrialBalance, readFirmMapping, type PlacementResult } from '../engine/accounts/mapping/index.js';
import { buildAccounts } from '../engine/accounts/statements/index.js';
import { decodeExportText, importTrialBalance, toTrialBalance, type ImportedTrialBalance } from '../engine/accounts/trial-balance/index.js';
import type { Accounts, AccountsCheck, AccountsProblem, AccountsRequest, AccountsResult, AccountsStandard, IsoDate } from '../engine/accounts/types.js';
import { RequestValidationError } from '../engine/errors.js';
import { readInput, readJsonFile, type InputLimit } from './io.js';

const MiB = 1024 * 1024;
/** An accounts.json: a few kilobytes; 4 MiB is far beyond any notes a firm writes. */
export const ACCOUNTS_JSON_INPUT: InputLimit = { maxBytes: 4 * MiB, kind: 'accounts.json files' };
/** A trial balance export: a row is under 200 bytes, so 16 MiB is tens of thousands of accounts. */
export const TRIAL_BALANCE_INPUT: InputLimit = { maxBytes: 16 * MiB, kind: 'trial balance files' };
/** How many years of comparatives are built behind this year's: each file names the year before it. */
export const MAX_COMPARATIVE_YEARS = 10;

/** A problem with the rule it breaks, when the rule has a name. */
export interface AccountsFileProblem {
  field: string;
  rule?: string;
  message: string;
}

export class AccountsFileError extends Error {
  constructor(readonly problems: AccountsFileProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.message}`).join('; '));
  }
}

export interface BuiltFromFile {
  accounts: Accounts;
  /** What the reader checked on top of the engine: the export read, the codes placed. */
  checks: AccountsCheck[];
  trialBalance: ImportedTrialBalance;
  placement: PlacementResult;
}

const KNOWN_KEYS = new Set(['company', 'period', 'standard', 'trialBalance', 'mapping', 'comparatives', 'directors', 'approval', 'averageEmployees', 'dormant', 'principalActivity', 'notes', 'deliverProfitAndLossToCompaniesHouse']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The shape only; the engine checks dates, numbers and the rest of each rule. */
function shapeProblems(raw: unknown): AccountsFileProblem[] {
  if (!isObject(raw)) return [{ field: '', rule: 'shape', message: 'accounts.json must be a JSON object' }];
  const out: AccountsFileProblem[] = [];
  for (const key of Object.keys(raw)) if (!KNOWN_KEYS.has(key)) out.push({ field: key, rule: 'shape', message: `is not a field of accounts.json (fields: ${[...KNOWN_KEYS].join(', ')})` });
  const needObject = (key: string, fields: string[]) => {
    const v = raw[key];
    if (!isObject(v)) return out.push({ field: key, rule: 'shape', message: `must be an object with ${fields.join(' and ')}` });
    for (const f of fields) if (typeof v[f] !== 'string') out.push({ field: `${key}.${f}`, rule: 'shape', message: 'must be text' });
    return 0;
  };
  needObject('company', ['name', 'number']);
  needObject('period', ['from', 'to']);
  needObject('approval', ['date', 'director']);
  if (typeof raw.trialBalance !== 'string' || raw.trialBalance === '') out.push({ field: 'trialBalance', rule: 'shape', message: 'must name the trial balance file (CSV), relative to this accounts.json' });
  if (raw.comparatives !== undefined && (typeof raw.comparatives !== 'string' || raw.comparatives === '')) out.push({ field: 'comparatives', rule: 'shape', message: "must name last year's accounts.json, relative to this one" });
  if (!Array.isArray(raw.directors) || raw.directors.some((d) => typeof d !== 'string' && !(isObject(d) && typeof d.name === 'string'))) {
    out.push({ field: 'directors', rule: 'shape', message: 'must be a list of the directors\' names (text, or objects with a name)' });
  }
  return out;
}

const prefixed = (prefix: string, field: string) => (prefix ? (field ? `${prefix}.${field}` : prefix) : field);

function asProblems(err: unknown, prefix: string): AccountsFileProblem[] | undefined {
  if (err instanceof AccountsFileError) return err.problems.map((p) => ({ ...p, field: prefixed(prefix, p.field) }));
  if (err instanceof RequestValidationError) return err.errors.map((e) => ({ field: prefixed(prefix, e.field), message: e.message }));
  return undefined;
}

/**
 * Builds the accounts an accounts.json describes; throws AccountsFileError naming every problem, fields of last year's file under "comparatives.".
 * `today` is the last date the board can have approved them on (the command line gives the real date).
 */
export async function buildAccountsFile(path: string, build: BuildAccounts = buildAccounts, today?: IsoDate): Promise<BuiltFromFile> {
  const engine: EngineBuild = (request) => build(request, today === undefined ? {} : { today });
  try {
    return await buildOne(resolve(path), [], engine);
  } catch (err) {
    const problems = asProblems(err, '');
    if (problems) throw new AccountsFileError(problems);
    throw err;
  }
}

/** The accounts engine's build: a parameter so the reader's handling of each engine problem can be shown. */
export type BuildAccounts = typeof buildAccounts;
type EngineBuild = (request: AccountsRequest) => AccountsResult;

async function buildOne(path: string, chain: string[], build: EngineBuild): Promise<BuiltFromFile> {
  const raw = await readJsonFile(path, ACCOUNTS_JSON_INPUT);
  const shape = shapeProblems(raw);
  if (shape.length) throw new AccountsFileError(shape);
  const file = raw as Record<string, unknown> & { trialBalance: string; standard: AccountsStandard; comparatives?: string };
  const here = dirname(path);

  let comparatives: BuiltFromFile | undefined;
  if (file.comparatives !== undefined) {
    const previous = resolve(here, file.comparatives);
    if (previous === path || chain.includes(previous)) throw new AccountsFileError([{ field: 'comparatives', rule: 'comparatives-circle', message: `${file.comparatives} leads back to an accounts.json already being built: last year's accounts cannot come after this year's` }]);
    if (chain.length + 1 > MAX_COMPARATIVE_YEARS) {
      throw new AccountsFileError([{ field: 'comparatives', rule: 'comparatives-depth', message: `more than ${MAX_COMPARATIVE_YEARS} years of comparatives, each built before the next: remove "comparatives" from the oldest year you need` }]);
    }
    try {
      comparatives = await buildOne(previous, [...chain, path], build);
    } catch (err) {
      const problems = asProblems(err, 'comparatives');
      if (problems) throw new AccountsFileError(problems);
      throw err;
    }
  }

  const bytes = await readInput(resolve(here, file.trialBalance), TRIAL_BALANCE_INPUT, 'trialBalance');
  const { text, encoding } = decodeExportText(bytes);
  const imported = importTrialBalance(text);
  const firm = readFirmMapping(file.mapping);
  const placement = placeTrialBalance(imported.lines, { standard: file.standard, format: imported.source.format, firm });

  const nil = nilCodesLeftOut(imported.lines, (code) => placement.mapping[code] !== undefined);
  const unplacedWhy = new Map(placement.unplaced.filter((u) => !nil.has(u.code)).map((u) => [u.code, u.why]));
  const trialBalance = toTrialBalance({ ...imported, lines: imported.lines.filter((l) => !nil.has(l.code)) });

  const request: AccountsRequest = {
    company: file.company as AccountsRequest['company'],
    period: file.period as AccountsRequest['period'],
    standard: file.standard,
    trialBalance,
    mapping: placement.mapping,
    ...(comparatives ? { comparatives: comparatives.accounts } : {}),
    directors: (file.directors as (string | { name: string })[]).map((d) => (typeof d === 'string' ? d : d.name)),
    approval: file.approval as AccountsRequest['approval'],
    averageEmployees: file.averageEmployees as number,
    dormant: file.dormant as boolean,
    ...(file.principalActivity !== undefined ? { principalActivity: file.principalActivity as string } : {}),
    ...(file.notes !== undefined ? { notes: file.notes as AccountsRequest['notes'] } : {}),
    ...(file.deliverProfitAndLossToCompaniesHouse !== undefined ? { deliverProfitAndLossToCompaniesHouse: file.deliverProfitAndLossToCompaniesHouse as boolean } : {}),
  };
  const result = build(request);
  if (!result.ok) throw new AccountsFileError(result.problems.map((p) => withWhy(p, unplacedWhy)));

  const columns = Object.entries(imported.source.columns).map(([field, caption]) => `${field} from "${caption}"`).join(', ');
  const checks: AccountsCheck[] = [
    {
      rule: 'trial-balance-read',
      level: 'passed',
      message: `Read ${file.trialBalance} as ${imported.source.product} (header on row ${imported.source.headerRow}${encoding === 'windows-1252' ? ', Windows-1252 text' : ''}): ${columns}; ${imported.lines.length} accounts.`,
    },
    {
      rule: 'codes-placed-by',
      level: 'passed',
      message: `${placement.placed.filter((p) => p.by === 'firm').length} codes placed by the firm's mapping, ${placement.placed.filter((p) => p.by !== 'firm').length} by ${placement.chart.id ? placement.chart.name : 'name or type'}${nil.size ? `; nil accounts left out: ${[...nil].join(', ')}` : ''}.`,
    },
  ];
  return { accounts: result.accounts, checks, trialBalance: imported, placement };
}

/** The engine names a code no line takes; the default mapping says why it could not place it. */
function withWhy(problem: AccountsProblem, why: Map<string, string>): AccountsFileProblem {
  const code = problem.rule === 'code-placed' && problem.field.startsWith('mapping.') ? problem.field.slice('mapping.'.length) : undefined;
  const reason = code === undefined ? undefined : why.get(code);
  return reason ? { ...problem, message: `${problem.message} (${reason}.)` } : problem;
}
