/**
 * `cli office sync` and `cli office resolve`: the same sync and the same
 * choice between versions as Settings › Office, on the data folder's own
 * files. Exit 0 synced, 1 synced with conflicts left to choose, 2 the
 * office could not be reached or refused (saying which).
 */
import { OFFICE_RECORD_KINDS, type OfficeRecordKind } from '../../common/office/protocol.js';
import type { OfficeConflictView } from '../../preload/contract-office.js';
import { officeClaimsFor } from '../office/office-claims-link.js';
import { dataFolderOf, openKeychain, openOfficeDesk, reportOfficeFailure } from './office-cli-desk.js';
import { CliUsageError, type CliIo, type ParsedArgs } from './io.js';
import { jsonText, terminalText } from './safe-text.js';

const SYNC = { area: 'office', name: 'sync' } as const;
const RESOLVE = { area: 'office', name: 'resolve' } as const;

const conflictLine = (c: OfficeConflictView) =>
  `conflict: ${c.kind} ${c.id} (${terminalText(c.title)}): changed here and by ${terminalText(c.theirs.changedBy)} on ${terminalText(c.theirs.changedOn)}; choose with cli office resolve ${c.kind} ${c.id} --keep mine|theirs\n`;

export async function syncOfficeCommand(parsed: ParsedArgs, io: CliIo): Promise<number> {
  if (parsed.positional.length > 0) throw new CliUsageError('cli office sync takes no arguments, only --data-folder and --json', SYNC);
  const dataDir = dataFolderOf(parsed, SYNC);
  const json = parsed.flags.has('json');
  try {
    const keychain = await openKeychain(io);
    const desk = openOfficeDesk(dataDir, keychain, io);
    const result = await desk.runSync();
    // Filings that ended while the office could not be told: told now, so their returns are open (or closed) to the other desks as they should be.
    const claims = await officeClaimsFor(dataDir, { keychain: async () => keychain, howToTakeOver: '' }).tellOffice();
    if (claims.owed > 0) io.err(`office: ${claims.owed} filing outcome(s) could not be told to the office yet; the next sync tries again\n`);
    const status = await desk.status();
    const conflicts = status.joined ? status.sync.conflicts : [];
    if (json) {
      io.out(`${jsonText({ pushed: result.pushed, pulled: result.pulled, conflicts: conflicts.map((c) => ({ kind: c.kind, id: c.id, mine: c.mine, theirs: c.theirs })) }, 2)}\n`);
    } else {
      io.out(`office: sent ${result.pushed} change(s), took ${result.pulled} from the office\n`);
      for (const conflict of conflicts) io.out(conflictLine(conflict));
    }
    return conflicts.length > 0 ? 1 : 0;
  } catch (error) {
    const code = reportOfficeFailure(io, error, 'not synced');
    if (code !== undefined) return code;
    throw error;
  }
}

export async function resolveOfficeConflictCommand(parsed: ParsedArgs, io: CliIo): Promise<number> {
  const [kind, id, ...extra] = parsed.positional;
  if (!kind || !id || extra.length > 0) throw new CliUsageError('give the record: cli office resolve <kind> <id> --keep mine|theirs', RESOLVE);
  if (!(OFFICE_RECORD_KINDS as readonly string[]).includes(kind)) throw new CliUsageError(`<kind> must be one of ${OFFICE_RECORD_KINDS.join(', ')}; it is "${terminalText(kind)}"`, RESOLVE);
  const keep = parsed.values.keep;
  if (keep !== 'mine' && keep !== 'theirs') throw new CliUsageError('--keep must be mine (this desk\'s version) or theirs (the office\'s)', RESOLVE);
  const dataDir = dataFolderOf(parsed, RESOLVE);
  try {
    const desk = openOfficeDesk(dataDir, await openKeychain(io), io);
    const status = await desk.resolve({ kind: kind as OfficeRecordKind, id, keep });
    io.out(`office: kept ${keep === 'mine' ? "this desk's version" : "the office's version"} of the ${kind} ${terminalText(id)}\n`);
    const left = status.joined ? status.sync.conflicts : [];
    for (const conflict of left) io.out(conflictLine(conflict));
    return left.length > 0 ? 1 : 0;
  } catch (error) {
    const code = reportOfficeFailure(io, error, 'not resolved');
    if (code !== undefined) return code;
    throw error;
  }
}
