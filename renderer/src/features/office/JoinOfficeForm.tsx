import { useEffect, useRef, useState } from 'react';
import type { OfficeJoinResult, OfficeStatusView } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { BusyButton } from '../../components/BusyButton.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Field, TextField, describedByOf } from '../../components/Field.js';
import { settle } from '../frame/bridge-call.js';

type JoinField = 'url' | 'user' | 'password' | 'desk';

export const JOIN_LABELS: Record<JoinField, string> = { url: 'Office address', user: 'Your user name', password: 'Office password', desk: 'This desk’s name' };
export const joinFieldId = (field: JoinField) => `office-join-${field}`;

const HINTS: Record<JoinField, string> = {
  url: 'The address your office administrator gave you, such as https://office.example.co.uk.',
  user: 'The office user name your administrator set up for you.',
  password: 'Kept in this computer’s keychain, never in a file.',
  desk: 'How other desks see this computer, such as RECEPTION-PC.',
};

type Confirming = Extract<OfficeJoinResult, { outcome: 'confirm-fingerprint' }>;

/**
 * Joining the office: the address, who you are and what this desk is called.
 * An office over https shows its certificate's fingerprint first, to check
 * with the administrator before the password is sent; only then is the
 * request made again with that fingerprint confirmed. The password stays in
 * its box (hidden while confirming), never copied into the page's state.
 */
export function JoinOfficeForm({ onJoined }: { onJoined(status: OfficeStatusView): void }) {
  const bridge = useBridge();
  const [values, setValues] = useState({ url: '', user: '', desk: '' });
  const [errors, setErrors] = useState<Partial<Record<JoinField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const passwordBox = useRef<HTMLInputElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
    // Cancelled: back to where the user pressed Join, once the form shows again, so the keyboard carries on from there.
    else if (wasConfirming.current && Object.keys(errors).length === 0 && !failure) document.getElementById('office-join-button')?.focus();
    wasConfirming.current = confirming !== null;
  }, [confirming, errors, failure]);

  const join = async (confirmedFingerprint?: string) => {
    const found: Partial<Record<JoinField, string>> = {};
    if (!values.url.trim()) found.url = 'Enter the office address';
    if (!values.user.trim()) found.user = 'Enter your user name';
    if (!passwordBox.current?.value) found.password = 'Enter your password';
    if (!values.desk.trim()) found.desk = 'Enter a name for this desk';
    setFailure(null);
    if (Object.keys(found).length) {
      setConfirming(null);
      setErrors(found);
      setFocusKey((k) => k + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    const request = { url: values.url.trim(), user: values.user.trim(), password: passwordBox.current?.value ?? '', desk: values.desk.trim(), ...(confirmedFingerprint ? { confirmedFingerprint } : {}) };
    const answer = await settle(() => bridge.joinOffice(request), 'join the office');
    setBusy(false);
    if (!answer.ok) {
      setConfirming(null);
      const byField: Partial<Record<JoinField, string>> = {};
      for (const e of answer.failure.errors ?? []) if (e.field in JOIN_LABELS) byField[e.field as JoinField] = `${JOIN_LABELS[e.field as JoinField]} ${e.message}`;
      setErrors(byField);
      setFailure(Object.keys(byField).length ? null : answer.failure.message);
      setFocusKey((k) => k + 1);
      return;
    }
    if (answer.value.outcome === 'confirm-fingerprint') return setConfirming(answer.value);
    if (passwordBox.current) passwordBox.current.value = '';
    setConfirming(null);
    onJoined(answer.value.status);
  };

  const cancel = () => setConfirming(null);

  const summaryErrors = (Object.keys(errors) as JoinField[]).map((f) => ({ fieldId: joinFieldId(f), message: errors[f]! }));
  const text = (field: Exclude<JoinField, 'password'>, width: 'long' | 'medium' = 'long') => (
    <TextField id={joinFieldId(field)} label={JOIN_LABELS[field]} hint={HINTS[field]} value={values[field]} width={width} error={errors[field]} onChange={(v) => setValues((s) => ({ ...s, [field]: v }))} />
  );
  const passwordId = joinFieldId('password');

  return (
    <>
      <form
        noValidate
        hidden={confirming !== null}
        aria-labelledby="office-join-heading"
        onSubmit={(e) => {
          e.preventDefault();
          void join();
        }}
      >
        <h4 id="office-join-heading">Join your office</h4>
        <p>Once this desk has joined, its clients and drafts are shared with the other desks of your firm. Everything still works here when the office cannot be reached.</p>
        <ErrorSummary errors={summaryErrors} focusKey={focusKey} headingLevel={4} onSelect={(id) => document.getElementById(id)?.focus()} />
        {text('url')}
        {text('user', 'medium')}
        <Field id={passwordId} label={JOIN_LABELS.password} hint={HINTS.password} error={errors.password}>
          <input
            id={passwordId}
            name={passwordId}
            ref={passwordBox}
            type="password"
            className="input input--medium"
            defaultValue=""
            spellCheck={false}
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedByOf({ id: passwordId, label: JOIN_LABELS.password, hint: HINTS.password, error: errors.password })}
          />
        </Field>
        {text('desk', 'medium')}
        {failure ? (
          <p role="alert" className="field__error" data-testid="office-join-failure">
            This desk did not join the office: {failure}
          </p>
        ) : null}
        <div className="button-row">
          <BusyButton id="office-join-button" className="button button--primary" busy={busy} busyLabel="Joining the office…" onPress={() => void join()}>
            Join the office
          </BusyButton>
        </div>
      </form>
      {confirming ? (
        <div className="office-confirm" data-testid="office-confirm-fingerprint">
          <h4 id="office-confirm-heading" tabIndex={-1} ref={confirmHeading}>
            Check the office’s certificate
          </h4>
          <p>
            The office’s certificate fingerprint is <code className="office-fingerprint">{confirming.fingerprint}</code>
          </p>
          <p className="hint">Issued to {confirming.subject}.</p>
          <p>Check it with your office administrator before you continue. Nothing has been sent to the office yet: your password goes only once you continue.</p>
          <div className="button-row">
            <BusyButton className="button button--primary" busy={busy} busyLabel="Joining the office…" onPress={() => void join(confirming.fingerprint)}>
              Continue
            </BusyButton>
            <button type="button" className="button button--secondary" onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
