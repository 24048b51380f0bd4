// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ValidationJobResult } from '../../../preload/contract.js';
import { fakeMain, newDraft, validForm } from './fake-main.js';
import { openWizard } from './open-wizard.js';

afterEach(cleanup);

const statusOf = (id: string) => screen.getByTestId(`task-${id}`).parentElement!.querySelector('.task-list__status')!.textContent;

/** HMRC's rule 9200 on box 340, as the engine reports it. */
const rule9200: ValidationJobResult = {
  jobStatus: 'success',
  startDateTime: null,
  endDateTime: null,
  validations: [
    {
      validationType: 'business-rules',
      messages: [{ code: '9200', category: 'error', message: 'Rule 9200: rate 21.00% is not allowed for financial year 2024', attributes: [{ name: 'box', value: '340' }] }],
    },
  ] as never,
};

describe('CT600 wizard: the steps of the return', () => {
  it('counts answers to fix only on a step that has been started', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    expect(statusOf('declaration')).toBe('Not started');
    expect(statusOf('profits')).not.toMatch(/to fix/);
    fireEvent.click(screen.getByTestId('task-declaration'));
    fireEvent.change(screen.getByLabelText('Name of the person making the declaration (box 975)'), { target: { value: 'Jane Smith' } });
    expect(statusOf('declaration')).toMatch(/In progress 2 to fix$/);
  });

  it('says Has errors, not Not started, for Company and period once Continue shows its errors', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    expect(statusOf('company')).toBe('Not started');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTestId('error-summary');
    expect(statusOf('company')).toMatch(/^Has errors \d+ to fix$/);
  });

  it('agrees with Check: a declaration Check says needs answers does not say Not started', async () => {
    const form = structuredClone(validForm) as Record<string, unknown> & { values: Record<string, string> };
    form.accepted = false as never;
    delete form.values.declarationName;
    delete form.values.declarationStatus;
    const { bridge } = fakeMain({}, newDraft({ form }));
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    expect(statusOf('declaration')).toBe('Not started');
    fireEvent.click(screen.getByTestId('task-check'));
    await screen.findByText(/You cannot build the return yet: 3 answers need fixing first/);
    expect(statusOf('declaration')).toBe('Has errors 3 to fix');
  });

  it('says Has errors for Profits and tax when HMRC’s rule 9200 rejects the rate', async () => {
    const form = structuredClone(validForm) as Record<string, unknown> & { values: Record<string, string> };
    form.values.fy1Rate = '21';
    const { bridge } = fakeMain({ 'ct600.checkDraft': () => ({ ok: true, value: rule9200 }) }, newDraft({ form }));
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    await waitFor(() => expect(statusOf('profits')).toBe('Has errors 1 to fix'), { timeout: 3000 });
  });

  it('shows no error on an empty field the user only passed through, and shows it once the field was changed', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    const name = await screen.findByLabelText('Company name (box 1)');
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter the company name')).toBeNull();
    fireEvent.change(name, { target: { value: 'A' } });
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.blur(name);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Enter the company name'));
  });

  it('keeps a date’s error back while the user moves from its day box to its month box', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    const group = screen.getByRole('group', { name: 'Start of the return period (box 30)' });
    const [day, month] = Array.from(group.querySelectorAll('input'));
    fireEvent.change(day!, { target: { value: '1' } });
    fireEvent.blur(day!, { relatedTarget: month });
    expect(group.querySelector('.field__error')).toBeNull();
    fireEvent.blur(month!, { relatedTarget: document.body });
    expect(group.querySelector('.field__error')).toHaveTextContent(/month and year/);
  });
});
