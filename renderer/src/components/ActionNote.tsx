/** What came of something the user just did on a screen (send, retry, save settings). */
export interface ActionNoteText {
  text: string;
  tone: 'info' | 'error';
}

/**
 * A failure is announced at once (alert) and styled as an error; any other
 * outcome is announced politely (status), as a hint.
 */
export function ActionNote({ note, testId }: { note: ActionNoteText | null; testId?: string }) {
  if (!note) return null;
  return (
    <p role={note.tone === 'error' ? 'alert' : 'status'} className={note.tone === 'error' ? 'field__error' : 'hint'} data-testid={testId}>
      {note.text}
    </p>
  );
}
