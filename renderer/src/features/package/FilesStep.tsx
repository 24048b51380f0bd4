import { useState } from 'react';
import { DropZone, isDirectoryDropItem, isFileDropItem, type DirectoryDropItem, type DropItem } from 'react-aria-components';
import { describeLimit, MAX_DRAFT_ATTACHMENT_BYTES, type DraftAttachment, type PackagePlanProblem } from '../../../../preload/contract.js';
import { FileDropZone } from '../../components/FileDropZone.js';
import { FilePickerButton } from '../../components/FilePickerButton.js';
import { Busy } from '../../components/Progress.js';
import { formatSize } from '../../format/index.js';
import { usePackageWizard } from './package-context.js';
import { PackageTree } from './PackageTree.js';
import { fileProblemWords, ReferenceList } from './ReferenceList.js';
import { attachRefusal } from '../frame/attach-refusal.js';
import { ActionsColumnHeader } from '../../components/ActionsColumnHeader.js';

export const REPORT_TYPES = ['.xhtml', '.html', '.htm', '.xbrl', '.json'];
const TAXONOMY_TYPES = ['.xsd', '.xml', '.zip'];

/** A file to attach and the name it gets in the draft: its path inside the package for a file from a folder. */
interface Pending {
  file: File;
  name: string;
}

/** Every file in a dropped folder, with its path from the folder's own name down ("acme/linkbases/acme-lab.xml"). */
async function filesOfDirectory(dir: DirectoryDropItem, prefix: string): Promise<Pending[]> {
  const out: Pending[] = [];
  for await (const item of dir.getEntries()) {
    if (isFileDropItem(item)) out.push({ file: await item.getFile(), name: `${prefix}${dir.name}/${item.name}` });
    else if (isDirectoryDropItem(item)) out.push(...(await filesOfDirectory(item, `${prefix}${dir.name}/`)));
  }
  return out;
}

