/**
 * Short-life asset pools brought forward (CAA 2001 s83–s89): each asset
 * elected in an earlier period keeps a pool of its own until it is disposed
 * of or its eighth anniversary passes, when what is left joins the main pool.
 */
import { TextField } from '../../../components/Field.js';
import { DateInput } from '../../../components/DateInput.js';
import { MoneyInput } from '../../../components/MoneyInput.js';
import { elementIdOf, type ShortLifeRow } from '../computation-form.js';
import { newId, useComputationForm } from '../computation-step-parts.js';

export function ShortLifeBroughtForward() {
  const { c, set, error } = useComputationForm();
  const edit = (id: string, patch: Partial<ShortLifeRow>) => set((x) => ({ ...x, shortLifeAssets: x.shortLifeAssets.map((p) => (p.id === id ? { ...p, ...patch } : p)) }));
  // A disposal names a pool by its place: removing one moves the places after it up.
  const remove = (i: number) =>
    set((x) => ({
      ...x,
      shortLifeAssets: x.shortLifeAssets.filter((_, j) => j !== i),
      disposals: x.disposals.map((d) => (d.shortLifeAsset === '' ? d : Number(d.shortLifeAsset) === i ? { ...d, shortLifeAsset: '' } : Number(d.shortLifeAsset) > i ? { ...d, shortLifeAsset: String(Number(d.shortLifeAsset) - 1) } : d)),
    }));
  return (
    <fieldset className="fieldset" data-testid="short-life-brought-forward">
      <legend className="fieldset__legend">Short-life asset pools brought forward</legend>
      {c.shortLifeAssets.length === 0 ? <p className="step-section__intro">None.</p> : null}
      {c.shortLifeAssets.map((p, i) => {
        const at = `capitalAllowances.shortLifeAssets[${i}]`;
        const name = `Short-life asset ${i + 1}`;
        return (
          <div key={p.id} className="disposal-row">
            <TextField id={elementIdOf(`${at}.description`)} label={`${name}: what it is`} value={p.description} error={error(`${at}.description`)} onChange={(v) => edit(p.id, { description: v })} />
            <MoneyInput id={elementIdOf(`${at}.broughtForward`)} label={`${name}: written-down value brought forward`} kind="pence" value={p.broughtForward} error={error(`${at}.broughtForward`)} onChange={(v) => edit(p.id, { broughtForward: v })} />
            <DateInput
              id={elementIdOf(`${at}.incurredInPeriodEnding`)}
              label={`${name}: end of the period it was bought in`}
              hint="Its pool ends at the eighth anniversary of this day (CAA 2001 s86(3))"
              value={p.incurredInPeriodEnding}
              error={error(`${at}.incurredInPeriodEnding`)}
              onChange={(v) => edit(p.id, { incurredInPeriodEnding: v })}
            />
            <MoneyInput id={elementIdOf(`${at}.writingDownAllowanceClaimed`)} label={`${name}: writing-down allowance claimed`} hint="Empty: the full amount" kind="pence" value={p.writingDownAllowanceClaimed} error={error(`${at}.writingDownAllowanceClaimed`)} onChange={(v) => edit(p.id, { writingDownAllowanceClaimed: v })} />
            <button type="button" className="button button--secondary" onClick={() => remove(i)}>
              Remove <span className="visually-hidden">short-life asset {i + 1}</span>
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => set((x) => ({ ...x, shortLifeAssets: [...x.shortLifeAssets, { id: newId(), description: '', broughtForward: '', incurredInPeriodEnding: { day: '', month: '', year: '' }, writingDownAllowanceClaimed: '' }] }))}>
        Add a short-life asset pool
      </button>
    </fieldset>
  );
}
