/**
 * axe-core over a screen state of the real window. Every state the end-to-end
 * tests visit is checked against WCAG 2.2 A and AA (and the landmark and
 * heading rules a screen-reader user navigates by), and a violation fails the
 * test with a list a developer can act on: rule, impact, the elements, what
 * to fix.
 *
 * axe runs in an isolated world of the page (CDP Page.createIsolatedWorld):
 * it shares the DOM but not the page's JavaScript, so the app's CSP and
 * Trusted Types stay exactly as they are (no inline script allowed, no policy
 * added for the checker) and nothing the checker defines leaks into the app.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** Where each test process records the states it checked; scripts/run-tests.mjs sums them for the run. */
export const accessibilityRecordsDir = join(repoRoot, 'test-output', 'axe-core');

export const WCAG_22_A_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;

/**
 * axe files these under "best practice", not a WCAG criterion, yet they are
 * how a screen-reader user finds their way (WCAG 1.3.1 and 2.4.1 in practice):
 * one top-level main, headings in order, dialogs and landmarks named.
 */
export const LANDMARK_AND_HEADING_RULES = [
  'landmark-main-is-top-level',
  'landmark-no-duplicate-main',
  'landmark-one-main',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-unique',
  'heading-order',
  'page-has-heading-one',
  'aria-dialog-name',
  'empty-heading',
  'empty-table-header',
] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary: string }[];
}

let axeSource: string | null = null;
function loadAxeSource(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

const RUN_OPTIONS = {
  runOnly: { type: 'tag', values: WCAG_22_A_AA_TAGS },
  rules: Object.fromEntries(LANDMARK_AND_HEADING_RULES.map((id) => [id, { enabled: true }])),
  resultTypes: ['violations'],
};

/** Loads axe into a fresh isolated world of the page and hands over a function that runs it on the page as it is then. */
async function withAxe<T>(page: Page, use: (run: () => Promise<AxeViolation[]>) => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'filing-desk-accessibility-check' });
    const loaded = await cdp.send('Runtime.evaluate', { expression: loadAxeSource(), contextId: executionContextId });
    if (loaded.exceptionDetails) throw new Error(`axe-core did not load in the page: ${loaded.exceptionDetails.exception?.description ?? loaded.exceptionDetails.text}`);
    return await use(async () => {
      const run = await cdp.send('Runtime.evaluate', {
        expression: `axe.run(document, ${JSON.stringify(RUN_OPTIONS)}).then((r) => r.violations.map((v) => ({
          id: v.id, impact: v.impact ?? null, help: v.help, helpUrl: v.helpUrl,
          nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary ?? '' })),
        })))`,
        contextId: executionContextId,
        awaitPromise: true,
        returnByValue: true,
      });
      if (run.exceptionDetails) throw new Error(`axe-core failed to run: ${run.exceptionDetails.exception?.description ?? run.exceptionDetails.text}`);
      return run.result.value as AxeViolation[];
    });
  } finally {
    await cdp.detach();
  }
}

/** Runs axe on the page as it is now, in the theme it is in, and returns its violations (none is an empty list). */
export function findAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  return withAxe(page, (run) => run());
}

/** The violations as a developer reads them: rule id, impact, summary, then each element and what to fix. */
export function describeViolations(stateName: string, violations: AxeViolation[]): string {
  const nodes = violations.reduce((n, v) => n + v.nodes.length, 0);
  const lines = [`axe-core: ${violations.length} WCAG 2.2 A/AA rule(s) broken on ${nodes} element(s) in screen state "${stateName}":`];
  for (const v of violations) {
    lines.push(`- ${v.id} (${v.impact ?? 'no impact given'}): ${v.help} <${v.helpUrl}>`);
    for (const node of v.nodes) {
      lines.push(`    ${node.target.join(' ')}`);
      for (const line of node.failureSummary.split('\n').filter((l) => l.trim())) lines.push(`      ${line.trim()}`);
    }
  }
  return lines.join('\n');
}

/**
 * The window follows the system's light or dark setting (styles.css has both
 * palettes), so a bookkeeper may see either: each state is checked in both.
 * Colour transitions are let finish first, or axe reads a colour half-way.
 */
async function inDarkTheme(page: Page, check: () => Promise<AxeViolation[]>): Promise<AxeViolation[]> {
  const settle = () => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => undefined));
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await settle();
    return (await check()).map((v) => ({ ...v, id: `${v.id} [dark theme]` }));
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
    await settle();
  }
}

let checkedInThisProcess = 0;
let violationsInThisProcess = 0;

/**
 * Checks the page as it stands and fails with the readable list on any
 * violation. Call it wherever the screen changes state (a step, a dialog or
 * picker opened, errors shown); `screenshot` calls it for every picture.
 * `recordsDir` is for the checker's own tests, whose deliberately broken
 * pages are not screens of the app and stay out of the run's count.
 */
export async function checkAccessibility(page: Page, stateName: string, { recordsDir = accessibilityRecordsDir } = {}): Promise<void> {
  const violations = await withAxe(page, async (run) => [...(await run()), ...(await inDarkTheme(page, run))]);
  const broken = violations.reduce((n, v) => n + v.nodes.length, 0);
  if (recordsDir === accessibilityRecordsDir) {
    checkedInThisProcess += 1;
    violationsInThisProcess += broken;
  }
  mkdirSync(recordsDir, { recursive: true });
  appendFileSync(join(recordsDir, `${process.pid}.jsonl`), `${JSON.stringify({ state: stateName, violations: broken, rules: violations.map((v) => v.id) })}\n`);
  if (violations.length > 0) throw new Error(describeViolations(stateName, violations));
}

// Imported while a test file is collected, so this runs once that file's tests
// are done. Only under Vitest: the benchmarks (scripts/bench) use the harness too.
if (process.env.VITEST) {
  afterAll(() => {
    if (checkedInThisProcess > 0) console.log(`axe-core: ${checkedInThisProcess} screen states checked in this file, ${violationsInThisProcess} violations (WCAG 2.2 A/AA)`);
  });
}
