import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Client, ClientBookNotice } from '../../../../preload/contract.js';
import { useClientsStore } from '../../store/clients.js';
import { useDraftListStore } from '../../store/draft-list.js';
import { useNavigation } from '../../store/navigation.js';
import { useAccountsNav } from '../accounts/accounts-nav.js';
import { useNotices } from '../frame/notices.js';
import { FilingHistory } from '../filing/FilingHistory.js';
import { ukDayMonth } from '../../format/index.js';
import { ClientForm } from './ClientForm.js';
import { ClientPeriodsForm } from './ClientPeriodsForm.js';
import { CompaniesHouseClientPanel } from '../accounts-filing/CompaniesHouseClientPanel.js';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; client: Client } | { mode: 'periods'; client: Client };

/** The client book: search, add, change, archive, and start a return for a client. */
export function ClientsPage() {
  const store = useClientsStore();
  const drafts = useDraftListStore();
  const { query, includeArchived, load, clients, notice } = useStore(store);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const addButton = useRef<HTMLButtonElement>(null);
  const searchId = useId();
  const archivedId = useId();
  const show = useNotices((s) => s.show);

  useEffect(() => {
    void store.getState().refresh();
  }, [store]);

  const closeForm = (saved: boolean, name?: string) => {
    setEditing({ mode: 'closed' });
    if (saved && name) show({ text: `Saved ${name}.`, tone: 'info' });
    addButton.current?.focus();
  };

  const archive = async (client: Client, archived: boolean) => {
    const problem = await store.getState().setArchived(client, archived);
    if (problem) show({ text: `${client.companyName} could not be ${archived ? 'archived' : 'brought back'}: ${problem}`, tone: 'error' });
    else show({ text: archived ? `${client.companyName} archived. Tick “Show archived clients” to see it.` : `${client.companyName} is active again.`, tone: 'info' });
  };

  const prepareAccounts = (clientId: string) => {
    useAccountsNav.getState().startFor(clientId);
    useNavigation.getState().go('accounts');
  };

  return (
    <>
      <header className="page-header">
        <h2>Clients</h2>
        <p>Your firm’s client book. A new return for a client starts with these details filled in.</p>
      </header>
      <div className="button-row">
        <button ref={addButton} type="button" className="button button--primary" onClick={() => setEditing({ mode: 'add' })} aria-expanded={editing.mode === 'add'} disabled={notice?.readOnly}>
          Add a client
        </button>
      </div>
      {notice && <ClientBookNoticeText notice={notice} />}
      {editing.mode === 'periods' && (
        <ClientPeriodsForm
          key={`periods-${editing.client.id}`}
          client={editing.client}
          onSave={async (details) => {
            const outcome = await store.getState().save(editing.client.id, details);
            return outcome.ok ? { ok: true } : outcome;
          }}
          onDone={closeForm}
        />
      )}
      {editing.mode === 'periods' && <CompaniesHouseClientPanel key={`companies-house-${editing.client.id}`} client={editing.client} />}
      {editing.mode === 'periods' && <FilingHistory key={`filings-${editing.client.id}`} clientId={editing.client.id} title={`Returns sent to HMRC for ${editing.client.companyName}`} />}
      {(editing.mode === 'add' || editing.mode === 'edit') && (
        <ClientForm
          key={editing.mode === 'edit' ? editing.client.id : 'new'}
          client={editing.mode === 'edit' ? editing.client : null}
          onSave={async (details) => {
            const outcome = await store.getState().save(editing.mode === 'edit' ? editing.client.id : undefined, details);
            return outcome.ok ? { ok: true } : outcome;
          }}
          onDone={closeForm}
        />
      )}
      <div className="toolbar">
        <div className="field field--inline">
          <label htmlFor={searchId}>Search by name, UTR or company number</label>
          <input id={searchId} type="search" className="input" value={query} onChange={(e) => store.getState().setQuery(e.currentTarget.value)} />
        </div>
        <div className="checkbox">
          <input id={archivedId} type="checkbox" checked={includeArchived} onChange={(e) => store.getState().setIncludeArchived(e.currentTarget.checked)} />
          <label htmlFor={archivedId}>Show archived clients</label>
        </div>
      </div>
      {load.status === 'loading' && <p className="progress" role="status">Loading your clients…</p>}
      {load.status === 'error' && (
        <p className="verdict verdict--bad" role="alert">
          Your clients could not be listed: {load.message}
        </p>
      )}
      {load.status === 'ready' && clients.length === 0 && (
        <p className="empty" role="status">{query ? 'No clients match your search.' : 'No clients yet. Add your first client above.'}</p>
      )}
      {load.status === 'ready' && clients.length > 0 && (
        <table className="table clients">
          <caption className="visually-hidden">Clients</caption>
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Companies House number</th>
              <th scope="col">UTR</th>
              <th scope="col">Usual period end</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {clients.map((c) => (
              <tr key={c.id} className={c.archived ? 'clients__row--archived' : undefined}>
                <th scope="row">
                  {c.companyName}
                  {c.archived && <span className="tag tag--archived">Archived</span>}
                </th>
                <td>{c.registrationNumber || '—'}</td>
                <td>{c.utr || '—'}</td>
                <td>{c.periodEnd ? ukDayMonth(c.periodEnd) : '—'}</td>
                <td className="clients__actions">
                  <button type="button" className="button button--small" aria-label={`Change ${c.companyName}`} onClick={() => setEditing({ mode: 'edit', client: c })}>
                    Change
                  </button>
                  {!c.archived && (
                    <button type="button" className="button button--small" aria-label={`Periods and deadlines of ${c.companyName}`} onClick={() => setEditing({ mode: 'periods', client: c })} disabled={notice?.readOnly}>
                      Periods…
                    </button>
                  )}
                  {!c.archived && (
                    <button type="button" className="button button--small" aria-label={`New return for ${c.companyName}`} onClick={() => void drafts.getState().newReturn(c)}>
                      New return
                    </button>
                  )}
                  {!c.archived && (
                    <button type="button" className="button button--small" aria-label={`Prepare accounts for ${c.companyName}`} onClick={() => prepareAccounts(c.id)}>
                      Prepare accounts
                    </button>
                  )}
                  <button type="button" className="button button--small" aria-label={`${c.archived ? 'Unarchive' : 'Archive'} ${c.companyName}`} onClick={() => void archive(c, !c.archived)}>
                    {c.archived ? 'Unarchive' : 'Archive'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Tells the user what happened to a client book that could not be used as it is, naming the file, as Start does for drafts. */
function ClientBookNoticeText({ notice }: { notice: ClientBookNotice }) {
  if (notice.readOnly) {
    return (
      <p className="verdict verdict--bad" role="alert">
        The client book <code>{notice.fileName}</code> was {notice.reason}. It was left as it is and cannot be changed here: update Filing Desk to see and change your clients.
      </p>
    );
  }
  return (
    <p className="verdict verdict--bad" role="alert">
      The client book <code>{notice.fileName}</code> could not be read ({notice.reason}). It was kept as <code>{notice.keptAs}</code> in the data folder so nothing is lost, and a new, empty client book was started. Send that file to support if the clients in it are needed.
    </p>
  );
}
