/**
 * Once before any test file: build the command-line bundle if it is missing or
 * stale, as `npm run cli` would on first use. Without this, the first CLI
 * tests of a run (in parallel workers) would each start that build and print
 * its notice on stderr, which the tests read.
 */
// @ts-expect-error: a plain ES module script without type declarations
import { ensureCliBundle } from '../scripts/cli.mjs';

export default async function setup(): Promise<void> {
  await ensureCliBundle();
}
