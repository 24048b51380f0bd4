import { describedByOf, Field, type FieldLabelling } from './Field.js';

/**
 * Pounds and pence with a £ prefix, right-aligned. The text stays exactly as
 * typed ("12,500", "12500.00"): the form turns it into a figure when it builds
 * the request, and a reload gives back what was on screen.
 */
export function MoneyInput(props: FieldLabelling & { value: string; onChange(value: string): void; onBlur?(): void; readOnly?: boolean }) {
  const { id, value, onChange, onBlur, error, readOnly } = props;
  return (
    <Field {...props}>
      <div className="money">
        <span className="money__prefix" aria-hidden="true">
          £
        </span>
        <input
          id={id}
          name={id}
          className="input money__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(props)}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onBlur}
        />
      </div>
    </Field>
  );
}
