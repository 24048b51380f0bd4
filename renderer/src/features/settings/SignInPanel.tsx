import { useEffect, useRef, useState } from 'react';
import { useBridge } from '../../bridge/bridge-context.js';
import { describedByOf, Field } from '../../components/Field.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Busy } from '../../components/Progress.js';
import { settle } from '../frame/bridge-call.js';
import { useOnline } from '../../store/online.js';

type FieldName = 'clientId' | 'clientSecret' | 'username' | 'password';
const LABELS: Record<FieldName, string> = { clientId: 'Client id', clientSecret: 'Client secret', username: 'User name', password: 'Password' };
const idOf = (f: FieldName) => `signin-${f}`;

/**
 * Sign-in and sign-out. The client secret and password live only in their
 * input boxes: they are read when the form is sent, handed to main, and the
 * boxes are emptied whatever the answer. No React state, store or storage
 * ever holds them; the page learns only who is signed in where, or why not.
 */
export function SignInPanel({ configured, workOffline }: { configured: boolean; workOffline: boolean }) {
  const bridge = useBridge();
  const session = useOnline((s) => s.session);
  const setSession = useOnline((s) => s.setSession);
  const refresh = useOnline((s) => s.refresh);
  const [clientId, setClientId] = useState('');
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const secretBox = useRef<HTMLInputElement>(null);
  const passwordBox = useRef<HTMLInputElement>(null);
  const filled = useRef(false);

  // The names last used come back into the form (never the secrets).
  useEffect(() => {
    if (!session || filled.current) return;
    filled.current = true;
    setClientId(session.clientId);
    setUsername(session.username);
  }, [session]);

  const empty = () => {
    if (secretBox.current) secretBox.current.value = '';
    if (passwordBox.current) passwordBox.current.value = '';
  };

  const signIn = async () => {
    const found: Partial<Record<FieldName, string>> = {};
    if (!clientId.trim()) found.clientId = 'Enter the client id';
    if (!secretBox.current?.value) found.clientSecret = 'Enter the client secret';
    if (!username.trim()) found.username = 'Enter the user name';
    if (!passwordBox.current?.value) found.password = 'Enter the password';
    setFailure(null);
    if (Object.keys(found).length) {
      setErrors(found);
      setFocusKey((k) => k + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await settle(
      () => bridge.signIn({ clientId: clientId.trim(), username: username.trim(), clientSecret: secretBox.current?.value ?? '', password: passwordBox.current?.value ?? '' }),
      'sign in',
    );
    empty();
    setBusy(false);
    if (!answer.ok) {
      const byField: Partial<Record<FieldName, string>> = {};
      for (const e of answer.failure.errors ?? []) if (e.field in LABELS) byField[e.field as FieldName] = `${LABELS[e.field as FieldName]}: ${e.message}`;
      setErrors(byField);
      setFailure(Object.keys(byField).length ? null : answer.failure.message);
      setFocusKey((k) => k + 1);
      return;
    }
    setSession(answer.value);
    void refresh();
  };

  const signOut = async () => {
    setBusy(true);
    const answer = await settle(() => bridge.signOut(), 'sign out');
    setBusy(false);
    if (!answer.ok) return setFailure(answer.failure.message);
    setSession(answer.value);
    void refresh();
  };

  const keychain = session?.keychain;
  const summary = [
    ...(Object.entries(errors) as [FieldName, string][]).map(([f, message]) => ({ fieldId: idOf(f), message })),
    ...(failure ? [{ fieldId: 'signin-heading', message: failure }] : []),
  ];

  return (
    <section className="card" aria-labelledby="signin-heading" data-testid="signin">
      <h3 id="signin-heading" tabIndex={-1}>
        Sign in to the filing service
      </h3>
      {keychain ? (
        <p className={`keychain-note${keychain.kind === 'memory-only' ? ' keychain-note--warn' : ''}`} data-testid="keychain-note">
          {keychain.kind === 'memory-only' ? <strong>No system keychain is available. </strong> : null}
          {keychain.description}
        </p>
      ) : null}
      {session?.signedIn ? (
        <div className="signed-in">
          <p role="status" data-testid="signed-in">
            Signed in as <strong>{session.username}</strong> at <strong>{session.service}</strong>.
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      ) : !configured ? (
        <p>Enter and save the service address and token address above first.</p>
      ) : workOffline ? (
        <p>Work offline is on. Switch it off and save to sign in.</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void signIn();
          }}
        >
          {session?.reason ? (
            <p className="reason-note" role="status" data-testid="signin-reason">
              {session.reason} Sign in again to carry on; requests in the outbox wait for you.
            </p>
          ) : null}
          <ErrorSummary errors={summary} focusKey={focusKey} onSelect={(fid) => document.getElementById(fid)?.focus()} />
          <div className="form-grid">
            <Plain id={idOf('clientId')} label={LABELS.clientId} error={errors.clientId} value={clientId} onChange={setClientId} autoComplete="off" />
            <Secret id={idOf('clientSecret')} label={LABELS.clientSecret} error={errors.clientSecret} box={secretBox} />
            <Plain id={idOf('username')} label={LABELS.username} error={errors.username} value={username} onChange={setUsername} autoComplete="username" />
            <Secret id={idOf('password')} label={LABELS.password} error={errors.password} box={passwordBox} autoComplete="current-password" />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Sign in
          </button>
          {busy ? <Busy label="Signing in…" /> : null}
        </form>
      )}
    </section>
  );
}

function Plain({ id, label, error, value, onChange, autoComplete }: { id: string; label: string; error?: string | undefined; value: string; onChange(v: string): void; autoComplete: string }) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} name={id} className="input input--long" value={value} spellCheck={false} autoComplete={autoComplete} aria-invalid={error ? true : undefined} aria-describedby={describedByOf({ id, label, error })} onChange={(e) => onChange(e.currentTarget.value)} />
    </Field>
  );
}

/** An uncontrolled password box: its value is never copied into React. */
function Secret({ id, label, error, box, autoComplete = 'off' }: { id: string; label: string; error?: string | undefined; box: React.RefObject<HTMLInputElement | null>; autoComplete?: string }) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} name={id} ref={box} type="password" className="input input--long" defaultValue="" spellCheck={false} autoComplete={autoComplete} aria-invalid={error ? true : undefined} aria-describedby={describedByOf({ id, label, error })} />
    </Field>
  );
}
