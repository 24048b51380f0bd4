import { useNotices } from './notices.js';

/** The notice area: announced politely, each notice with its action and a Dismiss button. */
export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  return (
    <section className="notices" aria-label="Notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice--${n.tone}`} role={n.tone === 'error' ? 'alert' : undefined}>
          <p className="notice__text">{n.text}</p>
          {n.action && (
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                dismiss(n.id);
                n.action!.run();
              }}
            >
              {n.action.label}
            </button>
          )}
          <button type="button" className="button button--small button--quiet" aria-label={`Dismiss: ${n.text}`} onClick={() => dismiss(n.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </section>
  );
}
