import { useState } from 'react';
import type { FieldError, PackageDraftBuildResponse } from '../../../../preload/contract.js';
import { CheckboxField } from '../../components/Field.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { BusyButton } from '../../components/BusyButton.js';
import { Busy } from '../../components/Progress.js';
import { SummaryList, type SummaryRow } from '../../components/SummaryList.js';
import { settle } from '../frame/bridge-call.js';
import { formatSize, formatSizeExactly, ukDate, ukDateTime } from '../../format/index.js';
import { ServicePanel } from '../online/ServicePanel.js';
import { ValidationResults } from '../results/ValidationResults.js';
import { countryName } from './countries.js';
import { ABOUT_FIELDS, aboutLabel, dateOfText, ENTRY_POINT_FIELDS, entryPointFieldId, splitLanguages, stepOfField, type AboutField } from './form.js';
import { usePackageWizard } from './package-context.js';
import { packageKindWords } from './PackageTree.js';

/** A refusal's field ("publisherUrl", "entrypoints[0].entryPointDocument.href", "taxonomy") → the input it concerns. */
function inputOfRequestField(field: string, keys: string[]): { id: string; step: 'about' | 'entry-points' | 'files' } {
  const ep = /^entrypoints\[(\d+)\](?:\.(\w+))?/.exec(field);
  if (ep) {
    const key = keys[Number(ep[1])];
    const sub = ep[2] === 'entryPointDocument' ? 'href' : (ep[2] as 'name' | 'languages' | undefined);
    if (key && sub && ENTRY_POINT_FIELDS.some((f) => f.id === sub)) return { id: entryPointFieldId(key, sub), step: 'entry-points' };
    return { id: 'add-entry-point', step: 'entry-points' };
  }
  if (ABOUT_FIELDS.some((f) => f.id === field)) return { id: field, step: 'about' };
  return { id: 'drop-report', step: 'files' };
}

