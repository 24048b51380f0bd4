/**
 * The Accounts section: the accounts drafts (one per client and period),
 * starting accounts for a client and period, and the wizard for the one open.
 */
import { useEffect, useState } from 'react';
import type { AccountsDraftList, AccountsStandard, Client } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { BusyButton } from '../../components/BusyButton.js';
import { DateInput, type DateParts } from '../../components/DateInput.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { RadioField, SelectField } from '../../components/Field.js';
import { ukDateTime, ukPeriod } from '../../format/index.js';
import { usualPeriod } from '../ct600/clients.js';
import { dateTextOf } from '../ct600/form.js';
import { settle } from '../frame/bridge-call.js';
import { readDateParts } from './date-parts.js';
import { useAccountsNav } from './accounts-nav.js';
import { AccountsWizard } from './AccountsWizard.js';
import './accounts.css';

const STATE_WORDS = { 'in-progress': 'In progress', built: 'Built', attached: 'Attached to the return' } as const;
const empty: DateParts = { day: '', month: '', year: '' };

function StartAccounts({ clients, onStarted }: { clients: Client[]; onStarted(id: string): void }) {
  const bridge = useBridge();
  const startClientId = useAccountsNav((s) => s.startClientId);
  const [clientId, setClientId] = useState(startClientId ?? '');
  const [from, setFrom] = useState<DateParts>(empty);
  const [to, setTo] = useState<DateParts>(empty);
  const [standard, setStandard] = useState<AccountsStandard>('FRS 105');
  const [errors, setErrors] = useState<{ fieldId: string; message: string }[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [busy, setBusy] = useState(false);

  const chooseClient = (id: string) => {
    setClientId(id);
    const period = usualPeriod(clients.find((c) => c.id === id)?.periodEnd ?? '', new Date());
    if (period) {
      setFrom(dateTextOf(period.from));
      setTo(dateTextOf(period.to));
    }
  };
  useEffect(() => {
    if (startClientId) chooseClient(startClientId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startClientId, clients.length]);

  const start = async () => {
    const found: { fieldId: string; message: string }[] = [];
    if (!clientId) found.push({ fieldId: 'accounts-start-client', message: 'Choose the client the accounts are for' });
    const f = readDateParts(from, 'The start of the period');
    const t = readDateParts(to, 'The end of the period');
    if (!f.ok) found.push({ fieldId: 'accounts-start-from', message: f.message });
    if (!t.ok) found.push({ fieldId: 'accounts-start-to', message: t.message });
    if (f.ok && t.ok && f.date > t.date) found.push({ fieldId: 'accounts-start-to', message: 'The end of the period must not be before its start' });
    setErrors(found);
    if (found.length || !f.ok || !t.ok) return setFocusKey((k) => k + 1);
    setBusy(true);
    const r = await settle(() => bridge.createAccounts({ clientId, periodFrom: f.date, periodTo: t.date, standard }), 'start the accounts');
    setBusy(false);
    if (!r.ok) {
      setErrors([{ fieldId: 'accounts-start-client', message: r.failure.message }]);
      return setFocusKey((k) => k + 1);
    }
    onStarted(r.value.draft.id);
  };
  const errorOf = (id: string) => errors.find((e) => e.fieldId === id)?.message;

  return (
    <section className="step-section" aria-labelledby="start-accounts-heading">
      <h3 id="start-accounts-heading">Start accounts</h3>
      <ErrorSummary errors={errors} focusKey={focusKey} onSelect={(id) => document.getElementById(id)?.focus()} headingLevel={4} />
      {clients.length === 0 ? <p>Add the company to Clients first: the accounts are made out to its name and Companies House number.</p> : null}
      <SelectField id="accounts-start-client" label="Client" hint="The company the accounts are for, from the client book." value={clientId} placeholder="Choose a client" options={clients.map((c) => ({ value: c.id, label: `${c.companyName}${c.registrationNumber ? ` (${c.registrationNumber})` : ''}` }))} error={errorOf('accounts-start-client')} onChange={chooseClient} />
      <DateInput id="accounts-start-from" label="Start of the period" hint="The first day of the financial year the accounts cover. For example, 1 4 2024." value={from} error={errorOf('accounts-start-from')} onChange={setFrom} />
      <DateInput id="accounts-start-to" label="End of the period" hint="The balance sheet date: the accounting reference date, or up to 7 days either side of it (Companies Act 2006 s390(2)). For example, 31 3 2025." value={to} error={errorOf('accounts-start-to')} onChange={setTo} />
      <RadioField
        id="accounts-start-standard"
        label="Which accounts?"
        value={standard}
        options={[
          { value: 'FRS 105', label: 'Micro-entity accounts (FRS 105)', hint: 'Turnover up to £1m, total assets up to £500,000, up to 10 employees: two of the three (s384A).' },
          { value: 'FRS 102 1A', label: 'Small company accounts (FRS 102 Section 1A)', hint: 'Turnover up to £15m, total assets up to £7.5m, up to 50 employees: two of the three (s382).' },
        ]}
        onChange={(v) => setStandard(v as AccountsStandard)}
      />
      <BusyButton className="button button--primary" busy={busy} busyLabel="Starting the accounts…" onPress={() => void start()}>
        Start the accounts
      </BusyButton>
    </section>
  );
}

export function AccountsPage() {
  const bridge = useBridge();
  const { openId, open, close } = useAccountsNav();
  const [list, setList] = useState<AccountsDraftList | null>(null);
  const [clients, setClients] = useState<Client[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (openId) return;
    let live = true;
    void Promise.all([settle(() => bridge.listAccounts(), 'list the accounts'), settle(() => bridge.listClients({ query: '', includeArchived: false }), 'read the client book')]).then(([accounts, book]) => {
      if (!live) return;
      if (accounts.ok) setList(accounts.value);
      else setProblem(accounts.failure.message);
      if (book.ok) setClients(book.value);
    });
    return () => {
      live = false;
    };
  }, [bridge, openId]);

  if (openId) return <AccountsWizard key={openId} id={openId} onClose={close} />;
  return (
    <>
      <header className="page-header">
        <h2>Accounts</h2>
        <p>Statutory accounts from the trial balance, as Inline XBRL for HMRC (with the CT600, box 80A) and for Companies House.</p>
      </header>
      {problem ? (
        <p role="alert" className="field__error">
          {problem}
        </p>
      ) : null}
      {list && list.unreadable.length ? (
        <p role="alert" className="field__error">
          {list.unreadable.map((u) => `${u.fileName} could not be read (${u.reason}) and was set aside as ${u.movedTo}.`).join(' ')}
        </p>
      ) : null}
      {list && list.drafts.length ? (
        <table className="table accounts-list">
          <caption className="visually-hidden">Accounts drafts</caption>
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Period</th>
              <th scope="col">Accounts</th>
              <th scope="col">State</th>
              <th scope="col">Changed</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.drafts.map((d) => (
              <tr key={d.id}>
                <td>{d.companyName}</td>
                <td>{ukPeriod(d.periodFrom, d.periodTo)}</td>
                <td>{d.standard}</td>
                <td>{STATE_WORDS[d.state]}</td>
                <td>{ukDateTime(d.changedAt)}</td>
                <td>
                  <button type="button" className="button button--small" onClick={() => open(d.id)}>
                    Open<span className="visually-hidden"> the accounts of {d.companyName} for {ukPeriod(d.periodFrom, d.periodTo)}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : list ? (
        <p>No accounts yet.</p>
      ) : null}
      <StartAccounts clients={clients} onStarted={open} />
    </>
  );
}
