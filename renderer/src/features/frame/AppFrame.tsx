import { useContext, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { DeadlinesContext, type DeadlinesStore } from '../../store/deadlines.js';
import { sections, useNavigation, type Section } from '../../store/navigation.js';
import { overdueCount } from '../deadlines/deadline-view.js';
import { HmrcFilingStatus } from '../filing/HmrcFilingStatus.js';
import { StatusIndicator } from '../online/StatusIndicator.js';
import { Notices } from './Notices.js';
import './frame.css';

/**
 * The window's frame: a skip link, the section list on the left, the chosen
 * section on the right, notices on top. In a narrow window (frame.css) the
 * sections fold under a Menu button in a bar across the top: it opens and
 * closes them, Escape closes them and gives the focus back to it, and choosing
 * a section closes them (the focus goes to the new content, as always).
 */
export function AppFrame({ children, version }: { children: ReactNode; version: string | null }) {
  const section = useNavigation((s) => s.section);
  const draft = useNavigation((s) => s.draft);
  const go = useNavigation((s) => s.go);
  const main = useRef<HTMLElement>(null);
  const overdue = useOverdueCount();
  const shown = useRef(`${section}|${draft?.id ?? ''}`);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // After a change of section or draft, focus goes to the new content, as after
  // a page load; not on the first render (StrictMode runs effects twice, so
  // compare what is shown rather than count renders).
  useEffect(() => {
    const now = `${section}|${draft?.id ?? ''}`;
    if (now === shown.current) return;
    shown.current = now;
    setMenuOpen(false);
    main.current?.focus();
  }, [section, draft?.id]);

  // The menu closes on a choice. Choosing the section already shown from it moves the focus to the content too, as
  // a new one would: the button just pressed is folded away with the menu.
  const choose = (id: Section) => {
    go(id);
    if (!menuOpen) return;
    setMenuOpen(false);
    if (id === section && !draft) main.current?.focus();
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    event.preventDefault();
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  return (
    <div className="frame">
      <a className="skip-link" href="#content" onClick={(e) => {
        e.preventDefault();
        main.current?.focus();
      }}>
        Skip to content
      </a>
      <nav className={`sidebar${menuOpen ? ' sidebar--open' : ''}`} aria-label="Sections" onKeyDown={closeOnEscape}>
        <div className="brand">
          <svg className="brand__mark" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 3h9l4 4v14H6z M15 3v4h4 M9 12h7 M9 16h7" />
          </svg>
          <h1 className="brand__name">Filing Desk</h1>
        </div>
        <button ref={menuButton} type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="sections-menu" onClick={() => setMenuOpen((open) => !open)}>
          <svg className="menu-button__icon" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M3 5h14 M3 10h14 M3 15h14" />
          </svg>
          Menu
          {overdue > 0 && (
            <>
              <span className="nav__count" aria-hidden="true">
                {overdue}
              </span>
              <span className="visually-hidden">{` (${overdue} overdue)`}</span>
            </>
          )}
        </button>
        <div className="sidebar__menu" id="sections-menu">
          <ul className="nav">
            {sections.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="nav__item"
                  aria-current={section === s.id && !draft ? 'page' : undefined}
                  onClick={() => choose(s.id)}
                >
                  <span>{s.label}</span>
                  {s.id === 'deadlines' && overdue > 0 && (
                    <>
                      <span className="nav__count" aria-hidden="true" data-testid="overdue-count">
                        {overdue}
                      </span>
                      <span className="visually-hidden">{` (${overdue} overdue)`}</span>
                    </>
                  )}
                  {!s.built && (
                    <>
                      <span className="nav__soon" aria-hidden="true">later</span>
                      <span className="visually-hidden"> (coming in a later version)</span>
                    </>
                  )}
                </button>
              </li>
            ))}
          </ul>
          <StatusIndicator />
          <HmrcFilingStatus />
          <p className="sidebar__footer">
            Works offline{version ? ` · version ${version}` : ''}
          </p>
        </div>
      </nav>
      <main className="content" id="content" tabIndex={-1} ref={main}>
        <Notices />
        {children}
      </main>
    </div>
  );
}

const noStore = { getState: () => ({ list: null }), subscribe: () => () => undefined } as unknown as StoreApi<DeadlinesStore>;

/** Overdue returns for the sidebar; none when the frame is shown without the deadlines store (tests of other screens). */
function useOverdueCount(): number {
  const store = useContext(DeadlinesContext);
  const rows = useStore(store ?? noStore, (s) => s.list?.rows);
  return rows ? overdueCount(rows) : 0;
}
