// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FilingDeskBridge, PackagePlan } from '../../../preload/contract.js';
import { BridgeProvider } from '../../../renderer/src/bridge/bridge-context.js';
import { PackageWizard } from '../../../renderer/src/features/package/PackageWizard.js';
import { VerifyFilePage } from '../../../renderer/src/features/verify/VerifyFilePage.js';
import { fakeMain, newDraft } from '../ct600/fake-main.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const plan = (over: Partial<PackagePlan> = {}): PackagePlan => ({
  extension: 'xbri',
  fileName: 'ACME-2024.xbri',
  entries: [
    { path: 'ACME-2024/META-INF/reportPackage.json', size: 77, source: 'generated', attachmentId: null, from: null },
    { path: 'ACME-2024/reports/acme.xhtml', size: 508, source: 'report', attachmentId: 'a1', from: 'acme.xhtml' },
    { path: 'ACME-2024/acme/CON.xsd', size: 143, source: 'taxonomy', attachmentId: 'a2', from: 'acme/CON.xsd' },
  ],
  complete: true,
  totalSize: 728,
  problems: [],
  requestErrors: [],
  references: [],
  canBuild: true,
  ...over,
});

const open = (bridge: FilingDeskBridge, ui = <PackageWizard draftId="d1" />) => render(<BridgeProvider bridge={bridge}>{ui}</BridgeProvider>);

