import type { ReactNode } from 'react';
import { DateInput } from '../../components/DateInput.js';
import { CheckboxField, describedByOf, FieldError, FieldHint, FieldNotes, LabelText, RadioField, SelectField, TextField } from '../../components/Field.js';
import { MoneyInput } from '../../components/MoneyInput.js';
import { RateInput } from '../../components/RateInput.js';
import { machineAmount, ratesInText, ruleWords } from '../../format/index.js';
import { fieldDef } from '../../../../common/ct600/fields.js';
import { DERIVED_FORMULAS, effectiveFigures, formatPounds, parseMoney } from './form.js';
import { useWizard } from './wizard-context.js';

export interface Option {
  value: string;
  label: string;
  hint?: string;
}

/** The engine's business-rule messages for a field, and any explanation the step adds. */
function Notes({ fieldId, extra }: { fieldId: string; extra?: ReactNode }) {
  const { warnings } = useWizard();
  const list = warnings.get(fieldId) ?? [];
  if (!list.length && !extra) return null;
  return (
    <>
      {extra}
      {list.map((m, i) => (
        <span key={i} className="field__note field__note--warning" data-testid={`${fieldId}-rule`}>
          HMRC rule {m.code}: {ratesInText(ruleWords(m))}
        </span>
      ))}
    </>
  );
}

const hasNotes = (warnings: Map<string, unknown[]>, id: string, extra?: ReactNode) => !!extra || (warnings.get(id)?.length ?? 0) > 0;

/** One field of the table in fields.ts, drawn by its kind. */
export function FormField({ id, options, hint, note, asRadios, changing = false }: { id: string; options?: Option[]; hint?: ReactNode; note?: ReactNode; asRadios?: boolean; changing?: boolean }) {
  const ctx = useWizard();
  const f = fieldDef(id);
  const error = ctx.shownError(id);
  const notes = hasNotes(ctx.warnings, id, note) ? <Notes fieldId={id} extra={note} /> : undefined;
  const common = { id, label: f.label, box: f.box, hmrc: f.hmrc, hint: hint ?? f.hint, error, notes, onBlur: () => ctx.touch(id) };
  const value = ctx.form.values[id] ?? '';

  if (f.kind === 'date') {
    const key = id as 'periodFrom' | 'periodTo';
    return <DateInput {...common} value={ctx.form.dates[key]} onChange={(v) => ctx.setDate(key, v)} />;
  }
  if (f.kind === 'boolean') return <CheckboxField {...common} checked={ctx.form.accepted} onChange={(c) => ctx.setAccepted(c)} />;
  if (f.kind === 'claim') {
    return (
      <>
        <CheckboxField {...common} checked={value === 'yes'} onChange={(c) => ctx.setValue(id, c ? 'yes' : '')} />
        {notes ? <div className="field__notes" id={`${id}-notes`}>{notes}</div> : null}
      </>
    );
  }
  if (f.kind === 'count') {
    return <TextField {...common} width="short" inputMode="numeric" value={value} onChange={(v) => ctx.setValue(id, v)} />;
  }
  if (f.kind === 'choice') {
    return asRadios ? (
      <RadioField {...common} value={value} options={options ?? []} onChange={(v) => ctx.setValue(id, v)} />
    ) : (
      <SelectField {...common} value={value} options={options ?? []} placeholder="Choose…" onChange={(v) => ctx.setValue(id, v)} />
    );
  }
  if (f.derived) return <DerivedField id={id} changing={changing} />;
  if (ctx.form.fromComputation?.[id] && !changing && (f.kind === 'money' || f.kind === 'rate')) return <FromComputationField id={id} />;
  if (f.kind === 'money') return <MoneyInput {...common} hint={common.hint ?? (f.wholePounds ? 'Whole pounds' : undefined)} kind={f.wholePounds ? 'whole-pounds' : 'pence'} value={value} onChange={(v) => ctx.setValue(id, v)} />;
  if (f.kind === 'rate') {
    return <RateInput {...common} value={value} onChange={(v) => ctx.setValue(id, v)} />;
  }
  return <TextField {...common} width={id === 'utr' || id === 'registrationNumber' ? 'medium' : 'long'} value={value} onChange={(v) => ctx.setValue(id, v)} />;
}

/**
 * A box the wizard computes (165, 330, 345, 380, 395, 430, 440, 470, 475, 510):
 * read-only text, not a tab stop, read out as it changes. Its section's
 * "Change a computed figure" reveals an input instead (`changing`); a box
 * given a figure of its own always shows it, with the difference explained.
 */
