import { useRef } from 'react';
import { WizardText } from './fields.js';
import { emptyEntryPoint, ENTRY_POINT_FIELDS, entryPointFieldId, moveEntryPoint, type EntryPointText } from './form.js';
import { usePackageWizard } from './package-context.js';

/** Entry points: add, edit, remove and reorder, each a group of fields with its own buttons. */
export function EntryPointsStep() {
  const ctx = usePackageWizard();
  const list = ctx.form.entryPoints;
  const live = useRef<HTMLParagraphElement>(null);
  const say = (text: string) => {
    if (live.current) live.current.textContent = text;
  };
  const setList = (change: (eps: EntryPointText[]) => EntryPointText[]) => ctx.update((f) => ({ ...f, entryPoints: change(f.entryPoints) }));
  const focusLater = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 0);
  const title = (ep: EntryPointText, i: number) => `Entry point ${i + 1}${ep.name.trim() ? `: ${ep.name.trim()}` : ''}`;
  // The buttons say which entry point they act on by its own name, which stays
  // true after a move; its number changes with every move. The words shown are
  // the whole name, so a speech user says what they see (WCAG 2.5.3).
  const called = (ep: EntryPointText, i: number) => (ep.name.trim() ? `‘${ep.name.trim()}’` : `entry point ${i + 1}`);
  const groupError = ctx.shownError('entry-points');

  return (
    <>
      <p className="visually-hidden" role="status" ref={live} />
      {groupError ? (
        <p className="field__error" id="entry-points" tabIndex={-1}>
          {groupError}
        </p>
      ) : null}
      {list.length === 0 ? <p className="attachments__none">No entry points. A package may have none, but most have one.</p> : null}
      <ol className="entry-points">
        {list.map((ep, i) => (
          <li key={ep.key} className="entry-point card" data-testid={`entry-point-${i + 1}`}>
            <fieldset className="fieldset">
              <legend className="entry-point__title">{title(ep, i)}</legend>
              {ENTRY_POINT_FIELDS.map((f) => (
                <WizardText
                  key={f.id}
                  id={entryPointFieldId(ep.key, f.id)}
                  label={f.label}
                  hint={f.hint}
                  value={ep[f.id]}
                  long={f.kind === 'long'}
                  width={f.id === 'version' ? 'short' : 'long'}
                  onChange={(value) => setList((eps) => eps.map((e) => (e.key === ep.key ? { ...e, [f.id]: value } : e)))}
                />
              ))}
              <div className="button-row">
                <button
                  type="button"
                  className="button button--small"
                  disabled={i === 0}
                  onClick={() => {
                    setList((eps) => moveEntryPoint(eps, i, -1));
                    say(`${title(ep, i)} is now number ${i}.`);
                  }}
                >
                  Move {called(ep, i)} up
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={i === list.length - 1}
                  onClick={() => {
                    setList((eps) => moveEntryPoint(eps, i, 1));
                    say(`${title(ep, i)} is now number ${i + 2}.`);
                  }}
                >
                  Move {called(ep, i)} down
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    setList((eps) => eps.filter((e) => e.key !== ep.key));
                    say(`${title(ep, i)} removed.`);
                    focusLater('add-entry-point');
                  }}
                >
                  Remove {called(ep, i)}
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        id="add-entry-point"
        className="button"
        onClick={() => {
          const ep = emptyEntryPoint();
          setList((eps) => [...eps, ep]);
          say(`Entry point ${list.length + 1} added.`);
          focusLater(entryPointFieldId(ep.key, 'name'));
        }}
      >
        Add an entry point
      </button>
    </>
  );
}
