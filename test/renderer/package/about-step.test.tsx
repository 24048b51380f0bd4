// @vitest-environment jsdom
/**
 * The report package wizard's first step, "About the package", as the user
 * meets it: the wizard opened on a draft, a fake main behind the bridge.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportPackageRequestSchema } from '../../../main/engine/package/request-schema.js';
import type { Draft, PackagePlan } from '../../../preload/contract.js';
import { BridgeProvider } from '../../../renderer/src/bridge/bridge-context.js';
import { ABOUT_FIELDS } from '../../../renderer/src/features/package/form.js';
import { PackageWizard } from '../../../renderer/src/features/package/PackageWizard.js';
import { fakeMain, newDraft } from '../ct600/fake-main.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const plan: PackagePlan = { extension: 'xbri', fileName: 'ACME-2024.xbri', entries: [], complete: false, totalSize: 0, problems: [], references: [], requestErrors: [], canBuild: false };

function openAbout(draft: Draft = newDraft({ kind: 'report-package' })) {
  const main = fakeMain({ 'package.planDraft': () => ({ ok: true, value: plan }) }, draft);
  render(
    <BridgeProvider bridge={main.bridge}>
      <PackageWizard draftId="d1" />
    </BridgeProvider>,
  );
  return main;
}

type StoredAbout = { about?: Record<string, unknown> };
const storedAbout = (state: { draft: Draft }) => (state.draft.form as StoredAbout).about ?? {};

/** The engine's own words for a metadata field's value, as its schema says them. */
function engineSays(field: string, value: string): string {
  const result = reportPackageRequestSchema.safeParse({ reportName: 'r.xhtml', reportBase64Content: 'PGh0bWwvPg==', reportPackageName: 'ACME', [field]: value });
  const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
  if (!issue) throw new Error(`the engine accepts ${field} = ${value}`);
  return issue.message;
}

