import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import type { DraftSummary } from '../../../../preload/contract.js';
import { ukDateTime, ukPeriod } from '../../format/index.js';
import { draftMatches, draftTag, kindLabels } from './draft-labels.js';

interface DraftListProps {
  drafts: DraftSummary[];
  onOpen(draft: DraftSummary): void;
  onExport(draft: DraftSummary): void;
  onDelete(draft: DraftSummary): void;
}

/** A first guess of a row's height (a title line and a line of facts), until it is drawn and measured: a long title or a narrow window wraps it taller. */
const ROW_HEIGHT = 76;

/**
 * The drafts, most recently changed first (main's order), filtered by the
 * search box. Only the rows in view are rendered, so a firm's thousand
 * drafts scroll as fast as ten; each row is as tall as its wrapped text,
 * and a list item that says its place in the whole list for screen readers.
 */
export function DraftList({ drafts, onOpen, onExport, onDelete }: DraftListProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => drafts.filter((d) => draftMatches(d, query)), [drafts, query]);
  const scroller = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const countId = useId();
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // A row not laid out (no height yet) keeps its guess rather than collapsing every row onto the first.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => shown[index]!.id,
  });

  return (
    <div className="draft-list">
      <div className="field field--inline">
        <label htmlFor={searchId}>Search drafts</label>
        <input
          id={searchId}
          type="search"
          className="input"
          value={query}
          aria-describedby={countId}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query) {
              e.preventDefault();
              setQuery('');
            }
          }}
        />
        <span id={countId} className="hint" role="status">
          {query ? `${shown.length} of ${drafts.length} drafts match` : `${drafts.length} ${drafts.length === 1 ? 'draft' : 'drafts'}`}
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="empty">{drafts.length === 0 ? 'No drafts yet. Start a new CT600 return above.' : 'No drafts match your search.'}</p>
      ) : (
        <div ref={scroller} className="draft-list__scroller" tabIndex={-1}>
          <ul className="draft-list__rows" aria-label="Drafts" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const draft = shown[item.index]!;
              const period = ukPeriod(draft.periodFrom, draft.periodTo);
              return (
                <li
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className="draft-row"
                  aria-setsize={shown.length}
                  aria-posinset={item.index + 1}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <div className="draft-row__main">
                    <button type="button" className="link-button draft-row__title" onClick={() => onOpen(draft)}>
                      {draft.title}
                    </button>
                    <span className={`tag tag--${draftTag(draft).tone}`}>{draftTag(draft).text}</span>
                  </div>
                  <p className="draft-row__facts">
                    <span>{kindLabels[draft.kind]}</span>
                    <span>{draft.clientName ?? 'No client'}</span>
                    <span>{period ?? 'Period not entered yet'}</span>
                    <span>Changed {ukDateTime(draft.changedAt)}</span>
                  </p>
                  <div className="draft-row__actions">
                    <button type="button" className="button button--small" aria-label={`Export ${draft.title}`} onClick={() => onExport(draft)}>
                      Export…
                    </button>
                    <button type="button" className="button button--small button--danger" aria-label={`Delete ${draft.title}`} onClick={() => onDelete(draft)}>
                      Delete
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
