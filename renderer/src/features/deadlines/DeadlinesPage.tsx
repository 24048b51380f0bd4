import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { deadlinesCsv, deadlinesIcs } from '../../../../main/engine/deadlines/exports.js';
import type { DeadlineRow } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { useDeadlinesStore } from '../../store/deadlines.js';
import { useNavigation } from '../../store/navigation.js';
import { useStore } from 'zustand';
import { settle } from '../frame/bridge-call.js';
import { useNotices } from '../frame/notices.js';
import { ukDate } from '../../format/index.js';
import { accountsRuleWords, daysWords, groupHeadings, kindLabels, listItems, nextStep, NO_FILTER, noStepWords, overdueCount, penaltyWords, s455Words, stateLabels, taxWords, type DeadlineFilter, type WorkState } from './deadline-view.js';
import { startReturn } from './start-return.js';
import { usePageVirtualizer } from './page-scroll.js';
import './deadlines.css';

/** First guesses of the heights, until each item is drawn and measured: a heading, and a row of two lines of facts. */
const HEADING_HEIGHT = 40;
const ROW_HEIGHT = 88;
/** One collator for the client filter: localeCompare with a locale builds one per comparison, slow for a thousand clients. */
const byName = new Intl.Collator('en-GB', { sensitivity: 'base' });

/**
 * The firm's year at a glance: every client's accounting periods, overdue
 * first, then the next 90 days, then later. The list scrolls with the page
 * and only the rows near the view are rendered (page-scroll.ts). Up and Down
 * move between rows' buttons; each row's button is the next step for that
 * return.
 */
