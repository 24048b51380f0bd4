import { useCallback, useEffect, useRef, useState } from 'react';
import type { FollowedJob, OutboxItemView } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { settle } from '../frame/bridge-call.js';
import { ukDateTime } from '../../format/index.js';
import { useNavigation } from '../../store/navigation.js';
import { useOnline } from '../../store/online.js';
import { JobView } from '../online/JobView.js';
import { OUTBOX_KIND_WORDS, OUTBOX_STATE_WORDS } from '../online/outbox-words.js';
import '../online/online.css';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { ActionsColumnHeader } from '../../components/ActionsColumnHeader.js';
import { FilePickerButton } from '../../components/FilePickerButton.js';
import { Busy } from '../../components/Progress.js';
import { OutboxOfficeSync } from '../office/OutboxOfficeSync.js';

// A request whose file is missing or changed can never be sent: Retry would only be refused.
const canRetry = (i: OutboxItemView) => (i.state === 'failed' || i.state === 'queued') && !i.cannotBeSent;
const canCancel = (i: OutboxItemView) => i.state === 'failed' || i.state === 'queued';

function nextTry(i: OutboxItemView): string {
  if (i.state !== 'queued') return '—';
  return i.nextTryAt ? ukDateTime(i.nextTryAt) : 'When online and signed in';
}

