/**
 * The Computation step's capital allowances: the asset register (each
 * addition with its claim, the best claim proposed, and its allowance) and
 * the disposals of the period.
 */
import { useState } from 'react';
import type { Claim, ComputationOutput } from '../../../../preload/contract.js';
import { CheckboxField, RadioField, SelectField, TextField } from '../../components/Field.js';
import { DateInput } from '../../components/DateInput.js';
import { MoneyInput } from '../../components/MoneyInput.js';
import { formatMoney, ukCalendarDate } from '../../format/index.js';
import { computationMessage, elementIdOf, type AssetRow, type DisposalRow } from './computation-form.js';
import { calendarDateOf } from './form.js';
import { newId, useComputationForm } from './computation-step-parts.js';
import { assetAllowanceWords } from './computation/asset-allowance.js';
import './computation/computation.css';
import { ActionsColumnHeader } from '../../components/ActionsColumnHeader.js';

export const CLAIM_LABELS: Record<Claim, string> = {
  aia: 'Annual investment allowance (100%)',
  fullExpensing: 'Full expensing (100%)',
  fya50: '50% first-year allowance',
  fya40: '40% first-year allowance',
  fya100: '100% first-year allowance (zero-emission car)',
  superDeduction: 'Super-deduction (130%, April 2021 to March 2023)',
  pool: 'Writing-down allowance in the pool',
};

const blankAsset = (): AssetRow => ({ id: newId(), description: '', date: { day: '', month: '', year: '' }, cost: '', pool: 'main', newAndUnused: 'yes', isCar: false, co2: '', claim: '', shortLife: false, forLeasing: false });

