import { useEffect, useState } from 'react';
import type { ConnectionTestResult, FieldError, OnlineSettings } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { CheckboxField, TextField } from '../../components/Field.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Busy } from '../../components/Progress.js';
import { settle } from '../frame/bridge-call.js';
import { useOnline } from '../../store/online.js';
import { FilingSettingsPanel } from './FilingSettingsPanel.js';
import { GatewayPanel } from './GatewayPanel.js';
import { CompaniesHouseSettingsPanel } from '../accounts-filing/CompaniesHouseSettingsPanel.js';
import { SignInPanel } from './SignInPanel.js';
import { TaxonomiesPanel } from './TaxonomiesPanel.js';
import { OfficePanel } from '../office/OfficePanel.js';
import '../online/online.css';
import { BusyButton } from '../../components/BusyButton.js';

/** The element id of a settings field ("identification.partnerId" → "settings-identification-partnerId"). */
export const fieldIdOf = (path: string) => `settings-${path.replace(/\./g, '-')}`;

export const SETTING_LABELS: Record<string, string> = {
  baseUrl: 'Service address',
  authUrl: 'Token address',
  apiVersion: 'API version',
  'identification.applicationName': 'Application name',
  'identification.partnerName': 'Partner name',
  'identification.partnerId': 'Partner id',
  'identification.customerName': 'Customer name',
  'identification.customerId': 'Customer id',
  'govTalk.vendorId': 'Vendor id',
  'govTalk.productVersion': 'Product version',
  'govTalk.gatewayTest': 'Test submission (GatewayTest)',
  'govTalk.testInLive': 'Test in live',
  includeHash: 'Ask for the hash of report packages',
  workOffline: 'Work offline',
};

function focusField(path: string) {
  const el = document.getElementById(fieldIdOf(path));
  el?.focus();
  el?.scrollIntoView?.({ block: 'center' });
}

