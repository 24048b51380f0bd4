import { describedByOf, Field, type FieldLabelling } from './Field.js';
import './components.css';

/**
 * A rate of tax: a short input with "%" after it, left-aligned as a
 * percentage is read, not right-aligned in a column of money. The text stays
 * as typed; "19" and "19%" both mean 19%.
 */
export function RateInput(props: FieldLabelling & { value: string; onChange(value: string): void; onBlur?(): void }) {
  const { id, value, onChange, onBlur, error } = props;
  return (
    <Field {...props}>
      <div className="rate">
        <input
          id={id}
          name={id}
          className="input rate__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(props)}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onBlur}
        />
        <span className="rate__suffix" aria-hidden="true">
          %
        </span>
      </div>
    </Field>
  );
}
