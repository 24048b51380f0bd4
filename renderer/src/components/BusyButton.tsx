import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import './components.css';

/**
 * A button that keeps the keyboard focus while the work it started runs: it
 * is marked aria-disabled and ignores further presses instead of taking the
 * `disabled` attribute, which would drop the focus to the page. What is
 * happening is said in a live region that is always in the page, so a screen
 * reader already listens when the words arrive.
 */
export function BusyButton({
  busy,
  busyLabel,
  onPress,
  children,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & { busy: boolean; busyLabel: string; onPress(event: MouseEvent<HTMLButtonElement>): void; children: ReactNode }) {
  return (
    <>
      <button
        type="button"
        {...rest}
        aria-disabled={busy ? true : rest['aria-disabled']}
        aria-busy={busy || undefined}
        onClick={(e) => {
          if (busy || rest['aria-disabled'] === true) return;
          onPress(e);
        }}
      >
        {children}
      </button>
      <span className="visually-hidden" role="status">
        {busy ? busyLabel : ''}
      </span>
    </>
  );
}
