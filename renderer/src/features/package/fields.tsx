import { Button, ComboBox, FieldError as AriaFieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { describedByOf, Field, TextField } from '../../components/Field.js';
import { usePageStaysReadable } from '../../components/page-stays-readable.js';
import { COUNTRIES, type Country } from './countries.js';
import { usePackageWizard } from './package-context.js';

/** A text input (or a text area for long text) wired to the wizard: value, change, leave, error. */
export function WizardText({
  id,
  label,
  hint,
  value,
  onChange,
  long,
  width,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange(value: string): void;
  long?: boolean;
  width?: 'short' | 'medium' | 'long';
}) {
  const ctx = usePackageWizard();
  const error = ctx.shownError(id);
  if (!long) {
    return <TextField id={id} label={label} hint={hint || undefined} value={value} error={error} onChange={onChange} onBlur={() => ctx.touch(id)} width={width ?? 'long'} />;
  }
  return (
    <Field id={id} label={label} hint={hint || undefined} error={error}>
      <textarea
        id={id}
        name={id}
        className="input input--long textarea"
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf({ id, label, hint: hint || undefined, error })}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={() => ctx.touch(id)}
      />
    </Field>
  );
}

/** The publisher's country: a searchable list of English names (React Aria ComboBox); the form keeps the ISO code. */
export function CountryField({ id, label, hint, value, onChange }: { id: string; label: string; hint: string; value: string; onChange(code: string): void }) {
  const ctx = usePackageWizard();
  const error = ctx.shownError(id);
  const pageStaysReadable = usePageStaysReadable();
  return (
    <ComboBox
      {...pageStaysReadable}
      className={`field combo${error ? ' field--error' : ''}`}
      defaultItems={COUNTRIES as Country[]}
      selectedKey={value || null}
      menuTrigger="focus"
      allowsEmptyCollection
      // Invalid marks the input (aria-invalid) and ties the error below to it.
      isInvalid={Boolean(error)}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      onBlur={() => ctx.touch(id)}
    >
      <Label className="field__label">{label}</Label>
      <Text slot="description" className="field__hint">
        {hint}
      </Text>
      <AriaFieldError className="field__error">{error}</AriaFieldError>
      <div className="combo__box">
        <Input className="input input--long" id={id} data-testid="publisher-country" />
        <Button className="button combo__button" aria-label="Show countries">
          ▾
        </Button>
      </div>
      <Popover className="popover combo__popover">
        <ListBox className="combo__list" renderEmptyState={() => <p className="combo__empty">No country matches</p>}>
          {(c: Country) => (
            <ListBoxItem id={c.code} textValue={c.name} className="combo__option">
              {c.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