export function ReviewStep() {
  const ctx = usePackageWizard();
  const [building, setBuilding] = useState(false);
  const [built, setBuilt] = useState<PackageDraftBuildResponse | null>(null);
  const [refused, setRefused] = useState<{ message: string; errors: FieldError[] } | null>(null);
  const [saveNote, setSaveNote] = useState<{ text: string; bad: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const { form, check } = ctx;
  const plan = ctx.plan.status === 'ready' ? ctx.plan.plan : null;
  const errors = [...check.errors.entries()];
  const planProblems = plan?.problems ?? [];
  const blocked = errors.length > 0 || !plan || !plan.canBuild;
  const lastBuild = ctx.draft.lastBuild;
  const go = (id: string) => ctx.go(stepOfField(id), id);

  const value = (id: AboutField): string => {
    const a = form.about;
    if (id === 'publicationDate') {
      const d = dateOfText(a.publicationDate);
      return d.ok ? (d.iso ? ukDate(d.iso) : 'Not given') : `${a.publicationDate.day} ${a.publicationDate.month} ${a.publicationDate.year}`;
    }
    if (id === 'publisherCountry') return a.publisherCountry ? `${countryName(a.publisherCountry)} (${a.publisherCountry})` : 'Not given';
    return a[id].trim() || 'Not given';
  };
  const aboutRows: SummaryRow[] = ABOUT_FIELDS.map((f) => ({ key: aboutLabel(f.id), value: value(f.id), error: check.errors.get(f.id), onChange: () => ctx.go('about', f.id) }));
  const entryRows: SummaryRow[] = form.entryPoints.map((ep, i) => ({
    key: `Entry point ${i + 1}`,
    value: (
      <>
        {ep.name.trim() || 'No name'}
        <br />
        {ep.href.trim() || 'No entry point document URL'}
        {splitLanguages(ep.languages).length ? (
          <>
            <br />
            Languages: {splitLanguages(ep.languages).join(', ')}
          </>
        ) : null}
      </>
    ),
    error: ENTRY_POINT_FIELDS.map((f) => check.errors.get(entryPointFieldId(ep.key, f.id))).find(Boolean),
    onChange: () => ctx.go('entry-points', entryPointFieldId(ep.key, 'name')),
  }));
  if (!entryRows.length) entryRows.push({ key: 'Entry points', value: 'None', onChange: () => ctx.go('entry-points') });
  const report = ctx.draft.attachments.find((a) => a.role === 'report');
  const taxonomy = ctx.draft.attachments.filter((a) => a.role === 'taxonomy');
  const fileRows: SummaryRow[] = [
    { key: 'Report', value: report ? `${report.fileName} (${formatSize(report.size)})` : 'Not added yet', onChange: () => ctx.go('files') },
    {
      key: 'Taxonomy',
      value: taxonomy.length ? taxonomy.map((a) => `${a.fileName} (${formatSize(a.size)})`).join(', ') : 'None',
      onChange: () => ctx.go('files'),
    },
    {
      key: 'Package',
      value: plan?.fileName && plan.extension ? `${plan.fileName}, ${packageKindWords(plan.extension)}, ${plan.entries.length} files` : 'Not known yet',
      error: planProblems.length ? `${planProblems.length === 1 ? '1 problem' : `${planProblems.length} problems`} with the files would stop the build: see “Report and taxonomy files”` : undefined,
      onChange: () => ctx.go('files'),
    },
  ];

  const build = async () => {
    setBuilding(true);
    setRefused(null);
    setSaveNote(null);
    setBuilt(null);
    await ctx.flush();
    const result = await settle(
      () => ctx.bridge.buildPackageDraft({ draftId: ctx.draftId, form: form as never, request: check.request, includeHash: form.includeHash }),
      'build the package',
    );
    setBuilding(false);
    if (!result.ok) {
      setRefused({ message: result.failure.message, errors: result.failure.errors ?? [] });
      setFocusKey((k) => k + 1);
      return;
    }
    setBuilt(result.value);
    ctx.adoptDraft(result.value.draft);
  };

  const save = async () => {
    if (!built) return;
    setSaving(true);
    setSaveNote(null);
    const result = await settle(
      () =>
        ctx.bridge.saveFile({
          kind: 'report-package',
          extension: built.extension,
          suggestedName: built.fileName.replace(/\.[^.]+$/, ''),
          contents: built.build.bytes,
          writeHashFile: form.writeHashFile,
        }),
      'save the package',
    );
    setSaving(false);
    if (!result.ok) return setSaveNote({ text: `The package was not saved: ${result.failure.message}`, bad: true });
    const r = result.value;
    if (!r.saved) return setSaveNote({ text: 'Not saved: the save was cancelled.', bad: false });
    const hash = r.hashFileName
      ? ` The checksum file ${r.hashFileName} is beside it, so anyone can check the package has not changed.`
      : r.hashFileProblem
        ? ` The checksum file was not written: ${r.hashFileProblem}`
        : '';
    setSaveNote({ text: `Saved as ${r.fileName ?? built.fileName}.${hash}`, bad: !!r.hashFileProblem });
  };

  const messages = built ? built.validation.validations.flatMap((v) => v.messages) : [];
  const keys = form.entryPoints.map((e) => e.key);

  return (
    <>
      <section className="step-section" aria-labelledby="review-about">
        <h3 id="review-about">About the package</h3>
        <SummaryList rows={aboutRows} />
      </section>
      <section className="step-section" aria-labelledby="review-entry-points">
        <h3 id="review-entry-points">Entry points</h3>
        <SummaryList rows={entryRows} />
      </section>
      <section className="step-section" aria-labelledby="review-files">
        <h3 id="review-files">Report and taxonomy files</h3>
        <SummaryList rows={fileRows} />
      </section>

      <section className="step-section build" aria-labelledby="build-heading">
        <h3 id="build-heading" tabIndex={-1}>
          Build the package
        </h3>
        <CheckboxField
          id="includeHash"
          label="Include the package’s SHA-256 from the filing service (Hash_Result)"
          hint="Filing Desk always shows the SHA-256 it works out itself; this also asks the builder to state its own, to compare."
          checked={form.includeHash}
          onChange={(on) => ctx.update((f) => ({ ...f, includeHash: on }))}
        />
        <CheckboxField
          id="writeHashFile"
          label="When saving, also write a checksum file (.sha256) beside the package"
          hint="The recipient can check the package with sha256sum -c, certutil or Get-FileHash, or with “Verify a file”."
          checked={form.writeHashFile}
          onChange={(on) => ctx.update((f) => ({ ...f, writeHashFile: on }))}
        />
        {lastBuild && !built ? (
          <p data-testid="last-build">
            Last built {ukDateTime(lastBuild.builtAt)} as {lastBuild.fileName} ({formatSize(lastBuild.size)}), SHA-256 <code className="digest">{lastBuild.sha256}</code>.{' '}
            {ctx.draft.changedSinceBuild ? <strong className="tag tag--red">Changed since the last build</strong> : <strong className="tag tag--green">Unchanged since the last build</strong>}{' '}
            Build again to save it.
          </p>
        ) : null}
        {blocked && !building ? (
          <>
            <p id="build-blocked" className="field__error">
              {errors.length || planProblems.length
                ? `You cannot build the package yet: ${errors.length + planProblems.length === 1 ? '1 thing needs' : `${errors.length + planProblems.length} things need`} fixing first.`
                : !plan
                  ? 'Working out the package’s contents…'
                  : 'You cannot build the package yet.'}
            </p>
            <ErrorSummary
              errors={[
                ...errors.map(([fieldId, message]) => ({ fieldId, message })),
                ...planProblems.map((p) => ({ fieldId: 'files-step', message: p.file ? `${p.file}: ${p.message}` : p.message })),
              ]}
              focusKey={0}
              onSelect={(id) => (id === 'files-step' ? ctx.go('files') : go(id))}
            />
          </>
        ) : null}
        <BusyButton
          className="button button--primary"
          disabled={blocked}
          busy={building}
          busyLabel="Building the package…"
          aria-describedby={blocked ? 'build-blocked' : undefined}
          onPress={() => void build()}
          data-testid="build"
        >
          {built || lastBuild ? 'Build again' : 'Build the package'}
        </BusyButton>
        {building ? <Busy label="Building the package in the background and checking it with the package validator…" /> : null}
        {refused ? (
          <ErrorSummary
            focusKey={focusKey}
            errors={
              refused.errors.length
                ? refused.errors.map((e) => ({ fieldId: inputOfRequestField(e.field, keys).id, message: e.message }))
                : [{ fieldId: 'build-heading', message: `The package was not built: ${refused.message}` }]
            }
            onSelect={(id) => {
              const target = refused.errors.map((e) => inputOfRequestField(e.field, keys)).find((t) => t.id === id);
              if (target) ctx.go(target.step, target.id);
            }}
          />
        ) : null}
        {built ? (
          <div className="build__result" data-testid="build-result">
            <p className="visually-hidden" role="status">
              Built {built.fileName}.
            </p>
            <dl className="facts">
              <dt>File</dt>
              <dd data-testid="built-file-name">{built.fileName}</dd>
              <dt>Kind</dt>
              <dd>{packageKindWords(built.extension)}</dd>
              <dt>Size</dt>
              <dd data-testid="built-size">
                {formatSizeExactly(built.size)}
              </dd>
              <dt>SHA-256 of the package</dt>
              <dd>
                <code className="digest" data-testid="package-sha256">
                  {built.sha256}
                </code>
              </dd>
              {built.build.hashResult ? (
                <>
                  <dt>The filing service’s own SHA-256 (Hash_Result)</dt>
                  <dd>
                    <code className="digest" data-testid="hash-result">
                      {built.build.hashResult.Hash_Result}
                    </code>
                  </dd>
                </>
              ) : null}
              <dt>Reports in the package</dt>
              <dd data-testid="report-count">{built.reportCount === 1 ? '1 report' : `${built.reportCount} reports`}</dd>
            </dl>
            <ValidationResults result={built.validation} subject={built.fileName} thing="Package" headingLevel={3} />
            {messages.length === 0 ? <p>The package validator found no problems with its structure, its reportPackage.json or its taxonomyPackage.xml.</p> : null}
            <p className="button-row">
              <BusyButton className="button button--primary" busy={saving} busyLabel="Saving the package…" onPress={() => void save()} data-testid="save-package">
                Save the package…
              </BusyButton>
            </p>
            {saving ? <Busy label="Saving the package…" /> : null}
            {saveNote ? (
              <p role={saveNote.bad ? 'alert' : 'status'} className={saveNote.bad ? 'field__error' : 'save-note'} data-testid="save-note">
                {saveNote.text}
              </p>
            ) : null}
          </div>
        ) : null}
        {/* The same description as the local build above; main adds the draft's report and taxonomy. */}
        <ServicePanel draftId={ctx.draftId} kind="report-package" request={blocked ? null : check.request} localBuild={ctx.draft.lastBuild} beforeSend={ctx.flush} />
      </section>
    </>
  );
}