export function DeadlinesPage() {
  const bridge = useBridge();
  const store = useDeadlinesStore();
  const list = useStore(store, (s) => s.list);
  const problem = useStore(store, (s) => s.problem);
  const openDraft = useNavigation((s) => s.openDraft);
  const show = useNotices((s) => s.show);
  const [filter, setFilter] = useState<DeadlineFilter>(NO_FILTER);
  const [busy, setBusy] = useState<string | null>(null);
  const ids = { search: useId(), kind: useId(), state: useId(), client: useId(), order: useId(), count: useId() };
  const page = useRef<HTMLElement>(null);
  const [listElement, setListElement] = useState<HTMLUListElement | null>(null);

  // No refresh of its own: App refreshes the deadlines on every move between sections, this one included.

  const rows = list?.rows ?? [];
  const { items, shown } = useMemo(() => listItems(rows, filter), [rows, filter]);
  const clients = useMemo(() => [...new Map(rows.map((r) => [r.clientId, r.name])).entries()].sort((a, b) => byName.compare(a[1], b[1])), [rows]);
  const counts = useMemo(() => ({ overdue: overdueCount(rows), soon: rows.filter((r) => r.group === 'soon' && r.state !== 'filed' && r.state !== 'accepted').length }), [rows]);
  const virtualizer = usePageVirtualizer(listElement, page, {
    count: items.length,
    estimateSize: (i) => (items[i]!.kind === 'heading' ? HEADING_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => {
      const item = items[i]!;
      return item.kind === 'heading' ? `heading-${item.group}` : item.row.key;
    },
  });

  const act = async (row: DeadlineRow) => {
    const step = nextStep(row);
    if (!step || row.kind !== 'ct600') return;
    if (step.action !== 'start' && row.draftId) return openDraft({ id: row.draftId, kind: 'ct600' });
    setBusy(`Starting the return for ${row.name}…`);
    const started = await startReturn(bridge, row);
    setBusy(null);
    if (!started.ok) return void show({ tone: 'error', text: `The return for ${row.name} could not be started: ${started.message}` });
    openDraft({ id: started.draftId, kind: 'ct600' });
  };

  const save = async (kind: 'deadlines-csv' | 'deadlines-ics') => {
    if (!list) return;
    const contents = kind === 'deadlines-csv' ? deadlinesCsv(shown) : deadlinesIcs(shown, new Date());
    const what = kind === 'deadlines-csv' ? 'the list' : 'the calendar';
    const result = await settle(() => bridge.saveFile({ kind, suggestedName: `Deadlines ${ukDate(list.today)}`, contents }), `save ${what}`);
    if (!result.ok) return void show({ tone: 'error', text: result.failure.message });
    if (result.value.saved) show({ tone: 'info', text: `Saved ${result.value.fileName}: ${shown.length} ${shown.length === 1 ? 'period' : 'periods'}${kind === 'deadlines-ics' ? ', each with its due dates' : ''}.` });
  };

  // Up and Down step between the rows' first buttons. A row already drawn takes the focus at once (the page scrolls it into
  // view); one further off is scrolled to first and focused once drawn, a few frames later at most.
  const moveFocus = (event: KeyboardEvent<HTMLElement>, index: number) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    let next = index + step;
    while (items[next]?.kind === 'heading') next += step;
    if (!items[next]) return;
    event.preventDefault();
    const target = () => listElement?.querySelector<HTMLElement>(`[data-index="${next}"] button`) ?? null;
    const drawn = target();
    if (drawn) return drawn.focus();
    virtualizer.scrollToIndex(next, { align: 'auto' });
    const focusWhenDrawn = (tries: number) => requestAnimationFrame(() => (target() ? target()!.focus() : tries > 0 && focusWhenDrawn(tries - 1)));
    focusWhenDrawn(10);
  };

  const setField = <K extends keyof DeadlineFilter>(field: K, value: DeadlineFilter[K]) => setFilter((f) => ({ ...f, [field]: value }));

  return (
    <section className="deadlines" ref={page}>
      <header className="page-header">
        <h2>Deadlines</h2>
        <p>
          Every client’s Company Tax Returns (due 12 months after the period ends, the tax 9 months and 1 day after) and accounts to Companies House (due 9 months after the period ends for a private company), overdue first.
          {list && ` Today is ${ukDate(list.today)}.`}
        </p>
      </header>
      {problem && (
        <div className="verdict verdict--bad" role="alert">
          <p>Your deadlines could not be listed: {problem}</p>
          <button type="button" className="button" onClick={() => void store.getState().refresh()}>
            Try again
          </button>
        </div>
      )}
      {!list && !problem && <p className="progress" role="status">Working out your deadlines…</p>}
      {busy && (
        <p className="progress" role="status">
          <span className="spinner" aria-hidden="true" /> {busy}
        </p>
      )}
      {list && (
        <>
          <p className="deadlines__summary" data-testid="deadlines-summary">
            <strong>{counts.overdue} overdue</strong> · {counts.soon} due in the next 90 days · {rows.length} {rows.length === 1 ? 'period' : 'periods'} in all
          </p>
          <div className="deadlines__filters">
            <div className="field">
              <label htmlFor={ids.search}>Search clients</label>
              <input id={ids.search} type="search" className="input" value={filter.query} aria-describedby={ids.count} onChange={(e) => setField('query', e.currentTarget.value)} />
            </div>
            <div className="field">
              <label htmlFor={ids.kind}>Deadline</label>
              <select id={ids.kind} className="input" value={filter.kind} onChange={(e) => setField('kind', e.currentTarget.value as DeadlineFilter['kind'])}>
                <option value="">Returns and accounts</option>
                <option value="ct600">{kindLabels.ct600}s</option>
                <option value="accounts">{kindLabels.accounts}</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.state}>State</label>
              <select id={ids.state} className="input" value={filter.state} onChange={(e) => setField('state', e.currentTarget.value as WorkState | '')}>
                <option value="">All states</option>
                {(Object.keys(stateLabels) as WorkState[]).map((s) => (
                  <option key={s} value={s}>
                    {stateLabels[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.client}>Client</label>
              <select id={ids.client} className="input" value={filter.clientId} onChange={(e) => setField('clientId', e.currentTarget.value)}>
                <option value="">All clients</option>
                {clients.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.order}>Sort by filing date</label>
              <select id={ids.order} className="input" value={filter.order} onChange={(e) => setField('order', e.currentTarget.value as DeadlineFilter['order'])}>
                <option value="earliest">Earliest first</option>
                <option value="latest">Latest first</option>
              </select>
            </div>
          </div>
          <div className="button-row deadlines__toolbar">
            <span id={ids.count} className="hint" role="status">
              {shown.length === rows.length ? `${rows.length} ${rows.length === 1 ? 'period' : 'periods'}` : `${shown.length} of ${rows.length} periods match`}
            </span>
            <button type="button" className="button" disabled={shown.length === 0} onClick={() => void save('deadlines-csv')}>
              Export CSV…
            </button>
            <button type="button" className="button" disabled={shown.length === 0} onClick={() => void save('deadlines-ics')}>
              Export calendar (.ics)…
            </button>
          </div>
          {shown.length === 0 ? (
            <p className="empty">{rows.length === 0 ? 'No periods yet. Give each client in Clients its usual period end, and its periods appear here.' : 'No periods match these filters.'}</p>
          ) : (
            <div className="deadlines__list">
              <ul ref={setListElement} className="deadlines__rows" aria-label="Deadlines" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((v) => {
                  const item = items[v.index]!;
                  // Placed from the top of the list; the scroll margin is the list's own distance down the page.
                  const place = { transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` };
                  if (item.kind === 'heading') {
                    return (
                      <li key={v.key} ref={virtualizer.measureElement} data-index={v.index} className={`deadline-heading deadline-heading--${item.group}`} style={place}>
                        <h3>
                          {groupHeadings[item.group]} <span className="deadline-heading__count">({item.count})</span>
                        </h3>
                      </li>
                    );
                  }
                  const row = item.row;
                  const step = nextStep(row);
                  const penalty = penaltyWords(row);
                  const tax = taxWords(row);
                  const s455 = s455Words(row);
                  return (
                    <li
                      key={v.key}
                      ref={virtualizer.measureElement}
                      data-index={v.index}
                      data-testid="deadline-row"
                      className={`deadline-row deadline-row--${row.group}`}
                      style={place}
                      onKeyDown={(e) => moveFocus(e, v.index)}
                    >
                      <div className="deadline-row__main">
                        <span className="deadline-row__name">{row.name}</span>
                        <span className={`tag tag--kind-${row.kind}`}>{kindLabels[row.kind]}</span>
                        <span className={`tag tag--state-${row.state}`}>{stateLabels[row.state]}</span>
                        <span className={`deadline-row__days deadline-row__days--${row.group}`}>{daysWords(row)}</span>
                      </div>
                      <p className="deadline-row__facts">
                        <span>
                          Period {ukDate(row.periodStart)} to {ukDate(row.periodEnd)}
                        </span>
                        {row.kind === 'ct600' ? (
                          <>
                            <span>Return due {ukDate(row.filingDue)}</span>
                            <span>
                              {row.instalments.length > 0 ? `Instalments (${row.instalmentSize === 'very-large' ? 'very large' : 'large'} company) ${row.instalments.map(ukDate).join(', ')}` : `Tax due ${ukDate(row.paymentDue)}`}
                            </span>
                            {row.utr && <span>UTR {row.utr}</span>}
                          </>
                        ) : (
                          <>
                            <span>Accounts due {ukDate(row.filingDue)}</span>
                            <span>Company {row.companyNumber}</span>
                            {accountsRuleWords(row) && <span data-testid="deadline-accounts-rule">{accountsRuleWords(row)}</span>}
                          </>
                        )}
                        {!row.inBook && <span className="deadline-row__unlisted">Not in the client book: from its return</span>}
                        {penalty && <span className="deadline-row__penalty">{penalty}</span>}
                        {!penalty && row.nextPenalty && row.group === 'soon' && <span>{row.nextPenalty.description} penalty from {ukDate(row.nextPenalty.from)}</span>}
                        {penalty && row.kind === 'accounts' && row.nextPenalty && <span>Rises to {row.nextPenalty.description} from {ukDate(row.nextPenalty.from)}</span>}
                        {row.kind === 'ct600' && row.noticeServedOn && <span>Notice to deliver served {ukDate(row.noticeServedOn)}</span>}
                        {tax && <span className={row.kind === 'ct600' && row.paidOn ? 'deadline-row__paid' : 'deadline-row__interest'}>{tax}</span>}
                        {s455 && <span data-testid="deadline-s455">{s455}</span>}
                      </p>
                      <div className="deadline-row__actions">
                        {step ? (
                          <button type="button" className={`button button--small${row.group === 'overdue' ? ' button--primary' : ''}`} aria-label={`${step.label}: ${row.name}, period ending ${ukDate(row.periodEnd)}`} disabled={busy !== null} onClick={() => void act(row)}>
                            {step.label}
                          </button>
                        ) : (
                          <span className="hint">{noStepWords(row)}</span>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