/** The asset register: the additions of the period, each with its claim and allowance. */
export function AssetRegister({ output }: { output: ComputationOutput | undefined }) {
  const { ctx, c, set } = useComputationForm();
  const [editing, setEditing] = useState<AssetRow | null>(null);
  const errors = [...ctx.computation.errors];
  const changeId = (i: number) => elementIdOf(`capitalAllowances.additions[${i}].change`);
  const isNew = editing !== null && !c.assets.some((a) => a.id === editing.id);
  const save = () => {
    if (!editing) return;
    set((x) => ({ ...x, assets: isNew ? [...x.assets, editing] : x.assets.map((a) => (a.id === editing.id ? editing : a)) }));
    const index = isNew ? c.assets.length : c.assets.findIndex((a) => a.id === editing.id);
    setEditing(null);
    setTimeout(() => document.getElementById(changeId(index))?.focus(), 0);
  };
  const edit = (patch: Partial<AssetRow>) => setEditing((e) => (e ? { ...e, ...patch } : e));
  // Keyboard users land in the editor when it opens, and back where they were when it closes.
  const open = (row: AssetRow) => {
    setEditing(row);
    setTimeout(() => document.getElementById('asset-description')?.focus(), 0);
  };
  const cancel = () => {
    const index = editing ? c.assets.findIndex((a) => a.id === editing.id) : -1;
    setEditing(null);
    setTimeout(() => document.getElementById(index >= 0 ? changeId(index) : 'add-asset')?.focus(), 0);
  };
  return (
    <div data-testid="asset-register">
      <h4 id="assets-heading">Assets bought in the period</h4>
      {c.assets.length === 0 ? (
        <p className="step-section__intro">No assets yet. Add each item of plant, machinery or car bought in the period: the best claim is proposed for each.</p>
      ) : (
        <table className="table asset-register" aria-labelledby="assets-heading">
          <thead>
            <tr>
              <th scope="col">Asset</th>
              <th scope="col" className="numeric">Cost</th>
              <th scope="col">Claim, and where the allowance went</th>
              <ActionsColumnHeader />
            </tr>
          </thead>
          <tbody>
            {c.assets.map((a, i) => {
              const result = output?.capitalAllowances.assets[i];
              const date = calendarDateOf(a.date);
              const rowErrors = errors.filter(([p, m]) => p.startsWith(`capitalAllowances.additions[${i}]`) && (ctx.computationErrorsShown || !/^is required/.test(m)));
              return (
                <tr key={a.id} data-testid="asset-row">
                  <th scope="row">
                    {a.description || `Asset ${i + 1}`}
                    <span className="asset-register__meta">
                      {' '}
                      bought {date ? ukCalendarDate(date) : '(no date)'}, {a.pool === 'special' ? 'special rate pool' : 'main pool'}
                      {a.shortLife ? ', short-life asset' : ''}
                      {a.forLeasing ? ', for leasing' : ''}
                    </span>
                    {a.isCar || a.newAndUnused === 'no' ? (
                      <span className="asset-register__meta">
                        {' '}
                        {[a.isCar ? `car, ${a.co2 || '?'} g/km CO2` : '', a.newAndUnused === 'no' ? 'second-hand' : ''].filter(Boolean).join('; ')}
                      </span>
                    ) : null}
                    {rowErrors.map(([p, m]) => (
                      <span key={p} className="field__error asset-register__error">
                        {computationMessage(p, m)}
                      </span>
                    ))}
                  </th>
                  <td className="numeric">{a.cost ? formatMoney(Math.round(Number(a.cost) * 100), 'pence') : '—'}</td>
                  <td>
                    {result ? CLAIM_LABELS[result.claim] : a.claim ? CLAIM_LABELS[a.claim] : 'Best claim'}
                    {result ? (
                      <span className="asset-register__meta">{result.claim === result.proposedClaim ? (a.claim ? ' the best claim' : ' proposed as the best claim') : ` best: ${CLAIM_LABELS[result.proposedClaim]}`}</span>
                    ) : null}
                    {result && output ? (
                      <span className="asset-register__allowance" data-testid="asset-allowance">
                        {assetAllowanceWords(result, output)}
                      </span>
                    ) : null}
                  </td>
                  <td className="asset-register__actions">
                    <button type="button" id={changeId(i)} className="link" onClick={() => open({ ...a })}>
                      Change <span className="visually-hidden">{a.description || `asset ${i + 1}`}</span>
                    </button>{' '}
                    <button
                      type="button"
                      className="link"
                      onClick={() => {
                        // A disposal of an asset bought this period names it by its place in the register: the places after it move up.
                        const relink = (d: DisposalRow) => (d.addition === '' ? d : Number(d.addition) === i ? { ...d, addition: '' } : Number(d.addition) > i ? { ...d, addition: String(Number(d.addition) - 1) } : d);
                        set((x) => ({ ...x, assets: x.assets.filter((y) => y.id !== a.id), disposals: x.disposals.map(relink) }));
                        setTimeout(() => document.getElementById('add-asset')?.focus(), 0);
                      }}
                    >
                      Remove <span className="visually-hidden">{a.description || `asset ${i + 1}`}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {editing ? (
        <fieldset className="fieldset asset-editor" data-testid="asset-editor">
          <legend className="fieldset__legend">{isNew ? 'Add an asset' : `Change ${editing.description || 'the asset'}`}</legend>
          <TextField id="asset-description" label="What the asset is" value={editing.description} onChange={(v) => edit({ description: v })} />
          <DateInput id="asset-date" label="Date bought" hint="The day the expenditure was incurred, for example 14 11 2025" value={editing.date} onChange={(v) => edit({ date: v })} />
          <MoneyInput id="asset-cost" label="Cost" kind="pence" value={editing.cost} onChange={(v) => edit({ cost: v })} />
          <CheckboxField id="asset-is-car" label="It is a car" hint="Cars never take the annual investment allowance; their CO2 emissions decide the pool." checked={editing.isCar} onChange={(v) => edit({ isCar: v, ...(v ? { pool: Number(editing.co2) > 50 ? 'special' : 'main' } : {}) })} />
          {editing.isCar ? (
            <TextField id="asset-co2" label="CO2 emissions (g/km)" hint="From the registration document: 0 for an electric car. Over 50 g/km goes to the special rate pool." width="short" inputMode="numeric" value={editing.co2} onChange={(v) => edit({ co2: v, pool: Number(v) > 50 ? 'special' : 'main' })} />
          ) : null}
          <RadioField
            id="asset-pool"
            label="Pool"
            value={editing.pool}
            inline
            options={[
              { value: 'main', label: 'Main pool', hint: 'Most plant and machinery; cars up to 50 g/km' },
              { value: 'special', label: 'Special rate pool', hint: 'Integral features, long-life assets, thermal insulation, cars over 50 g/km' },
            ]}
            onChange={(v) => edit({ pool: v as 'main' | 'special' })}
          />
          <RadioField id="asset-new" label="Bought new and unused?" value={editing.newAndUnused} inline options={[{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No, second-hand' }]} onChange={(v) => edit({ newAndUnused: v as 'yes' | 'no' })} />
          <CheckboxField id="asset-for-leasing" label="Bought to lease to others" hint="Plant for leasing takes no full expensing or 50% allowance (CAA 2001 s46(2), general exclusion 6); the AIA and the pool remain." checked={editing.forLeasing} onChange={(v) => edit({ forLeasing: v })} />
          <CheckboxField id="asset-short-life" label="Elect to treat it as a short-life asset" hint="CAA 2001 s83–s89: what is pooled of its cost goes to a pool of its own, so a sale within 8 years gives a balancing allowance or charge. Not for cars." checked={editing.shortLife} onChange={(v) => edit({ shortLife: v })} />
          <SelectField
            id="asset-claim"
            label="Claim"
            hint="Leave it to Filing Desk to propose the best claim, or choose one."
            value={editing.claim}
            options={[{ value: '', label: 'The best claim (proposed)' }, ...(Object.keys(CLAIM_LABELS) as Claim[]).map((k) => ({ value: k, label: CLAIM_LABELS[k] }))]}
            onChange={(v) => edit({ claim: v as Claim | '' })}
          />
          <p className="wizard__actions">
            <button type="button" className="button button--primary" onClick={save}>
              Save asset
            </button>{' '}
            <button type="button" className="button button--secondary" onClick={cancel}>
              Cancel
            </button>
          </p>
        </fieldset>
      ) : (
        <button type="button" id="add-asset" className="button button--secondary" onClick={() => open(blankAsset())}>
          Add an asset
        </button>
      )}
    </div>
  );
}

/** Disposals of the period: a row each, typed in place. */
export function Disposals() {
  const { c, set, error } = useComputationForm();
  const change = (id: string, patch: Partial<DisposalRow>) => set((x) => ({ ...x, disposals: x.disposals.map((d) => (d.id === id ? { ...d, ...patch } : d)) }));
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">Assets sold or scrapped in the period</legend>
      {c.disposals.length === 0 ? <p className="step-section__intro">None.</p> : null}
      {c.disposals.map((d, i) => {
        const at = `capitalAllowances.disposals[${i}]`;
        return (
          <div key={d.id} className="disposal-row" data-testid="disposal-row">
            <TextField id={elementIdOf(`${at}.description`)} label={`Disposal ${i + 1}: what was sold`} value={d.description} error={error(`${at}.description`)} onChange={(v) => change(d.id, { description: v })} />
            <DateInput id={elementIdOf(`${at}.date`)} label={`Disposal ${i + 1}: date`} value={d.date} error={error(`${at}.date`)} onChange={(v) => change(d.id, { date: v })} />
            <MoneyInput id={elementIdOf(`${at}.proceeds`)} label={`Disposal ${i + 1}: proceeds`} kind="pence" value={d.proceeds} error={error(`${at}.proceeds`)} onChange={(v) => change(d.id, { proceeds: v })} />
            <MoneyInput id={elementIdOf(`${at}.cost`)} label={`Disposal ${i + 1}: original cost`} hint="The disposal value is the lower of proceeds and cost" kind="pence" value={d.cost} error={error(`${at}.cost`)} onChange={(v) => change(d.id, { cost: v })} />
            <RadioField id={elementIdOf(`${at}.pool`)} label={`Disposal ${i + 1}: pool`} value={d.pool} inline options={[{ value: 'main', label: 'Main pool' }, { value: 'special', label: 'Special rate pool' }]} error={error(`${at}.pool`)} onChange={(v) => change(d.id, { pool: v as 'main' | 'special' })} />
            <CheckboxField id={elementIdOf(`${at}.fullExpensed`)} label={`Disposal ${i + 1}: full expensing or the 50% first-year allowance was claimed on it`} checked={d.fullExpensed} onChange={(v) => change(d.id, { fullExpensed: v })} />
            <CheckboxField id={elementIdOf(`${at}.superDeduction`)} label={`Disposal ${i + 1}: the super-deduction was claimed on it`} hint="Bought from April 2021 to March 2023 at 130%: the balancing charge is its disposal value times the relevant factor (FA 2021 s12)." checked={d.superDeduction} onChange={(v) => change(d.id, { superDeduction: v })} />
            {c.assets.length ? (
              <SelectField
                id={elementIdOf(`${at}.addition`)}
                label={`Disposal ${i + 1}: bought in this period?`}
                hint="An asset bought and disposed of in the same period: what is left after its first-year allowance joins the pool for this period, before the writing-down allowance (CAA 2001 s58(6))."
                value={d.addition}
                error={error(`${at}.addition`)}
                options={[{ value: '', label: 'No, in an earlier period' }, ...c.assets.map((a, j) => ({ value: String(j), label: `Yes: ${a.description || `asset ${j + 1}`}` }))]}
                onChange={(v) => change(d.id, { addition: v })}
              />
            ) : null}
            {c.shortLifeAssets.length ? (
              <SelectField
                id={elementIdOf(`${at}.shortLifeAsset`)}
                label={`Disposal ${i + 1}: a short-life asset brought forward?`}
                hint="Its disposal value comes off its own pool, which ends with a balancing allowance or charge (CAA 2001 s86)."
                value={d.shortLifeAsset}
                error={error(`${at}.shortLifeAsset`)}
                options={[{ value: '', label: 'No' }, ...c.shortLifeAssets.map((p, j) => ({ value: String(j), label: `Yes: ${p.description || `short-life asset ${j + 1}`}` }))]}
                onChange={(v) => change(d.id, { shortLifeAsset: v })}
              />
            ) : null}
            <button type="button" id={elementIdOf(`${at}.change`)} className="button button--secondary" onClick={() => set((x) => ({ ...x, disposals: x.disposals.filter((y) => y.id !== d.id) }))}>
              Remove <span className="visually-hidden">disposal {i + 1}</span>
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => set((x) => ({ ...x, disposals: [...x.disposals, { id: newId(), description: '', date: { day: '', month: '', year: '' }, proceeds: '', cost: '', pool: 'main', fullExpensed: false, superDeduction: false, addition: '', shortLifeAsset: '' }] }))}>
        Add a disposal
      </button>
    </fieldset>
  );
}
