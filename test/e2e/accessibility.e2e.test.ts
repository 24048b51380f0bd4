/**
 * The accessibility check itself: it must find a violation when there is one
 * (so a green run means something), name it readably, and run under the
 * app's CSP and Trusted Types without a single report from the page.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, findAccessibilityViolations } from './accessibility.js';
import { startHarness, startMainOverDataFolder, type E2eHarness } from './harness.js';

let h: E2eHarness;
let recordsDir: string;

beforeAll(async () => {
  h = await startHarness();
  await startMainOverDataFolder(h, 'unused.xml');
  recordsDir = await mkdtemp(join(tmpdir(), 'fd-axe-records-'));
}, 180_000);

afterAll(async () => {
  await h?.close();
  await rm(recordsDir, { recursive: true, force: true });
});

describe('the accessibility check', () => {
  it('fails a screen with an unlabelled field and a low-contrast note, naming rule, impact, element and fix', async () => {
    const { page, problems } = await h.openApp();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // A deliberately broken state, built with DOM calls (no markup string, which Trusted Types refuses).
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const input = document.createElement('input');
      input.id = 'broken-field';
      const note = document.createElement('p');
      note.id = 'faint-note';
      note.textContent = 'Box 145 is read from the computations';
      note.style.color = '#b0b0b0';
      note.style.background = '#ffffff';
      main.append(input, note);
    });

    const error = await checkAccessibility(page, 'a deliberately broken state', { recordsDir }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error).not.toBeNull();
    expect(error!.message).toContain('screen state "a deliberately broken state"');
    expect(error!.message).toMatch(/- label \(critical\): Form elements must have labels/);
    expect(error!.message).toContain('#broken-field');
    expect(error!.message).toMatch(/- color-contrast \(serious\)/);
    expect(error!.message).toContain('#faint-note');
    expect(error!.message).toMatch(/Fix any of the following/);

    // The record says the state was checked and broke rules: a run's total cannot read "0 violations" over it.
    const [record] = (await readFile(join(recordsDir, `${process.pid}.jsonl`), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    // Two elements, each broken in the light and the dark theme.
    expect(record).toMatchObject({ state: 'a deliberately broken state', violations: 4 });
    expect(record.rules).toEqual(expect.arrayContaining(['label', 'color-contrast']));

    // The checker ran in its own world: nothing in the page's, and no CSP or Trusted Types report.
    expect(await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe)).toBe('undefined');
    expect(problems).toEqual([]);
  });

  it('checks the dark theme too: ink that reads on the light page but vanishes on a fixed white card in the dark', async () => {
    const { page, problems } = await h.openApp();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => {
      const note = document.createElement('p');
      note.id = 'white-card-note';
      note.textContent = 'Tax payable (box 525)';
      note.style.color = 'var(--ink)';
      note.style.background = '#ffffff';
      document.querySelector('main')!.append(note);
    });
    expect(await findAccessibilityViolations(page)).toEqual([]);
    const error = await checkAccessibility(page, 'a colour broken only in the dark', { recordsDir }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/- color-contrast \[dark theme\] \(serious\)/);
    expect(error?.message).toContain('#white-card-note');
    // The window is left in the light theme it was in.
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
    expect(problems).toEqual([]);
  });

  it('passes the same screen once the field is labelled and the note readable', async () => {
    const { page, problems } = await h.openApp();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const label = document.createElement('label');
      label.htmlFor = 'mended-field';
      label.textContent = 'Turnover (box 145)';
      const input = document.createElement('input');
      input.id = 'mended-field';
      main.append(label, input);
    });
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await checkAccessibility(page, 'the same state mended', { recordsDir });
    expect(problems).toEqual([]);
  });
});
