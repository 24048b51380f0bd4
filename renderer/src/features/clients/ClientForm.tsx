import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Client, FieldError } from '../../../../preload/contract.js';
import { detailsOf, fieldOrder, formFieldOf, formValuesOf, type ClientFormField, type ClientFormValues } from './client-form.js';
import '../../components/components.css';

interface ClientFormProps {
  client: Client | null;
  onSave(details: ReturnType<typeof detailsOf>['details']): Promise<{ ok: true } | { ok: false; message: string; errors: FieldError[] }>;
  onDone(saved: boolean, companyName?: string): void;
}

const labels: Record<ClientFormField, string> = {
  companyName: 'Company name',
  registrationNumber: 'Companies House number',
  utr: 'Unique Taxpayer Reference (UTR)',
  periodEnd: 'Usual accounting period end',
  associatedCompanies: 'Associated companies',
  serviceClientName: 'Filing service ClientName',
  serviceClientId: 'Filing service ClientID',
};

/**
 * Add or change a client. Problems appear twice with the same words, as
 * GOV.UK forms do: in a summary at the top (links to the fields) and beside
 * each field. Escape cancels.
 */
export function ClientForm({ client, onSave, onDone }: ClientFormProps) {
  const [values, setValues] = useState<ClientFormValues>(() => formValuesOf(client));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const base = useId();
  const idOf = (field: ClientFormField) => `${base}-${field}${field === 'periodEnd' ? '-day' : ''}`;
  const errorsFor = (field: ClientFormField) => errors.filter((e) => formFieldOf(e.field) === field);

  useEffect(() => firstRef.current?.focus(), []);
  useEffect(() => {
    if (errors.length > 0) summaryRef.current?.focus();
  }, [errors]);

  const set = (key: keyof ClientFormValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = async () => {
    const { details, errors: own } = detailsOf(values);
    if (own.length > 0) return setErrors(own);
    setSaving(true);
    const outcome = await onSave(details);
    setSaving(false);
    if (outcome.ok) return onDone(true, details.companyName);
    setErrors(outcome.errors.length > 0 ? outcome.errors : [{ field: '', message: outcome.message }]);
  };

  const field = (name: ClientFormField, hint: ReactNode, input: (describedBy: string, invalid: boolean) => ReactNode) => {
    const own = errorsFor(name);
    const hintId = `${base}-${name}-hint`;
    const errorId = `${base}-${name}-error`;
    const describedBy = [hint ? hintId : '', own.length ? errorId : ''].filter(Boolean).join(' ');
    return (
      <div className={`field${own.length ? ' field--error' : ''}`}>
        {name === 'periodEnd' ? (
          <span className="field__label" id={`${base}-periodEnd-label`}>{labels[name]}</span>
        ) : (
          <label className="field__label" htmlFor={idOf(name)}>{labels[name]}</label>
        )}
        {hint && <p className="hint" id={hintId}>{hint}</p>}
        {own.length > 0 && (
          <p className="field__error" id={errorId}>
            <span className="visually-hidden">Error: </span>
            {own.map((e) => e.message).join('. ')}
          </p>
        )}
        {input(describedBy, own.length > 0)}
      </div>
    );
  };

  const sortedErrors = [...errors].sort((a, b) => fieldOrder.indexOf(formFieldOf(a.field)!) - fieldOrder.indexOf(formFieldOf(b.field)!));

  return (
    <form
      className="card client-form"
      aria-labelledby={`${base}-heading`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone(false);
        }
      }}
    >
      <h3 id={`${base}-heading`}>{client ? `Change ${client.companyName}` : 'Add a client'}</h3>
      {errors.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby={`${base}-summary`}>
          <h4 className="error-summary__title" id={`${base}-summary`}>
            There is a problem
          </h4>
          <ul className="error-summary__list">
            {sortedErrors.map((e, i) => {
              const target = formFieldOf(e.field);
              return (
                <li key={i}>
                  {target ? (
                    <a
                      href={`#${idOf(target)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        document.getElementById(idOf(target))?.focus();
                      }}
                    >
                      {e.message}
                    </a>
                  ) : (
                    e.message
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {field('companyName', null, (describedBy, invalid) => (
        <input ref={firstRef} id={idOf('companyName')} className="input input--wide" value={values.companyName} onChange={set('companyName')} aria-describedby={describedBy || undefined} aria-invalid={invalid || undefined} autoComplete="organization" />
      ))}
      {field('registrationNumber', 'Box 2 of the CT600: 8 characters, like 01234567 or SC123456.', (describedBy, invalid) => (
        <input id={idOf('registrationNumber')} className="input input--short" value={values.registrationNumber} onChange={set('registrationNumber')} aria-describedby={describedBy} aria-invalid={invalid || undefined} autoComplete="off" spellCheck={false} />
      ))}
      {field('utr', 'Box 3 of the CT600: the 10 digits HMRC gave the company for corporation tax.', (describedBy, invalid) => (
        <input id={idOf('utr')} className="input input--short" inputMode="numeric" value={values.utr} onChange={set('utr')} aria-describedby={describedBy} aria-invalid={invalid || undefined} autoComplete="off" spellCheck={false} />
      ))}
      {field('periodEnd', 'The day and month the company’s accounts usually end, for example 31 3.', (describedBy, invalid) => (
        <div className="date-input" role="group" aria-labelledby={`${base}-periodEnd-label`} aria-describedby={describedBy}>
          <div className="date-input__item">
            <label htmlFor={idOf('periodEnd')}>Day</label>
            <input id={idOf('periodEnd')} className="input input--2" inputMode="numeric" value={values.periodEndDay} onChange={set('periodEndDay')} aria-invalid={invalid || undefined} />
          </div>
          <div className="date-input__item">
            <label htmlFor={`${base}-periodEnd-month`}>Month</label>
            <input id={`${base}-periodEnd-month`} className="input input--2" inputMode="numeric" value={values.periodEndMonth} onChange={set('periodEndMonth')} aria-invalid={invalid || undefined} />
          </div>
        </div>
      ))}
      {field(
        'associatedCompanies',
        'Companies under common control with this one (CT600 box 326), 0 when there are none. They share the small profits limits of £50,000 and £250,000; the next return starts from this number.',
        (describedBy, invalid) => (
          <input id={idOf('associatedCompanies')} className="input input--2" inputMode="numeric" value={values.associatedCompanies} onChange={set('associatedCompanies')} aria-describedby={describedBy} aria-invalid={invalid || undefined} autoComplete="off" />
        ),
      )}
      {field(
        'serviceClientName',
        'The ClientName identification value your filing service gave you for this client; it is sent with each submission so the service knows whose return it is. Leave blank if you do not use one.',
        (describedBy, invalid) => (
          <input id={idOf('serviceClientName')} className="input input--wide" value={values.serviceClientName} onChange={set('serviceClientName')} aria-describedby={describedBy} aria-invalid={invalid || undefined} autoComplete="off" />
        ),
      )}
      {field(
        'serviceClientId',
        'The ClientID identification value from your filing service for this client, sent beside the ClientName. Leave blank if you do not use one.',
        (describedBy, invalid) => (
          <input id={idOf('serviceClientId')} className="input input--wide" value={values.serviceClientId} onChange={set('serviceClientId')} aria-describedby={describedBy} aria-invalid={invalid || undefined} autoComplete="off" spellCheck={false} />
        ),
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : client ? 'Save changes' : 'Add client'}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
