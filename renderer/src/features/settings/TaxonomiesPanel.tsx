import { useEffect, useState } from 'react';
import type { TaxonomyProblem, TaxonomySummary } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { FilePickerButton } from '../../components/FilePickerButton.js';
import { Busy } from '../../components/Progress.js';
import { formatSize, ukDateTime } from '../../format/index.js';
import { settle } from '../frame/bridge-call.js';
import { ActionsColumnHeader } from '../../components/ActionsColumnHeader.js';

const FORMAT_WORDS: Record<TaxonomySummary['format'], string> = {
  'taxonomy-packages-1.0': 'Taxonomy Packages 1.0',
  'taxonomy-package-remappings': 'older package format (.taxonomyPackage.xml)',
};

/**
 * Settings › Taxonomies: the taxonomy packages installed in the data folder,
 * which Filing Desk checks accounts, computations and report packages
 * against (HMRC's CT computational taxonomy, the FRC's suites). Installing
 * checks the package; a broken one is refused with each reason beside the
 * button, and nothing installed changes.
 */
export function TaxonomiesPanel() {
  const bridge = useBridge();
  const [list, setList] = useState<TaxonomySummary[] | null>(null);
  const [note, setNote] = useState<ActionNoteText | null>(null);
  const [refused, setRefused] = useState<{ fileName: string; problems: TaxonomyProblem[] } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    void settle(() => bridge.listTaxonomies(), 'read the installed taxonomy packages').then((r) => {
      if (r.ok) setList(r.value);
      else setNote({ text: r.failure.message, tone: 'error' });
    });
  }, [bridge]);

  const install = async (file: File) => {
    setNote(null);
    setRefused(null);
    setBusy(`Checking and installing ${file.name}…`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const r = await settle(() => bridge.installTaxonomy({ fileName: file.name, bytes }), `install ${file.name}`);
    setBusy(null);
    if (!r.ok) return setNote({ text: r.failure.message, tone: 'error' });
    if (!r.value.ok) return setRefused({ fileName: r.value.fileName, problems: r.value.problems });
    const installed = r.value.installed;
    const again = await settle(() => bridge.listTaxonomies(), 'read the installed taxonomy packages');
    if (again.ok) setList(again.value);
    setNote({ text: `Installed ${installed.name}${installed.version ? ` ${installed.version}` : ''} (${installed.entryPoints.length} entry points).`, tone: 'info' });
  };

  const remove = async (p: TaxonomySummary) => {
    setNote(null);
    setBusy(`Removing ${p.name}…`);
    const r = await settle(() => bridge.removeTaxonomy({ id: p.id }), `remove ${p.name}`);
    setBusy(null);
    if (!r.ok) return setNote({ text: r.failure.message, tone: 'error' });
    setList(r.value);
    setNote({ text: `Removed ${p.name}${p.version ? ` ${p.version}` : ''}. Documents on its taxonomy are no longer checked against it.`, tone: 'info' });
    document.getElementById('install-taxonomy')?.focus();
  };

  return (
    <section className="card" aria-labelledby="taxonomies-heading">
      <h3 id="taxonomies-heading">Taxonomies</h3>
      <p>
        The taxonomy packages Filing Desk checks accounts, computations and report packages against: each fact&apos;s concept, type, period and dimensions, and
        HMRC&apos;s mandatory items, as HMRC checks them. Install the packages in force once: HMRC&apos;s CT computational taxonomy and the FRC taxonomy suite your
        clients&apos; accounts use. Without them, documents are marked &ldquo;concepts not checked&rdquo;.
      </p>
      {list === null ? (
        <Busy label="Reading the installed taxonomy packages…" />
      ) : list.length === 0 ? (
        <p>No taxonomy packages are installed.</p>
      ) : (
        <table className="taxonomy-list">
          <caption className="visually-hidden">Installed taxonomy packages</caption>
          <thead>
            <tr>
              <th scope="col">Package</th>
              <th scope="col">Format</th>
              <th scope="col">Entry points</th>
              <th scope="col">Installed</th>
              <ActionsColumnHeader />
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.id} data-testid="taxonomy-row">
                <td>
                  <strong>
                    {p.name}
                    {p.version ? ` ${p.version}` : ''}
                  </strong>
                  <br />
                  <span className="hint">
                    {p.fileName}, {formatSize(p.sizeBytes)}, {p.fileCount.toLocaleString('en-GB')} files
                  </span>
                </td>
                <td>{FORMAT_WORDS[p.format]}</td>
                <td>
                  <details>
                    <summary>{p.entryPoints.length} entry points</summary>
                    <ul>
                      {p.entryPoints.map((e) => (
                        <li key={e.name}>{e.name}</li>
                      ))}
                    </ul>
                  </details>
                </td>
                <td>{ukDateTime(p.installedAt)}</td>
                <td>
                  <button type="button" className="button button--secondary" aria-disabled={busy !== null || undefined} onClick={() => busy === null && void remove(p)}>
                    Remove<span className="visually-hidden"> {p.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FilePickerButton id="install-taxonomy" acceptedTypes={['.zip']} unavailable={busy !== null} onFiles={(files) => void install(files[0]!)}>
        Install a taxonomy package (.zip)…
      </FilePickerButton>
      {busy && <Busy label={busy} />}
      {refused && (
        <div className="field__error" role="alert" data-testid="taxonomy-refused">
          <p>
            <strong>{refused.fileName} was not installed:</strong>
          </p>
          <ul>
            {refused.problems.map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        </div>
      )}
      <ActionNote note={note} testId="taxonomies-note" />
    </section>
  );
}