/** Settings: the filing service's addresses, the headers sent with every request, GovTalk values, and signing in. */
export function SettingsPage() {
  const bridge = useBridge();
  const refresh = useOnline((s) => s.refresh);
  const [saved, setSaved] = useState<OnlineSettings | null>(null);
  const [form, setForm] = useState<OnlineSettings | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [note, setNote] = useState<ActionNoteText | null>(null);
  const [test, setTest] = useState<ConnectionTestResult | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);

  useEffect(() => {
    void settle(() => bridge.getOnlineSettings(), 'read the settings').then((r) => {
      if (r.ok) {
        setSaved(r.value);
        setForm(r.value);
      } else setNote({ text: r.failure.message, tone: 'error' });
    });
  }, [bridge]);

  if (!form) {
    return (
      <div className="online-page">
        <header className="page-header">
          <h2>Settings</h2>
        </header>
        {note ? <p role="alert" className="field__error">{note.text}</p> : <Busy label="Reading the settings…" />}
      </div>
    );
  }

  const errorOf = (path: string) => {
    const e = errors.find((x) => x.field === path);
    return e ? `${SETTING_LABELS[path] ?? path} ${e.message}` : undefined;
  };
  const text = (path: string, value: string, set: (v: string) => OnlineSettings, hint?: string, width: 'short' | 'medium' | 'long' = 'long') => (
    <TextField
      id={fieldIdOf(path)}
      label={SETTING_LABELS[path] ?? path}
      hint={hint}
      value={value}
      width={width}
      error={errorOf(path)}
      onChange={(v) => {
        setForm(set(v));
        setTest(null);
      }}
    />
  );
  const flag = (path: string, checked: boolean, set: (v: boolean) => OnlineSettings, hint?: string) => (
    <CheckboxField id={fieldIdOf(path)} label={SETTING_LABELS[path] ?? path} hint={hint} checked={checked} error={errorOf(path)} onChange={(v) => setForm(set(v))} />
  );
  const id = form.identification;
  const gt = form.govTalk;

  const refused = (failure: { message: string; errors?: FieldError[] }, what: string) => {
    const list = failure.errors?.length ? failure.errors : [];
    setErrors(list);
    setFocusKey((k) => k + 1);
    setNote(list.length ? null : { text: `${what}: ${failure.message}`, tone: 'error' });
  };

  const save = async () => {
    setBusy('save');
    setNote(null);
    const r = await settle(() => bridge.saveOnlineSettings(form), 'save the settings');
    setBusy(null);
    if (!r.ok) return refused(r.failure, 'The settings were not saved');
    setErrors([]);
    setSaved(r.value);
    setForm(r.value);
    setNote({ text: 'Settings saved.', tone: 'info' });
    void refresh();
  };

  const testConnection = async () => {
    setBusy('test');
    setTest(null);
    setNote(null);
    const r = await settle(() => bridge.testConnection(form), 'test the connection');
    setBusy(null);
    if (!r.ok) return refused(r.failure, 'The connection was not tested');
    setErrors([]);
    setTest(r.value);
  };

  const unsaved = JSON.stringify(saved) !== JSON.stringify(form);

  return (
    <div className="online-page">
      <header className="page-header">
        <h2>Settings</h2>
        <p>Filing with HMRC, and the filing service Filing Desk sends returns and packages to when you are online. Everything else also works offline.</p>
      </header>
      <FilingSettingsPanel />
      <GatewayPanel />
      <CompaniesHouseSettingsPanel />
      <TaxonomiesPanel />
      <OfficePanel />
      <ErrorSummary errors={errors.map((e) => ({ fieldId: fieldIdOf(e.field), message: errorOf(e.field) ?? e.message }))} focusKey={focusKey} onSelect={(fid) => {
        const path = errors.find((e) => fieldIdOf(e.field) === fid)?.field;
        if (path) focusField(path);
      }} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <section className="card" aria-labelledby="service-heading">
          <h3 id="service-heading">Filing service</h3>
          {text('baseUrl', form.baseUrl, (v) => ({ ...form, baseUrl: v }), 'Where the service answers, such as https://api.example.com. Must start with https:// unless the service runs on this computer.')}
          {text('authUrl', form.authUrl, (v) => ({ ...form, authUrl: v }), 'Where sign-in tokens come from, such as https://auth.example.com (Filing Desk adds /connect/token).')}
          {text('apiVersion', form.apiVersion, (v) => ({ ...form, apiVersion: v }), 'Sent with every request, such as 1.0.', 'short')}
          {flag('workOffline', form.workOffline, (v) => ({ ...form, workOffline: v }), 'Nothing is sent while this is on; requests wait in the outbox.')}
          <div className="button-row">
            <BusyButton className="button" busy={busy !== null} busyLabel="Testing the connection…" onPress={() => void testConnection()}>
              Test connection
            </BusyButton>
          </div>
          {busy === 'test' ? <Busy label="Asking the token address…" /> : null}
          {test ? (
            <p className={`test-result ${test.ok ? 'test-result--good' : 'test-result--bad'}`} role="status" data-testid="connection-test">
              <strong>{test.ok ? 'Connection works. ' : 'Connection failed. '}</strong>
              <span>{test.message}</span>
            </p>
          ) : null}
        </section>
        <section className="card" aria-labelledby="identification-heading">
          <h3 id="identification-heading">Who is sending</h3>
          <p className="hint">Sent with every request. The client’s name and id come from the client of each draft (set them in Clients).</p>
          <div className="form-grid">
            {text('identification.applicationName', id.applicationName, (v) => ({ ...form, identification: { ...id, applicationName: v } }))}
            {text('identification.partnerName', id.partnerName, (v) => ({ ...form, identification: { ...id, partnerName: v } }))}
            {text('identification.partnerId', id.partnerId, (v) => ({ ...form, identification: { ...id, partnerId: v } }))}
            {text('identification.customerName', id.customerName, (v) => ({ ...form, identification: { ...id, customerName: v } }), 'Your firm’s name.')}
            {text('identification.customerId', id.customerId, (v) => ({ ...form, identification: { ...id, customerId: v } }))}
          </div>
        </section>
        <section className="card" aria-labelledby="govtalk-heading">
          <h3 id="govtalk-heading">GovTalk header of built returns</h3>
          <p className="hint">Written into the header of each return Filing Desk or the filing service builds. When a return is filed with HMRC, its header carries the vendor ID and product under Filing with HMRC above instead.</p>
          <div className="form-grid">
            {text('govTalk.vendorId', gt.vendorId, (v) => ({ ...form, govTalk: { ...gt, vendorId: v } }), 'HMRC’s 4-digit vendor id for this software.', 'short')}
            {text('govTalk.productVersion', gt.productVersion, (v) => ({ ...form, govTalk: { ...gt, productVersion: v } }), 'Left empty, the version of Filing Desk is used.', 'short')}
          </div>
          {flag('govTalk.gatewayTest', gt.gatewayTest, (v) => ({ ...form, govTalk: { ...gt, gatewayTest: v } }), 'Mark returns as test submissions.')}
          {flag('govTalk.testInLive', gt.testInLive, (v) => ({ ...form, govTalk: { ...gt, testInLive: v } }), 'A test submission sent to the live gateway.')}
        </section>
        <section className="card" aria-labelledby="packages-heading">
          <h3 id="packages-heading">Report packages</h3>
          {flag('includeHash', form.includeHash, (v) => ({ ...form, includeHash: v }), 'The service then also returns the package’s SHA-256 hash.')}
        </section>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy !== null}>
            Save settings
          </button>
          {unsaved ? <span className="hint">Changes not saved yet.</span> : null}
        </div>
        {busy === 'save' ? <Busy label="Saving the settings…" /> : null}
        <ActionNote note={note} testId="settings-note" />
      </form>
      <SignInPanel configured={Boolean(saved?.baseUrl)} workOffline={saved?.workOffline ?? false} />
    </div>
  );
}
