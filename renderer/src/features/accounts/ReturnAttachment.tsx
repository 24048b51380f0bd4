/**
 * The built accounts attached to the CT600 return for the same client and
 * period as its accounts (box 80A): the return found, or started when there
 * is none, and other accounts already attached replaced only when the user says.
 */
import { useState } from 'react';
import type { AccountsAttachResponse, AccountsView } from '../../../../preload/contract.js';
import { BusyButton } from '../../components/BusyButton.js';
import { ukDate } from '../../format/index.js';
import { useDraftListStore } from '../../store/draft-list.js';
import { useNavigation } from '../../store/navigation.js';
import { prefillFromClient } from '../ct600/clients.js';
import { dateTextOf, describeForm, emptyForm } from '../ct600/form.js';
import { settle } from '../frame/bridge-call.js';
import { useAccounts } from './accounts-context.js';

export function ReturnAttachment({ view }: { view: AccountsView }) {
  const ctx = useAccounts();
  const drafts = useDraftListStore();
  const openDraft = useNavigation((s) => s.openDraft);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AccountsAttachResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const d = view.draft;
  const current = d.attachedTo && d.lastBuild && d.attachedTo.sha256 === d.lastBuild.sha256 ? d.attachedTo : null;

  const attach = async (ct600DraftId: string | null, replaceOtherAccounts: boolean) => {
    setBusy(true);
    setProblem(null);
    const r = await settle(() => ctx.bridge.attachAccountsToReturn({ id: d.id, ct600DraftId, replaceOtherAccounts }), 'attach the accounts to the return');
    setBusy(false);
    if (!r.ok) return setProblem(r.failure.message);
    setOutcome(r.value);
    if (r.value.outcome === 'attached') {
      ctx.session.getState().adopt(r.value.view);
      void drafts.getState().refresh();
    }
  };

  /** A CT600 return for the same client and period, filled in from the client book, then the accounts attached to it. */
  const startReturn = async () => {
    setBusy(true);
    setProblem(null);
    const clients = await settle(() => ctx.bridge.listClients({ query: '', includeArchived: true }), 'read the client book');
    const client = clients.ok ? clients.value.find((c) => c.id === d.clientId) : undefined;
    let form = emptyForm();
    if (client) form = prefillFromClient(form, client, new Date());
    form = { ...form, values: { ...form.values, companyName: d.companyName, registrationNumber: d.companyNumber }, dates: { periodFrom: dateTextOf(d.periodFrom), periodTo: dateTextOf(d.periodTo) } };
    const meta = describeForm(form);
    const made = await settle(() => ctx.bridge.createDraft({ kind: 'ct600', clientId: d.clientId, title: meta.title, form: form as unknown as Record<string, unknown> }), 'start the return');
    if (!made.ok) {
      setBusy(false);
      return setProblem(made.failure.message);
    }
    const saved = await settle(() => ctx.bridge.saveDraft({ id: made.value.id, clientId: d.clientId, title: meta.title, periodFrom: meta.periodFrom, periodTo: meta.periodTo, form: form as unknown as Record<string, unknown> }), 'save the new return');
    if (!saved.ok) {
      setBusy(false);
      return setProblem(saved.failure.message);
    }
    await attach(made.value.id, false);
  };

  return (
    <section className="step-section" aria-labelledby="attach-heading">
      <h3 id="attach-heading">The corporation tax return</h3>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {outcome?.outcome === 'no-return' ? (
        <div className="inset-text" data-testid="no-return">
          <p>
            There is no CT600 return for {d.companyName} for the period ending {ukDate(d.periodTo)} yet.
          </p>
          <BusyButton className="button" busy={busy} busyLabel="Starting the return…" onPress={() => void startReturn()}>
            Start a CT600 return for this period and attach the accounts
          </BusyButton>
        </div>
      ) : outcome?.outcome === 'other-accounts' ? (
        <div className="inset-text" data-testid="other-accounts">
          <p>
            {outcome.title} already has accounts attached: {outcome.fileNames.join(', ')}.
          </p>
          <BusyButton className="button" busy={busy} busyLabel="Attaching the accounts…" onPress={() => void attach(outcome.ct600DraftId, true)}>
            Replace them with these accounts
          </BusyButton>
        </div>
      ) : current ? (
        <div className="inset-text" data-testid="attached">
          <p role="status">
            Attached to the CT600 return as its accounts (box 80A). Its Computation step offers the profit before tax as its starting figure, with where it came from.
          </p>
          <button type="button" className="button" onClick={() => openDraft({ id: current.ct600DraftId, kind: 'ct600' })}>
            Open the return
          </button>
        </div>
      ) : (
        <BusyButton id="accounts-attach" className="button" busy={busy} busyLabel="Attaching the accounts…" aria-disabled={!d.lastBuild || d.changedSinceBuild} onPress={() => void attach(null, false)}>
          Attach to the CT600 return for this period (box 80A)
        </BusyButton>
      )}
    </section>
  );
}
