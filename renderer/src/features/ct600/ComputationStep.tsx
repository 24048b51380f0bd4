/**
 * The Computation step: from the accounts profit to the profits chargeable,
 * asked in HMRC's order (the accounts, capital allowances, losses, gains and
 * donations), with the asset register as a table, the best claim proposed
 * for each asset, and the result beside its working. The engine works the
 * figures out in main; they fill Profits and tax as computed figures.
 */
import { useEffect } from 'react';
import type { ComputationAccountsFigures } from '../../../../preload/contract.js';
import { CheckboxField, TextField } from '../../components/Field.js';
import { MoneyInput } from '../../components/MoneyInput.js';
import { formatMoney, keepDatesTogether, ukPeriod } from '../../format/index.js';
import { elementIdOf, emptyComputation, type ComputationForm, type DescribedRow } from './computation-form.js';
import { calendarDateOf, type StartingFigure } from './form.js';
import { useWizard } from './wizard-context.js';
import { AssetRegister, Disposals } from './AssetRegister.js';
import { Money, newId, useComputationForm } from './computation-step-parts.js';
import { ComputationResults } from './computation/ComputationWorking.js';
import { LossesSection } from './computation/LossesSection.js';
import { lossClaimsBroughtForward } from './computation/losses-form.js';
import { GainsSection } from './computation/GainsSection.js';
import { AllowanceClaims } from './computation/AllowanceClaims.js';
import { plainSource, TaggedAs } from './computation/accounts-source.js';
import { accountsSourceOf } from './accounts-offer.js';
import { useAccountsFigures } from './use-accounts-figures.js';
import { LoansSection } from './loans/LoansSection.js';

/** A list of described amounts (disallowable items, non-taxable income): add, change, remove. */
function DescribedList({ list, path, what, example }: { list: 'disallowable' | 'nonTaxableIncome'; path: string; what: string; example: string }) {
  const { c, set, error } = useComputationForm();
  const rows = c[list];
  const change = (id: string, patch: Partial<DescribedRow>) => set((x) => ({ ...x, [list]: x[list].map((r) => (r.id === id ? { ...r, ...patch } : r)) }));
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{what}</legend>
      {rows.length === 0 ? <p className="step-section__intro">None. {example}</p> : null}
      {rows.map((r, i) => (
        <div key={r.id} className="described-row">
          <TextField id={elementIdOf(`${path}[${i}].description`)} label={`${what}, item ${i + 1}: what it is`} width="long" value={r.description} error={error(`${path}[${i}].description`)} onChange={(v) => change(r.id, { description: v })} />
          <MoneyInput id={elementIdOf(`${path}[${i}].amount`)} label={`${what}, item ${i + 1}: amount`} kind="pence" value={r.amount} error={error(`${path}[${i}].amount`)} onChange={(v) => change(r.id, { amount: v })} />
          <button type="button" className="button button--secondary" onClick={() => set((x) => ({ ...x, [list]: x[list].filter((y) => y.id !== r.id) }))}>
            Remove <span className="visually-hidden">item {i + 1} of {what.toLowerCase()}</span>
          </button>
        </div>
      ))}
      <button type="button" className="button button--secondary" onClick={() => set((x) => ({ ...x, [list]: [...x[list], { id: newId(), description: '', amount: '' }] }))}>
        Add {rows.length ? 'another' : 'an'} item <span className="visually-hidden">to {what.toLowerCase()}</span>
      </button>
    </fieldset>
  );
}

const STARTING_WORDS = { turnover: 'Turnover (box 145)', profitBeforeTax: 'Profit or loss before tax', depreciation: 'Depreciation and amortisation' } as const;