/** The outbox: every request for the filing service, where it stands, and Retry, Cancel or open its draft. */
export function OutboxPage() {
  const bridge = useBridge();
  const changes = useOnline((s) => s.changes);
  const status = useOnline((s) => s.status);
  const followed = useOnline((s) => s.followedJobs);
  const addFollowedJob = useOnline((s) => s.addFollowedJob);
  const openDraft = useNavigation((s) => s.openDraft);
  const [items, setItems] = useState<OutboxItemView[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [unusable, setUnusable] = useState<string[]>([]);
  const [note, setNote] = useState<ActionNoteText | null>(null);

  const asked = useRef(0);
  const load = useCallback(async () => {
    // Pushes come in bursts: only the answer to the latest question is shown, never an older one arriving late.
    const mine = ++asked.current;
    const list = await settle(() => bridge.listOutbox(), 'read the outbox');
    const problems = await settle(() => bridge.listOutboxProblems(), 'read the outbox');
    if (mine !== asked.current) return;
    if (problems.ok) setUnusable(problems.value);
    if (list.ok) {
      setItems([...list.value].reverse());
      setProblem(null);
      return list.value;
    }
    setProblem(list.failure.message);
    return undefined;
  }, [bridge]);

  useEffect(() => {
    void load();
  }, [load, changes]);

  const act = async (item: OutboxItemView, what: 'retry' | 'cancel') => {
    const result = await settle(
      () => (what === 'retry' ? bridge.retryOutboxItem({ id: item.id }) : bridge.cancelOutboxItem({ id: item.id })),
      what === 'retry' ? 'retry the request' : 'cancel the request',
    );
    const now = (await load())?.find((i) => i.id === item.id);
    if (result.ok) {
      setNote({ text: what === 'retry' ? `“${item.title}” will be sent again now, with the same key.` : `“${item.title}” was cancelled.`, tone: 'info' });
    } else if (now && (now.state === 'sending' || now.state === 'done')) {
      // The outbox's own next try got there first (the list on screen was a moment old): not a fault.
      const where = now.state === 'sending' ? 'is being sent now' : 'has already been sent';
      setNote(
        what === 'retry'
          ? { text: `“${item.title}” ${where}.`, tone: 'info' }
          : { text: `“${item.title}” ${where}, so it can no longer be cancelled.`, tone: 'error' },
      );
    } else setNote({ text: result.failure.message, tone: 'error' });
  };

  const open = async (item: OutboxItemView) => {
    if (!item.draftId) return;
    if (item.kind === 'ct600-build') return openDraft({ id: item.draftId, kind: 'ct600' });
    if (item.kind === 'package-build') return openDraft({ id: item.draftId, kind: 'report-package' });
    const draft = await settle(() => bridge.openDraft({ id: item.draftId! }), 'open the draft');
    if (draft.ok) openDraft({ id: draft.value.id, kind: draft.value.kind });
    else setNote({ text: draft.failure.message, tone: 'error' });
  };

  const jobIds = [...new Set([...followed, ...(items ?? []).flatMap((i) => (i.jobId ? [i.jobId] : []))])];

  return (
    <div className="online-page">
      <header className="page-header">
        <h2>Outbox</h2>
        <p>Requests for the filing service. Each waits here until it can be sent, and is sent with the same key every time, so the service does it once.</p>
      </header>
      {status ? (
        <p className="hint" data-testid="outbox-status">
          {status.message}
        </p>
      ) : null}
      <OutboxOfficeSync />
      <ActionNote note={note} />
      {problem ? <p role="alert" className="field__error">{problem}</p> : null}
      {unusable.length > 0 ? (
        <section className="verdict verdict--bad" aria-labelledby="outbox-unusable-heading" data-testid="outbox-unusable">
          <h3 id="outbox-unusable-heading">Files in the outbox that could not be used</h3>
          <p>Nothing in them was sent. Each was kept in the outbox folder so support can look at it; queue the request again from its draft if it is still needed.</p>
          <ul>
            {unusable.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {items && items.length === 0 ? <p className="empty">Nothing has been sent to the filing service yet.</p> : null}
      {items && items.length > 0 ? (
        <table className="table outbox-table" aria-label="Requests for the filing service">
          <thead>
            <tr>
              <th scope="col">Request</th>
              <th scope="col">State</th>
              <th scope="col">Attempts</th>
              <th scope="col">Next try</th>
              <th scope="col">Reason</th>
              <ActionsColumnHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.id} data-testid="outbox-row" data-state={i.state}>
                <th scope="row">
                  {i.title}
                  <div className="hint">{OUTBOX_KIND_WORDS[i.kind]}; put in {ukDateTime(i.createdAt)}</div>
                  {i.jobId ? <div className="hint">Job {i.jobId}</div> : null}
                </th>
                <td>
                  <span className={`tag state-tag--${i.state}`}>{OUTBOX_STATE_WORDS[i.state]}</span>
                </td>
                <td>{i.attempts}</td>
                <td>{nextTry(i)}</td>
                <td className="outbox__reason">{i.reason ?? '—'}</td>
                <td>
                  <div className="outbox__actions">
                    {canRetry(i) ? (
                      <button type="button" className="button button--small" onClick={() => void act(i, 'retry')} aria-label={`Retry ${i.title}`}>
                        Retry
                      </button>
                    ) : null}
                    {canCancel(i) ? (
                      <button type="button" className="button button--small button--quiet" onClick={() => void act(i, 'cancel')} aria-label={`Cancel ${i.title}`}>
                        Cancel
                      </button>
                    ) : null}
                    {i.draftId ? (
                      <button type="button" className="button button--small button--quiet" onClick={() => void open(i)} aria-label={`Open the draft ${i.title}`}>
                        Open the draft
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ValidationJobs jobIds={jobIds} onFollowed={addFollowedJob} changes={changes} />
    </div>
  );
}

/** What the service validates: a CT600 return, or a report package. */
const SENDABLE_TYPES = ['.xml', '.xbri', '.xbr', '.zip'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Follow a job on the service by its id; send a file for validation when the service is this computer's own. */
function ValidationJobs({ jobIds, onFollowed, changes }: { jobIds: string[]; onFollowed(id: string): void; changes: number }) {
  const bridge = useBridge();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [jobs, setJobs] = useState<Record<string, FollowedJob>>({});
  const [local, setLocal] = useState(false);
  const [sendNote, setSendNote] = useState<ActionNoteText | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const key = jobIds.join(',');

  useEffect(() => {
    let live = true;
    void (async () => {
      const found: Record<string, FollowedJob> = {};
      for (const id of key ? key.split(',') : []) {
        const job = await settle(() => bridge.getJob({ id }), 'read the validation job');
        if (job.ok) found[id] = job.value;
      }
      if (live) setJobs(found);
    })();
    return () => {
      live = false;
    };
  }, [bridge, key, changes]);

  useEffect(() => {
    void settle(() => bridge.getOnlineSettings(), 'read the settings').then((s) => {
      if (s.ok && s.value.baseUrl) setLocal(/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i.test(new URL(s.value.baseUrl).hostname));
    });
  }, [bridge]);

  const follow = async () => {
    const id = typed.trim();
    if (!UUID.test(id)) return setError('Enter the job id as the service gave it, such as 3f2c9a4e-1b2c-4d5e-8f90-123456789abc.');
    setError(null);
    const job = await settle(() => bridge.followJob({ id, draftId: null }), 'follow the validation job');
    if (!job.ok) return setError(job.failure.errors?.[0]?.message ? `The job id ${job.failure.errors[0].message}.` : job.failure.message);
    setTyped('');
    onFollowed(job.value.id);
    setJobs((j) => ({ ...j, [job.value.id]: job.value }));
  };

  const sendFile = async (file: File | undefined) => {
    if (!file) return;
    setSendNote(null);
    setSending(`Sending ${file.name}…`);
    const sent = await settle(async () => bridge.sendFileForValidation({ draftId: null, file: { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } }), 'send the file');
    setSending(null);
    if (!sent.ok) setSendNote({ text: `Not sent: ${sent.failure.message}`, tone: 'error' });
    else setSendNote({ text: `${file.name} is in the outbox; its job appears below once the service has taken it.`, tone: 'info' });
  };

  return (
    <section className="card" aria-labelledby="jobs-heading" style={{ marginTop: 24 }}>
      <h3 id="jobs-heading">Validation jobs on the service</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void follow();
        }}
      >
        <div className={`field${error ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="job-id">
            Job id
          </label>
          <div className="field__hint" id="job-id-hint">
            The id the service gave for a validation job. Filing Desk checks on it until it ends, even after a restart.
          </div>
          {error ? (
            <p className="field__error" id="job-id-error">
              {error}
            </p>
          ) : null}
          <input
            id="job-id"
            className="input input--long"
            value={typed}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'job-id-hint job-id-error' : 'job-id-hint'}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="button">
          Follow the job
        </button>
      </form>
      {local ? (
        <div className="field" style={{ marginTop: 16 }} role="group" aria-labelledby="job-file-label" aria-describedby="job-file-hint">
          <p className="field__label" id="job-file-label">
            Send a file for validation
          </p>
          <div className="field__hint" id="job-file-hint">
            The service is the one on this computer, so a CT600 return or a report package can be sent to it to check.
          </div>
          <FilePickerButton id="job-file" acceptedTypes={SENDABLE_TYPES} unavailable={sending !== null} onFiles={(files) => void sendFile(files[0])}>
            Choose a file to send…
          </FilePickerButton>
          {sending ? <Busy label={sending} /> : null}
          <ActionNote note={sendNote} />
        </div>
      ) : null}
      {jobIds.length === 0 ? <p className="hint">No validation job followed yet.</p> : null}
      {jobIds.map((id) => (jobs[id] ? <JobView key={id} job={jobs[id]} /> : null))}
    </section>
  );
}
