import { useState } from 'react';
import { DropZone, isFileDropItem, type DropItem } from 'react-aria-components';
import { FilePickerButton } from './FilePickerButton.js';
import './components.css';

/**
 * A drop target (React Aria's DropZone: pointer and keyboard paste) with a
 * file picker button as the keyboard path. Hands over File objects
 * unread: the caller checks names and sizes before reading any bytes.
 */
export function FileDropZone({
  label,
  hint,
  acceptedTypes,
  allowsMultiple,
  isDisabled,
  busy,
  onFiles,
  testId,
  buttonId,
}: {
  label: string;
  hint: string;
  /** File extensions with the dot, for the picker (".xhtml"). */
  acceptedTypes: string[];
  allowsMultiple: boolean;
  isDisabled?: boolean;
  /** What is being done with files just given ("Adding accounts.xhtml…"): announced, and no more are taken meanwhile. */
  busy?: string | null;
  onFiles(files: File[]): void;
  testId?: string;
  /** The id of its "Choose a file…" button. */
  buttonId?: string;
}) {
  const [over, setOver] = useState(false);
  const fromItems = async (items: DropItem[]) => {
    const files = await Promise.all(items.filter(isFileDropItem).map((item) => item.getFile()));
    if (files.length) onFiles(allowsMultiple ? files : files.slice(0, 1));
  };
  return (
    <DropZone
      className={`file-drop${over ? ' file-drop--over' : ''}`}
      aria-label={label}
      data-testid={testId}
      isDisabled={isDisabled || !!busy}
      onDropEnter={() => setOver(true)}
      onDropExit={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        void fromItems(e.items);
      }}
    >
      <p className="file-drop__title">{over ? 'Release to add' : label}</p>
      <p className="file-drop__hint">{hint}</p>
      {/* While busy the drop zone refuses drops, and the button keeps the focus it has. */}
      <FilePickerButton id={buttonId} acceptedTypes={acceptedTypes} allowsMultiple={allowsMultiple} unavailable={isDisabled || !!busy} onFiles={(files) => onFiles(allowsMultiple ? files : files.slice(0, 1))}>
        {allowsMultiple ? 'Choose files…' : 'Choose a file…'}
      </FilePickerButton>
      <span className="visually-hidden" role="status">
        {busy ?? ''}
      </span>
    </DropZone>
  );
}
