// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ct600DraftBuildResponse } from '../../../preload/contract.js';
import { fakeMain, newDraft, validForm } from './fake-main.js';
import { openWizard } from './open-wizard.js';

afterEach(cleanup);

/** A drop as React Aria's DropZone reads it: DataTransfer items of kind "file". */
function dropFiles(zone: HTMLElement, files: File[]) {
  const dataTransfer = {
    types: ['Files'],
    files,
    items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
    getData: () => '',
    dropEffect: 'none',
    effectAllowed: 'all',
  };
  fireEvent.dragEnter(zone, { dataTransfer, clientX: 5, clientY: 5 });
  fireEvent.dragOver(zone, { dataTransfer, clientX: 5, clientY: 5 });
  fireEvent.drop(zone, { dataTransfer, clientX: 5, clientY: 5 });
}

const ixbrl = '<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body><ix:header/></body></html>';

describe('CT600 wizard: accounts and computations', () => {
  it('attaches dropped files as bytes, lists them with size and inline XBRL header, meters the total and removes them', async () => {
    const { bridge, callsTo } = fakeMain();
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-attachments'));
    expect(screen.getByRole('meter', { name: 'Attachments, as sent to HMRC' })).toHaveAttribute('aria-valuetext', '0 bytes of 25 MB');
    dropFiles(screen.getByTestId('drop-accounts'), [new File([ixbrl], 'accounts.xhtml', { type: 'application/xhtml+xml' })]);
    const table = await screen.findByRole('table', { name: 'accounts attached' });
    expect(within(table).getByRole('cell', { name: 'accounts.xhtml' })).toBeInTheDocument();
    expect(within(table).getByText(`${ixbrl.length} bytes`)).toBeInTheDocument();
    expect(within(table).getByText('Yes')).toBeInTheDocument();
    const sent = callsTo('drafts.attach')[0] as { role: string; fileName: string; bytes: Uint8Array };
    expect(sent.role).toBe('accounts');
    expect(Array.from(sent.bytes)).toEqual(Array.from(Buffer.from(ixbrl)));
    const base64 = 4 * Math.ceil(ixbrl.length / 3);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', String(base64));

    const remove = within(table).getByRole('button', { name: 'Remove accounts.xhtml' });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'accounts attached' })).not.toBeInTheDocument());
    expect(callsTo('drafts.detach')).toEqual([{ draftId: 'd1', attachmentId: 'a1' }]);
    // The removed row's button is gone: the focus is on the accounts' file picker, not the page.
    await waitFor(() => expect(within(screen.getByTestId('drop-accounts')).getByRole('button', { name: 'Choose files…' })).toHaveFocus());
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
  });

  it('shows HMRC’s checks on a dropped file at once, and asks again when a box the file must agree with changes', async () => {
    const header = {
      category: 'error' as const,
      type: 'attachment',
      code: 'xbrl.ixbrl.HeaderAbsent',
      message: 'xbrl.ixbrl.HeaderAbsent: the accounts plain.xhtml: there is no ix:header element, so HMRC cannot find the document’s references, contexts or units',
      attributes: [{ name: 'file', value: 'plain.xhtml' }, { name: 'box', value: '80A' }],
    };
    const { bridge, callsTo, state } = fakeMain({
      'ct600.checkAttachments': () => ({ ok: true, value: state.draft.attachments.map((a) => ({ attachmentId: a.id, fileName: a.fileName, role: 'accounts' as const, messages: [header] })) }),
    });
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-attachments'));
    dropFiles(screen.getByTestId('drop-accounts'), [new File(['<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'], 'plain.xhtml')]);
    const findings = await screen.findByTestId('findings-a1');
    expect(findings).toHaveTextContent('HMRC would reject this file: 1 problem');
    expect(within(findings).getByRole('list', { name: 'HMRC’s checks on plain.xhtml' })).toHaveTextContent('xbrl.ixbrl.HeaderAbsent: there is no ix:header element');
    expect(callsTo('ct600.checkAttachments')[0]).toMatchObject({ draftId: 'd1', boxes: { accountsForThisPeriod: true } });

    fireEvent.click(screen.getByTestId('task-company'));
    fireEvent.change(await screen.findByLabelText(/Company registration number/), { target: { value: '12345678' } });
    fireEvent.click(screen.getByTestId('task-attachments'));
    await waitFor(() => expect(callsTo('ct600.checkAttachments').at(-1)).toMatchObject({ boxes: { registrationNumber: '12345678' } }), { timeout: 3000 });
  });

  it('says which rule a refused file broke, beside the drop zone', async () => {
    const rule = 'must not be "CON.xhtml": Windows reserves the device names CON, PRN, AUX, NUL, COM1–9 and LPT1–9 (with any extension) in every folder';
    const { bridge } = fakeMain({
      'drafts.attach': () => ({ ok: false, error: { code: 'invalid-request', message: 'CON.xhtml cannot be attached.', field: 'fileName', errors: [{ field: 'fileName', message: rule }] } }),
    });
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-attachments'));
    dropFiles(screen.getByTestId('drop-accounts'), [new File([ixbrl], 'CON.xhtml', { type: 'application/xhtml+xml' })]);
    expect(await screen.findByTestId('accounts-problem')).toHaveTextContent(`CON.xhtml was not added: its name ${rule}.`);
  });

  it('refuses a file that would take the attachments past 25 MB before reading it', async () => {
    const { bridge, callsTo } = fakeMain();
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-attachments'));
    const big = new File(['x'], 'huge-computations.xhtml');
    Object.defineProperty(big, 'size', { value: 19 * 1024 * 1024 + 1 });
    const read = vi.spyOn(big, 'arrayBuffer');
    dropFiles(screen.getByTestId('drop-computations'), [big]);
    const problem = await screen.findByTestId('computations-problem');
    expect(problem).toHaveTextContent('huge-computations.xhtml (19 MB) was not added');
    expect(problem).toHaveTextContent('over HMRC’s 25 MB limit for one return');
    expect(read).not.toHaveBeenCalled();
    expect(callsTo('drafts.attach')).toEqual([]);
  });

  it('takes a reason instead of files, in words', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-attachments'));
    fireEvent.click(screen.getByLabelText('There are no accounts: give the reason (box 90A)'));
    const reason = screen.getByLabelText('Why there are no accounts (box 90A)');
    fireEvent.change(reason, { target: { value: 'Company dormant' } });
    expect(reason).toHaveDisplayValue('The company is dormant (HMRC: “Company dormant”)');
    expect(screen.queryByTestId('drop-accounts')).not.toBeInTheDocument();
  });
});