/** The attached accounts' figures, offered before the step is begun: each with where it came from. */
function AccountsOffer({ offer, onUse }: { offer: ComputationAccountsFigures; onUse(): void }) {
  // One format for the column: whole pounds unless a figure has pence.
  const kind = (['turnover', 'profitBeforeTax', 'depreciation'] as const).some((k) => offer[k] && Math.round(offer[k].value * 100) % 100 !== 0) ? 'pence' : 'whole-pounds';
  return (
    <div className="accounts-offer" data-testid="accounts-offer">
      <h4 id="accounts-offer-heading">Figures from the attached accounts ({offer.fileName})</h4>
      <dl className="summary-list" aria-labelledby="accounts-offer-heading">
        {(['turnover', 'profitBeforeTax', 'depreciation'] as const).map((k) => {
          const figure = offer[k];
          return (
            <div className="summary-list__row" key={k}>
              <dt>{STARTING_WORDS[k]}</dt>
              <dd>
                {figure ? (
                  <>
                    <strong>{formatMoney(Math.round(figure.value * 100), kind)}</strong>: {keepDatesTogether(plainSource(figure.source).words)}
                    <TaggedAs names={plainSource(figure.source).names} />
                  </>
                ) : (
                  'Not tagged in the accounts: type it below'
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <button type="button" className="button button--secondary" onClick={onUse}>
        Use these figures from the accounts
      </button>
    </div>
  );
}

/** A new return for a client's next period starts from the pools and losses the previous one carried forward. */
function useBroughtForward() {
  const ctx = useWizard();
  const from = calendarDateOf(ctx.form.dates.periodFrom);
  const periodFrom = from ? `${String(from.year).padStart(4, '0')}-${String(from.month).padStart(2, '0')}-${String(from.day).padStart(2, '0')}` : null;
  const asked = ctx.form.computation !== undefined || !ctx.clientId || !periodFrom;
  useEffect(() => {
    if (asked) return;
    let live = true;
    void ctx.bridge.previousPeriodCarriedForward({ clientId: ctx.clientId!, periodFrom: periodFrom!, draftId: ctx.draftId }).then((r) => {
      if (!live || !r.ok || !r.value) return;
      const found = r.value;
      const text = (n: number) => (n === 0 ? '' : String(n));
      // The accounts' starting figures may have arrived first: they stay, and the brought-forward figures join them.
      ctx.update((f) => {
        const c = f.computation;
        if (c !== undefined && (c.broughtForwardFrom || c.mainPoolBroughtForward || c.specialRatePoolBroughtForward || c.lossesBroughtForward || c.assets.length || c.lossClaims)) return f;
        const lossClaims = lossClaimsBroughtForward(c?.lossClaims, found);
        return {
          ...f,
          computation: {
            ...(c ?? emptyComputation()),
            ...(lossClaims ? { lossClaims } : {}),
            mainPoolBroughtForward: text(found.mainPool),
            specialRatePoolBroughtForward: text(found.specialRatePool),
            lossesBroughtForward: text(found.tradingLosses),
            broughtForwardFrom: { title: found.title, periodFrom: found.periodFrom, periodTo: found.periodTo },
          },
        };
      });
    });
    return () => {
      live = false;
    };
  }, [asked, ctx.clientId, periodFrom]);
}

export function ComputationStep() {
  useBroughtForward();
  const accounts = useAccountsFigures();
  const { ctx, c, set, error } = useComputationForm();
  const output = ctx.computation.output;
  const field = (key: keyof ComputationForm) => (value: string) => set((x) => ({ ...x, [key]: value }));
  const fromAccounts = (key: StartingFigure) => {
    const source = accountsSourceOf(ctx.form, key);
    return source ? keepDatesTogether(plainSource(source).words) : undefined;
  };
  const taggedAs = (key: StartingFigure) => {
    const source = accountsSourceOf(ctx.form, key);
    return source && plainSource(source).names.length ? <TaggedAs names={plainSource(source).names} /> : undefined;
  };
  return (
    <div className="computation">
      <section className="step-section" aria-labelledby="computation-accounts-heading">
        <h3 id="computation-accounts-heading">Profit or loss in the accounts</h3>
        <p className="step-section__intro">From the profit and loss account. Each adjustment is listed in the working beside the result.</p>
        {accounts.offer ? <AccountsOffer offer={accounts.offer} onUse={accounts.use} /> : null}
        {ctx.form.accountsFigures ? (
          <p className="step-section__intro" data-testid="accounts-figures-from">
            Figures from the attached accounts ({ctx.form.accountsFigures.fileName}) are filled in where nothing was typed; each says where it came from. A figure you type stays as typed.
          </p>
        ) : null}
        <Money path="profitAndLoss.turnover" label="Turnover" box="145" hint={fromAccounts('turnover')} notes={taggedAs('turnover')} value={c.turnover} onChange={field('turnover')} />
        <Money path="profitAndLoss.profitBeforeTax" label="Profit or loss before tax" hint={fromAccounts('profitBeforeTax') ?? 'A loss as a negative figure, for example -12,500'} notes={taggedAs('profitBeforeTax')} value={c.profitBeforeTax} onChange={field('profitBeforeTax')} />
        <Money path="profitAndLoss.depreciation" label="Depreciation and amortisation" hint={fromAccounts('depreciation') ?? 'Added back: capital allowances take its place'} notes={taggedAs('depreciation')} value={c.depreciation} onChange={field('depreciation')} />
        <DescribedList list="disallowable" path="profitAndLoss.disallowable" what="Disallowable expenses" example="For example client entertaining, fines and penalties, capital items charged in the accounts." />
        <DescribedList list="nonTaxableIncome" path="profitAndLoss.nonTaxableIncome" what="Income that is not taxable as trading income" example="For example a profit on selling fixed assets, or dividends received." />
        <Money path="profitAndLoss.interestReceived" label="Interest received" box="170" hint="Taxed as non-trading loan relationship profits" value={c.interestReceived} onChange={field('interestReceived')} />
        <Money path="profitAndLoss.propertyIncome" label="UK property income" box="190" hint="Rents, less the costs of letting" value={c.propertyIncome} onChange={field('propertyIncome')} />
      </section>

      <section className="step-section" aria-labelledby="computation-ca-heading">
        <h3 id="computation-ca-heading">Capital allowances</h3>
        {c.broughtForwardFrom ? (
          <p className="step-section__intro" data-testid="brought-forward-from">
            The pools and losses brought forward come from this client’s return for {keepDatesTogether(ukPeriod(c.broughtForwardFrom.periodFrom, c.broughtForwardFrom.periodTo) ?? '')}.
          </p>
        ) : null}
        <Money path="capitalAllowances.mainPoolBroughtForward" label="Main pool brought forward" hint="The written-down value at the end of the last period" value={c.mainPoolBroughtForward} onChange={field('mainPoolBroughtForward')} />
        <Money path="capitalAllowances.specialRatePoolBroughtForward" label="Special rate pool brought forward" value={c.specialRatePoolBroughtForward} onChange={field('specialRatePoolBroughtForward')} />
        <AssetRegister output={output} />
        <Disposals />
        <CheckboxField id={elementIdOf('capitalAllowances.tradeCeased')} label="The trade ended in this period" hint="What is left in the pools becomes a balancing allowance; no annual investment or first-year allowances." checked={c.tradeCeased} onChange={(x) => set((y) => ({ ...y, tradeCeased: x }))} />
        <AllowanceClaims />
      </section>

      <LossesSection />

      <GainsSection />

      <LoansSection output={output} />

      <section className="step-section" aria-labelledby="computation-result-heading" aria-live="polite">
        <h3 id="computation-result-heading">The computation</h3>
        {error('') ? <p className="field__error">{error('')}</p> : null}
        <ComputationResults output={output} />
      </section>
    </div>
  );
}

