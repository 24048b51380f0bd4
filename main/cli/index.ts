/**
 * Command line for batch work: `npm run --silent cli -- <area> <command> …`.
 * Exit codes: 0 done, 1 a validation verdict of "not valid", 2 unusable input.
 */
import { CliUsageError, writeErr } from './io.js';

const USAGE = `usage:
  cli ct600 build <request.json> [--out <file.xml>]
  cli ct600 verify <file.xml>
  cli package build <request.json> [--hash] [--out <dir>]
  cli package validate <file>`;

async function main(argv: string[]): Promise<number> {
  const [area, ...rest] = argv;
  switch (area) {
    // Loaded on demand: a CT600 batch need not load the zip code, and vice versa.
    case 'ct600':
      return (await import('./ct600.js')).runCt600Command(rest);
    case 'package':
      return (await import('./package.js')).runPackageCommand(rest);
    default:
      throw new CliUsageError(area ? `unknown area "${area}"` : 'no area given');
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof CliUsageError) {
      writeErr(`${err.message}\n${USAGE}\n`);
      process.exitCode = 2;
      return;
    }
    writeErr(`internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exitCode = 3;
  },
);