describe('CT600 wizard: autosave and reload', () => {
  it('saves debounced with the text as typed, and gives every field back on a reload', async () => {
    const { bridge, callsTo, state } = fakeMain({}, newDraft({ form: { ...validForm } }));
    const first = openWizard(bridge);
    const name = await screen.findByLabelText('Company name (box 1)');
    for (const text of ['B', 'Be', 'Beta Ltd']) fireEvent.change(name, { target: { value: text } });
    fireEvent.change(screen.getByLabelText('Unique Taxpayer Reference (UTR) (box 3)'), { target: { value: '98765 43210' } });
    expect(callsTo('drafts.save')).toHaveLength(0);
    await waitFor(() => expect(callsTo('drafts.save')).toHaveLength(1), { timeout: 2000 });
    const saved = callsTo('drafts.save')[0] as { title: string; periodFrom: string; periodTo: string; form: { values: Record<string, string> } };
    expect(saved.form.values.companyName).toBe('Beta Ltd');
    expect(saved.form.values.utr).toBe('98765 43210');
    expect(saved).toMatchObject({ title: 'Beta Ltd', periodFrom: '2024-04-01', periodTo: '2025-03-31' });
    expect(await screen.findByTestId('save-state')).toHaveTextContent('All changes saved');

    fireEvent.click(screen.getByTestId('task-profits'));
    fireEvent.change(screen.getByLabelText('Turnover (box 145)'), { target: { value: '£1,234.5' } });
    await waitFor(() => expect(callsTo('drafts.save')).toHaveLength(2), { timeout: 2000 });
    first.unmount();
    expect((state.draft.form as typeof validForm).values.turnover).toBe('£1,234.5');

    openWizard(bridge);
    expect(await screen.findByLabelText('Company name (box 1)')).toHaveValue('Beta Ltd');
    expect(screen.getByLabelText('Unique Taxpayer Reference (UTR) (box 3)')).toHaveValue('98765 43210');
    const start = screen.getByRole('group', { name: /Start of the return period/ });
    expect(within(start).getByLabelText('Year')).toHaveValue('2024');
    fireEvent.click(screen.getByTestId('task-profits'));
    // Shown as a figure once it is not being edited; the pence stay in sight, for the whole-pounds rule to name.
    expect(screen.getByLabelText('Turnover (box 145)')).toHaveValue('1,234.50');
    expect(screen.getByLabelText('Rate of tax (box 340)')).toHaveValue('19');
    fireEvent.click(screen.getByTestId('task-declaration'));
    expect(screen.getByLabelText(/I declare that the information/)).toBeChecked();
  });

  it('shows a failed save with its reason, and Save from the menu saves at once', async () => {
    let fail = true;
    const { bridge, callsTo, menu } = fakeMain({
      'drafts.save': () =>
        fail
          ? { ok: false, error: { code: 'failed', message: 'The disk is full.' } }
          : { ok: true, value: { changedAt: '2025-05-01T11:00:00.000Z', changedSinceBuild: false, state: 'in-progress' } },
    });
    openWizard(bridge);
    fireEvent.change(await screen.findByLabelText('Company name (box 1)'), { target: { value: 'Gamma Ltd' } });
    expect(await screen.findByText('Not saved: The disk is full.', {}, { timeout: 2000 })).toBeInTheDocument();
    fail = false;
    menu.emit('save');
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved'));
    expect(callsTo('drafts.save')).toHaveLength(2);
    expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
  });
});

