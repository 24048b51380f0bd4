/**
 * The earlier returns a carried-back loss amends (CTA 2010 s37(3)(b), s39):
 * each as filed, with its boxes, so the amendment can be worked out from
 * them. Add, change and remove, latest first or in any order.
 */
import { TextField } from '../../../components/Field.js';
import { DateInput } from '../../../components/DateInput.js';
import { MoneyInput } from '../../../components/MoneyInput.js';
import { elementIdOf } from '../computation-form.js';
import { newId, useComputationForm } from '../computation-step-parts.js';
import { useLossClaims } from './use-loss-claims.js';
import { emptyEarlierPeriod, type EarlierPeriodRow } from './losses-form.js';

const FIGURES: { key: keyof EarlierPeriodRow & string; label: string; box?: string; hint?: string }[] = [
  { key: 'profitsBeforeDonationsAndGroupRelief', label: 'profits before donations and group relief', box: '300' },
  { key: 'tradingLosses', label: 'trading losses set against its total profits', box: '275' },
  { key: 'totalDeductionsAndReliefs', label: 'total of deductions and reliefs', box: '295' },
  { key: 'qualifyingDonations', label: 'qualifying donations', box: '305' },
  { key: 'exemptDistributions', label: 'exempt distributions received', box: '620' },
  { key: 'tradingLoss', label: 'its own trading loss', box: '780', hint: 'For a terminal loss: what of it falls in the final 12 months' },
  { key: 'tradingLossRelieved', label: 'of its own trading loss, already relieved' },
];

export function EarlierPeriods() {
  const { error } = useComputationForm();
  const { l, change } = useLossClaims();
  const edit = (id: string, patch: Partial<EarlierPeriodRow>) => change({ earlierPeriods: l.earlierPeriods.map((p) => (p.id === id ? { ...p, ...patch } : p)) });
  return (
    <fieldset className="fieldset" data-testid="earlier-periods">
      <legend className="fieldset__legend">The earlier returns the loss goes back to, as filed</legend>
      {error('losses.earlierPeriods') ? <p className="field__error">{error('losses.earlierPeriods')}</p> : null}
      {l.earlierPeriods.length === 0 ? <p className="step-section__intro">None yet. Add the return for the previous 12 months (and, for a terminal loss, the two before it).</p> : null}
      {l.earlierPeriods.map((p, i) => {
        const at = `losses.earlierPeriods[${i}]`;
        const name = `Earlier return ${i + 1}`;
        return (
          <div key={p.id} className="earlier-period" data-testid="earlier-period">
            <DateInput id={elementIdOf(`${at}.from`)} label={`${name}: start of its period`} box="30" value={p.from} error={error(`${at}.from`)} onChange={(v) => edit(p.id, { from: v })} />
            <DateInput id={elementIdOf(`${at}.to`)} label={`${name}: end of its period`} box="35" value={p.to} error={error(`${at}.to`)} onChange={(v) => edit(p.id, { to: v })} />
            <div className="earlier-period__figures">
              {FIGURES.map((f) => (
                <MoneyInput
                  key={f.key}
                  id={elementIdOf(`${at}.${f.key}`)}
                  label={`${name}: ${f.label}`}
                  box={f.box}
                  hint={f.hint}
                  kind="pence"
                  value={p[f.key] as string}
                  error={error(`${at}.${f.key}`)}
                  onChange={(v) => edit(p.id, { [f.key]: v })}
                />
              ))}
              <TextField
                id={elementIdOf(`${at}.associatedCompanies`)}
                label={`${name}: associated companies`}
                box="326"
                width="short"
                inputMode="numeric"
                value={p.associatedCompanies}
                error={error(`${at}.associatedCompanies`)}
                onChange={(v) => edit(p.id, { associatedCompanies: v })}
              />
            </div>
            <button type="button" className="button button--secondary" onClick={() => change({ earlierPeriods: l.earlierPeriods.filter((x) => x.id !== p.id) })}>
              Remove <span className="visually-hidden">earlier return {i + 1}</span>
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => change({ earlierPeriods: [...l.earlierPeriods, emptyEarlierPeriod(newId())] })}>
        Add {l.earlierPeriods.length ? 'another' : 'an'} earlier return
      </button>
    </fieldset>
  );
}
