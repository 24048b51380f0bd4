import { useCallback, useEffect, useRef, useState } from 'react';
import type { BuildAgreement, DraftBuildRecord, DraftServiceResults, OutboxItemView } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { settle } from '../frame/bridge-call.js';
import { formatSizeExactly, ukDateTime } from '../../format/index.js';
import { useNavigation } from '../../store/navigation.js';
import { useOnline } from '../../store/online.js';
import { JobView } from './JobView.js';
import { OUTBOX_STATE_WORDS } from './outbox-words.js';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';

interface ServicePanelProps {
  draftId: string;
  kind: 'ct600' | 'report-package';
  /** The request as the wizard would build it here; null while the draft cannot be built. */
  request: Record<string, unknown> | null | undefined;
  /**
   * The engine's last build of this draft. A package's agreement then names
   * both SHA-256s when the bytes differ (the service's is in its answer).
   */
  localBuild?: DraftBuildRecord | null;
  /**
   * Runs before the send: the wizard writes what is waiting, so main sends
   * (and fingerprints) the answers on screen. False when they could not be written.
   */
  beforeSend?: () => Promise<boolean>;
}

/** The SHA-256 of each side's bytes, shown beside a difference. */
export interface BuildDigests {
  engine: string;
  service: string;
}

const PART_WORDS = { document: 'The return (XML)', irmark: 'IRmark', package: 'The package (zip)', hash: 'Hash' } as const;

export function AgreementBadge({ agreement, digests }: { agreement: BuildAgreement | null; digests?: BuildDigests | null }) {
  if (!agreement) {
    return (
      <p className="agreement agreement--none" data-testid="agreement">
        Not compared: build the draft here first with the same figures, then send it, to compare.
      </p>
    );
  }
  if (agreement.agrees) {
    return (
      <p className="agreement agreement--agrees" data-testid="agreement">
        <span aria-hidden="true">✓</span> Agrees with the local engine
      </p>
    );
  }
  const d = agreement.firstDifference;
  return (
    <div>
      <p className="agreement agreement--differs" data-testid="agreement">
        <span aria-hidden="true">!</span> Differs from the local engine
      </p>
      <ul>
        {agreement.parts.map((p) => (
          <li key={p.part}>
            {PART_WORDS[p.part]}: {p.agrees ? 'the same' : `different (here ${p.engine}, service ${p.service})`}
          </li>
        ))}
      </ul>
      {digests ? (
        <dl className="facts" data-testid="agreement-digests">
          <dt>SHA-256 of the package built here</dt>
          <dd>
            <code className="digest">{digests.engine}</code>
          </dd>
          <dt>SHA-256 of the package the service built</dt>
          <dd>
            <code className="digest">{digests.service}</code>
          </dd>
        </dl>
      ) : null}
      {d ? (
        <div className="difference">
          <p>First difference at line {d.line} (byte {d.offset}):</p>
          <p>Built here:</p>
          <pre>{d.engine}</pre>
          <p>Built by the service:</p>
          <pre>{d.service}</pre>
        </div>
      ) : null}
    </div>
  );
}

/**
 * On a wizard's review step: send the draft to the filing service to be
 * built there too. The request goes into the outbox and the wizard never
 * waits for the network; when the service answers, this shows who answered,
 * when, and whether it agrees with the local engine's build.
 */
