// `npm test`: the whole suite, then a plain "N passed, N failed" line.
// On Linux with gnome-keyring and dbus installed it first re-runs itself in a
// private D-Bus session with a fresh keyring (scripts/keyring-session.sh), so
// the keychain tests run against a real Secret Service.
//
// Two Vitest runs go side by side: the keychain's files, one at a time (the
// daemon can abort when several processes open sessions at once), and every
// other file, two or more at a time. In one run Vitest can only put the
// serial files after the rest, where they left a core idle for a minute and
// a half of every run. The keychain run's output is printed once the other's
// is done, and the two reports are merged into test-output/vitest.json.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, readdirSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ensureCliBundle } from './cli.mjs';
import { buildRendererAsShipped } from './build-renderer.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

if (
  process.platform === 'linux' &&
  !process.env.FILING_DESK_SECRET_SERVICE &&
  has('dbus-run-session') &&
  has('gnome-keyring-daemon')
) {
  const r = spawnSync(
    'dbus-run-session',
    ['--', 'bash', join(root, 'scripts/keyring-session.sh'), process.execPath, fileURLToPath(import.meta.url), ...args],
    { stdio: 'inherit', cwd: root },
  );
  process.exit(r.status ?? 1);
}

const outDir = join(root, 'test-output');
mkdirSync(outDir, { recursive: true });
const jsonFile = join(outDir, 'vitest.json');
const keychainJsonFile = join(outDir, 'vitest-keychain.json');
const keychainLog = join(outDir, 'vitest-keychain.log');
rmSync(jsonFile, { force: true });
rmSync(keychainJsonFile, { force: true });
// Each end-to-end test process records the screen states axe-core checked
// (test/e2e/accessibility.ts); this run's records only.
const axeDir = join(outDir, 'axe-core');
rmSync(axeDir, { recursive: true, force: true });

// Built once here: each run's global setup would otherwise find it stale at the same moment and both build it.
await ensureCliBundle();

// The renderer the end-to-end files serve, built once for both runs (test/e2e/harness.ts reads the folder, never writes it).
const builtRenderer = join(outDir, 'e2e-renderer');
await buildRendererAsShipped(builtRenderer);
const testEnv = { ...process.env, FILING_DESK_E2E_RENDERER: builtRenderer };

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
// A filter may match files of one run only; the other then has none, which is no failure (the count below needs one pass).
const vitestArgs = (projects, json) => [vitest, 'run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...args];

const keychainOutput = createWriteStream(keychainLog);
const keychainRun = spawn(process.execPath, vitestArgs(['keychain'], keychainJsonFile), { stdio: ['ignore', 'pipe', 'pipe'], cwd: root, env: testEnv });
keychainRun.stdout.pipe(keychainOutput, { end: false });
keychainRun.stderr.pipe(keychainOutput, { end: false });
const keychainExit = new Promise((resolve) => keychainRun.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const mainRun = spawn(process.execPath, vitestArgs(['suite', 'shared-modules'], jsonFile), { stdio: 'inherit', cwd: root, env: testEnv });
const mainExit = await new Promise((resolve) => mainRun.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const keychainStatus = await keychainExit;
await new Promise((resolve) => keychainOutput.end(resolve));
console.log('\nThe keychain files, run beside the rest one at a time:');
process.stdout.write(readFileSync(keychainLog));

const reports = [jsonFile, keychainJsonFile].filter((f) => existsSync(f)).map((f) => JSON.parse(readFileSync(f, 'utf8')));
const merged = mergeReports(reports);
if (merged) writeFileSync(jsonFile, JSON.stringify(merged));
rmSync(keychainJsonFile, { force: true });

let passed = 0;
let failed = 0;
let skipped = 0;
if (merged) {
  passed = merged.numPassedTests ?? 0;
  // A file that failed without a failing test (it did not load, a hook threw) counts once;
  // vitest's own suite count also counts each describe block around a failed test.
  const filesFailedOutsideTests = (merged.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  failed = (merged.numFailedTests ?? 0) + filesFailedOutsideTests;
  skipped = (merged.numPendingTests ?? 0) + (merged.numTodoTests ?? 0);
}
const axe = axeTotals(axeDir);
if (axe.states > 0) console.log(`axe-core: ${axe.states} screen states checked, ${axe.violations} violations (WCAG 2.2 A/AA)`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// A screen state with a WCAG violation fails the run even where its test let it pass (a failure's own picture).
// Each run must have ended cleanly and produced its report: a run that crashed has no report, and its tests are not "passed".
const bothReported = reports.length === 2;
process.exit(mainExit === 0 && keychainStatus === 0 && bothReported && failed === 0 && passed > 0 && axe.violations === 0 ? 0 : 1);

/** Vitest's JSON reports of the two runs as one: counts summed, files listed together, the earlier start time. */
function mergeReports(list) {
  if (list.length === 0) return null;
  const [first, ...rest] = list;
  const merged = { ...first, testResults: [...(first.testResults ?? [])] };
  for (const report of rest) {
    for (const [key, value] of Object.entries(report)) {
      if (key.startsWith('num') && typeof value === 'number') merged[key] = (merged[key] ?? 0) + value;
    }
    merged.testResults.push(...(report.testResults ?? []));
    merged.success = Boolean(merged.success && report.success);
    if (typeof report.startTime === 'number') merged.startTime = Math.min(merged.startTime ?? report.startTime, report.startTime);
  }
  return merged;
}

function axeTotals(dir) {
  let states = 0;
  let violations = 0;
  if (!existsSync(dir)) return { states, violations };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      states += 1;
      violations += JSON.parse(line).violations;
    }
  }
  return { states, violations };
}
