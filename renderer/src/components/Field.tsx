import type { ReactNode } from 'react';
import { restatesLabel } from './hint-words.js';
import './components.css';

export interface FieldLabelling {
  /** The input's id; the hint and error ids derive from it. */
  id: string;
  label: string;
  /** HMRC box number ("3", "80A"). */
  box?: string | undefined;
  /** HMRC's own words for the box. */
  hmrc?: string | undefined;
  hint?: ReactNode;
  /** The message shown beside the field (the error summary uses the same words). */
  error?: string | undefined;
  /** Non-blocking notes (engine business-rule warnings, explanations), shown under the hint. */
  notes?: ReactNode;
}

export const hintIdOf = (id: string) => `${id}-hint`;
export const errorIdOf = (id: string) => `${id}-error`;
export const notesIdOf = (id: string) => `${id}-notes`;

/** HMRC's words for the box, unless they are the label's own words again. */
const hmrcWordsOf = ({ label, hmrc }: { label?: string | undefined; hmrc?: string | undefined }) => (hmrc && !restatesLabel(label ?? '', hmrc) ? hmrc : undefined);

export function describedByOf({ id, label, hint, hmrc, error, notes }: FieldLabelling): string | undefined {
  const ids = [hint || hmrcWordsOf({ label, hmrc }) ? hintIdOf(id) : null, notes ? notesIdOf(id) : null, error ? errorIdOf(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** "Company name (box 1)": the accessible name; HMRC's words go into the hint. */
export function LabelText({ label, box }: { label: string; box?: string | undefined }) {
  return (
    <>
      {label}
      {box ? <> <span className="field__box">(box {box})</span></> : null}
    </>
  );
}

export function FieldHint({ id, label, hint, box, ...rest }: Pick<FieldLabelling, 'id' | 'hint' | 'hmrc' | 'box'> & { label?: string }) {
  const hmrc = hmrcWordsOf({ label, hmrc: rest.hmrc });
  if (!hint && !hmrc) return null;
  return (
    <div className="field__hint" id={hintIdOf(id)}>
      {hmrc ? (
        <span className="field__hmrc">
          HMRC{box ? ` box ${box}` : ''}: “{hmrc}”.
        </span>
      ) : null}
      {/* Outside the span: a space at the end of an element is dropped from the accessible description. */}
      {hmrc && hint ? ' ' : null}
      {hint}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field__error" id={errorIdOf(id)}>
      {error}
    </p>
  );
}

export function FieldNotes({ id, notes }: { id: string; notes?: ReactNode }) {
  if (!notes) return null;
  return (
    <div className="field__notes" id={notesIdOf(id)}>
      {notes}
    </div>
  );
}

/** Label, hint, notes and error around one input, GOV.UK style: the error sits above the input. */
export function Field(props: FieldLabelling & { children: ReactNode; className?: string }) {
  const { id, label, box, hmrc, hint, error, notes, children, className } = props;
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        <LabelText label={label} box={box} />
      </label>
      <FieldHint id={id} label={label} hint={hint} hmrc={hmrc} box={box} />
      <FieldNotes id={id} notes={notes} />
      <FieldError id={id} error={error} />
      {children}
    </div>
  );
}

type InputProps = FieldLabelling & {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  width?: 'short' | 'medium' | 'long';
  inputMode?: 'text' | 'numeric' | 'decimal';
  autoComplete?: string;
  spellCheck?: boolean;
};

export function TextField(props: InputProps) {
  const { id, value, onChange, onBlur, width = 'long', inputMode, autoComplete = 'off', spellCheck = false, error } = props;
  return (
    <Field {...props}>
      <input
        id={id}
        name={id}
        className={`input input--${width}`}
        type="text"
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(props)}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

export function SelectField(props: FieldLabelling & { value: string; options: { value: string; label: string }[]; onChange(value: string): void; onBlur?(): void; placeholder?: string }) {
  const { id, value, options, onChange, onBlur, error, placeholder } = props;
  return (
    <Field {...props}>
      <select
        id={id}
        name={id}
        className="select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(props)}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Radios in a fieldset; the first radio carries the field's id so links can focus it. */
export function RadioField(props: FieldLabelling & { value: string; options: { value: string; label: string; hint?: string }[]; onChange(value: string): void; onBlur?(): void; inline?: boolean }) {
  const { id, label, box, value, options, onChange, onBlur, error, inline } = props;
  return (
    <fieldset className={`field fieldset${error ? ' field--error' : ''}`} aria-describedby={describedByOf(props)} aria-invalid={error ? true : undefined}>
      <legend className="field__label">
        <LabelText label={label} box={box} />
      </legend>
      <FieldHint id={id} label={label} hint={props.hint} hmrc={props.hmrc} box={box} />
      <FieldNotes id={id} notes={props.notes} />
      <FieldError id={id} error={error} />
      <div className={`radios${inline ? ' radios--inline' : ''}`}>
        {options.map((o, i) => (
          <div className="radio" key={o.value}>
            <input
              type="radio"
              id={i === 0 ? id : `${id}-${i}`}
              name={id}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              onBlur={onBlur}
            />
            <label htmlFor={i === 0 ? id : `${id}-${i}`}>
              {o.label}
              {o.hint ? <span className="radio__hint">{o.hint}</span> : null}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export function CheckboxField(props: FieldLabelling & { checked: boolean; onChange(checked: boolean): void; onBlur?(): void }) {
  const { id, label, box, checked, onChange, onBlur, error } = props;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <FieldError id={id} error={error} />
      <div className="checkbox">
        <input
          type="checkbox"
          id={id}
          name={id}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(props)}
          onChange={(e) => onChange(e.currentTarget.checked)}
          onBlur={onBlur}
        />
        <label htmlFor={id}>
          <LabelText label={label} box={box} />
        </label>
      </div>
      {/* As GOV.UK's checkboxes: the hint under the label, in line with its text. */}
      <div className="checkbox__hint">
        <FieldHint id={id} label={label} hint={props.hint} hmrc={props.hmrc} box={box} />
      </div>
    </div>
  );
}
