/**
 * Command line for batch work: `npm run --silent cli -- <area> <command> …`.
 * Exit codes: 0 done, 1 a validation verdict of "not valid", 2 unusable input
 * or a usage mistake, 3 an internal error.
 */
import './compile-cache.js';
import { AREAS } from './commands.js';
import { helpText } from './help.js';
import { CliUsageError, HelpRequested, processIo, type CliIo } from './io.js';
import { terminalLines, terminalText } from './safe-text.js';
import { version } from './version.js';

async function main(argv: string[], io: CliIo): Promise<number> {
  const [area, ...rest] = argv;
  if (area === '--help' || area === '-h' || area === 'help') {
    io.out(helpText());
    return 0;
  }
  if (area === '--version' || area === '-v') {
    io.out(`${version()}\n`);
    return 0;
  }
  if (area !== undefined && (AREAS as readonly string[]).includes(area) && (rest[0] === '--help' || rest[0] === '-h')) {
    io.out(helpText(area));
    return 0;
  }
  switch (area) {
    // Loaded on demand: a CT600 batch need not load the zip code, and vice versa.
    case 'ct600':
      return (await import('./ct600.js')).runCt600Command(rest, io);
    case 'package':
      return (await import('./package.js')).runPackageCommand(rest, io);
    case 'schema':
      return (await import('./schema.js')).runSchemaCommand(rest, io);
    case 'deadlines':
      return (await import('./deadlines.js')).runDeadlinesCommand(rest, io);
    case 'taxonomy':
      return (await import('./taxonomy.js')).runTaxonomyCommand(rest, io);
    case 'ixbrl':
      return (await import('./ixbrl.js')).runIxbrlCommand(rest, io);
    case 'accounts':
      return (await import('./accounts.js')).runAccountsCommand(rest, io);
    case 'office':
      return (await import('./office.js')).runOfficeCommand(rest, io);
    case 'clients':
      return (await import('./clients.js')).runClientsCommand(rest, io);

    default:
      throw new CliUsageError(
        area === undefined ? 'no area given' : area.startsWith('-') ? `unknown option ${area}` : `unknown area "${area}" (use ${AREAS.join(', ')})`,
      );
  }
}

main(process.argv.slice(2), processIo).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof HelpRequested) {
      processIo.out(helpText(err.help.area, err.help.name));
      process.exitCode = 0;
      return;
    }
    if (err instanceof CliUsageError) {
      // The message may quote what was typed, or a file name: shown escaped, never obeyed by the terminal.
      processIo.err(`${terminalText(err.message)}\n${helpText(err.help?.area, err.help?.name)}`);
      process.exitCode = 2;
      return;
    }
    processIo.err(`internal error: ${terminalLines(err instanceof Error ? err.stack ?? err.message : String(err))}\n`);
    process.exitCode = 3;
  },
);
