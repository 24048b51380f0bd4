import { useEffect, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import type { Client } from '../../../../preload/contract.js';
import { COMPANY_TYPES, SENDERS } from '../../../../main/engine/ct600/codes.js';
import { clientDetailsFrom, prefillFromClient } from './clients.js';
import { FormField } from './FormField.js';
import { periodIsoDates, periodNotes } from './form.js';
import { usePageStaysReadable } from '../../components/page-stays-readable.js';
import { useLandmarkPortal } from '../../components/landmark-portal.js';
import { useWizard } from './wizard-context.js';
import { BusyButton } from '../../components/BusyButton.js';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const COMPANY_TYPE_OPTIONS = COMPANY_TYPES.map((w, i) => ({ value: String(i), label: `${capitalise(w)} (code ${i})` }));
const SENDER_WORDS: Record<string, string> = {
  Individual: 'An individual',
  Company: 'The company itself',
  Agent: 'An agent (an accountant or tax adviser)',
  Bureau: 'A bureau',
  Partnership: 'A partnership',
  Trust: 'A trust',
  Employer: 'An employer',
  Government: 'A government body',
  'Acting in Capacity': 'Someone acting in capacity (for example a liquidator)',
  Other: 'Someone else',
};
export const SENDER_OPTIONS = SENDERS.map((s) => ({ value: s, label: SENDER_WORDS[s] ?? s }));
export const RETURN_TYPE_OPTIONS = [
  { value: 'new', label: 'A new return' },
  { value: 'amended', label: 'An amended return', hint: 'Changes a return already sent for this period.' },
];

function ClientPicker() {
  const ctx = useWizard();
  const [clients, setClients] = useState<Client[]>([]);
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const pageStaysReadable = usePageStaysReadable();
  const listContainer = useLandmarkPortal(pageStaysReadable.ref);
  useEffect(() => {
    let live = true;
    ctx.bridge.listClients({ query: '', includeArchived: false }).then(
      (r) => live && (r.ok ? setClients(r.value) : setMessage({ text: `The client book could not be read: ${r.error.message}`, bad: true })),
      () => live && setMessage({ text: 'The client book could not be read.', bad: true }),
    );
    return () => {
      live = false;
    };
  }, [ctx.bridge]);
  const current = clients.find((c) => c.id === ctx.clientId);

  const save = async () => {
    setSaving(true);
    setMessage(null);
    const to = periodIsoDates(ctx.form).to;
    const details = clientDetailsFrom(ctx.form, current, to);
    const result = await ctx.bridge.saveClient(current ? { id: current.id, details } : { details });
    setSaving(false);
    if (!result.ok) return setMessage({ text: `The client was not saved: ${result.error.message}`, bad: true });
    setClients((list) => [...list.filter((c) => c.id !== result.value.id), result.value]);
    ctx.setClientId(result.value.id);
    setMessage({ text: `Saved these details to the client ${result.value.companyName}.`, bad: false });
  };

  return (
    <div className="client-picker">
      <ComboBox
        // defaultItems is read once: a new list (loaded, or a client saved) mounts a fresh box.
        key={clients.map((c) => `${c.id}:${c.companyName}`).join('|')}
        className="field combo"
        selectedKey={ctx.clientId}
        defaultItems={clients}
        menuTrigger="focus"
        {...pageStaysReadable}
        onSelectionChange={(key) => {
          if (key === null) return;
          const client = clients.find((c) => c.id === key);
          if (!client) return;
          ctx.setClientId(client.id);
          ctx.update((form) => prefillFromClient(form, client, new Date()));
        }}
      >
        <Label className="field__label">Client</Label>
        <Text slot="description" className="field__hint">
          Choose from your client book to fill in the company’s name, numbers and usual period. Type to search.
        </Text>
        <div className="combo__box">
          <Input className="input input--long" id="client" />
          <Button className="button combo__button" aria-label="Show clients">
            ▾
          </Button>
        </div>
        <Popover className="popover combo__popover" UNSTABLE_portalContainer={listContainer}>
          <ListBox className="combo__list" renderEmptyState={() => <p className="combo__empty">No clients match</p>}>
            {(c: Client) => (
              <ListBoxItem id={c.id} textValue={c.companyName} className="combo__option">
                {c.companyName}
                {c.utr ? <span className="combo__meta"> UTR {c.utr}</span> : null}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <p className="client-picker__actions">
        <BusyButton className="button" busy={saving} busyLabel="Saving the client’s details…" onPress={() => void save()}>
          {current ? `Save these details to the client ${current.companyName}` : 'Save these details as a new client'}
        </BusyButton>
      </p>
      {/* Always in the page, so a screen reader is already listening when the outcome is written into it. */}
      <p role="status" className={`client-picker__message${message?.bad ? ' client-picker__message--bad' : ''}`} data-testid="client-picker-message">
        {message?.text}
      </p>
    </div>
  );
}

export function CompanyStep() {
  const ctx = useWizard();
  const notes = periodNotes(ctx.form);
  const periodNote = notes.length ? (
    <>
      {notes.map((n) => (
        <span key={n} className="field__note" data-testid="period-note">
          {n}
        </span>
      ))}
    </>
  ) : undefined;
  return (
    <>
      <ClientPicker />
      <FormField id="companyName" />
      <FormField id="registrationNumber" />
      <FormField id="utr" />
      <FormField id="periodFrom" />
      <FormField id="periodTo" note={periodNote} />
      <FormField
        id="returnType"
        asRadios
        options={RETURN_TYPE_OPTIONS}
        note={
          ctx.form.values.returnType === 'amended' ? (
            <span className="field__note">
              If the accounts or computations went with the original return, say so on the Accounts and computations step (“This is an amended return and the accounts were already sent”).
            </span>
          ) : undefined
        }
      />
      <FormField id="companyType" options={COMPANY_TYPE_OPTIONS} />
      <FormField id="sender" options={SENDER_OPTIONS} />
    </>
  );
}
