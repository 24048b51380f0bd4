import { useState } from 'react';
import type { Ct600DraftBuildResponse, FieldError, ValidationMessage } from '../../../../preload/contract.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { BusyButton } from '../../components/BusyButton.js';
import { Busy } from '../../components/Progress.js';
import { SummaryList, type SummaryRow } from '../../components/SummaryList.js';
import { ServicePanel } from '../online/ServicePanel.js';
import { CodeInWords } from '../results/ValidationResults.js';
import { displayAmountText, formatMoney, formatRate, formatSize, ratesInText, ruleWords, ukDateTime } from '../../format/index.js';
import { COMPANY_TYPE_OPTIONS, RETURN_TYPE_OPTIONS, SENDER_OPTIONS } from './CompanyStep.js';
import { FIELD_BY_ID, FIELDS, fieldOfBox, fieldOfRequestPath, STEPS, type FieldDef, type StepId } from '../../../../common/ct600/fields.js';
import { calendarDateOf, effectiveFigures, isVisible, ukDate } from './form.js';
import { groupedBase32 } from '../filing/filing-words.js';
import { SaveRejectedReturn } from './SaveRejectedReturn.js';
import { useWizard } from './wizard-context.js';
import './check-step.css';

const CHOICE_WORDS: Record<string, string> = {
  ThisPeriodAccounts: 'Attached, for this period',
  ThisPeriodComputations: 'Attached, for this period',
  DifferentPeriod: 'For a different period',
  NoAccountsReason: 'None: reason given',
  NoComputationsReason: 'None: reason given',
};

