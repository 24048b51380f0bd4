/**
 * What the CT600 wizard's journeys share: the examples' attachments made out
 * to the journey's own company, typing as a person does (focus, select all,
 * type, Tab on), a date typed into its three boxes, waiting for the draft to
 * be saved, and one window per test, closed after it with a picture of the
 * page when the test failed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { screenshot, type E2eHarness, type OpenedPage } from './harness.js';

/** The example company the attachments under examples/ct600/attachments are made out to. */
const EXAMPLE = { name: 'Example Trading Ltd', crn: '12345678', utr: '8596148860' };

/** An example attachment (year to 31 March 2025) with the company's name, number and, where given, UTR. */
export function exampleAttachment(fileName: string, company: { name: string; crn: string; utr?: string }): Uint8Array {
  let text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'ct600', 'attachments', fileName), 'utf8');
  text = text.replaceAll(EXAMPLE.name, company.name).replaceAll(EXAMPLE.crn, company.crn);
  if (company.utr) text = text.replaceAll(EXAMPLE.utr, company.utr);
  return new TextEncoder().encode(text);
}

/**
 * Opens one window per test and closes it after the test; a failed test
 * leaves a picture of its page (`<failedPrefix><test name>`) and prints what
 * the page logged. Call at the top level of a test file.
 */
export function windowPerTest(harness: () => E2eHarness, options: { timeout: number; failedPrefix?: string }): () => Promise<OpenedPage> {
  let current: OpenedPage | null = null;
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && current && !current.page.isClosed()) {
      await screenshot(current.page, `${options.failedPrefix ?? 'failed-'}${context.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => undefined);
      console.log('problems on the failed page:', current.problems);
    }
    if (current && !current.page.isClosed()) await current.page.close();
    current = null;
  });
  return async () => {
    current = await harness().openApp();
    current.page.setDefaultTimeout(options.timeout);
    return current;
  };
}

/** A screenshot of the state, with no console errors or CSP violations on the way. */
export async function shot(opened: OpenedPage, name: string): Promise<void> {
  await opened.page.waitForTimeout(50);
  await screenshot(opened.page, name);
  expect(opened.problems, `console errors or CSP violations on ${name}`).toEqual([]);
}

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Types into the labelled field as a person does: focus, select all, type, Tab on (which runs the checks made on leaving it). */
export async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await field(page, label).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

/** Types a date into the Day, Month and Year boxes of the group with this legend. */
export async function typeDate(page: Page, legend: string, day: string, month: string, year: string): Promise<void> {
  const group = page.getByRole('group', { name: legend, exact: true });
  for (const [part, value] of [['Day', day], ['Month', month], ['Year', year]] as const) {
    const input = group.getByLabel(part, { exact: true });
    await input.fill('');
    await input.pressSequentially(value);
  }
}

export async function waitSaved(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 10_000 }).toBe('All changes saved');
}