describe('report package wizard', () => {
  it('checks web addresses and language tags as they are typed, with the engine’s rules, and saves what was typed', async () => {
    const { bridge, state } = fakeMain({ 'package.planDraft': () => ({ ok: true, value: plan() }) }, newDraft({ kind: 'report-package' }));
    open(bridge);
    const identifier = await screen.findByLabelText('Identifier');
    fireEvent.change(identifier, { target: { value: 'acme package' } });
    expect(await screen.findByText(/Identifier must be an absolute URI/)).toBeInTheDocument();
    expect(identifier).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(identifier, { target: { value: 'https://example.com/acme' } });
    await waitFor(() => expect(screen.queryByText(/Identifier must be/)).not.toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('Language of the package'), { target: { value: 'en_GB' } });
    expect(await screen.findByText(/Language of the package is not a valid language tag/)).toBeInTheDocument();
    await waitFor(() => expect((state.draft.form as { about?: { identifier?: string } }).about?.identifier).toBe('https://example.com/acme'));
  });

  it('adds, reorders and removes entry points, and names a bad language tag beside its field', async () => {
    const { bridge, state } = fakeMain({ 'package.planDraft': () => ({ ok: true, value: plan() }) }, newDraft({ kind: 'report-package' }));
    open(bridge);
    fireEvent.click(await screen.findByTestId('task-entry-points'));
    fireEvent.change(within(screen.getByTestId('entry-point-1')).getByLabelText('Name'), { target: { value: 'First' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add an entry point' }));
    fireEvent.change(within(screen.getByTestId('entry-point-2')).getByLabelText('Name'), { target: { value: 'Second' } });
    // Named by the entry point's own name, which a move does not change, in the words the button shows.
    const moveUp = screen.getByRole('button', { name: 'Move ‘Second’ up' });
    expect(moveUp).toHaveTextContent(/^Move ‘Second’ up$/);
    expect(moveUp).not.toHaveAttribute('aria-label');
    fireEvent.click(moveUp);
    expect(within(screen.getByTestId('entry-point-1')).getByRole('group')).toHaveAccessibleName('Entry point 1: Second');
    fireEvent.change(within(screen.getByTestId('entry-point-2')).getByLabelText('Languages (optional)'), { target: { value: 'en, x y z 123456789' } });
    expect(await screen.findByText(/Language “123456789” is not a valid language tag/)).toBeInTheDocument();
    expect(within(screen.getByTestId('entry-point-1')).getByRole('button', { name: 'Move ‘Second’ down' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove ‘Second’' }));
    expect(screen.queryByTestId('entry-point-2')).not.toBeInTheDocument();
    await waitFor(() => expect((state.draft.form as { entryPoints?: { name: string }[] }).entryPoints?.map((e) => e.name)).toEqual(['First']));
  });

  it('shows every planned entry with its size and marks the file the engine would refuse, naming it', async () => {
    const refusal = plan({ canBuild: false, problems: [{ file: 'acme/CON.xsd', attachmentId: 'a2', role: 'taxonomy', message: '"CON.xsd", a device name Windows has reserved' }] });
    const draft = newDraft({
      kind: 'report-package',
      attachments: [
        { id: 'a1', role: 'report', fileName: 'acme.xhtml', size: 508, sha256: '0'.repeat(64), hasInlineXbrlHeader: true, addedAt: '2025-01-01T00:00:00Z' },
        { id: 'a2', role: 'taxonomy', fileName: 'acme/CON.xsd', size: 143, sha256: '0'.repeat(64), hasInlineXbrlHeader: false, addedAt: '2025-01-01T00:00:00Z' },
      ],
    });
    const { bridge } = fakeMain({ 'package.planDraft': () => ({ ok: true, value: refusal }) }, draft);
    open(bridge);
    fireEvent.click(await screen.findByTestId('task-files'));
    const tree = await screen.findByTestId('package-tree');
    const rows = within(tree).getAllByRole('row').filter((r) => r.hasAttribute('data-path'));
    expect(rows.map((r) => [r.getAttribute('data-path'), within(r).getByTestId('entry-size').textContent])).toEqual(refusal.entries.map((e) => [e.path, `${e.size} bytes`]));
    expect(screen.getByTestId('package-file-name')).toHaveTextContent('ACME-2024.xbri: an Inline XBRL report package (.xbri)');
    const refused = screen.getAllByTestId('attached-file').find((r) => r.textContent?.startsWith('acme/CON.xsd'))!;
    expect(refused).toHaveTextContent('Refused: "CON.xsd", a device name Windows has reserved');
    fireEvent.click(screen.getByTestId('task-review'));
    expect(await screen.findByTestId('build')).toBeDisabled();
  });

  it('leaves the focus on the taxonomy’s file picker when the button pressed to remove a file goes with its row', async () => {
    const draft = newDraft({
      kind: 'report-package',
      attachments: [
        { id: 'a1', role: 'report', fileName: 'acme.xhtml', size: 508, sha256: '0'.repeat(64), hasInlineXbrlHeader: true, addedAt: '2025-01-01T00:00:00Z' },
        { id: 'a2', role: 'taxonomy', fileName: 'acme/acme.xsd', size: 143, sha256: '0'.repeat(64), hasInlineXbrlHeader: false, addedAt: '2025-01-01T00:00:00Z' },
        { id: 'a3', role: 'taxonomy', fileName: 'acme/acme-lab.xml', size: 143, sha256: '0'.repeat(64), hasInlineXbrlHeader: false, addedAt: '2025-01-01T00:00:00Z' },
      ],
    });
    const { bridge, callsTo } = fakeMain({ 'package.planDraft': () => ({ ok: true, value: plan() }) }, draft);
    open(bridge);
    fireEvent.click(await screen.findByTestId('task-files'));
    const removeAll = await screen.findByRole('button', { name: 'Remove all taxonomy files' });
    removeAll.focus();
    fireEvent.click(removeAll);
    await waitFor(() => expect(callsTo('drafts.detach')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove all taxonomy files' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByTestId('drop-taxonomy')).getByRole('button', { name: 'Choose files…' })).toHaveFocus());
  });
});

describe('Verify a file', () => {
  const drop = (files: File[]) => {
    const dataTransfer = { types: ['Files'], files, items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })), getData: () => '', dropEffect: 'none', effectAllowed: 'all' };
    const zone = screen.getByTestId('drop-verify');
    fireEvent.dragEnter(zone, { dataTransfer, clientX: 5, clientY: 5 });
    fireEvent.dragOver(zone, { dataTransfer, clientX: 5, clientY: 5 });
    fireEvent.drop(zone, { dataTransfer, clientX: 5, clientY: 5 });
  };
  // SHA-256 of "hello\n", as sha256sum prints it.
  const hello = '5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03';

  it('recognises a file a draft built, with no typing, and shows both digests', async () => {
    const { bridge, callsTo } = fakeMain({
      'drafts.findBuild': (r) => ({
        ok: true,
        value: { matches: r.sha256 === hello ? [{ draftId: 'd1', kind: 'report-package', title: 'ACME 2024', fileName: 'ACME-2024.xbri', size: 6, sha256: hello, builtAt: '2025-01-15T10:00:00Z', answeredBy: 'engine', changedSinceBuild: false }] : [] },
      }),
    });
    open(bridge, <VerifyFilePage />);
    drop([new File(['hello\n'], 'ACME-2024.xbri')]);
    expect(await screen.findByRole('heading', { name: /Recognised: Filing Desk built exactly this file/ })).toBeInTheDocument();
    expect(screen.getByTestId('actual-sha256')).toHaveTextContent(hello);
    expect(screen.getByTestId('expected-sha256')).toHaveTextContent(hello);
    expect(callsTo('drafts.findBuild')).toEqual([{ sha256: hello }]);
  });

  it('says a file does not match its .sha256 file, and checks a pasted hash', async () => {
    const { bridge } = fakeMain({ 'drafts.findBuild': () => ({ ok: true, value: { matches: [] } }) });
    open(bridge, <VerifyFilePage />);
    drop([new File(['hellO\n'], 'ACME-2024.xbri'), new File([`${hello}  ACME-2024.xbri\n`], 'ACME-2024.xbri.sha256')]);
    expect(await screen.findByRole('heading', { name: 'The file does not match: it is not the file that was built' })).toBeInTheDocument();
    expect(screen.getByTestId('expected-sha256')).toHaveTextContent(hello);
    expect(screen.getByTestId('actual-sha256')).not.toHaveTextContent(hello);
    fireEvent.click(screen.getByRole('button', { name: /Remove ACME-2024.xbri.sha256/ }));
    drop([new File(['hello\n'], 'ACME-2024.xbri')]);
    await screen.findByRole('heading', { name: /Not checked yet/ });
    const paste = screen.getByLabelText('Or paste the SHA-256 (optional)');
    fireEvent.change(paste, { target: { value: hello.slice(0, 10) } });
    fireEvent.blur(paste);
    expect(screen.getByText('A SHA-256 has 64 characters; this has 10.')).toBeInTheDocument();
    fireEvent.change(paste, { target: { value: hello.toUpperCase() } });
    expect(await screen.findByRole('heading', { name: 'The file matches: it is exactly the file the checksum was made from' })).toBeInTheDocument();
  });
});
