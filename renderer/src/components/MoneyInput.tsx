import { useState } from 'react';
import { displayAmountText, normaliseAmountText, type MoneyKind } from '../format/index.js';
import { describedByOf, Field, type FieldLabelling } from './Field.js';

/**
 * Pounds (and pence) with a £ prefix outside the input, right-aligned. While
 * the field has focus it shows what is being typed; once it loses focus the
 * draft keeps the machine form ("250000") and the input shows the figure as
 * a bookkeeper writes it ("250,000", "7,600.00"). Text that is not an amount
 * is kept as typed, for the field's error to name.
 */
export function MoneyInput(props: FieldLabelling & { value: string; kind: MoneyKind; onChange(value: string): void; onBlur?(): void; readOnly?: boolean }) {
  const { id, value, kind, onChange, onBlur, error, readOnly } = props;
  // The text being edited, null when the field does not have focus.
  const [editing, setEditing] = useState<string | null>(null);
  const shown = editing ?? displayAmountText(value, kind);
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
          value={shown}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(props)}
          onFocus={() => setEditing(displayAmountText(value, kind))}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setEditing(text);
            onChange(text);
          }}
          onBlur={() => {
            const machine = normaliseAmountText(editing ?? value, kind);
            setEditing(null);
            if (!readOnly && machine !== value) onChange(machine);
            onBlur?.();
          }}
        />
      </div>
    </Field>
  );
}
