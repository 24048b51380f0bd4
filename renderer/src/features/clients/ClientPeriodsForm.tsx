import { useEffect, useId, useRef, useState } from 'react';
import type { Client, ClientDetails, FieldError } from '../../../../preload/contract.js';
import { DateInput } from '../../components/DateInput.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { MoneyInput } from '../../components/MoneyInput.js';
import { emptyPayment, emptyPeriod, fieldIdOfError, incorporatedFieldId, incorporatedOnOf, paymentFieldId, periodErrorText, periodFieldId, periodsFormOf, periodsOf, type PaymentValues, type PeriodsFormValues, type PeriodValues } from './client-periods-form.js';

interface ClientPeriodsFormProps {
  client: Client;
  onSave(details: ClientDetails): Promise<{ ok: true } | { ok: false; message: string; errors: FieldError[] }>;
  onDone(saved: boolean, companyName?: string): void;
}

/**
 * A client's periods of account, the day each return was filed, and how the
 * company pays its tax: what the Deadlines screen works from. Problems show
 * in a summary at the top and beside each date, in the same words.
 */
export function ClientPeriodsForm({ client, onSave, onDone }: ClientPeriodsFormProps) {
  const [values, setValues] = useState<PeriodsFormValues>(() => periodsFormOf(client));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const base = useId().replace(/:/g, '');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const idOf = (error: FieldError) => fieldIdOfError(base, error.field) ?? `${base}-add`;
  const errorFor = (index: number, field: string) => {
    const e = errors.find((x) => x.field === `details.periods.${index}.${field}`);
    return e ? periodErrorText(e) : undefined;
  };
  const incorporationError = errors.find((e) => e.field === 'details.incorporatedOn');
  const change = (index: number, patch: Partial<PeriodValues>) =>
    setValues((v) => ({ ...v, periods: v.periods.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
  const changePayment = (index: number, k: number, patch: Partial<PaymentValues>) =>
    setValues((v) => ({ ...v, periods: v.periods.map((p, i) => (i === index ? { ...p, payments: p.payments.map((pay, j) => (j === k ? { ...pay, ...patch } : pay)) } : p)) }));

  const save = async () => {
    const { periods, errors: periodErrors } = periodsOf(values);
    const { incorporatedOn, errors: incorporationErrors } = incorporatedOnOf(values);
    const own = [...incorporationErrors, ...periodErrors];
    if (own.length > 0) {
      setErrors(own);
      setFocusKey((k) => k + 1);
      return;
    }
    setSaving(true);
    const { id: _id, archived: _a, createdAt: _c, changedAt: _ch, ...details } = client;
    const outcome = await onSave({ ...details, periods, instalments: values.instalments || null, lateTwiceBefore: values.lateTwiceBefore, incorporatedOn, accountsLateBefore: values.accountsLateBefore });
    setSaving(false);
    if (outcome.ok) return onDone(true, client.companyName);
    setErrors(outcome.errors);
    setProblem(outcome.errors.length === 0 ? outcome.message : null);
    setFocusKey((k) => k + 1);
  };

  return (
    <section
      className="card panel"
      aria-labelledby={`${base}-heading`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone(false);
        }
      }}
    >
      <h3 id={`${base}-heading`} ref={heading} tabIndex={-1}>
        Periods and deadlines: {client.companyName}
      </h3>
      <ErrorSummary errors={errors.map((e) => ({ fieldId: idOf(e), message: periodErrorText(e) }))} focusKey={focusKey} onSelect={(id) => document.getElementById(id)?.focus()} />
      {problem && (
        <p className="verdict verdict--bad" role="alert">
          {problem}
        </p>
      )}
      <p className="hint">
        Each period of account the company’s accounts cover. A period longer than 12 months is two returns, each with its own deadline. After the last one here, the usual period end{client.periodEnd ? '' : ' (not set for this client)'} makes the next ones.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DateInput
          id={incorporatedFieldId(base)}
          label="Incorporated on"
          hint="The day on the certificate of incorporation. The first period starts that day; if it is longer than 12 months, its accounts are due at Companies House 21 months after incorporation or 3 months after it ends, whichever is later (Companies Act 2006 s442(3)). Leave empty when not known."
          value={values.incorporatedOn}
          onChange={(incorporatedOn) => setValues((v) => ({ ...v, incorporatedOn }))}
          error={incorporationError && periodErrorText(incorporationError)}
        />
        {values.periods.map((p, i) => (
          <fieldset key={i} className="fieldset period-fieldset">
            <legend className="period-fieldset__legend">Period {i + 1}</legend>
            <DateInput id={periodFieldId(base, i, 'start')} label="First day" value={p.start} onChange={(start) => change(i, { start })} error={errorFor(i, 'start')} />
            <DateInput id={periodFieldId(base, i, 'end')} label="Last day" value={p.end} onChange={(end) => change(i, { end })} error={errorFor(i, 'end')} />
            <DateInput
              id={periodFieldId(base, i, 'filedOn')}
              label="Return filed on"
              hint="Leave empty while the return is not filed."
              value={p.filedOn}
              onChange={(filedOn) => change(i, { filedOn })}
              error={errorFor(i, 'filedOn')}
            />
            <div className="checkbox period-fieldset__checkbox">
              <input id={periodFieldId(base, i, 'accepted')} type="checkbox" checked={p.accepted} onChange={(e) => change(i, { accepted: e.currentTarget.checked })} />
              <label htmlFor={periodFieldId(base, i, 'accepted')}>HMRC accepted the return</label>
            </div>
            {errorFor(i, 'accepted') && <p className="field__error">{errorFor(i, 'accepted')}</p>}
            <DateInput
              id={periodFieldId(base, i, 'noticeServedOn')}
              label="Notice to deliver served late on"
              hint="Only when HMRC served its notice to deliver the return late: the return is then due 3 months after (FA 1998 Sch 18 para 14). Leave empty otherwise."
              value={p.noticeServedOn}
              onChange={(noticeServedOn) => change(i, { noticeServedOn })}
              error={errorFor(i, 'noticeServedOn')}
            />
            <DateInput
              id={periodFieldId(base, i, 'accountsDeliveredOn')}
              label="Accounts delivered to Companies House on"
              hint="Leave empty while they are not delivered. Accounts Companies House rejected were not delivered."
              value={p.accountsDeliveredOn}
              onChange={(accountsDeliveredOn) => change(i, { accountsDeliveredOn })}
              error={errorFor(i, 'accountsDeliveredOn')}
            />
            <DateInput
              id={periodFieldId(base, i, 'shortenedByNoticeOn')}
              label="Period shortened by notice (AA01) given on"
              hint="Only when the company shortened this period by changing its accounting reference date: the accounts are then due 3 months after the notice if that is later (s442(4)). Leave empty otherwise."
              value={p.shortenedByNoticeOn}
              onChange={(shortenedByNoticeOn) => change(i, { shortenedByNoticeOn })}
              error={errorFor(i, 'shortenedByNoticeOn')}
            />
            {p.payments.map((pay, k) => (
              <fieldset key={k} className="fieldset payment-fieldset">
                <legend className="period-fieldset__legend">
                  Period {i + 1}, payment {k + 1}
                </legend>
                <DateInput
                  id={paymentFieldId(base, i, k, 'date')}
                  label="Paid on"
                  hint="The day HMRC received it: interest stops from the next day."
                  value={pay.date}
                  onChange={(date) => changePayment(i, k, { date })}
                  error={errorFor(i, `payments.${k}.date`)}
                />
                <MoneyInput id={paymentFieldId(base, i, k, 'amount')} label="Amount paid" kind="pence" value={pay.amount} onChange={(amount) => changePayment(i, k, { amount })} error={errorFor(i, `payments.${k}.amount`)} />
                <div className="button-row">
                  <button type="button" className="button button--small button--danger" onClick={() => change(i, { payments: p.payments.filter((_, j) => j !== k) })}>
                    Remove payment {k + 1} of period {i + 1}
                  </button>
                </div>
              </fieldset>
            ))}
            {errorFor(i, 'payments') && <p className="field__error">{errorFor(i, 'payments')}</p>}
            <div className="button-row">
              <button id={`${base}-period-${i}-add-payment`} type="button" className="button button--small" onClick={() => change(i, { payments: [...p.payments, emptyPayment()] })}>
                Record a payment for period {i + 1}
              </button>
              <button type="button" className="button button--small button--danger" onClick={() => setValues((v) => ({ ...v, periods: v.periods.filter((_, j) => j !== i) }))}>
                Remove period {i + 1}
              </button>
            </div>
          </fieldset>
        ))}
        <div className="button-row">
          <button id={`${base}-add`} type="button" className="button" onClick={() => setValues((v) => ({ ...v, periods: [...v.periods, emptyPeriod()] }))}>
            Add a period
          </button>
        </div>
        <div className="field">
          <label htmlFor={`${base}-instalments`}>Corporation Tax paid by</label>
          <select id={`${base}-instalments`} className="input" value={values.instalments} onChange={(e) => {
              const instalments = e.currentTarget.value as PeriodsFormValues['instalments'];
              setValues((v) => ({ ...v, instalments }));
            }}>
            <option value="">One payment, 9 months and 1 day after the period</option>
            <option value="large">Quarterly instalments (large company)</option>
            <option value="very-large">Quarterly instalments (very large company)</option>
          </select>
        </div>
        <div className="checkbox period-fieldset__checkbox">
          <input id={`${base}-late`} type="checkbox" checked={values.lateTwiceBefore} onChange={(e) => {
              const lateTwiceBefore = e.currentTarget.checked;
              setValues((v) => ({ ...v, lateTwiceBefore }));
            }} />
          <label htmlFor={`${base}-late`}>The two returns before the first period here were filed late (a third late return in a row pays £1,000 instead of £200, or £500 instead of £100 when due before 1 April 2026)</label>
        </div>
        <div className="checkbox period-fieldset__checkbox">
          <input id={`${base}-accounts-late`} type="checkbox" checked={values.accountsLateBefore} onChange={(e) => {
              const accountsLateBefore = e.currentTarget.checked;
              setValues((v) => ({ ...v, accountsLateBefore }));
            }} />
          <label htmlFor={`${base}-accounts-late`}>The accounts for the year before the first period here were delivered late to Companies House (late accounts now pay double: £300 instead of £150, up to £3,000)</label>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save periods'}
          </button>
          <button type="button" className="button" onClick={() => onDone(false)}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
