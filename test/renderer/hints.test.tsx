// @vitest-environment jsdom
/**
 * A hint adds to its label: on every form of the window (the CT600 and
 * package wizards, the client book) no hint is the label again or
 * starts by restating it, HMRC's quoted words for a box included.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restatesLabel } from '../../renderer/src/components/hint-words.js';
import { App } from '../../renderer/src/App.js';
import { BridgeProvider } from '../../renderer/src/bridge/bridge-context.js';
import { PackageWizard } from '../../renderer/src/features/package/PackageWizard.js';
import { useNavigation } from '../../renderer/src/store/navigation.js';
import { fakeMain, newDraft, validForm } from './ct600/fake-main.js';
import { openWizard } from './ct600/open-wizard.js';
import { fakeMain as fakeWindowMain, ok } from './fake-main.js';
import { resetWindow } from './reset-window.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

/** The name a control's hint is read after: its <label>, or its group's <legend>. */
function labelOf(el: Element): string {
  if (el.tagName === 'FIELDSET') return el.querySelector('legend')?.textContent ?? '';
  return (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent) || el.getAttribute('aria-label') || '';
}

/** Every [label, hint] pair on the page where the hint restates the label; HMRC's quoted words are checked on their own too. */
function restatingHints(): [string, string][] {
  const found: [string, string][] = [];
  const controls = document.querySelectorAll('[aria-describedby]');
  expect(controls.length, 'controls with a description on this screen').toBeGreaterThan(0);
  for (const el of controls) {
    const label = labelOf(el);
    for (const id of (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((i) => i.endsWith('-hint'))) {
      const hint = document.getElementById(id)?.textContent ?? '';
      const quoted = /“([^”]+)”/.exec(hint)?.[1] ?? '';
      if (restatesLabel(label, hint) || restatesLabel(label, quoted)) found.push([label, hint]);
    }
  }
  return found;
}

describe('hints that add to the label', () => {
  it('tells a restating hint from one that adds something', () => {
    expect(restatesLabel('Net trading profits (box 165)', 'Net trading profits')).toBe(true);
    expect(restatesLabel('Profits chargeable to corporation tax', 'Profits chargeable to Corporation Tax.')).toBe(true);
    expect(restatesLabel('Version (optional)', 'Version: for example 1.0')).toBe(true);
    expect(restatesLabel('Turnover (box 145)', 'Total turnover from trade')).toBe(false);
    expect(restatesLabel('Name', 'For example “Acme Widgets Ltd 2024”.')).toBe(false);
  });

  it('holds on every step of the CT600 wizard', async () => {
    const { bridge } = fakeMain({}, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    const found: [string, string][] = [];
    for (const step of ['task-company', 'task-attachments', 'task-profits', 'task-declaration']) {
      fireEvent.click(screen.getByTestId(step));
      found.push(...restatingHints());
    }
    expect(found).toEqual([]);
  });

  it('holds on the package wizard', async () => {
    const { bridge } = fakeMain({}, newDraft({ kind: 'report-package' }));
    render(
      <BridgeProvider bridge={bridge}>
        <PackageWizard draftId="d1" />
      </BridgeProvider>,
    );
    await screen.findByLabelText('Identifier');
    const found = restatingHints();
    fireEvent.click(screen.getByTestId('task-entry-points'));
    await screen.findByLabelText('Entry point document URL', { exact: false });
    found.push(...restatingHints());
    expect(found).toEqual([]);
  });

  describe('in the window', () => {
    beforeEach(() => resetWindow());

    it('holds on the client form', async () => {
      useNavigation.setState({ section: 'clients' });
      const { bridge } = fakeWindowMain({ 'clients.list': () => ok([]) });
      render(<App bridge={bridge} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Add a client' }));
      await screen.findByLabelText('Companies House number');
      expect(restatingHints()).toEqual([]);
    });
  });
});
