import { useId, useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_EXTENSIONS } from './file-kind.js';

interface DropZoneProps {
  onFile(file: File): void;
  busy: boolean;
}

/**
 * Accepts one file, dropped or chosen. The "Choose a file" button is the
 * keyboard path; the whole zone is the drop target.
 */
export function DropZone({ onFile, busy }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const accept = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer?.files?.[0];
    if (file) onFile(file);
  };

  return (
    <section
      className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
      aria-label="Drop a file to check"
      aria-describedby={hintId}
      data-testid="drop-zone"
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <svg className="drop-zone__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3v12m0 0-4-4m4 4 4-4M5 17v2a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-2" />
      </svg>
      <p className="drop-zone__title">{dragging ? 'Release to check this file' : 'Drop a file here'}</p>
      <p className="drop-zone__hint" id={hintId}>
        A CT600 return (.xml) to check its schema, HMRC’s business rules and its IRmark, a report package (.xbri, .xbr, .zip) to validate it, or Inline XBRL accounts or computations (.xhtml) to check their facts against the installed taxonomies.
        The file stays on this computer.
      </p>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => input.current?.click()}>
        Choose a file…
      </button>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        aria-label="Choose a file to check"
        tabIndex={-1}
        accept={ACCEPTED_EXTENSIONS.join(',')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onFile(file);
          // Choosing the same file again should check it again.
          event.currentTarget.value = '';
        }}
      />
    </section>
  );
}
