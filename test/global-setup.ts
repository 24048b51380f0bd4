/**
 * Once before any test file: build the command-line bundle if it is missing or
 * stale, as `npm run cli` would on first use (without this, the first CLI
 * tests of a run, in parallel workers, would each start that build and print
 * its notice on stderr, which the tests read); and start the run's private
 * PostgreSQL for the office's tests (test/helpers/postgres.ts), stopped when
 * the run ends. The test processes learn where it is from the environment.
 */
// @ts-expect-error: a plain ES module script without type declarations
import { ensureCliBundle } from '../scripts/cli.mjs';
import { startTestCluster, TEST_POSTGRES_ENV, TEST_POSTGRES_PROBLEM_ENV, type TestCluster } from './helpers/postgres.js';

export default async function setup(): Promise<() => void> {
  await ensureCliBundle();
  let cluster: TestCluster | undefined;
  try {
    cluster = await startTestCluster();
    process.env[TEST_POSTGRES_ENV] = cluster.url;
  } catch (error) {
    // The office's tests fail with this reason; the rest of the suite runs.
    process.env[TEST_POSTGRES_PROBLEM_ENV] = (error as Error).message;
  }
  return () => cluster?.stop();
}
