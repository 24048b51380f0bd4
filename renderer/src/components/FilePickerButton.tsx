import { useRef, type ReactNode } from 'react';
import './components.css';

/**
 * "Choose a file…": the system's file chooser behind an ordinary button. While
 * `unavailable` (files being added) the button keeps its focus, says it is
 * unavailable and ignores presses, rather than being disabled and dropping
 * the focus to the page.
 */
export function FilePickerButton({
  id,
  acceptedTypes,
  allowsMultiple,
  acceptDirectory,
  unavailable,
  onFiles,
  children,
}: {
  /** For moving the focus here from elsewhere (a removed file's row). */
  id?: string;
  /** File extensions with the dot (".xhtml"). */
  acceptedTypes?: string[];
  allowsMultiple?: boolean;
  acceptDirectory?: boolean;
  unavailable?: boolean;
  onFiles(files: File[]): void;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={acceptedTypes?.join(',')}
        multiple={allowsMultiple || acceptDirectory}
        {...(acceptDirectory ? { webkitdirectory: '' } : {})}
        // Its click must not reach a drop zone around it, which would take the focus for its own button.
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // The same file chosen again must still arrive.
          e.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <button
        id={id}
        type="button"
        className="button"
        aria-disabled={unavailable || undefined}
        onClick={() => {
          if (!unavailable) input.current?.click();
        }}
      >
        {children}
      </button>
    </>
  );
}
