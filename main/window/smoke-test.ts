/**
 * `Filing Desk --smoke-test` (or FILING_DESK_SMOKE_TEST=1): run on the
 * installed app of a release machine before publishing. A packaged app can be
 * broken in ways no unit test sees (asar integrity, a missing native keychain
 * binary for the chip, an engine worker left out of the package), so this
 * opens the window, waits for the start screen, asks the engine worker and
 * the keychain one question each, writes the outcome to the log and exits 0
 * only when all three answered. No Electron import: main/index.ts passes in
 * what it needs.
 */
import type { CredentialStore } from '../credentials/credential-store.js';
import type { ScopedLog } from '../log/app-log.js';

export const SMOKE_TEST_SWITCH = '--smoke-test';
export const SMOKE_TEST_ENV = 'FILING_DESK_SMOKE_TEST';

export function isSmokeTestRun(argv: readonly string[], env: Record<string, string | undefined>): boolean {
  return argv.includes(SMOKE_TEST_SWITCH) || env[SMOKE_TEST_ENV] === '1';
}

/**
 * A tiny return envelope and the IRmark the engine must compute for it: a
 * known answer, so a worker that runs but hashes wrongly (a broken
 * canonicaliser in the package) fails too.
 */
export const SMOKE_ENVELOPE =
  '<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body><IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/CT/5"><IRheader><IRmark Type="generic">AAAA</IRmark></IRheader></IRenvelope></Body></GovTalkMessage>';
export const SMOKE_ENVELOPE_IRMARK = 'GFnIFW4HwCA+XVD2qmxrLNh//PY=';

/** An account no one writes: reading it must answer "nothing there" without creating anything. */
export const SMOKE_KEYCHAIN_ACCOUNT = 'smoke-test-probe';

/** JavaScript run in the page: true once the start screen's heading is shown. */
export const START_SCREEN_SHOWN_SCRIPT = `Array.from(document.querySelectorAll('h2')).some((h) => h.textContent.trim() === 'Start')`;

export interface SmokeTestDeps {
  /** Runs JavaScript in the main window's page (webContents.executeJavaScript); rejects while there is none. */
  evaluateInPage(script: string): Promise<unknown>;
  /** The engine worker's IRmark check of an envelope. */
  verifyIrmark(xml: Uint8Array): Promise<{ expected: string }>;
  /** The credential store main settled on (the OS keychain, or memory when it could not be reached). */
  credentials(): Promise<CredentialStore>;
  log: ScopedLog;
  /** Each check gives up after this long; a release machine is slow but not this slow. */
  stepTimeoutMs?: number;
  pollMs?: number;
}

export interface SmokeOutcome {
  passed: boolean;
  /** One line per check: "start screen: shown", "engine worker: FAILED — …". */
  lines: string[];
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function waitForStartScreen(deps: SmokeTestDeps, timeoutMs: number): Promise<void> {
  const pollMs = deps.pollMs ?? 250;
  const deadline = Date.now() + timeoutMs;
  let last = 'the window did not answer';
  while (Date.now() < deadline) {
    try {
      if ((await deps.evaluateInPage(START_SCREEN_SHOWN_SCRIPT)) === true) return;
      last = 'the window is open but the start screen is not shown';
    } catch (error) {
      last = reason(error);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`the start screen was not shown within ${Math.round(timeoutMs / 1000)} s (${last})`);
}

export async function runSmokeTest(deps: SmokeTestDeps): Promise<SmokeOutcome> {
  const timeoutMs = deps.stepTimeoutMs ?? 60_000;
  const checks: [string, () => Promise<string>][] = [
    [
      'start screen',
      async () => {
        await waitForStartScreen(deps, timeoutMs);
        return 'shown';
      },
    ],
    [
      'engine worker',
      async () => {
        const result = await withTimeout(deps.verifyIrmark(new TextEncoder().encode(SMOKE_ENVELOPE)), timeoutMs, 'the engine worker’s answer');
        if (result.expected !== SMOKE_ENVELOPE_IRMARK) throw new Error(`it computed the IRmark ${result.expected}, not the known answer ${SMOKE_ENVELOPE_IRMARK}`);
        return 'answered with the known IRmark';
      },
    ],
    [
      'keychain',
      async () => {
        const store = await withTimeout(deps.credentials(), timeoutMs, 'the keychain’s answer');
        // Memory-only secrets mean users would sign in at every launch: on a release machine that is a failure.
        if (store.kind !== 'os-keychain') throw new Error(`the system keychain is not in use: ${store.description}`);
        const found = await withTimeout(store.get(SMOKE_KEYCHAIN_ACCOUNT), timeoutMs, 'the keychain’s answer');
        if (found !== undefined) throw new Error(`it returned a secret for "${SMOKE_KEYCHAIN_ACCOUNT}", which no one writes`);
        return 'answered (read of an item that does not exist)';
      },
    ],
  ];
  const lines: string[] = [];
  let answered = 0;
  for (const [name, check] of checks) {
    try {
      const line = `${name}: ${await check()}`;
      lines.push(line);
      answered += 1;
      deps.log.info(`smoke test: ${line}`);
    } catch (error) {
      const line = `${name}: FAILED: ${reason(error)}`;
      lines.push(line);
      deps.log.error(`smoke test: ${line}`);
    }
  }
  const passed = answered === checks.length;
  deps.log[passed ? 'info' : 'error'](`smoke test ${passed ? 'passed' : 'FAILED'} (${answered} of ${checks.length} checks answered)`);
  return { passed, lines };
}
