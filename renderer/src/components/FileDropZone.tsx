import { useState } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem, type DropItem } from 'react-aria-components';
import './components.css';

/**
 * A drop target (React Aria's DropZone: pointer and keyboard paste) with a
 * file picker (FileTrigger) as the keyboard path. Hands over File objects
 * unread: the caller checks names and sizes before reading any bytes.
 */
export function FileDropZone({
  label,
  hint,
  acceptedTypes,
  allowsMultiple,
  isDisabled,
  onFiles,
  testId,
}: {
  label: string;
  hint: string;
  /** File extensions with the dot, for the picker (".xhtml"). */
  acceptedTypes: string[];
  allowsMultiple: boolean;
  isDisabled?: boolean;
  onFiles(files: File[]): void;
  testId?: string;
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
      isDisabled={isDisabled}
      onDropEnter={() => setOver(true)}
      onDropExit={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        void fromItems(e.items);
      }}
    >
      <p className="file-drop__title">{over ? 'Release to add' : label}</p>
      <p className="file-drop__hint">{hint}</p>
      <FileTrigger
        acceptedFileTypes={acceptedTypes}
        allowsMultiple={allowsMultiple}
        onSelect={(list) => {
          const files = list ? Array.from(list) : [];
          if (files.length) onFiles(files);
        }}
      >
        <Button className="button" isDisabled={isDisabled}>
          {allowsMultiple ? 'Choose files…' : 'Choose a file…'}
        </Button>
      </FileTrigger>
    </DropZone>
  );
}
