import { useEffect, useState } from 'react';
import type { FieldError } from '../../../../preload/contract.js';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { CheckboxField, TextField } from '../../components/Field.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Busy } from '../../components/Progress.js';
import { settle } from '../frame/bridge-call.js';
import { useFilingApi } from '../filing/filing-api.js';
import { FILING_FIELD } from '../filing/filing-targets.js';
import type { FilingSettings } from '../filing/filing-types.js';
import { useSettingsTarget } from './settings-target.js';
import '../filing/filing.css';

type Name = keyof FilingSettings;

export const FILING_LABELS: Record<Name, string> = {
  vendorId: 'Vendor ID',
  productName: 'Product name',
  productVersion: 'Product version',
  liveFiling: 'File live returns',
  endpointOverride: 'Transaction Engine address',
};

/** The channel details HMRC needs with every return, live filing on or off, and a test peer's address. */
export function FilingSettingsPanel() {
  const api = useFilingApi();
  const [saved, setSaved] = useState<FilingSettings | null>(null);
  const [form, setForm] = useState<FilingSettings | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [note, setNote] = useState<ActionNoteText | null>(null);
  const [busy, setBusy] = useState(false);
  const [testingOpen, setTestingOpen] = useState(false);
  const take = useSettingsTarget((s) => s.take);
  const target = useSettingsTarget((s) => s.fieldId);

  useEffect(() => {
    void settle(() => api.settings(), 'read the filing settings').then((r) => {
      if (!r.ok) return setNote({ text: r.failure.message, tone: 'error' });
      setSaved(r.value);
      setForm(r.value);
      if (r.value.endpointOverride) setTestingOpen(true);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api.settings]);

  useEffect(() => {
    if (!form || !target || !target.startsWith('filing-')) return;
    const id = take();
    if (id === FILING_FIELD('endpointOverride')) setTestingOpen(true);
    setTimeout(() => {
      const el = id ? document.getElementById(id) : null;
      el?.focus();
      el?.scrollIntoView?.({ block: 'center' });
    }, 0);
  }, [form, target, take]);

  const errorOf = (name: Name) => {
    const e = errors.find((x) => x.field === name);
    return e ? `${FILING_LABELS[name]} ${e.message}` : undefined;
  };

  const check = (f: FilingSettings): FieldError[] => {
    const found: FieldError[] = [];
    if (f.vendorId.trim() && !/^\d{4}$/.test(f.vendorId.trim())) found.push({ field: 'vendorId', message: 'must be the 4 digits HMRC issued' } as FieldError);
    if (f.endpointOverride && !/^https?:\/\//.test(f.endpointOverride.trim())) found.push({ field: 'endpointOverride', message: 'must start with https:// (or http:// for this computer only)' } as FieldError);
    return found;
  };

  const save = async () => {
    if (!form) return;
    setNote(null);
    const clean: FilingSettings = {
      ...form,
      vendorId: form.vendorId.trim(),
      productName: form.productName.trim(),
      productVersion: form.productVersion.trim(),
      endpointOverride: form.endpointOverride?.trim() ? form.endpointOverride.trim() : null,
    };
    const local = check(clean);
    if (local.length) {
      setErrors(local);
      setFocusKey((k) => k + 1);
      return;
    }
    setBusy(true);
    const r = await settle(() => api.saveSettings(clean), 'save the filing settings');
    setBusy(false);
    if (!r.ok) {
      const list = (r.failure.errors ?? []).filter((e) => e.field in FILING_LABELS);
      setErrors(list);
      setFocusKey((k) => k + 1);
      if (!list.length) setNote({ text: `The filing settings were not saved: ${r.failure.message}`, tone: 'error' });
      return;
    }
    setErrors([]);
    setSaved(r.value);
    setForm(r.value);
    setNote({ text: 'Filing settings saved.', tone: 'info' });
  };

  const text = (name: Exclude<Name, 'liveFiling'>, hint: string, width: 'short' | 'medium' | 'long' = 'medium') => (
    <TextField
      id={FILING_FIELD(name)}
      label={FILING_LABELS[name]}
      hint={hint}
      value={(form?.[name] as string | null) ?? ''}
      width={width}
      error={errorOf(name)}
      onChange={(v) => setForm((f) => (f ? { ...f, [name]: name === 'endpointOverride' ? v || null : v } : f))}
    />
  );

  return (
    <section className="card filing-card" aria-labelledby="filing-settings-heading" data-testid="filing-settings">
      <h3 id="filing-settings-heading">Filing with HMRC</h3>
      <p className="hint">Sent to HMRC with every return. Returns go to Test in Live (checked by HMRC, not filed) until you switch on live filing.</p>
      {!form ? (
        note ? null : <Busy label="Reading the filing settings…" />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <ErrorSummary
            errors={errors.map((e) => ({ fieldId: FILING_FIELD(e.field as Exclude<Name, never>), message: errorOf(e.field as Name) ?? e.message }))}
            focusKey={focusKey}
            onSelect={(fid) => {
              if (fid === FILING_FIELD('endpointOverride')) setTestingOpen(true);
              setTimeout(() => document.getElementById(fid)?.focus(), 0);
            }}
          />
          {text('vendorId', 'The 4-digit number HMRC issues to the maker of filing software, sent with every return you file with HMRC. Filing Desk cannot file without it.', 'short')}
          {text('productName', 'The software’s name as registered with HMRC, such as Filing Desk.')}
          {text('productVersion', 'Left empty, the version of Filing Desk is sent.', 'short')}
          <CheckboxField
            id={FILING_FIELD('liveFiling')}
            label={FILING_LABELS.liveFiling}
            hint="Off: returns can only be sent as tests (Test in Live or HMRC’s test service). On: File with HMRC can also file for real."
            checked={form.liveFiling}
            error={errorOf('liveFiling')}
            onChange={(v) => setForm({ ...form, liveFiling: v })}
          />
          <details className="disclosure" open={testingOpen} onToggle={(e) => setTestingOpen(e.currentTarget.open)}>
            <summary>For testing</summary>
            {text(
              'endpointOverride',
              'Sends test returns (Test in Live and HMRC’s test service) to this address instead of HMRC: only for a test Transaction Engine. Live returns always go to HMRC. The Government Gateway password goes with each return, so only HMRC’s own https address or this computer (http://127.0.0.1:…) is accepted. Leave empty to use HMRC.',
              'long',
            )}
          </details>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy}>
              Save filing settings
            </button>
            {JSON.stringify(saved) !== JSON.stringify(form) ? <span className="hint">Changes not saved yet.</span> : null}
          </div>
          {busy ? <Busy label="Saving the filing settings…" /> : null}
        </form>
      )}
      <ActionNote note={note} testId="filing-settings-note" />
    </section>
  );
}