describe('CT600 wizard: build', () => {
  const built: Ct600DraftBuildResponse = {
    build: {
      xmlDoc: Buffer.from('<GovTalkMessage>£</GovTalkMessage>', 'utf8').toString('base64'),
      originalXmlDoc: '',
      irMark: 'YrgW02ybxWOff7gHrELynhp1gRw=',
      irMarkBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4',
      suggestedFileName: 'Acme-2025-ct600.xml',
    },
    validation: {
      jobStatus: 'success',
      startDateTime: null,
      endDateTime: null,
      validations: [
        {
          validationType: 1,
          validationResult: 'invalid',
          messages: [
            { category: 'warning', type: 'business-rule', code: '9204', message: 'box 345 should be 7600.00', attributes: [{ name: 'box', value: '340' }, { name: 'path', value: '/x' }] },
          ],
        },
      ],
    },
    draft: newDraft({ form: { ...validForm }, lastBuild: { builtAt: '2025-05-01T12:00:00.000Z', answeredBy: 'engine', fingerprint: 'f', fileName: 'Acme-2025-ct600.xml', size: 10, sha256: 'a', irMark: 'YrgW02ybxWOff7gHrELynhp1gRw=', irMarkBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4' } }),
  };

  it('builds from the form, shows the IRmark both ways, links each message to its box and saves the XML', async () => {
    const { bridge, callsTo } = fakeMain({
      'ct600.buildDraft': () => ({ ok: true, value: built }),
      'file.save': () => ({ ok: true, value: { saved: true, fileName: 'Acme-2025-ct600.xml' } }),
    }, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    expect(screen.getByText('Jane Smith')).toBeInTheDocument();
    // Whole-pound boxes without pence, pence boxes with them, the rate as a percentage.
    const summaryValue = (key: RegExp) => screen.getByText(key, { selector: 'dt' }).nextElementSibling;
    expect(summaryValue(/^Turnover/)).toHaveTextContent(/^£120,000$/);
    expect(summaryValue(/^Profits chargeable to corporation tax/)).toHaveTextContent(/^£40,000$/);
    // 19% without the claim in box 329: HMRC's rule 9200 is said on the box before any build, in the engine's words.
    expect(summaryValue(/^Rate of tax/)).toHaveTextContent(/^19%HMRC rule 9200: rate 19% is the small profits rate/);
    expect(summaryValue(/^Tax \(box 345\)|^Tax$/)).toHaveTextContent(/^£7,600\.00$/);
    expect(summaryValue(/^Tax payable/)).toHaveTextContent(/^£7,600\.00$/);
    fireEvent.click(screen.getByRole('button', { name: 'Build' }));
    expect(await screen.findByTestId('irmark')).toHaveTextContent('YrgW02ybxWOff7gHrELynhp1gRw=');
    expect(screen.getByTestId('irmark-base32').textContent).toBe('MK4B NU3M TPCW HH37 XAD2 YQXS TYNH LAI4');
    const request = callsTo('ct600.buildDraft')[0] as { draftId: string; request: Record<string, unknown> };
    expect(request.draftId).toBe('d1');
    expect(request.request).toMatchObject({ reference: '1234567890', financialYear: 2024, financialYearTax: { value: 7600 }, netCorporationTaxChargeable: { value: 7600 } });
    expect(screen.getByTestId('last-build')).toHaveTextContent('Unchanged since the last build');
    // The same words for a time as Start uses, in the user's local time.
    expect(screen.getByTestId('last-build')).toHaveTextContent(/^Last built \d{1,2} May 2025 at \d\d:\d\d \(Acme-2025-ct600\.xml\)/);

    fireEvent.click(screen.getByRole('button', { name: 'Save the return…' }));
    await screen.findByText('Saved as Acme-2025-ct600.xml.');
    const save = callsTo('file.save')[0] as { kind: string; suggestedName: string; contents: Uint8Array };
    expect(save.kind).toBe('ct600-xml');
    expect(new TextDecoder().decode(save.contents)).toBe('<GovTalkMessage>£</GovTalkMessage>');

    fireEvent.click(screen.getByRole('link', { name: 'box 345 should be 7600.00' }));
    await waitFor(() => expect(screen.getByLabelText('Rate of tax (box 340)')).toHaveFocus());
  });

  /** The same build, with a rule HMRC rejects the return for. */
  const rejected: Ct600DraftBuildResponse = {
    ...built,
    validation: {
      ...built.validation,
      validations: [
        {
          validationType: 1,
          validationResult: 'invalid',
          messages: [
            { category: 'error', type: 'business-rule', code: '9200', message: 'Rule 9200: rate 21.00% is not allowed for financial year 2024', attributes: [{ name: 'box', value: '340' }] },
          ],
        },
      ],
    } as never,
  };

  it('asks before saving a return HMRC would reject, naming the rule, and goes back to its box on "Go back and fix"', async () => {
    const { bridge, callsTo } = fakeMain({
      'ct600.buildDraft': () => ({ ok: true, value: rejected }),
      'file.save': () => ({ ok: true, value: { saved: true, fileName: 'Acme-2025-ct600.xml' } }),
    }, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    fireEvent.click(screen.getByRole('button', { name: 'Build' }));
    await screen.findByText(/Built, but HMRC would reject it/);
    expect(screen.queryByRole('button', { name: 'Save the return…' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save the return HMRC would reject…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save a return HMRC would reject?' });
    expect(within(dialog).getByTestId('rejected-rules')).toHaveTextContent('HMRC rule 9200 (box 340): rate 21% is not allowed for financial year 2024');
    expect(within(dialog).getByRole('button', { name: 'Go back and fix' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back and fix' }));
    await waitFor(() => expect(screen.getByLabelText('Rate of tax (box 340)')).toHaveFocus());
    expect(callsTo('file.save')).toHaveLength(0);
  });

  it('saves a return HMRC would reject only on "Save anyway"', async () => {
    const { bridge, callsTo } = fakeMain({
      'ct600.buildDraft': () => ({ ok: true, value: rejected }),
      'file.save': () => ({ ok: true, value: { saved: true, fileName: 'Acme-2025-ct600.xml' } }),
    }, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    fireEvent.click(screen.getByRole('button', { name: 'Build' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save the return HMRC would reject…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save anyway' }));
    await screen.findByText('Saved as Acme-2025-ct600.xml.');
    expect(callsTo('file.save')).toHaveLength(1);
  });

  it('keeps the focus on Build and then on Save while each works, and ignores a second press', async () => {
    let finishBuild: (() => void) | undefined;
    let finishSave: (() => void) | undefined;
    const { bridge, callsTo } = fakeMain({
      'ct600.buildDraft': () => new Promise((resolve) => (finishBuild = () => resolve({ ok: true, value: built }))),
      'file.save': () => new Promise((resolve) => (finishSave = () => resolve({ ok: true, value: { saved: true, fileName: 'Acme-2025-ct600.xml' } }))),
    }, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    const build = screen.getByRole('button', { name: 'Build' });
    build.focus();
    fireEvent.click(build);
    await waitFor(() => expect(build).toHaveAttribute('aria-disabled', 'true'));
    expect(build).not.toBeDisabled();
    expect(build).toHaveFocus();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Building the return…')).toBe(true);
    fireEvent.click(build);
    await waitFor(() => expect(finishBuild).toBeDefined());
    finishBuild!();
    await screen.findByTestId('irmark');
    expect(callsTo('ct600.buildDraft')).toHaveLength(1);
    expect(build).toHaveFocus();
    expect(build).not.toHaveAttribute('aria-disabled');

    const save = screen.getByRole('button', { name: 'Save the return…' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    fireEvent.click(save);
    await waitFor(() => expect(finishSave).toBeDefined());
    finishSave!();
    await screen.findByText('Saved as Acme-2025-ct600.xml.');
    expect(callsTo('file.save')).toHaveLength(1);
    expect(save).toHaveFocus();
  });

  it('opens a Change link on the field it summarises', async () => {
    const { bridge } = fakeMain({}, newDraft({ form: { ...validForm, values: { ...validForm.values, declarationStatus: '' } } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    fireEvent.click(screen.getByRole('button', { name: 'Change their status' }));
    await waitFor(() => expect(screen.getByLabelText('Their status (box 985)')).toHaveFocus());
  });

  /** The draft as main gives it back after a reload: built, nothing changed since. */
  const reopened = (validation = built.validation) =>
    newDraft({ form: { ...validForm }, lastBuild: built.draft.lastBuild, lastValidation: { validatedAt: '2025-05-01T12:00:01.000Z', answeredBy: 'engine', result: validation }, changedSinceBuild: false, state: 'built' });

  it('after a reload shows the last build (IRmark both ways, its messages) and saves it without a Build click', async () => {
    const { bridge, callsTo } = fakeMain({
      'ct600.buildDraft': () => ({ ok: true, value: built }),
      'file.save': () => ({ ok: true, value: { saved: true, fileName: 'Acme-2025-ct600.xml' } }),
    }, reopened(rejected.validation));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    expect(screen.getByTestId('irmark')).toHaveTextContent('YrgW02ybxWOff7gHrELynhp1gRw=');
    expect(screen.getByTestId('irmark-base32')).toHaveTextContent('MK4B NU3M TPCW HH37 XAD2 YQXS TYNH LAI4');
    expect(screen.getByRole('link', { name: 'Rule 9200: rate 21% is not allowed for financial year 2024' })).toBeInTheDocument();
    // HMRC would reject this build: the step says so rather than "Completed".
    expect(screen.getByTestId('task-check').parentElement).toHaveTextContent('Has errors');
    expect(callsTo('ct600.buildDraft')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save the return HMRC would reject…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save anyway' }));
    await screen.findByText('Saved as Acme-2025-ct600.xml.');
    const save = callsTo('file.save')[0] as { contents: Uint8Array };
    expect(new TextDecoder().decode(save.contents)).toBe('<GovTalkMessage>£</GovTalkMessage>');
  });

  it('after a reload saves nothing when the return made again gives a different IRmark', async () => {
    const different = { ...built, build: { ...built.build, irMark: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=', irMarkBase32: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } };
    const { bridge, callsTo } = fakeMain({ 'ct600.buildDraft': () => ({ ok: true, value: different }) }, reopened());
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    fireEvent.click(screen.getByRole('button', { name: 'Save the return…' }));
    await screen.findByText(/Not saved: the return no longer gives the IRmark shown above/);
    expect(screen.getByTestId('irmark')).toHaveTextContent('AAAAAAAAAAAAAAAAAAAAAAAAAAA=');
    expect(callsTo('file.save')).toHaveLength(0);
  });

  it('after a reload with answers changed since the build shows no IRmark and no Save until built again', async () => {
    const { bridge } = fakeMain({}, { ...reopened(), changedSinceBuild: true, state: 'in-progress' });
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    expect(screen.getByTestId('last-build')).toHaveTextContent('Changed since the last build');
    expect(screen.queryByTestId('irmark')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the return…' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Build again' })).toBeEnabled();
  });
});
