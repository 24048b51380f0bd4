import { useEffect, useId, useRef, useState } from 'react';
import type { CompaniesHouseCredentialsView, CompaniesHouseEnvironmentName } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { settle } from '../frame/bridge-call.js';

const ENVIRONMENTS: { id: CompaniesHouseEnvironmentName; title: string; hint: string }[] = [
  { id: 'live', title: 'Live presenter account', hint: 'The presenter ID and authentication code Companies House posted to the firm for software filing.' },
  { id: 'test', title: 'Test presenter account', hint: 'Companies House issues test credentials on request (xml@companieshouse.gov.uk); live ones are refused in test, and test ones live.' },
];

/**
 * Settings › Companies House: the presenter ID and authentication code for
 * each environment, typed masked and handed to main for the keychain; the
 * page only ever learns whether a pair is saved.
 */
export function CompaniesHouseSettingsPanel() {
  const bridge = useBridge();
  const [status, setStatus] = useState<CompaniesHouseCredentialsView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void settle(() => bridge.companiesHouseCredentials(), 'read the Companies House details').then((r) => (r.ok ? setStatus(r.value) : setProblem(r.failure.message)));
  }, [bridge]);
  return (
    <section className="card panel" aria-labelledby="settings-companies-house">
      <h3 id="settings-companies-house">Companies House</h3>
      <p className="hint">Filing accounts uses the firm’s software-filing presenter account. {status ? `Kept in ${status.where}.` : ''}</p>
      {problem && <p className="verdict verdict--bad" role="alert">{problem}</p>}
      {status && ENVIRONMENTS.map((e) => <PresenterFields key={e.id} environment={e} saved={status.presenter[e.id]} onSaved={setStatus} />)}
    </section>
  );
}

function PresenterFields({ environment, saved, onSaved }: { environment: (typeof ENVIRONMENTS)[number]; saved: boolean; onSaved: (s: CompaniesHouseCredentialsView) => void }) {
  const bridge = useBridge();
  const base = useId().replace(/:/g, '');
  const idBox = useRef<HTMLInputElement>(null);
  const codeBox = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const save = async () => {
    const r = await settle(
      () => bridge.saveCompaniesHousePresenter({ environment: environment.id, presenterId: idBox.current?.value ?? '', presenterCode: codeBox.current?.value ?? '' }),
      'save the presenter account',
    );
    for (const box of [idBox, codeBox]) if (box.current) box.current.value = '';
    if (!r.ok) {
      setNote(null);
      return setErrors(Object.fromEntries((r.failure.errors ?? [{ field: 'presenterId', message: r.failure.message }]).map((e) => [e.field, e.message])));
    }
    setErrors({});
    setNote('Saved in the keychain.');
    onSaved(r.value);
  };
  const field = (name: 'presenterId' | 'presenterCode', label: string, box: typeof idBox) => (
    <div className={`field${errors[name] ? ' field--error' : ''}`}>
      <label htmlFor={`${base}-${name}`}>{label}</label>
      {errors[name] && (
        <p id={`${base}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      )}
      <input id={`${base}-${name}`} ref={box} className="input" type="password" autoComplete="off" spellCheck={false} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${base}-${name}-error` : undefined} />
    </div>
  );
  return (
    <fieldset className="fieldset">
      <legend>{environment.title}</legend>
      <p className="hint">
        {environment.hint} {saved ? 'Saved: type both again to replace them.' : 'Not saved yet.'}
      </p>
      {field('presenterId', 'Presenter ID', idBox)}
      {field('presenterCode', 'Presenter authentication code', codeBox)}
      <div className="button-row">
        <button type="button" className="button" onClick={() => void save()}>
          Save the {environment.id} presenter account
        </button>
        {note && <span role="status">{note}</span>}
      </div>
    </fieldset>
  );
}