describe('About the package', () => {
  it('labels every field, with its hint read out with it', async () => {
    openAbout();
    await screen.findByRole('heading', { name: 'About the package', level: 2 });
    for (const f of ABOUT_FIELDS) {
      if (f.kind === 'date') {
        const group = screen.getByRole('group', { name: f.label });
        expect(group).toHaveAccessibleDescription(f.hint);
        for (const part of ['Day', 'Month', 'Year']) expect(within(group).getByLabelText(part)).toHaveAttribute('inputmode', 'numeric');
      } else if (f.kind === 'country') {
        expect(screen.getByRole('combobox', { name: f.label })).toHaveAccessibleDescription(f.hint);
      } else {
        expect(screen.getByRole('textbox', { name: f.label })).toHaveAccessibleDescription(f.hint);
      }
    }
    // Nothing else on the step asks for text without a label.
    const named = screen.getAllByRole('textbox').concat(screen.getAllByRole('combobox'));
    for (const input of named) expect(input).not.toHaveAccessibleName('');
  });

  it('shows the country by name and keeps its ISO code, chosen with the keyboard', async () => {
    const { state } = openAbout();
    const country = await screen.findByRole('combobox', { name: 'Publisher’s country (optional)' });
    expect(country).toHaveValue('United Kingdom'); // a new package is published in GB
    act(() => country.focus());
    fireEvent.change(country, { target: { value: 'Irel' } });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ireland']);
    fireEvent.keyDown(country, { key: 'ArrowDown' });
    fireEvent.keyDown(country, { key: 'Enter' });
    await waitFor(() => expect(country).toHaveValue('Ireland'));
    await waitFor(() => expect(storedAbout(state).publisherCountry).toBe('IE'));
  });

  it('takes the publication date as day, month and year, in that order, and sends it as an ISO date', async () => {
    const { state, callsTo } = openAbout();
    const group = await screen.findByRole('group', { name: 'Publication date (optional)' });
    expect(within(group).getAllByRole('textbox').map((i) => i.getAttribute('name'))).toEqual(['publicationDate-day', 'publicationDate-month', 'publicationDate-year']);
    fireEvent.change(within(group).getByLabelText('Day'), { target: { value: '15' } });
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '1' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '2025' } });
    await waitFor(() => expect(storedAbout(state).publicationDate).toEqual({ day: '15', month: '1', year: '2025' }));
    await waitFor(() => expect((callsTo('package.planDraft').at(-1) as { request: { publicationDate: string } }).request.publicationDate).toBe('2025-01-15'));
    // A date missing its year says so beside the date, once the field is left.
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '' } });
    fireEvent.blur(within(group).getByLabelText('Year'));
    expect(await within(group).findByText('The publication date must include a year')).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(/The publication date must include a year/);
  });

  it('shows the engine’s words for a bad web address and a bad language tag beside each field as they are typed', async () => {
    openAbout();
    const website = await screen.findByRole('textbox', { name: 'Publisher’s website (optional)' });
    fireEvent.change(website, { target: { value: 'www.example.com' } });
    const urlWords = `Publisher’s website ${engineSays('publisherUrl', 'www.example.com')}`;
    expect(await screen.findByText(urlWords)).toHaveAttribute('id', 'publisherUrl-error');
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription(expect.stringContaining(urlWords));
    fireEvent.change(website, { target: { value: 'https://www.example.com/' } });
    await waitFor(() => expect(screen.queryByText(urlWords)).not.toBeInTheDocument());
    expect(website).not.toHaveAttribute('aria-invalid');

    const language = screen.getByRole('textbox', { name: 'Language of the package' });
    fireEvent.change(language, { target: { value: 'en_GB' } });
    const tagWords = `Language of the package ${engineSays('reportPackageLanguage', 'en_GB')}`;
    expect(await screen.findByText(tagWords)).toHaveAttribute('id', 'reportPackageLanguage-error');
    expect(language).toHaveAccessibleDescription(expect.stringContaining(tagWords));
    // Plain text fields wait until they are left: nothing is said about the package name while it is typed.
    fireEvent.change(screen.getByRole('textbox', { name: 'Package name' }), { target: { value: '' } });
    expect(screen.queryByText(/Package name is required/)).not.toBeInTheDocument();
  });

  it('lists the problems after Continue, each a link that puts the cursor in its field', async () => {
    openAbout();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = await screen.findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(expect.arrayContaining(['Package name is required', 'File name is required', 'Identifier is required']));
    for (const [words, id] of [
      ['File name is required', 'reportPackageName'],
      ['Identifier is required', 'identifier'],
      ['Package name is required', 'name'],
    ] as const) {
      fireEvent.click(within(summary).getByRole('link', { name: words }));
      expect(document.getElementById(id)).toHaveFocus();
      // The same words sit beside the field.
      expect(document.getElementById(`${id}-error`)).toHaveTextContent(words);
    }
    // Still on the About step: Continue does not move on past errors.
    expect(screen.getByRole('heading', { name: 'About the package', level: 2 })).toBeInTheDocument();
  });

  it('fills a new package from its client: names, publisher, today’s date, the UK and British English', async () => {
    const today = new Date();
    const year = String(today.getFullYear());
    const { state, callsTo } = openAbout(newDraft({ kind: 'report-package', clientId: 'c1' }));
    const name = await screen.findByRole('textbox', { name: 'Package name' });
    await waitFor(() => expect(name).toHaveValue(`Acme Widgets Ltd annual report ${year}`));
    expect(screen.getByRole('textbox', { name: 'File name' })).toHaveValue(`Acme-Widgets-Ltd-${year}`);
    expect(screen.getByRole('textbox', { name: 'Publisher (optional)' })).toHaveValue('Acme Widgets Ltd');
    const date = screen.getByRole('group', { name: 'Publication date (optional)' });
    expect([within(date).getByLabelText('Day'), within(date).getByLabelText('Month'), within(date).getByLabelText('Year')].map((i) => (i as HTMLInputElement).value)).toEqual([
      String(today.getDate()),
      String(today.getMonth() + 1),
      year,
    ]);
    expect(screen.getByRole('combobox', { name: 'Publisher’s country (optional)' })).toHaveValue('United Kingdom');
    expect(screen.getByRole('textbox', { name: 'Language of the package' })).toHaveValue('en-GB');
    expect(screen.getByRole('textbox', { name: 'Identifier' })).toHaveValue(''); // nothing the client book knows
    expect(callsTo('clients.list')).toEqual([{ query: '', includeArchived: true }]);
    await waitFor(() => expect(storedAbout(state)).toMatchObject({ publisher: 'Acme Widgets Ltd', publisherCountry: 'GB', reportPackageLanguage: 'en-GB' }));
    expect(state.draft.title).toBe(`Acme Widgets Ltd annual report ${year}`);
  });

  it('leaves a draft that already has answers as it was, without asking for the client', async () => {
    const { callsTo } = openAbout(newDraft({ kind: 'report-package', clientId: 'c1', form: { about: { name: 'Typed before', publisher: '' } } }));
    expect(await screen.findByRole('textbox', { name: 'Package name' })).toHaveValue('Typed before');
    expect(screen.getByRole('textbox', { name: 'Publisher (optional)' })).toHaveValue('');
    expect(callsTo('clients.list')).toEqual([]);
  });
});
