import { describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import type { CredentialStore } from '../../main/credentials/credential-store.js';
import { verifyIrmark } from '../../main/engine/ct600/index.js';
import { isSmokeTestRun, runSmokeTest, SMOKE_ENVELOPE, SMOKE_ENVELOPE_IRMARK, type SmokeTestDeps } from '../../main/window/smoke-test.js';

const keychain: CredentialStore = { kind: 'os-keychain', description: 'the system keychain', get: async () => undefined, set: async () => undefined, delete: async () => false };

function deps(overrides: Partial<SmokeTestDeps> = {}) {
  const lines: string[] = [];
  const log = { info: (m: unknown) => void lines.push(`info ${String(m)}`), warn: (m: unknown) => void lines.push(`warn ${String(m)}`), error: (m: unknown) => void lines.push(`error ${String(m)}`) };
  return {
    lines,
    deps: {
      evaluateInPage: async () => true,
      verifyIrmark: async (xml: Uint8Array) => verifyIrmark(xml),
      credentials: async () => keychain,
      log,
      stepTimeoutMs: 300,
      pollMs: 10,
      ...overrides,
    } satisfies SmokeTestDeps,
  };
}

describe('the release smoke test', () => {
  it('is switched on by --smoke-test or FILING_DESK_SMOKE_TEST=1 only', () => {
    expect(isSmokeTestRun(['/opt/Filing Desk/filing-desk', '--smoke-test'], {})).toBe(true);
    expect(isSmokeTestRun(['/opt/Filing Desk/filing-desk'], { FILING_DESK_SMOKE_TEST: '1' })).toBe(true);
    expect(isSmokeTestRun(['/opt/Filing Desk/filing-desk', 'smoke-test.fdesk'], { FILING_DESK_SMOKE_TEST: '0' })).toBe(false);
  });

  it('knows the IRmark the engine must compute for its envelope', () => {
    expect(verifyIrmark(new TextEncoder().encode(SMOKE_ENVELOPE)).expected).toBe(SMOKE_ENVELOPE_IRMARK);
  });

  it('passes when the start screen shows and the engine and the keychain answer', async () => {
    const { deps: d, lines } = deps();
    await expect(runSmokeTest(d)).resolves.toMatchObject({ passed: true });
    expect(lines.at(-1)).toBe('info smoke test passed (3 of 3 checks answered)');
  });

  it('fails, naming each check, when the page never shows the start screen, the engine hashes wrongly, or secrets would only be kept in memory', async () => {
    const { deps: d, lines } = deps({
      evaluateInPage: async () => false,
      verifyIrmark: async () => ({ expected: 'AAAA' }),
      credentials: async () => new MemoryCredentialStore('the keychain library could not be loaded'),
    });
    const outcome = await runSmokeTest(d);
    expect(outcome.passed).toBe(false);
    expect(outcome.lines[0]).toMatch(/^start screen: FAILED: the start screen was not shown within 0 s \(the window is open but the start screen is not shown\)/);
    expect(outcome.lines[1]).toMatch(/^engine worker: FAILED: it computed the IRmark AAAA, not the known answer/);
    expect(outcome.lines[2]).toMatch(/^keychain: FAILED: the system keychain is not in use: .*the keychain library could not be loaded/);
    expect(lines.at(-1)).toBe('error smoke test FAILED (0 of 3 checks answered)');
  });

  it('fails rather than waits for ever when the engine worker never answers', async () => {
    const { deps: d } = deps({ verifyIrmark: () => new Promise(() => undefined) });
    const outcome = await runSmokeTest(d);
    expect(outcome.lines[1]).toMatch(/^engine worker: FAILED: the engine worker’s answer did not happen within/);
  });
});
