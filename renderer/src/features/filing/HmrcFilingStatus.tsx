import { useEffect, useState } from 'react';
import { useFilingApi } from './filing-api.js';
import { onFilingChange } from './filing-changes.js';
import type { SubmissionView } from './filing-types.js';
import { isUnderWay } from './filing-words.js';

/** How often the side bar asks main about returns being filed (main itself keeps HMRC's poll interval): more often while one is. */
export const HMRC_STATUS_EVERY_MS = 5000;
export const HMRC_STATUS_BUSY_EVERY_MS = 2000;

type Seen = { kind: 'reading' } | { kind: 'known'; underWay: SubmissionView[] } | { kind: 'problem' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One line on what HMRC filing is doing now: its own words, never the filing service's. */
export function hmrcFilingWords(underWay: SubmissionView[]): { word: string; message: string } {
  if (underWay.length === 0) return { word: 'Nothing being filed', message: 'No return is with HMRC right now.' };
  const unknown = underWay.filter((s) => s.state === 'unknown').length;
  const waiting = underWay.filter((s) => s.state === 'waiting').length;
  const sending = underWay.length - unknown - waiting;
  const parts = [
    sending ? `${plural(sending, 'return', 'returns')} being sent` : '',
    waiting ? `${plural(waiting, 'return', 'returns')} waiting for HMRC's answer` : '',
    unknown ? `${plural(unknown, 'return', 'returns')} whose outcome is not known yet` : '',
  ].filter(Boolean);
  return { word: plural(underWay.length, 'return being filed', 'returns being filed'), message: `${parts.join(', ')}. Never sent twice.` };
}

/**
 * Filing with HMRC in the side bar, apart from the filing service's
 * connection: HMRC's Transaction Engine is another service, and a return
 * being filed with it says nothing about that connection (and the other way
 * round). Text only, like the connection status.
 */
export function HmrcFilingStatus() {
  const api = useFilingApi();
  const [seen, setSeen] = useState<Seen>({ kind: 'reading' });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      let busy = false;
      try {
        const r = await api.list({});
        if (stopped) return;
        const underWay = r.ok ? r.value.filter((s) => isUnderWay(s.state) && s.state !== 'prepared') : [];
        busy = underWay.length > 0;
        setSeen(r.ok ? { kind: 'known', underWay } : { kind: 'problem' });
      } catch {
        if (!stopped) setSeen({ kind: 'problem' });
      }
      if (!stopped) timer = setTimeout(ask, busy ? HMRC_STATUS_BUSY_EVERY_MS : HMRC_STATUS_EVERY_MS);
    };
    void ask();
    // A filing started or changed state on a screen: asked at once, not at the next tick.
    const stopListening = onFilingChange(() => {
      if (timer) clearTimeout(timer);
      void ask();
    });
    return () => {
      stopped = true;
      stopListening();
      if (timer) clearTimeout(timer);
    };
  }, [api]);
  const words =
    seen.kind === 'known' ? hmrcFilingWords(seen.underWay) : seen.kind === 'problem' ? { word: 'Not known', message: 'Filing Desk could not read its HMRC submissions; it asks again.' } : { word: 'Checking…', message: 'Reading the returns being filed.' };
  const busy = seen.kind === 'known' && seen.underWay.length > 0;
  return (
    <div className={`hmrc-filing-status${busy ? ' hmrc-filing-status--busy' : ''}`} role="region" aria-label="Returns being filed with HMRC" aria-live="polite" data-testid="hmrc-filing-status">
      <p className="hmrc-filing-status__what">Filing with HMRC</p>
      <p className="hmrc-filing-status__state">
        <strong>{words.word}</strong>
      </p>
      <p className="hmrc-filing-status__message">{words.message}</p>
    </div>
  );
}
