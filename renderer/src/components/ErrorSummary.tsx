import { useEffect, useId, useRef } from 'react';
import './components.css';

export interface SummaryError {
  fieldId: string;
  message: string;
}

/**
 * GOV.UK error summary: at the top of the step, focused when it appears after
 * Continue or Build, each message a link that moves focus to its field. The
 * words are the same as the message beside the field.
 */
export function ErrorSummary({
  errors,
  onSelect,
  focusKey,
  headingLevel = 2,
}: {
  errors: SummaryError[];
  onSelect(fieldId: string): void;
  focusKey: number;
  /** 2 at the top of a step; one below the heading of the part it sits in otherwise, so no heading level is skipped after it. */
  headingLevel?: 2 | 3 | 4;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Its own id for the title: two summaries on one screen (a step and a panel) must not name each other.
  const titleId = useId();
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);
  if (errors.length === 0) return null;
  const Title = `h${headingLevel}` as const;
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} ref={ref} data-testid="error-summary">
      <Title className="error-summary__title" id={titleId}>
        There is a problem
      </Title>
      <ul className="error-summary__list">
        {errors.map((e) => (
          <li key={`${e.fieldId}:${e.message}`}>
            <a
              href={`#${e.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(e.fieldId);
              }}
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