/** A chosen file's path: from a folder picker it carries the folder ("acme/acme.xsd"), else just its name. */
const nameOf = (file: File) => (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;

function ProblemList({ problems, testId }: { problems: PackagePlanProblem[]; testId: string }) {
  if (!problems.length) return null;
  return (
    <div className="package-problems" data-testid={testId}>
      <p className="field__error">Filing Desk would refuse {problems.length === 1 ? 'this' : 'these'}, so the package cannot be built yet:</p>
      <ul className="field__error">
        {problems.map((p, i) => (
          <li key={i}>
            {p.file ? <strong>{p.file}</strong> : null}
            {p.file ? ': ' : ''}
            {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FilesStep() {
  const ctx = usePackageWizard();
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<{ role: 'report' | 'taxonomy'; text: string } | null>(null);
  const [over, setOver] = useState(false);
  const report = ctx.draft.attachments.filter((a) => a.role === 'report');
  const taxonomy = ctx.draft.attachments.filter((a) => a.role === 'taxonomy');
  const plan = ctx.plan.status === 'ready' ? ctx.plan.plan : null;
  const problemsOf = (role: 'report' | 'taxonomy') => plan?.problems.filter((p) => p.role === role) ?? [];
  const problemsOfFile = (a: DraftAttachment): FileProblem[] =>
    plan
      ? plan.problems
          .filter((p) => p.attachmentId === a.id)
          .map((p) => {
            const words = fileProblemWords(p, plan);
            return words === p.message ? p : { ...p, message: words, plain: true };
          })
      : [];

  const attach = async (role: 'report' | 'taxonomy', files: Pending[]): Promise<boolean> => {
    setNote(null);
    let all = true;
    for (const [i, { file, name }] of files.entries()) {
      if (file.size > MAX_DRAFT_ATTACHMENT_BYTES) {
        setNote({ role, text: `${name} (${formatSize(file.size)}) was not added: a file in a package may be at most ${describeLimit(MAX_DRAFT_ATTACHMENT_BYTES)}.` });
        all = false;
        continue;
      }
      setBusy(files.length > 1 ? `Adding ${name} (${i + 1} of ${files.length})…` : `Adding ${name}…`);
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const result = await ctx.bridge.attachToDraft({ draftId: ctx.draftId, role, fileName: name, bytes });
        if (result.ok) ctx.adoptDraft(result.value);
        else {
          setNote({ role, text: attachRefusal(name, result.error) });
          all = false;
        }
      } catch {
        setNote({ role, text: `${name} could not be read. Check the file is still there and try again.` });
        all = false;
      }
    }
    setBusy(null);
    return all;
  };

  const remove = async (list: DraftAttachment[]) => {
    if (!list.length) return;
    for (const a of list) {
      setBusy(`Removing ${a.fileName}…`);
      const result = await ctx.bridge.detachFromDraft({ draftId: ctx.draftId, attachmentId: a.id });
      if (result.ok) ctx.adoptDraft(result.value);
      else setNote({ role: a.role === 'report' ? 'report' : 'taxonomy', text: `${a.fileName} was not removed: ${result.error.message}` });
    }
    setBusy(null);
    // The rows (and the button pressed) are gone: the focus goes to where such files are added, not to the page.
    const role = list[0]!.role === 'report' ? 'report' : 'taxonomy';
    setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) document.getElementById(`choose-${role}`)?.focus();
    }, 0);
  };

  const addReport = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!REPORT_TYPES.some((ext) => file.name.endsWith(ext))) {
      setNote({ role: 'report', text: `${file.name} is not a report Filing Desk can package: choose inline XBRL (.xhtml or .html) or an .xbrl or .json report.` });
      return;
    }
    const before = report;
    // The new report replaces the old one only once it is safely attached.
    if (await attach('report', [{ file, name: file.name }])) await remove(before);
  };

  const addTaxonomy = async (items: DropItem[]) => {
    const files: Pending[] = [];
    for (const item of items) {
      if (isFileDropItem(item)) files.push({ file: await item.getFile(), name: item.name });
      else if (isDirectoryDropItem(item)) files.push(...(await filesOfDirectory(item, '')));
    }
    if (files.length) await attach('taxonomy', files);
  };

  return (
    <>
      <section className="step-section" aria-labelledby="report-heading">
        <h3 id="report-heading">The report</h3>
        <p className="step-section__intro">
          Inline XBRL (.xhtml or .html) makes an Inline XBRL report package (.xbri); an .xbrl or .json report makes an XBRL report package (.xbr).
        </p>
        <FileDropZone
          label="Drop the report here"
          hint="One file. Adding another replaces it."
          acceptedTypes={REPORT_TYPES}
          allowsMultiple={false}
          busy={busy}
          onFiles={(files) => void addReport(files)}
          testId="drop-report"
          buttonId="choose-report"
        />
        {note?.role === 'report' ? (
          <p className="field__error" role="alert" data-testid="report-note">
            {note.text}
          </p>
        ) : null}
        <ProblemList problems={problemsOf('report').filter((p) => p.file !== null && p.attachmentId === null)} testId="report-problems" />
        <AttachedFiles title="Report" files={report} busy={busy !== null} problemsOf={problemsOfFile} onRemove={(a) => void remove([a])} />
      </section>

      <section className="step-section" aria-labelledby="taxonomy-heading">
        <h3 id="taxonomy-heading">The extension taxonomy</h3>
        <p className="step-section__intro">
          Drop the taxonomy’s folder, its files, or a zip of it. A zip’s files are added as they are inside it; files from a folder keep their folders.
        </p>
        <DropZone
          className={`file-drop${over ? ' file-drop--over' : ''}`}
          aria-label="Drop the taxonomy here"
          data-testid="drop-taxonomy"
          isDisabled={busy !== null}
          onDropEnter={() => setOver(true)}
          onDropExit={() => setOver(false)}
          onDrop={(e) => {
            setOver(false);
            void addTaxonomy(e.items);
          }}
        >
          <p className="file-drop__title">{over ? 'Release to add' : 'Drop the taxonomy here'}</p>
          <p className="file-drop__hint">A folder, schema and linkbase files (.xsd, .xml), or a .zip. They stay on this computer.</p>
          <div className="button-row">
            <FilePickerButton id="choose-taxonomy" acceptedTypes={TAXONOMY_TYPES} allowsMultiple unavailable={busy !== null} onFiles={(list) => void attach('taxonomy', list.map((file) => ({ file, name: nameOf(file) })))}>
              Choose files…
            </FilePickerButton>
            <FilePickerButton acceptDirectory unavailable={busy !== null} onFiles={(list) => void attach('taxonomy', list.map((file) => ({ file, name: nameOf(file) })))}>
              Choose a folder…
            </FilePickerButton>
          </div>
        </DropZone>
        {note?.role === 'taxonomy' ? (
          <p className="field__error" role="alert" data-testid="taxonomy-note">
            {note.text}
          </p>
        ) : null}
        <ProblemList problems={problemsOf('taxonomy').filter((p) => p.attachmentId === null)} testId="taxonomy-problems" />
        <AttachedFiles title="Taxonomy files" files={taxonomy} busy={busy !== null} problemsOf={problemsOfFile} onRemove={(a) => void remove([a])} />
        {taxonomy.length > 1 ? (
          <button type="button" className="button button--small" disabled={busy !== null} onClick={() => void remove(taxonomy)}>
            Remove all taxonomy files
          </button>
        ) : null}
      </section>
      {busy ? <Busy label={busy} /> : null}

      {plan ? (
        <section className="step-section" aria-labelledby="references-heading">
          <h3 id="references-heading">Where the report finds its taxonomy</h3>
          <p className="step-section__intro">
            Each schema and linkbase the report and its taxonomy name, and where a recipient working offline will find it: in this package, or outside it in the base taxonomies they already hold. A report whose own schema is missing cannot be built.
          </p>
          <ReferenceList plan={plan} />
        </section>
      ) : null}

      <section className="step-section" aria-labelledby="tree-heading">
        <h3 id="tree-heading">The package as it will be written</h3>
        {ctx.plan.status === 'waiting' ? <Busy label="Working out the package’s contents…" /> : null}
        {ctx.plan.status === 'failed' ? (
          <p className="field__error" role="alert">
            The package’s contents could not be worked out: {ctx.plan.message}
          </p>
        ) : null}
        {plan ? (
          <>
            <ProblemList problems={problemsOf('report').filter((p) => p.file === null)} testId="package-problems" />
            <PackageTree plan={plan} />
          </>
        ) : null}
      </section>
    </>
  );
}

/** A refusal beside a file; `plain` when it is already said in words of its own, not the engine's. */
type FileProblem = PackagePlanProblem & { plain?: boolean };

function AttachedFiles({
  title,
  files,
  busy,
  problemsOf,
  onRemove,
}: {
  title: string;
  files: DraftAttachment[];
  busy: boolean;
  problemsOf(a: DraftAttachment): FileProblem[];
  onRemove(a: DraftAttachment): void;
}) {
  if (!files.length) return <p className="attachments__none">No {title.toLowerCase()} added yet.</p>;
  return (
    <table className="files" aria-label={`${title} added`}>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col" className="numeric">
            Size
          </th>
          <ActionsColumnHeader label="Action" />
        </tr>
      </thead>
      <tbody>
        {files.map((a) => {
          const problems = problemsOf(a);
          return (
            <tr key={a.id} className={problems.length ? 'package-tree__row--refused' : undefined} data-testid="attached-file">
              <td>
                {a.fileName}
                {problems.map((p, i) => (
                  <span key={i} className="field__error files__problem">
                    {p.plain ? p.message : refusalText(p.message, p.file && p.file !== a.fileName ? p.file : null)}
                  </span>
                ))}
              </td>
              <td className="numeric">{formatSize(a.size)}</td>
              <td>
                <button type="button" className="link" onClick={() => onRemove(a)} disabled={busy}>
                  Remove{' '}<span className="visually-hidden">{a.fileName}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The engine's own words already say "refused: …" for most names it will not take; say it once. */
export function refusalText(message: string, file: string | null): string {
  const words = message.replace(/^refused:\s*/i, '');
  return `Refused: ${file ? `${file}: ` : ''}${words}`;
}