function DerivedField({ id, changing }: { id: string; changing: boolean }) {
  const ctx = useWizard();
  const f = fieldDef(id);
  const { computed } = effectiveFigures(ctx.form);
  const value = computed[id];
  const isYear = f.kind === 'year';
  const kind = f.wholePounds ? 'whole-pounds' : 'pence';
  const overridden = !!ctx.form.overrides[id];
  const formula = DERIVED_FORMULAS[id] ?? '';
  const error = ctx.shownError(id);

  if (!overridden && !changing) {
    const labelling = {
      id,
      label: f.label,
      box: f.box,
      hmrc: f.hmrc,
      hint: <>Computed: {formula}.{value === undefined ? ' Fill in the boxes it is made from to see it.' : ''}</>,
      error,
      notes: hasNotes(ctx.warnings, id) ? <Notes fieldId={id} /> : undefined,
    };
    return (
      <div className={`field field--derived${error ? ' field--error' : ''}`} data-testid={`${id}-computed`}>
        <dl className="computed">
          <dt className="field__label" id={`${id}-label`}>
            <LabelText label={f.label} box={f.box} />
          </dt>
          <dd className="computed__figure">
            {/* Focusable from a link (error summary, a rule's message) but never a Tab stop. */}
            <output id={id} tabIndex={-1} className="computed__value" aria-labelledby={`${id}-label`} aria-describedby={describedByOf(labelling)}>
              {value === undefined ? '—' : isYear ? String(value) : formatPounds(value, kind)}
            </output>{' '}
            <span className="tag tag--blue derived__tag">Computed</span>
          </dd>
        </dl>
        <FieldHint id={id} hint={labelling.hint} hmrc={f.hmrc} box={f.box} />
        <FieldNotes id={id} notes={labelling.notes} />
        <FieldError id={id} error={error} />
      </div>
    );
  }

  if (!overridden) {
    // Revealed, still the computed figure: typing into it makes it the box's own.
    const shown = value === undefined ? '' : isYear ? String(value) : machineAmount(value);
    const common = { id, label: f.label, box: f.box, hmrc: f.hmrc, hint: `Computed: ${formula}. Type a different figure to use it instead.`, error, notes: hasNotes(ctx.warnings, id) ? <Notes fieldId={id} /> : undefined, onBlur: () => ctx.touch(id) };
    const enter = (v: string) => {
      ctx.setValue(id, v);
      ctx.update((form) => ({ ...form, overrides: { ...form.overrides, [id]: true } }));
    };
    return isYear ? (
      <TextField {...common} width="medium" inputMode="numeric" value={shown} onChange={enter} />
    ) : (
      <MoneyInput {...common} kind={kind} value={shown} onChange={enter} />
    );
  }

  const typed = ctx.form.values[id] ?? '';
  let mismatch: ReactNode = null;
  if (value !== undefined && typed.trim() !== '') {
    if (isYear) {
      if (Number(typed) !== value) mismatch = <>The computed year is {value} ({formula}); you entered {typed}.</>;
    } else {
      const p = parseMoney(typed);
      if (p.ok && p.value !== undefined && Math.round(p.value * 100) !== value) {
        mismatch = (
          <>
            Your figure differs from the computed one: {formula} = {formatPounds(value, kind)}, you entered {formatPounds(Math.round(p.value * 100), kind)}. The return carries your figure, and HMRC checks it against the boxes it is made from.
          </>
        );
      }
    }
  }
  const note = (
    <span className="field__note" data-testid={`${id}-override`}>
      You entered this figure instead of the computed one{value !== undefined ? ` (${isYear ? value : formatPounds(value, kind)})` : ''}.{' '}
      {mismatch}{' '}
      <button type="button" className="link" onClick={() => ctx.dropEnteredFigure(id)}>
        Use the computed figure{' '}<span className="visually-hidden">for box {f.box}</span>
      </button>
    </span>
  );
  const common = { id, label: f.label, box: f.box, hmrc: f.hmrc, hint: `Usually ${formula}.`, error, notes: <Notes fieldId={id} extra={note} />, onBlur: () => ctx.touch(id) };
  return isYear ? (
    <TextField {...common} width="medium" inputMode="numeric" value={typed} onChange={(v) => ctx.setValue(id, v)} />
  ) : (
    <MoneyInput {...common} kind={kind} value={typed} onChange={(v) => ctx.setValue(id, v)} />
  );
}


/**
 * A box the Computation step filled: read as text with the working beside
 * it, like a computed box. "Change a computed figure" in its section shows
 * the input; a figure typed there is the user's own from then on.
 */
function FromComputationField({ id }: { id: string }) {
  const ctx = useWizard();
  const f = fieldDef(id);
  const text = ctx.form.values[id] ?? '';
  const parsed = parseMoney(text);
  const error = ctx.shownError(id);
  const line = ctx.computation.output?.working.find((l) => l.box === f.box);
  const shown = text.trim() === '' ? '—' : f.kind === 'rate' ? `${text}%` : parsed.ok && parsed.value !== undefined ? formatPounds(Math.round(parsed.value * 100), f.wholePounds ? 'whole-pounds' : 'pence') : text;
  const labelling = {
    id,
    label: f.label,
    box: f.box,
    hmrc: f.hmrc,
    hint: <>From the computation{line ? `: ${line.how}` : ''}.</>,
    error,
    notes: hasNotes(ctx.warnings, id) ? <Notes fieldId={id} /> : undefined,
  };
  return (
    <div className={`field field--derived field--from-computation${error ? ' field--error' : ''}`} data-testid={`${id}-from-computation`}>
      <dl className="computed">
        <dt className="field__label" id={`${id}-label`}>
          <LabelText label={f.label} box={f.box} />
        </dt>
        <dd className="computed__figure">
          <output id={id} tabIndex={-1} className="computed__value" aria-labelledby={`${id}-label`} aria-describedby={describedByOf(labelling)}>
            {shown}
          </output>{' '}
          <span className="tag tag--blue derived__tag">From the computation</span>
        </dd>
      </dl>
      <FieldHint id={id} hint={labelling.hint} hmrc={f.hmrc} box={f.box} />
      <FieldNotes id={id} notes={labelling.notes} />
      <FieldError id={id} error={error} />
    </div>
  );
}
