// @vitest-environment jsdom
/**
 * "Not checked" in the window, kept apart from valid and not valid: Validate
 * a file's verdict on an Inline XBRL document whose taxonomy is not
 * installed, and the CT600 wizard's attachments step on such a file. The
 * results come from the engine's own checks of a real set of accounts (FRC
 * 2025 taxonomy, not installed), so the words travel the whole way.
 */
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ValidationJobResult } from '../../preload/contract.js';
import { BridgeProvider } from '../../renderer/src/bridge/bridge-context.js';
import { toPlainText, verdictOf } from '../../renderer/src/features/results/report.js';
import { ValidationResults } from '../../renderer/src/features/results/ValidationResults.js';
import { checkDocument, documentJobResult } from '../../main/engine/taxonomy/check-document.js';
import { TaxonomyLibrary } from '../../main/engine/taxonomy/library.js';
import { attachmentMessage } from '../../main/engine/validation/attachments/attached-documents.js';
import { checkAttachment } from '../../main/engine/validation/attachments/check-attachment.js';
import { fakeMain as fakeMainBare } from './fake-main.js';
import { fakeMain as fakeWizardMain } from './ct600/fake-main.js';
import { openWizard } from './ct600/open-wizard.js';

afterEach(cleanup);

// The test runs from the repository's root (jsdom's import.meta.url is not a file URL); ../shared sits beside it.
const sharedDir = join(process.cwd(), '..', 'shared');
const accountsName = 'Prod223_4316_00089315_20251231.html';
const accounts = new Uint8Array(readFileSync(join(sharedDir, 'ct600', 'ixbrl-accounts', accountsName)));
const at = new Date('2026-01-01T00:00:00Z');
const notChecked = documentJobResult(accountsName, checkDocument(accounts, TaxonomyLibrary.empty()), at, at);

function renderResults(result: ValidationJobResult) {
  const main = fakeMainBare({});
  render(
    <BridgeProvider bridge={main.bridge}>
      <ValidationResults result={result} subject={accountsName} thing="Document" />
    </BridgeProvider>,
  );
}

describe('Validate a file: not checked', () => {
  it('the engine’s result for accounts whose FRC suite is not installed says "not checked", naming it, and not "valid" or "not valid"', () => {
    expect(notChecked.validations[0]).toMatchObject({ validationResult: 'valid', notChecked: { install: [expect.stringMatching(/^FRC 20\d\d/)] } });
    renderResults(notChecked);
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading).toHaveTextContent(/^\?Document not checked: install FRC 20\d\d/);
    expect(heading).not.toHaveTextContent(/is valid|is not valid/);
    expect(heading.closest('.verdict')).toHaveClass('verdict--not-checked');
    expect(heading.closest('.verdict')).not.toHaveClass('verdict--good');
    expect(heading.closest('.verdict')).not.toHaveClass('verdict--bad');
    expect(screen.getByRole('list', { name: 'Checks' })).toHaveTextContent('Business rules: not checked');
    expect(toPlainText(accountsName, notChecked, 'filtered').split('\n')[0]).toMatch(new RegExp(`^${accountsName.replace(/\./g, '\\.')}: not checked: install FRC 20\\d\\d`));
  });

  it('the three verdicts apart: warnings alone are valid, an error is not valid whatever was not checked', () => {
    const warningOnly: ValidationJobResult = {
      ...notChecked,
      validations: [{ validationType: 1, validationResult: 'valid', messages: [{ category: 'warning', type: 'inline-xbrl', code: 'Co.SmCo', message: 'worth a look', attributes: [] }] }],
    };
    expect(verdictOf(warningOnly)).toMatchObject({ kind: 'valid', valid: true, warnings: 1 });
    const withError: ValidationJobResult = {
      ...notChecked,
      validations: [{ ...notChecked.validations[0]!, validationResult: 'invalid', messages: [...notChecked.validations[0]!.messages, { category: 'error', type: 'inline-xbrl', code: 'JFCVC.3314', message: 'two values', attributes: [] }] }],
    };
    expect(verdictOf(withError)).toMatchObject({ kind: 'invalid', valid: false, install: [] });
    expect(verdictOf(notChecked)).toMatchObject({ kind: 'notChecked', valid: false });
    renderResults(warningOnly);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Document is valid');
  });
});

/** A drop as React Aria's DropZone reads it: DataTransfer items of kind "file". */
function dropFiles(zone: HTMLElement, files: File[]) {
  const dataTransfer = { types: ['Files'], files, items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })), getData: () => '', dropEffect: 'none', effectAllowed: 'all' };
  fireEvent.dragEnter(zone, { dataTransfer, clientX: 5, clientY: 5 });
  fireEvent.dragOver(zone, { dataTransfer, clientX: 5, clientY: 5 });
  fireEvent.drop(zone, { dataTransfer, clientX: 5, clientY: 5 });
}

describe('CT600 wizard, attachments step: not checked', () => {
  it('an attachment whose taxonomy is not installed shows "Not checked: install …", not "Worth checking" or "HMRC would reject"', async () => {
    const messages = checkAttachment(accounts, 'accounts', {}, TaxonomyLibrary.empty()).map((f) => attachmentMessage(f, 'accounts', accountsName));
    expect(messages.filter((m) => m.category === 'error')).toEqual([]);
    const { bridge, state } = fakeWizardMain({
      'ct600.checkAttachments': () => ({ ok: true, value: state.draft.attachments.map((a) => ({ attachmentId: a.id, fileName: a.fileName, role: 'accounts' as const, messages })) }),
    });
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-attachments'));
    dropFiles(screen.getByTestId('drop-accounts'), [new File([accounts], accountsName)]);
    const findings = await screen.findByTestId('findings-a1');
    expect(findings).toHaveAttribute('data-verdict', 'notChecked');
    expect(within(findings).getByText(/^Not checked: install FRC 20\d\d/)).toHaveClass('attachments__not-checked');
    expect(findings).not.toHaveTextContent('Worth checking before you file');
    expect(findings).not.toHaveTextContent('HMRC would reject');
  });
});
