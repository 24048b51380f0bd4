import type { ReactNode } from 'react';
import { sections, useNavigation } from '../../store/navigation.js';

/** The window's frame: the section list on the left, the chosen section on the right. */
export function AppFrame({ children, version }: { children: ReactNode; version: string | null }) {
  const section = useNavigation((s) => s.section);
  const go = useNavigation((s) => s.go);
  return (
    <div className="frame">
      <nav className="sidebar" aria-label="Sections">
        <div className="brand">
          <svg className="brand__mark" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 3h9l4 4v14H6z M15 3v4h4 M9 12h7 M9 16h7" />
          </svg>
          <h1 className="brand__name">Filing Desk</h1>
        </div>
        <ul className="nav">
          {sections.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="nav__item"
                aria-current={section === s.id ? 'page' : undefined}
                onClick={() => go(s.id)}
              >
                <span>{s.label}</span>
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
        <p className="sidebar__footer">
          Works offline{version ? ` · version ${version}` : ''}
        </p>
      </nav>
      <main className="content" id="content">
        {children}
      </main>
    </div>
  );
}
