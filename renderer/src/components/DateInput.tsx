import { CalendarDate, type DateValue } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Dialog,
  DialogTrigger,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { describedByOf, FieldError, FieldHint, FieldNotes, LabelText, type FieldLabelling } from './Field.js';
import './components.css';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

function calendarValue({ day, month, year }: DateParts): CalendarDate | null {
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  if (!/^\d{4}$/.test(year.trim()) || !Number.isInteger(d) || !Number.isInteger(m) || m < 1 || m > 12 || d < 1) return null;
  const date = new CalendarDate(y, m, d);
  // CalendarDate constrains an impossible day (31 February) instead of refusing it: only a real date counts.
  return date.day === d ? date : null;
}

/**
 * GOV.UK date input: day, month and year boxes (the day box carries the
 * field's id), with a calendar beside them for those who prefer to pick. The
 * boxes keep what was typed; the calendar writes plain numbers into them.
 */
export function DateInput(props: FieldLabelling & { value: DateParts; onChange(value: DateParts): void; onBlur?(): void }) {
  const { id, label, box, value, onChange, onBlur, error } = props;
  const describedBy = describedByOf(props);
  const part = (key: keyof DateParts, text: string, width: string, max: number) => (
    <div className="date-input__item">
      <label className="date-input__label" htmlFor={key === 'day' ? id : `${id}-${key}`}>
        {text}
      </label>
      <input
        id={key === 'day' ? id : `${id}-${key}`}
        name={`${id}-${key}`}
        className={`input date-input__input date-input__input--${width}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={max}
        value={value[key]}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
        onBlur={(e) => {
          // Moving between the day, month and year boxes is not leaving the date.
          const next = e.relatedTarget;
          if (!(next instanceof Node && e.currentTarget.closest('fieldset')?.contains(next))) onBlur?.();
        }}
      />
    </div>
  );
  const picked = calendarValue(value);
  return (
    <fieldset className={`field fieldset${error ? ' field--error' : ''}`} role="group" aria-describedby={describedBy} data-testid={`${id}-date`}>
      <legend className="field__label">
        <LabelText label={label} box={box} />
      </legend>
      <FieldHint id={id} hint={props.hint} hmrc={props.hmrc} box={box} />
      <FieldNotes id={id} notes={props.notes} />
      <FieldError id={id} error={error} />
      <div className="date-input">
        {part('day', 'Day', 'short', 2)}
        {part('month', 'Month', 'short', 2)}
        {part('year', 'Year', 'year', 4)}
        <I18nProvider locale="en-GB">
          <DialogTrigger>
            <Button className="button date-input__picker" aria-label={`Choose the ${label.toLowerCase()} from a calendar`}>
              <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
                <path d="M7 3v3M17 3v3M4 9h16M5 6h14a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z" />
              </svg>
            </Button>
            <Popover className="popover" placement="bottom end">
              <Dialog className="calendar-dialog" aria-label={label}>
                {({ close }) => (
                  <Calendar
                    aria-label={label}
                    className="calendar"
                    // The chosen date (or today) takes the focus as the calendar opens, so the arrows move at once.
                    autoFocus
                    {...(picked ? { defaultValue: picked, defaultFocusedValue: picked } : {})}
                    onChange={(date: DateValue) => {
                      onChange({ day: String(date.day), month: String(date.month), year: String(date.year) });
                      close();
                    }}
                  >
                    <header className="calendar__header">
                      <Button slot="previous" className="button calendar__nav" aria-label="Previous month">
                        ‹
                      </Button>
                      <Heading className="calendar__heading" />
                      <Button slot="next" className="button calendar__nav" aria-label="Next month">
                        ›
                      </Button>
                    </header>
                    <CalendarGrid className="calendar__grid">{(date) => <CalendarCell date={date} className="calendar__cell" />}</CalendarGrid>
                  </Calendar>
                )}
              </Dialog>
            </Popover>
          </DialogTrigger>
        </I18nProvider>
      </div>
    </fieldset>
  );
}
