// `npm test`: the whole suite, then a plain "N passed, N failed" line.
// On Linux with gnome-keyring and dbus installed it first re-runs itself in a
// private D-Bus session with a fresh keyring (scripts/keyring-session.sh), so
// the keychain tests run against a real Secret Service.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

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
// Each end-to-end test process records the screen states axe-core checked
// (test/e2e/accessibility.ts); this run's records only.
const axeDir = join(outDir, 'axe-core');
rmSync(axeDir, { recursive: true, force: true });
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`, ...args],
  { stdio: 'inherit', cwd: root },
);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(jsonFile)) {
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  passed = report.numPassedTests ?? 0;
  // A file that failed without a failing test (it did not load, a hook threw) counts once;
  // vitest's own suite count also counts each describe block around a failed test.
  const filesFailedOutsideTests = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  failed = (report.numFailedTests ?? 0) + filesFailedOutsideTests;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
const axe = axeTotals(axeDir);
if (axe.states > 0) console.log(`axe-core: ${axe.states} screen states checked, ${axe.violations} violations (WCAG 2.2 A/AA)`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// A screen state with a WCAG violation fails the run even where its test let it pass (a failure's own picture).
process.exit(r.status === 0 && failed === 0 && passed > 0 && axe.violations === 0 ? 0 : 1);

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
