import { useEffect, useRef, useState } from 'react';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { describedByOf, Field, TextField } from '../../components/Field.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Busy } from '../../components/Progress.js';
import { settle } from '../frame/bridge-call.js';
import { useFilingApi } from '../filing/filing-api.js';
import { GATEWAY_PASSWORD, GATEWAY_USER_ID } from '../filing/filing-targets.js';
import type { GatewayCredentialsStatus } from '../filing/filing-types.js';
import { passwordKept } from '../filing/filing-words.js';
import { useSettingsTarget } from './settings-target.js';

type Problems = { userId?: string; password?: string };

/**
 * The Government Gateway user ID and password HMRC's Transaction Engine
 * checks on every return (usually the agent's). The password lives only in
 * its input box until it is handed to main for the keychain; the page never
 * holds or shows a saved one, only where it is kept.
 */
export function GatewayPanel() {
  const api = useFilingApi();
  const [status, setStatus] = useState<GatewayCredentialsStatus | null>(null);
  const [userId, setUserId] = useState('');
  const [changing, setChanging] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [focusKey, setFocusKey] = useState(0);
  const [note, setNote] = useState<ActionNoteText | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const passwordBox = useRef<HTMLInputElement>(null);
  const take = useSettingsTarget((s) => s.take);
  const target = useSettingsTarget((s) => s.fieldId);

  useEffect(() => {
    void settle(() => api.credentials(), 'read the Government Gateway details').then((r) => {
      if (!r.ok) return setNote({ text: r.failure.message, tone: 'error' });
      setStatus(r.value);
      setUserId(r.value.userId ?? '');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api.credentials]);

  // Opened from "Enter your Government Gateway details": focus lands on the field named.
  useEffect(() => {
    if (!status || !target || !target.startsWith('gateway-')) return;
    const id = take();
    if (id === GATEWAY_PASSWORD && status.passwordSaved) setChanging(true);
    setTimeout(() => {
      const el = document.getElementById(id ?? GATEWAY_USER_ID);
      el?.focus();
      el?.scrollIntoView?.({ block: 'center' });
    }, 0);
  }, [status, target, take]);

  const askPassword = !status?.passwordSaved || changing;
  const empty = () => {
    if (passwordBox.current) passwordBox.current.value = '';
  };

  const save = async () => {
    const found: Problems = {};
    if (!userId.trim()) found.userId = 'Enter the Government Gateway user ID';
    else if (/\s/.test(userId.trim())) found.userId = 'Government Gateway user ID must not contain spaces';
    const password = passwordBox.current?.value ?? '';
    if (askPassword && !password) found.password = 'Enter the Government Gateway password';
    if (!askPassword && userId.trim() !== (status?.userId ?? '')) found.password = 'Enter the password for the new Government Gateway user ID';
    setNote(null);
    if (found.userId || found.password) {
      if (found.password && !askPassword) setChanging(true);
      setProblems(found);
      setFocusKey((k) => k + 1);
      return;
    }
    setProblems({});
    if (!askPassword) return setNote({ text: 'Nothing to save: the Government Gateway details are as saved.', tone: 'info' });
    setBusy('Saving the Government Gateway details…');
    const r = await settle(() => api.saveCredentials({ userId: userId.trim(), password }), 'save the Government Gateway details');
    empty();
    setBusy(null);
    if (!r.ok) {
      const byField: Problems = {};
      for (const e of r.failure.errors ?? []) {
        if (e.field === 'userId') byField.userId = `Government Gateway user ID ${e.message}`;
        if (e.field === 'password') byField.password = `Government Gateway password ${e.message}`;
      }
      setProblems(byField);
      setFocusKey((k) => k + 1);
      if (!byField.userId && !byField.password) setNote({ text: `The Government Gateway details were not saved: ${r.failure.message}`, tone: 'error' });
      return;
    }
    setStatus(r.value);
    setChanging(false);
    setNote({ text: `Saved. The password is kept ${passwordKept(r.value.where)}`, tone: 'info' });
  };

  const remove = async () => {
    setBusy('Removing the Government Gateway details…');
    const r = await settle(() => api.clearCredentials(), 'remove the Government Gateway details');
    setBusy(null);
    if (!r.ok) return setNote({ text: `The Government Gateway details were not removed: ${r.failure.message}`, tone: 'error' });
    setStatus(r.value);
    setUserId(r.value.userId ?? '');
    setChanging(false);
    setNote({ text: 'The Government Gateway user ID and password were removed.', tone: 'info' });
  };

  const summary = [
    ...(problems.userId ? [{ fieldId: GATEWAY_USER_ID, message: problems.userId }] : []),
    ...(problems.password ? [{ fieldId: GATEWAY_PASSWORD, message: problems.password }] : []),
  ];

  return (
    <section className="card filing-card" aria-labelledby="gateway-heading" data-testid="gateway-settings">
      <h3 id="gateway-heading">Government Gateway</h3>
      <p className="hint">
        The user ID and password HMRC checks when you file a return: usually your firm’s agent sign-in for HMRC Online Services. The password is kept in the
        computer’s keychain, never in a file or on screen.
      </p>
      {!status ? (
        note ? null : <Busy label="Reading the Government Gateway details…" />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <ErrorSummary errors={summary} focusKey={focusKey} onSelect={(fid) => document.getElementById(fid)?.focus()} />
          <TextField
            id={GATEWAY_USER_ID}
            label="Government Gateway user ID"
            hint="Letters and digits, as HMRC sent it (often 12 characters)."
            value={userId}
            width="medium"
            autoComplete="username"
            spellCheck={false}
            error={problems.userId}
            onChange={setUserId}
          />
          {askPassword ? (
            <Field id={GATEWAY_PASSWORD} label="Government Gateway password" error={problems.password} hint={status.passwordSaved ? 'The new password replaces the saved one.' : undefined}>
              <input
                id={GATEWAY_PASSWORD}
                ref={passwordBox}
                type="password"
                className="input input--medium"
                defaultValue=""
                spellCheck={false}
                autoComplete="current-password"
                aria-invalid={problems.password ? true : undefined}
                aria-describedby={describedByOf({
                  id: GATEWAY_PASSWORD,
                  label: '',
                  error: problems.password,
                  hint: status.passwordSaved ? 'The new password replaces the saved one.' : undefined,
                })}
              />
            </Field>
          ) : (
            <div className="saved-secret" data-testid="gateway-password-saved">
              <p>
                <strong>Government Gateway password:</strong> a password is saved {passwordKept(status.where)}
              </p>
              <div className="button-row">
                <button type="button" className="button" onClick={() => setChanging(true)} disabled={busy !== null}>
                  Change{" "}<span className="visually-hidden">the Government Gateway password</span>
                </button>
                <button type="button" className="button" onClick={() => void remove()} disabled={busy !== null}>
                  Remove{" "}<span className="visually-hidden">the Government Gateway user ID and password</span>
                </button>
              </div>
            </div>
          )}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy !== null}>
              Save Government Gateway details
            </button>
            {changing && status.passwordSaved ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  empty();
                  setChanging(false);
                  setProblems({});
                  setUserId(status.userId ?? '');
                }}
              >
                Keep the saved password
              </button>
            ) : null}
          </div>
        </form>
      )}
      {busy ? <Busy label={busy} /> : null}
      <ActionNote note={note} testId="gateway-note" />
    </section>
  );
}
