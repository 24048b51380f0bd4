/**
 * Before a return goes to HMRC: where to send it (Test in Live, HMRC's
 * test service, or live), then a last look at what is sent, with the
 * declaration, and the button that files it.
 */
import { useState } from 'react';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { SummaryList } from '../../components/SummaryList.js';
import { formatSize, ukPeriod } from '../../format/index.js';
import { Amendment } from './Amendment.js';
import { FilingReceipt } from './FilingReceipt.js';
import { FILING_SETTINGS, fixTargetOf, withPlace } from './filing-targets.js';
import type { FilingEnvironment, FilingPreview } from './filing-types.js';
import { ENVIRONMENT_NAMES, groupedBase32, pounds, spacedUtr } from './filing-words.js';

export function ChooseEnvironment(props: {
  environment: FilingEnvironment;
  liveAllowed: boolean;
  disabled: boolean;
  onChange(env: FilingEnvironment): void;
  onContinue(): void;
  onSettings(): void;
}) {
  const options: { id: FilingEnvironment; label: string; hint: string }[] = [
    { id: 'til', label: 'Test in Live', hint: 'HMRC checks the return as it would a real one and answers, but nothing is filed. Use it first.' },
    { id: 'ets', label: 'HMRC’s external test service', hint: 'HMRC’s separate service for testing software. Nothing is filed.' },
    // Settings is named once on this screen, by the link below the choices.
    { id: 'live', label: 'Live', hint: props.liveAllowed ? 'The return is filed with HMRC for the company.' : 'Switched off until “File live returns” is turned on.' },
  ];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onContinue();
      }}
    >
      <h3 tabIndex={-1}>Where to send the return</h3>
      <fieldset className="radios">
        <legend className="filing__legend">Send the return to</legend>
        {options.map((o) => {
          const off = o.id === 'live' && !props.liveAllowed;
          return (
            <label className="radio" key={o.id} htmlFor={`environment-${o.id}`}>
              <input
                type="radio"
                id={`environment-${o.id}`}
                name="environment"
                value={o.id}
                checked={props.environment === o.id}
                disabled={off}
                aria-describedby={`environment-${o.id}-hint`}
                onChange={() => props.onChange(o.id)}
              />
              <span>
                {o.label}
                <span className="radio__hint" id={`environment-${o.id}-hint`}>
                  {o.hint}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {!props.liveAllowed ? (
        <p>
          <a
            href="#filing-liveFiling"
            onClick={(e) => {
              e.preventDefault();
              props.onSettings();
            }}
          >
            Turn on “File live returns” in {FILING_SETTINGS}
          </a>
        </p>
      ) : null}
      <p className="wizard__actions">
        <button type="submit" className="button button--primary" disabled={props.disabled}>
          Continue
        </button>
      </p>
    </form>
  );
}

export function Confirm(props: { preview: FilingPreview; summaryFocus: number; disabled: boolean; onFix(field: string): void; onBack(): void; onFile(amend: boolean): void }) {
  const p = props.preview;
  const [amending, setAmending] = useState(false);
  if (p.alreadyAccepted) {
    return (
      <div>
        <h3 tabIndex={-1}>This return has already been accepted</h3>
        <p>HMRC accepted a return for this company and period. To change it, file an amended return.</p>
        <FilingReceipt submission={p.alreadyAccepted} headingLevel={3} />
        <Amendment />
      </div>
    );
  }
  const blocked = p.missing.length > 0;
  const errors = p.missing.map((m, i) => ({ fieldId: `missing-${i}`, message: withPlace(m.message, fixTargetOf(m.field)) }));
  return (
    <div>
      <h3 tabIndex={-1}>Check before you file</h3>
      <ErrorSummary
        errors={errors}
        headingLevel={4}
        focusKey={props.summaryFocus}
        onSelect={(id) => {
          const m = p.missing[Number(id.slice('missing-'.length))];
          if (m) props.onFix(m.field);
        }}
      />
      <div className="confirm-list">
      <SummaryList
        rows={[
          { key: 'Company', box: '1', value: p.company ?? 'Not given' },
          { key: 'Unique Taxpayer Reference (UTR)', box: '3', value: p.utr ? <span data-testid="confirm-utr">{spacedUtr(p.utr)}</span> : 'Not given' },
          { key: 'Period', box: '30 and 35', value: ukPeriod(p.periodStart, p.periodEnd) ?? 'Not given' },
          { key: p.taxPayable?.box === '510' ? 'Tax chargeable' : 'Tax payable', box: p.taxPayable?.box ?? '525', value: <span data-testid="confirm-tax">{pounds(p.taxPayable?.amount ?? null)}</span>, numeric: true },
          {
            key: 'Attachments',
            value: p.attachments.length ? (
              <ul className="plain-list">
                {p.attachments.map((a) => (
                  <li key={a.name}>
                    <span className="token" data-testid="confirm-attachment">
                      {a.name}
                    </span>{' '}
                    ({a.kind}, {formatSize(a.size)})
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            ),
          },
          // Nothing is sent yet: the row says where it will go.
          { key: 'Will be sent to', value: <span data-testid="confirm-environment">{p.environmentName || ENVIRONMENT_NAMES[p.environment]}</span>, onChange: props.onBack },
          { key: 'Type of return', value: p.isAmendment ? 'An amended return' : 'A new return' },
          { key: 'IRmark', value: p.irmarkBase32 ? <code data-testid="confirm-irmark">{groupedBase32(p.irmarkBase32)}</code> : 'Not built yet' },
        ]}
      />
      </div>
      <h4>Declaration</h4>
      <p className="declaration" data-testid="confirm-declaration">
        {p.declaration.name ? `${p.declaration.name}${p.declaration.status ? ` (${p.declaration.status})` : ''}` : 'The person named in the return'} declares that the information in this return is correct and
        complete to the best of their knowledge and belief (box 975). Filing it sends this declaration to HMRC.
      </p>
      {blocked ? (
        <p className="field__error" id="file-blocked">
          You cannot file the return yet: put right what is listed at the top first.
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={blocked || props.disabled}
          aria-describedby={blocked ? 'file-blocked' : undefined}
          onClick={() => (p.isAmendment && !amending ? setAmending(true) : props.onFile(p.isAmendment))}
        >
          {p.environment === 'live' ? 'File with HMRC' : 'Send the test to HMRC'}
        </button>
        <button type="button" className="button" onClick={props.onBack}>
          Back
        </button>
      </div>
      {amending ? (
        <div className="confirm-box" role="alertdialog" aria-labelledby="amend-file-heading">
          <h4 id="amend-file-heading">File this amended return?</h4>
          <p>It replaces the return HMRC accepted for this period.</p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => props.onFile(true)}>
              Yes, file the amended return
            </button>
            <button type="button" className="button" onClick={() => setAmending(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