export function ServicePanel({ draftId, kind, request, localBuild, beforeSend }: ServicePanelProps) {
  const bridge = useBridge();
  const changes = useOnline((s) => s.changes);
  const status = useOnline((s) => s.status);
  const go = useNavigation((s) => s.go);
  const [results, setResults] = useState<DraftServiceResults | null>(null);
  const [items, setItems] = useState<OutboxItemView[]>([]);
  const [note, setNote] = useState<ActionNoteText | null>(null);
  const [sending, setSending] = useState(false);
  const buildKind = kind === 'ct600' ? 'ct600-build' : 'package-build';

  const asked = useRef(0);
  const load = useCallback(async () => {
    const mine = ++asked.current;
    const [r, list] = await Promise.all([
      settle(() => bridge.draftServiceResults({ id: draftId }), 'read what the filing service answered'),
      settle(() => bridge.listOutbox(), 'read the outbox'),
    ]);
    if (mine !== asked.current) return; // a later question is on its way
    if (r.ok) setResults(r.value);
    if (list.ok) setItems(list.value.filter((i) => i.draftId === draftId && i.kind === buildKind));
  }, [bridge, draftId, buildKind]);

  useEffect(() => {
    void load();
  }, [load, changes]);

  const send = async () => {
    if (!request) return;
    setSending(true);
    setNote(null);
    if (beforeSend && !(await beforeSend())) {
      setSending(false);
      return setNote({ text: 'Not sent: your latest changes could not be saved first. See the message under the steps, then try again.', tone: 'error' });
    }
    const sent = await settle(
      () => (kind === 'ct600' ? bridge.sendCt600Draft({ draftId, request }) : bridge.sendPackageDraft({ draftId, request })),
      'put the draft in the outbox',
    );
    setSending(false);
    if (!sent.ok) return setNote({ text: `Not sent: ${sent.failure.message}`, tone: 'error' });
    setNote({ text: 'Put in the outbox. It is sent when Filing Desk is online and signed in; you can carry on meanwhile.', tone: 'info' });
    await load();
  };

  const latest = items.at(-1);
  const build = results?.lastServiceBuild ?? null;
  const thing = kind === 'ct600' ? 'Return' : 'Package';
  const agreement = results?.agreement ?? null;
  // Only the engine build the service's answer was compared with: the same figures.
  const digests =
    kind === 'report-package' && build && agreement && !agreement.agrees && localBuild?.answeredBy === 'engine' && localBuild.fingerprint === agreement.fingerprint
      ? { engine: localBuild.sha256, service: build.sha256 }
      : null;

  return (
    <section className="service-panel" aria-labelledby={`service-${draftId}`} data-testid="service-panel">
      <h3 id={`service-${draftId}`}>Filing service</h3>
      <p>
        Send this {kind === 'ct600' ? 'return' : 'package'} to the filing service to have it built there too. It waits in the
        outbox until it can go.{status && status.state !== 'online' ? ` ${status.message}` : ''}
      </p>
      <button type="button" className="button" disabled={!request || sending} onClick={() => void send()} aria-describedby={!request ? `service-blocked-${draftId}` : undefined}>
        Send to the filing service
      </button>
      {!request ? (
        <p className="hint" id={`service-blocked-${draftId}`}>
          Fix the answers above first: the service is sent the same request as a build here.
        </p>
      ) : null}
      <ActionNote note={note} />
      {latest ? (
        <p data-testid="service-request">
          Last sent {ukDateTime(latest.createdAt)}:{' '}
          <span className={`tag state-tag--${latest.state}`}>{OUTBOX_STATE_WORDS[latest.state]}</span>
          {latest.reason ? ` ${latest.reason}` : ''}{' '}
          <button type="button" className="link-button" onClick={() => go('outbox')}>
            Open the outbox
          </button>
        </p>
      ) : null}
      {build ? (
        <div data-testid="service-build">
          <dl className="facts">
            <dt>Answered by</dt>
            <dd>
              The filing service at {build.service} (API version {build.apiVersion})
            </dd>
            <dt>When</dt>
            <dd>{ukDateTime(build.builtAt)}</dd>
            {build.irMark ? (
              <>
                <dt>IRmark</dt>
                <dd>
                  <code>{build.irMark}</code>
                </dd>
              </>
            ) : null}
            {kind === 'report-package' ? (
              <>
                <dt>SHA-256 of the service’s package</dt>
                <dd>
                  <code className="digest" data-testid="service-sha256">
                    {build.sha256}
                  </code>{' '}
                  · {formatSizeExactly(build.size)}
                </dd>
              </>
            ) : null}
            {build.hash ? (
              <>
                <dt>{kind === 'report-package' ? 'The filing service’s own SHA-256 (Hash_Result)' : 'Hash'}</dt>
                <dd>
                  <code>{build.hash}</code>
                </dd>
              </>
            ) : null}
          </dl>
          <AgreementBadge agreement={agreement} digests={digests} />
        </div>
      ) : latest ? null : (
        <p className="hint">Nothing sent to the filing service for this draft yet; every build so far was made here by the local engine.</p>
      )}
      {results?.jobs.length ? (
        <>
          <h4>Validation jobs on the service</h4>
          {results.jobs.map((j) => (
            <JobView key={j.id} job={j} thing={thing} headingLevel={4} />
          ))}
        </>
      ) : null}
    </section>
  );
}
