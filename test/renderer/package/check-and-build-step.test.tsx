// @vitest-environment jsdom
/**
 * The report package wizard's last step, "Check and build", as the user
 * meets it: the wizard opened on that step of a draft, a fake main behind
 * the bridge answering the build, the save and the filing service's panel.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BuildAgreement,
  Draft,
  DraftServiceResults,
  FileSaveResponse,
  IpcResult,
  OutboxItemView,
  PackageDraftBuildRequest,
  PackageDraftBuildResponse,
  PackagePlan,
  SendDraftRequest,
  ServiceBuildRecord,
  ValidationJobResult,
} from '../../../preload/contract.js';
import { BridgeProvider } from '../../../renderer/src/bridge/bridge-context.js';
import { PackageWizard } from '../../../renderer/src/features/package/PackageWizard.js';
import { fakeMain, newDraft } from '../ct600/fake-main.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const ok = <T,>(value: T): IpcResult<T> => ({ ok: true, value });

const completeForm = {
  about: {
    name: 'Acme Widgets Ltd annual report 2024',
    identifier: 'https://example.com/acme/2024/package',
    version: '1.0',
    description: '',
    publisher: 'Acme Widgets Ltd',
    publisherUrl: 'https://www.example.com/',
    publisherCountry: 'GB',
    publicationDate: { day: '15', month: '1', year: '2025' },
    reportPackageLanguage: 'en-GB',
    reportPackageName: 'ACME-2024',
  },
  entryPoints: [{ key: '1', name: 'Acme Widgets Ltd 2024', description: '', version: '', href: 'http://example.com/acme/2024/acme-2024.xsd', languages: 'en, cy' }],
  includeHash: true,
  writeHashFile: true,
};

const attachments: Draft['attachments'] = [
  { id: 'a1', role: 'report', fileName: 'acme.xhtml', size: 508, sha256: '1'.repeat(64), hasInlineXbrlHeader: true, addedAt: '2025-01-01T00:00:00Z' },
  { id: 'a2', role: 'taxonomy', fileName: 'acme/acme-2024.xsd', size: 143, sha256: '2'.repeat(64), hasInlineXbrlHeader: false, addedAt: '2025-01-01T00:00:00Z' },
];

const plan: PackagePlan = {
  extension: 'xbri',
  fileName: 'ACME-2024.xbri',
  entries: [
    { path: 'ACME-2024/META-INF/reportPackage.json', size: 77, source: 'generated', attachmentId: null, from: null },
    { path: 'ACME-2024/reports/acme.xhtml', size: 508, source: 'report', attachmentId: 'a1', from: 'acme.xhtml' },
    { path: 'ACME-2024/acme/acme-2024.xsd', size: 143, source: 'taxonomy', attachmentId: 'a2', from: 'acme/acme-2024.xsd' },
  ],
  complete: true,
  totalSize: 728,
  problems: [],
  requestErrors: [],
  references: [],
  canBuild: true,
};

const ENGINE_SHA = 'a'.repeat(64);
const SERVICE_SHA = 'b'.repeat(64);
const HASH_RESULT = 'c'.repeat(64);

const validation: ValidationJobResult = {
  jobStatus: 'success',
  startDateTime: '2025-01-15T12:00:00Z',
  endDateTime: '2025-01-15T12:00:01Z',
  validations: [
    {
      validationType: 3,
      validationResult: 'valid',
      messages: [
        { category: 'warning', type: 'report-package', code: 'rpe:unusualLanguage', message: 'ACME-2024/META-INF/reportPackage.json: the package has no report in Welsh', attributes: [{ name: 'entry', value: 'ACME-2024/META-INF/reportPackage.json' }] },
        { category: 'info', type: 'report-package', code: 'reportCount', message: '1 report found', attributes: [{ name: 'reports', value: '1' }] },
      ],
    },
  ],
};

const lastBuild = (over: Partial<NonNullable<Draft['lastBuild']>> = {}): NonNullable<Draft['lastBuild']> => ({
  builtAt: '2025-01-15T12:00:00.000Z',
  answeredBy: 'engine',
  fingerprint: 'fp-1',
  fileName: 'ACME-2024.xbri',
  size: 728,
  sha256: ENGINE_SHA,
  ...over,
});

const noResults: DraftServiceResults = { draftId: 'd1', lastServiceBuild: null, agreement: null, jobs: [] };

interface Options {
  draft?: Partial<Draft>;
  save?: (r: unknown) => IpcResult<FileSaveResponse>;
  results?: () => DraftServiceResults;
  outbox?: () => OutboxItemView[];
}

function openCheckStep(o: Options = {}) {
  sessionStorage.setItem('filing-desk.package-step.d1', 'review');
  const draft = newDraft({ kind: 'report-package', title: 'Acme Widgets Ltd annual report 2024', form: structuredClone(completeForm), attachments, ...o.draft });
  const main = fakeMain(
    {
      'package.planDraft': () => ok(plan),
      'package.buildDraft': (r: PackageDraftBuildRequest) => {
        const built: PackageDraftBuildResponse = {
          build: { bytes: new Uint8Array([80, 75, 3, 4]), suggestedFileName: 'ACME-2024.xbri', ...(r.includeHash ? { hashResult: { Hash_Result: HASH_RESULT } } : {}) },
          extension: 'xbri',
          fileName: 'ACME-2024.xbri',
          sha256: ENGINE_SHA,
          size: 1536,
          validation,
          reportCount: 1,
          draft: { ...main.state.draft, form: r.form, lastBuild: lastBuild(), changedSinceBuild: false, state: 'built' },
        };
        main.state.draft = built.draft;
        return ok(built);
      },
      'file.save': (r) => (o.save ? o.save(r) : ok({ saved: true, fileName: 'ACME-2024.xbri', hashFileName: 'ACME-2024.xbri.sha256' })),
      'drafts.serviceResults': () => ok(o.results ? o.results() : noResults),
      'outbox.list': () => ok(o.outbox ? o.outbox() : []),
      'package.sendDraft': (r: SendDraftRequest) =>
        ok({ item: { id: 'o1', kind: 'package-build', draftId: r.draftId, title: 'Acme Widgets Ltd annual report 2024', state: 'queued', attempts: 0, createdAt: '2025-01-15T12:05:00.000Z', nextTryAt: null, reason: null } }),
    },
    draft,
  );
  render(
    <BridgeProvider bridge={main.bridge}>
      <PackageWizard draftId="d1" />
    </BridgeProvider>,
  );
  return main;
}

const rowOf = (key: string) => {
  const term = screen.getAllByRole('term').find((t) => t.textContent === key);
  if (!term) throw new Error(`no summary row “${key}”`);
  return term.parentElement as HTMLElement;
};

async function buildNow() {
  const build = await screen.findByTestId('build');
  await waitFor(() => expect(build).toBeEnabled());
  fireEvent.click(build);
  return screen.findByTestId('build-result');
}

describe('Check and build', () => {
  it('sums up every answer in rows, each with a Change link back to its field', async () => {
    openCheckStep();
    await screen.findByRole('heading', { name: 'Check and build', level: 2 });
    expect(rowOf('Package name')).toHaveTextContent('Acme Widgets Ltd annual report 2024');
    expect(rowOf('Publisher’s country')).toHaveTextContent('United Kingdom (GB)');
    expect(rowOf('Publication date')).toHaveTextContent('15 January 2025');
    expect(rowOf('Entry point 1')).toHaveTextContent('Acme Widgets Ltd 2024http://example.com/acme/2024/acme-2024.xsdLanguages: en, cy');
    expect(rowOf('Report')).toHaveTextContent('acme.xhtml (508 bytes)');
    expect(rowOf('Taxonomy')).toHaveTextContent('acme/acme-2024.xsd (143 bytes)');
    await waitFor(() => expect(rowOf('Package')).toHaveTextContent('ACME-2024.xbri, an Inline XBRL report package (.xbri), 3 files'));
    for (const key of ['Package name', 'File name', 'Identifier', 'Publisher’s website', 'Language of the package', 'Entry point 1', 'Report', 'Taxonomy', 'Package']) {
      expect(within(rowOf(key)).getByRole('button', { name: `Change ${key.toLowerCase()}` })).toBeInTheDocument();
    }
    fireEvent.click(within(rowOf('Publisher’s website')).getByRole('button', { name: 'Change publisher’s website' }));
    expect(await screen.findByRole('heading', { name: 'About the package', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Publisher’s website (optional)' })).toHaveFocus());
  });

  it('keeps Build switched off while answers are wrong, says why, and links each problem to its field', async () => {
    const form = structuredClone(completeForm);
    form.about.identifier = 'not a web address';
    form.about.reportPackageName = '';
    const { callsTo } = openCheckStep({ draft: { form } });
    const build = await screen.findByTestId('build');
    expect(build).toBeDisabled();
    expect(build).toHaveAccessibleDescription('You cannot build the package yet: 2 things need fixing first.');
    expect(rowOf('Identifier')).toHaveTextContent(/Identifier must be an absolute URI/);
    const summary = screen.getByTestId('error-summary');
    fireEvent.click(within(summary).getByRole('link', { name: 'File name is required' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'File name' })).toHaveFocus());
    expect(callsTo('package.buildDraft')).toEqual([]);
  });

  it('builds with the form as it is, then shows the file, its size, SHA-256, Hash_Result, report count and the validator’s messages', async () => {
    const { callsTo } = openCheckStep();
    const result = await buildNow();
    const [asked] = callsTo('package.buildDraft') as PackageDraftBuildRequest[];
    expect(asked).toMatchObject({ draftId: 'd1', includeHash: true, form: completeForm });
    expect(asked!.request).toMatchObject({ identifier: 'https://example.com/acme/2024/package', publicationDate: '2025-01-15', reportPackageName: 'ACME-2024', publisherCountry: 'GB' });
    expect(asked!.request).not.toHaveProperty('reportBase64Content'); // main adds the draft's own report
    expect(within(result).getByTestId('built-file-name')).toHaveTextContent('ACME-2024.xbri');
    expect(within(result).getByTestId('built-size')).toHaveTextContent('1.5 KB (1,536 bytes)');
    expect(within(result).getByTestId('package-sha256')).toHaveTextContent(ENGINE_SHA);
    expect(within(result).getByTestId('hash-result')).toHaveTextContent(HASH_RESULT);
    expect(within(result).getByTestId('report-count')).toHaveTextContent('1 report');
    expect(within(result).getByRole('cell', { name: 'ACME-2024/META-INF/reportPackage.json: the package has no report in Welsh' })).toBeInTheDocument();
    expect(within(result).getByText('Built ACME-2024.xbri.')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('build')).toHaveTextContent('Build again');
  });

  it('leaves Hash_Result out when it was not asked for', async () => {
    const { callsTo } = openCheckStep();
    const ask = await screen.findByRole('checkbox', { name: 'Include the package’s SHA-256 from the filing service (Hash_Result)' });
    expect(ask).toBeChecked();
    fireEvent.click(ask);
    const result = await buildNow();
    expect((callsTo('package.buildDraft') as PackageDraftBuildRequest[])[0]).toMatchObject({ includeHash: false });
    expect(within(result).getByTestId('package-sha256')).toHaveTextContent(ENGINE_SHA);
    expect(within(result).queryByTestId('hash-result')).not.toBeInTheDocument();
  });

  it('saves with a checksum file by default and names it', async () => {
    const { callsTo } = openCheckStep();
    await buildNow();
    fireEvent.click(screen.getByTestId('save-package'));
    expect(await screen.findByTestId('save-note')).toHaveTextContent(
      'Saved as ACME-2024.xbri. The checksum file ACME-2024.xbri.sha256 is beside it, so anyone can check the package has not changed.',
    );
    expect(screen.getByTestId('save-note')).toHaveAttribute('role', 'status');
    expect(callsTo('file.save')).toEqual([{ kind: 'report-package', extension: 'xbri', suggestedName: 'ACME-2024', contents: new Uint8Array([80, 75, 3, 4]), writeHashFile: true }]);
  });

  it('says why the checksum file was not written, and asks for none when it is switched off', async () => {
    const { callsTo } = openCheckStep({ save: () => ok({ saved: true, fileName: 'ACME-2024.xbri', hashFileProblem: 'the folder is read-only.' }) });
    await buildNow();
    fireEvent.click(screen.getByTestId('save-package'));
    const note = await screen.findByTestId('save-note');
    expect(note).toHaveTextContent('Saved as ACME-2024.xbri. The checksum file was not written: the folder is read-only.');
    expect(note).toHaveAttribute('role', 'alert');
    fireEvent.click(screen.getByRole('checkbox', { name: 'When saving, also write a checksum file (.sha256) beside the package' }));
    fireEvent.click(screen.getByTestId('save-package'));
    await waitFor(() => expect(callsTo('file.save')).toHaveLength(2));
    expect((callsTo('file.save')[1] as { writeHashFile: boolean }).writeHashFile).toBe(false);
  });
});

describe('Check and build: the filing service', () => {
  const serviceBuild = (over: Partial<ServiceBuildRecord> = {}): ServiceBuildRecord => ({
    outboxId: 'o1',
    builtAt: '2025-01-15T12:10:00.000Z',
    answeredBy: 'service',
    service: 'https://api.example.com',
    apiVersion: '1.0',
    fingerprint: 'fp-1',
    size: 1536,
    sha256: ENGINE_SHA,
    ...over,
  });
  const agreement = (over: Partial<BuildAgreement> = {}): BuildAgreement => ({
    fingerprint: 'fp-1',
    comparedAt: '2025-01-15T12:10:00.000Z',
    agrees: true,
    parts: [{ part: 'package', agrees: true, engine: '1536 bytes', service: '1536 bytes' }],
    firstDifference: null,
    ...over,
  });

  it('sends the description the local build uses, without waiting for the service', async () => {
    const sent: OutboxItemView[] = [];
    const { callsTo } = openCheckStep({ outbox: () => sent });
    const panel = await screen.findByRole('region', { name: 'Filing service' });
    expect(panel).toHaveTextContent('Nothing sent to the filing service for this draft yet');
    await buildNow();
    const send = within(panel).getByRole('button', { name: 'Send to the filing service' });
    await waitFor(() => expect(send).toBeEnabled());
    sent.push({ id: 'o1', kind: 'package-build', draftId: 'd1', title: 'Acme Widgets Ltd annual report 2024', state: 'queued', attempts: 0, createdAt: '2025-01-15T12:05:00.000Z', nextTryAt: null, reason: null });
    fireEvent.click(send);
    expect(await within(panel).findByText(/^Put in the outbox\./)).toHaveAttribute('role', 'status');
    expect(await within(panel).findByTestId('service-request')).toHaveTextContent(/Last sent 15 January 2025 at \d\d:\d\d: Waiting/);
    const [request] = callsTo('package.sendDraft') as SendDraftRequest[];
    expect(request).toEqual({ draftId: 'd1', request: (callsTo('package.buildDraft')[0] as PackageDraftBuildRequest).request });
  });

  it('writes a change made on this step before sending, so main sends the answers on screen', async () => {
    const { calls } = openCheckStep();
    const panel = await screen.findByRole('region', { name: 'Filing service' });
    const send = within(panel).getByRole('button', { name: 'Send to the filing service' });
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.click(screen.getByRole('checkbox', { name: 'When saving, also write a checksum file (.sha256) beside the package' }));
    fireEvent.click(send);
    await within(panel).findByText(/^Put in the outbox\./);
    const order = calls.map((c) => c.channel).filter((c) => c === 'drafts.save' || c === 'package.sendDraft');
    expect(order).toEqual(['drafts.save', 'package.sendDraft']);
    expect((calls.find((c) => c.channel === 'drafts.save')!.request as { form: { writeHashFile: boolean } }).form.writeHashFile).toBe(false);
  });

  it('cannot send while the answers are wrong', async () => {
    const form = structuredClone(completeForm);
    form.entryPoints[0]!.href = 'acme.xsd';
    openCheckStep({ draft: { form } });
    const panel = await screen.findByRole('region', { name: 'Filing service' });
    const send = within(panel).getByRole('button', { name: 'Send to the filing service' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Fix the answers above first: the service is sent the same request as a build here.');
  });

  it('shows who answered, when, and that the service agrees with the local engine', async () => {
    openCheckStep({ draft: { lastBuild: lastBuild(), state: 'built' }, results: () => ({ ...noResults, lastServiceBuild: serviceBuild({ hash: HASH_RESULT }), agreement: agreement() }) });
    const answered = await screen.findByTestId('service-build');
    expect(answered).toHaveTextContent('Answered byThe filing service at https://api.example.com (API version 1.0)');
    expect(answered).toHaveTextContent(/When15 January 2025 at \d\d:\d\d/);
    expect(within(answered).getByTestId('service-sha256')).toHaveTextContent(ENGINE_SHA);
    expect(answered).toHaveTextContent(`The filing service’s own SHA-256 (Hash_Result)${HASH_RESULT}`);
    expect(within(answered).getByTestId('agreement')).toHaveTextContent('Agrees with the local engine');
    expect(within(answered).queryByTestId('agreement-digests')).not.toBeInTheDocument();
  });

  it('shows where the bytes first differ and both SHA-256s when the service’s package is not the local one', async () => {
    const differs = agreement({
      agrees: false,
      parts: [{ part: 'package', agrees: false, engine: '1536 bytes', service: '1540 bytes' }],
      firstDifference: { offset: 10, line: 1, engine: 'PK\u0003\u0004 local', service: 'PK\u0003\u0004 remote' },
    });
    openCheckStep({ draft: { lastBuild: lastBuild(), state: 'built' }, results: () => ({ ...noResults, lastServiceBuild: serviceBuild({ sha256: SERVICE_SHA, size: 1540 }), agreement: differs }) });
    const answered = await screen.findByTestId('service-build');
    expect(within(answered).getByTestId('agreement')).toHaveTextContent('Differs from the local engine');
    expect(answered).toHaveTextContent('The package (zip): different (here 1536 bytes, service 1540 bytes)');
    expect(answered).toHaveTextContent('First difference at line 1 (byte 10)');
    const digests = within(answered).getByTestId('agreement-digests');
    expect(digests).toHaveTextContent(`SHA-256 of the package built here${ENGINE_SHA}`);
    expect(digests).toHaveTextContent(`SHA-256 of the package the service built${SERVICE_SHA}`);
  });

  it('does not set a later local build beside a comparison made with an earlier one', async () => {
    const differs = agreement({ agrees: false, parts: [{ part: 'package', agrees: false, engine: '1536 bytes', service: '1540 bytes' }], firstDifference: { offset: 10, line: 1, engine: 'a', service: 'b' } });
    openCheckStep({
      draft: { lastBuild: lastBuild({ fingerprint: 'fp-2', sha256: 'd'.repeat(64) }), state: 'built' },
      results: () => ({ ...noResults, lastServiceBuild: serviceBuild({ sha256: SERVICE_SHA }), agreement: differs }),
    });
    const answered = await screen.findByTestId('service-build');
    expect(within(answered).getByTestId('agreement')).toHaveTextContent('Differs from the local engine');
    expect(within(answered).queryByTestId('agreement-digests')).not.toBeInTheDocument();
    expect(answered).not.toHaveTextContent('d'.repeat(64));
  });
});