function useDisplay() {
  const { form } = useWizard();
  const { pence } = effectiveFigures(form);
  return (f: FieldDef): string => {
    const v = form.values[f.id] ?? '';
    switch (f.kind) {
      case 'date': {
        const d = calendarDateOf(form.dates[f.id as 'periodFrom']);
        const t = form.dates[f.id as 'periodFrom'];
        return d ? ukDate(d) : t.day || t.month || t.year ? `${t.day} ${t.month} ${t.year}` : 'Not given';
      }
      case 'boolean':
        return form.accepted ? 'Accepted' : 'Not accepted';
      case 'claim':
        return v === 'yes' ? 'Claimed' : 'Not claimed';
      case 'money': {
        const p = pence[f.id];
        const kind = f.wholePounds ? 'whole-pounds' : 'pence';
        if (p !== undefined) return formatMoney(p, kind);
        return v ? displayAmountText(v, kind) : 'Not given';
      }
      case 'year':
        return pence[f.id] !== undefined ? String(pence[f.id]) : 'Not given';
      case 'rate':
        return v.trim() ? formatRate(v) : 'Not given';
      case 'choice': {
        const all = [...COMPANY_TYPE_OPTIONS, ...SENDER_OPTIONS, ...RETURN_TYPE_OPTIONS];
        return CHOICE_WORDS[v] ?? all.find((o) => o.value === v && (f.id !== 'companyType' || /code/.test(o.label)))?.label ?? (v || 'Not given');
      }
      default:
        return v || 'Not given';
    }
  };
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const attr = (m: ValidationMessage, name: string) => m.attributes.find((a) => a.name === name)?.value;

/** The field a validation message is about: its box first, else its request path. */
export function fieldOfMessage(m: ValidationMessage): FieldDef | undefined {
  const box = attr(m, 'box');
  return (box ? fieldOfBox(box) : undefined) ?? undefined;
}

function Messages({ messages }: { messages: ValidationMessage[] }) {
  const ctx = useWizard();
  if (!messages.length) return <p>No problems found: the return passed the schema, HMRC’s business rules and the IRmark check.</p>;
  return (
    <table className="messages" aria-label="Validation messages">
      <thead>
        <tr>
          <th scope="col">Kind</th>
          <th scope="col">Rule</th>
          <th scope="col">Box</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((m, i) => {
          const box = attr(m, 'box');
          const f = fieldOfMessage(m);
          return (
            <tr key={i} className={`messages__row--${m.category}`}>
              <td>{m.category === 'error' ? 'Error' : m.category === 'warning' ? 'Warning' : 'Note'}</td>
              <td>
                <CodeInWords code={m.code} />
              </td>
              <td>{box ?? '—'}</td>
              <td>
                {f ? (
                  <a
                    href={`#${f.id}`}
                    data-testid="message-link"
                    onClick={(e) => {
                      e.preventDefault();
                      ctx.go(f.step, f.id);
                    }}
                  >
                    {ratesInText(m.message)}
                  </a>
                ) : (
                  ratesInText(m.message)
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function CheckStep() {
  const ctx = useWizard();
  const display = useDisplay();
  const [building, setBuilding] = useState(false);
  const [built, setBuilt] = useState<Ct600DraftBuildResponse | null>(null);
  const [refused, setRefused] = useState<{ message: string; errors: FieldError[] } | null>(null);
  const [saveNote, setSaveNote] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const errors = [...ctx.check.errors.entries()].filter(([id]) => id !== '' ? isVisible(ctx.form, FIELD_BY_ID.get(id)!) : true);
  // Figures from a computation that no longer works out are stale: the return waits until it does again.
  const stale = ctx.computation.errors.size > 0 && Object.keys(ctx.form.fromComputation ?? {}).length > 0;
  if (stale) {
    const n = ctx.computation.errors.size;
    errors.push(['computation', `The computation has ${n === 1 ? 'an answer' : `${n} answers`} to fix: the figures it gave Profits and tax are from the last time it was worked out`]);
  }
  const lastBuild = ctx.draft.lastBuild;
  // HMRC's rules that would reject the return, in their words beside the box (category error).
  const ruleFailure = (id: string) => {
    const m = ctx.warnings.get(id)?.find((x) => x.category === 'error');
    return m ? `HMRC rule ${m.code}: ${ratesInText(ruleWords(m))}` : undefined;
  };
  // A box the wizard computes, or one the Computation filled, is changed through its section, not typed over here.
  const changeableHere = (f: FieldDef) => !(f.derived && !ctx.form.overrides[f.id]) && !ctx.form.fromComputation?.[f.id];

  const build = async () => {
    setBuilding(true);
    setRefused(null);
    setSaveNote(null);
    await ctx.flush();
    try {
      const result = await ctx.bridge.buildCt600Draft({ draftId: ctx.draftId, form: ctx.form as never, request: ctx.check.request });
      if (!result.ok) {
        setRefused({ message: result.error.message, errors: result.error.errors ?? [] });
        setFocusKey((k) => k + 1);
      } else {
        setBuilt(result.value);
        ctx.adoptDraft(result.value.draft);
      }
    } catch (error) {
      setRefused({ message: error instanceof Error ? error.message : String(error), errors: [] });
    }
    setBuilding(false);
  };

  // After a reload the last build is shown from its record while nothing has changed since.
  // The bridge does not hand back the stored XML, so Save makes the same return again from
  // the same answers and files and writes it only if its IRmark is the one on screen.
  const recorded = !built && lastBuild && !ctx.draft.changedSinceBuild && lastBuild.irMark ? lastBuild : null;
  const shown = built
    ? { irMark: built.build.irMark, irMarkBase32: built.build.irMarkBase32, fileName: built.build.suggestedFileName, validation: built.validation }
    : recorded
      ? { irMark: recorded.irMark!, irMarkBase32: recorded.irMarkBase32 ?? '', fileName: recorded.fileName, validation: ctx.draft.lastValidation?.result ?? null }
      : null;

  const save = async () => {
    if (!shown) return;
    setSaving(true);
    setSaveNote(null);
    try {
      await saveShown(shown);
    } catch (error) {
      setSaveNote(`The return was not saved: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const saveShown = async (shown: { irMark: string; fileName: string }) => {
    let xmlDoc = built?.build.xmlDoc;
    if (!xmlDoc) {
      try {
        const again = await ctx.bridge.buildCt600Draft({ draftId: ctx.draftId, form: ctx.form as never, request: ctx.check.request });
        if (!again.ok) return setSaveNote(`The return was not saved: ${again.error.message}`);
        setBuilt(again.value);
        ctx.adoptDraft(again.value.draft);
        if (again.value.build.irMark !== shown.irMark) {
          return setSaveNote('Not saved: the return no longer gives the IRmark shown above (a file or answer changed on disk). Check the new IRmark and messages, then save again.');
        }
        xmlDoc = again.value.build.xmlDoc;
      } catch (error) {
        return setSaveNote(`The return was not saved: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const result = await ctx.bridge.saveFile({ kind: 'ct600-xml', suggestedName: shown.fileName, contents: decodeBase64(xmlDoc) });
    if (!result.ok) setSaveNote(`The return was not saved: ${result.error.message}`);
    else setSaveNote(result.value.saved ? `Saved as ${result.value.fileName ?? shown.fileName}.` : 'Not saved: the save was cancelled.');
  };

  const sections = STEPS.filter((s): s is { id: Exclude<StepId, 'check'>; title: string; summary: string } => s.id !== 'check');
  const messages = shown?.validation ? shown.validation.validations.flatMap((v) => v.messages) : [];
  const rejections = messages.filter((m) => m.category === 'error');
  const anyError = rejections.length > 0;
  const goFix = () => {
    setConfirming(false);
    const f = rejections.map(fieldOfMessage).find((x) => x !== undefined);
    if (f) ctx.go(f.step, f.id);
    else document.getElementById('validation-messages')?.focus();
  };

  return (
    <>
      {sections.map((s) => {
        const rows: SummaryRow[] = FIELDS.filter((f) => f.step === s.id && isVisible(ctx.form, f)).map((f) => {
          const error = ctx.check.errors.get(f.id) ?? ruleFailure(f.id);
          return {
            key: f.label,
            box: f.box,
            value: display(f),
            numeric: f.kind === 'money' || f.kind === 'rate' || f.kind === 'year' || f.kind === 'count',
            error,
            // The section's Change leads to its step; a row has its own only where there is something to put right in a box typed there.
            ...(error && changeableHere(f) ? { onChange: () => ctx.go(f.step, f.id) } : {}),
          };
        });
        if (s.id === 'computation' && rows.length === 0) {
          // The computation is its own form: what the return took from it, or that it took nothing.
          const taken = Object.keys(ctx.form.fromComputation ?? {});
          rows.push({
            key: taken.length > 0 ? 'Figures taken from the computation' : 'Computation',
            value: taken.length > 0 ? `${taken.length === 1 ? '1 figure' : `${taken.length} figures`} in Profits and tax` : 'Not used: the figures in Profits and tax were typed in',
          });
        }
        if (s.id === 'attachments') {
          for (const a of ctx.draft.attachments.filter((x) => x.role === 'accounts' || x.role === 'computations')) {
            rows.push({
              key: a.role === 'accounts' ? 'Accounts file' : 'Computations file',
              value: (
                <>
                  <span className="token">{a.fileName}</span> ({formatSize(a.size)})
                </>
              ),
            });
          }
        }
        return (
          <section key={s.id} className="step-section check-section" aria-labelledby={`check-${s.id}`}>
            {/* GOV.UK's summary card: one step is one page of questions, so one Change for the section. */}
            <div className="check-section__header">
              <h3 id={`check-${s.id}`}>{s.title}</h3>
              <button type="button" className="link" data-testid="section-change" onClick={() => ctx.go(s.id)}>
                Change{' '}<span className="visually-hidden">{s.title.toLowerCase()}</span>
              </button>
            </div>
            <SummaryList rows={rows} />
          </section>
        );
      })}

      <section className="step-section build" aria-labelledby="build-heading">
        <h3 id="build-heading">Build the return</h3>
        {lastBuild ? (
          <p data-testid="last-build">
            Last built {ukDateTime(lastBuild.builtAt)} (<span className="token">{lastBuild.fileName}</span>).{' '}
            {ctx.draft.changedSinceBuild ? <strong className="tag tag--red">Changed since the last build</strong> : <strong className="tag tag--green">Unchanged since the last build</strong>}
          </p>
        ) : null}
        {errors.length ? (
          <>
            <p id="build-blocked" className="field__error">
              You cannot build the return yet: {errors.length === 1 ? '1 answer needs' : `${errors.length} answers need`} fixing first.
            </p>
            <ErrorSummary
              headingLevel={4}
              errors={errors.map(([fieldId, message]) => ({ fieldId: fieldId || 'build-heading', message }))}
              focusKey={0}
              onSelect={(id) => {
                if (id === 'computation') return ctx.go('computation');
                const f = FIELD_BY_ID.get(id);
                if (f) ctx.go(f.step, f.id);
              }}
            />
          </>
        ) : null}
        <BusyButton
          className="button button--primary"
          disabled={errors.length > 0}
          busy={building}
          busyLabel="Building the return…"
          aria-describedby={errors.length ? 'build-blocked' : undefined}
          onPress={() => void build()}
        >
          {built || lastBuild ? 'Build again' : 'Build'}
        </BusyButton>
        {building ? <Busy label="Building the return and checking it against HMRC’s rules…" /> : null}
        {refused ? (
          <ErrorSummary
            headingLevel={4}
            focusKey={focusKey}
            errors={
              refused.errors.length
                ? refused.errors.map((e) => {
                    const f = fieldOfRequestPath(e.field);
                    return { fieldId: f?.id ?? 'build-heading', message: `${f?.label ?? e.field} ${e.message}` };
                  })
                : [{ fieldId: 'build-heading', message: `The return was not built: ${refused.message}` }]
            }
            onSelect={(id) => {
              const f = FIELD_BY_ID.get(id);
              if (f) ctx.go(f.step, f.id);
            }}
          />
        ) : null}
        {shown ? (
          <div className="build__result" role="status">
            <p className={`verdict ${anyError ? 'verdict--bad' : 'verdict--good'}`}>
              {anyError ? 'Built, but HMRC would reject it as it is: see the messages below.' : 'Built and checked.'}
            </p>
            <dl className="facts">
              <dt>IRmark</dt>
              <dd>
                <code className="unbroken" data-testid="irmark">
                  {shown.irMark}
                </code>
              </dd>
              <dt>IRmark as HMRC quotes it (base32)</dt>
              <dd>
                {/* In groups of four as HMRC's receipt prints it: a line breaks only between groups. */}
                <code data-testid="irmark-base32">{groupedBase32(shown.irMarkBase32)}</code>
              </dd>
              <dt>File</dt>
              <dd>
                <span className="token" data-testid="built-file-name">
                  {shown.fileName}
                </span>
              </dd>
            </dl>
            <h4 id="validation-messages" tabIndex={-1}>
              Validation messages
            </h4>
            {shown.validation ? <Messages messages={messages} /> : <p>The messages of this build were not kept. Build again to see them.</p>}
            <p>
              <BusyButton
                className={`button ${anyError ? 'button--warning' : 'button--primary'}`}
                busy={saving}
                busyLabel="Saving the return…"
                onPress={() => (anyError ? setConfirming(true) : void save())}
              >
                {anyError ? 'Save the return HMRC would reject…' : 'Save the return…'}
              </BusyButton>
            </p>
            {saving ? <Busy label="Saving the return…" /> : null}
            {saveNote ? <p role="status">{saveNote}</p> : null}
            <SaveRejectedReturn
              isOpen={confirming}
              rejections={rejections}
              onFix={goFix}
              onCancel={() => setConfirming(false)}
              onSave={() => {
                setConfirming(false);
                void save();
              }}
            />
          </div>
        ) : null}
        <ServicePanel draftId={ctx.draftId} kind="ct600" request={errors.length ? null : (ctx.check.request as Record<string, unknown> | undefined)} />
      </section>
    </>
  );
}
