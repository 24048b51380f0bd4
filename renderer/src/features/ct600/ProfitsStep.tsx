import { useState } from 'react';
import { allowedRates } from '../../../../main/engine/validation/rules/financial-year.js';
import { formatRate } from '../../format/index.js';
import { FormField } from './FormField.js';
import { associatedByYear, claimsSmallProfitsRate, formatPounds, periodYears, straddles } from './form.js';
import { smallProfitsView, type RatePart, type SmallProfitsView } from './small-profits.js';
import { useWizard } from './wizard-context.js';

/** The engine states rates as the schema holds them ("19.00"); the window says "19%". */
const ratesInWords = (words: string) => words.replace(/\b\d+\.\d\d\b/g, (rate) => formatRate(rate));

/** The rates the engine allows for a financial year (rule 9200), in words. */
function rateNote(fy: number | undefined, claimed: boolean) {
  if (fy === undefined) return <span className="field__note">Enter the period on the first step to see the rates for its financial year.</span>;
  const rates = allowedRates(fy, claimed);
  return (
    <span className="field__note" data-testid="rate-note">
      Financial year {fy} (1 April {fy} to 31 March {fy + 1}):{' '}
      {rates ? `the rate is ${ratesInWords(rates.words)}.` : 'Filing Desk holds no rate table for this year; check the rate with HMRC.'}
      {fy >= 2023 ? ' 19% applies to profits up to the lower limit, 25% above the upper limit, and 25% less marginal relief in between: see the limits under box 329.' : ''}
    </span>
  );
}

const companies = (n: number) => `${n} associated compan${n === 1 ? 'y' : 'ies'}`;

/** One part of the period: its limits, and where box 315's share of it falls. */
function partLine(part: RatePart, view: SmallProfitsView) {
  const whole = view.parts.length === 1;
  const what = whole ? `This period (${part.days} days, ${companies(part.associated)})` : `Financial year ${part.year}'s part (${part.days} days, ${companies(part.associated)})`;
  if (part.band === 'before the small profits rate') return `${what}: financial year ${part.year} has one rate of 19%, with no limits.`;
  const limits = `lower limit ${formatPounds(part.lower, 'whole-pounds')}, upper limit ${formatPounds(part.upper, 'whole-pounds')}`;
  if (part.profits === undefined) return `${what}: ${limits}.`;
  const profits = `${whole ? 'profits' : 'its share of the profits'} of ${formatPounds(part.profits, 'whole-pounds')}`;
  if (part.band === 'small profits rate') return `${what}: ${limits}; ${profits} are within the lower limit, so the small profits rate of 19% applies.`;
  if (part.band === 'marginal relief') {
    return `${what}: ${limits}; ${profits} are between the limits, so 25% applies less marginal relief of 3/200 × (${formatPounds(part.upper, 'whole-pounds')} − ${formatPounds(part.profits, 'whole-pounds')}) = ${formatPounds(part.relief!)}.`;
  }
  return `${what}: ${limits}; ${profits} are above the upper limit, so the main rate of 25% applies.`;
}

/** Boxes 326–329 and the limits they set, where the rate is chosen. */
function SmallProfitsSection({ view, claimed }: { view: SmallProfitsView | null; claimed: boolean }) {
  const ctx = useWizard();
  if (!view) return null;
  const proposal = view.typeExcluded ? (
    <span className="field__note" data-testid="small-profits-proposal">
      A company of this type (box 4) pays the main rate: it cannot claim the small profits rate or marginal relief.
    </span>
  ) : view.proposeClaim && !claimed ? (
    <span className="field__note" data-testid="small-profits-proposal">
      {/* Words, not a second control: the tick box itself is the one place to claim, one Tab stop. */}
      The profits are within the limits, so the company can claim the small profits rate or marginal relief: tick box 329.
    </span>
  ) : undefined;
  return (
    <section className="step-section" aria-labelledby="small-profits-heading" data-testid="small-profits">
      <h3 id="small-profits-heading">Small profits rate and marginal relief</h3>
      <p className="step-section__intro">
        From 1 April 2023 the limits of £50,000 and £250,000 are divided by one plus the number of associated companies and reduced for a period shorter than 12
        months (its days ÷ 365).
      </p>
      {associatedByYear(ctx.form) ? (
        <>
          <FormField id="associatedFirstYear" />
          <FormField id="associatedSecondYear" />
        </>
      ) : (
        <FormField id="associatedCompanies" />
      )}
      <ul className="small-profits__limits" data-testid="small-profits-limits">
        {view.parts.map((part) => (
          <li key={part.year}>{partLine(part, view)}</li>
        ))}
        {view.relief !== undefined ? <li data-testid="small-profits-relief">Marginal relief for box 435: {formatPounds(view.relief)}, with no franked investment income.</li> : null}
      </ul>
      <FormField id="smallProfitsClaim" note={proposal} />
    </section>
  );
}

/**
 * The one control per section that shows inputs for its computed boxes, so
 * they are not Tab stops while the computed figures are right.
 */
function ChangeComputed({ section, shown, onToggle }: { section: string; shown: boolean; onToggle(): void }) {
  return (
    <p className="change-computed">
      <button type="button" className="link" aria-expanded={shown} onClick={onToggle}>
        {shown ? 'Hide the inputs for computed figures' : 'Change a computed figure'}
        {/* The space outside the span: one at an element's edge is dropped from the accessible name. */}{' '}
        <span className="visually-hidden">in {section}</span>
      </button>
    </p>
  );
}

const RELIEFS = ['communityInvestmentRelief', 'doubleTaxationRelief', 'advancedCorporationTax'];

/** Boxes 445–465, which most small companies leave empty: folded away unless one holds something. */
function Reliefs() {
  const ctx = useWizard();
  const used = RELIEFS.some((id) => (ctx.form.values[id] ?? '').trim() !== '' || ctx.shownError(id) || ctx.warnings.has(id));
  const [open, setOpen] = useState(used);
  return (
    <details className="details" open={open || used} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="reliefs">
      <summary className="details__summary">Reliefs and deductions (boxes 445, 450 and 465)</summary>
      <div className="details__text">
        <FormField id="communityInvestmentRelief" />
        <FormField id="doubleTaxationRelief" />
        <FormField id="advancedCorporationTax" />
      </div>
    </details>
  );
}

export function ProfitsStep() {
  const ctx = useWizard();
  const { first, second } = periodYears(ctx.form);
  const claimed = claimsSmallProfitsRate(ctx.form);
  // Worked out once a render: the section and the note on box 435 both show it.
  const smallProfits = smallProfitsView(ctx.form);
  const relief = smallProfits?.relief;
  const [changingTrading, setChangingTrading] = useState(false);
  const [changingTax, setChangingTax] = useState(false);
  return (
    <>
      <section className="step-section" aria-labelledby="turnover-heading">
        <h3 id="turnover-heading">Turnover and trading profits</h3>
        <FormField id="turnover" changing={changingTrading} />
        <FormField id="tradingProfits" changing={changingTrading} />
        <FormField id="lossesBroughtForward" changing={changingTrading} />
        <FormField id="netProfits" changing={changingTrading} />
        <FormField id="profitsBeforeOtherDeductions" changing={changingTrading} />
        <FormField id="profitsBeforeDonationsAndGroupRelief" changing={changingTrading} />
        <FormField id="chargeableProfits" changing={changingTrading} />
        <ChangeComputed section="Turnover and trading profits" shown={changingTrading} onToggle={() => setChangingTrading((x) => !x)} />
      </section>
      <SmallProfitsSection view={smallProfits} claimed={claimed} />
      <section className="step-section" aria-labelledby="tax-heading">
        <h3 id="tax-heading">Tax calculation</h3>
        <h4 id="fy1-heading">{second !== undefined ? `First financial year (${first})` : 'Financial year'}</h4>
        <FormField id="financialYear" changing={changingTax} />
        <FormField id="fy1Profit" changing={changingTax} />
        <FormField id="fy1Rate" note={rateNote(first, claimed)} changing={changingTax} />
        <FormField id="fy1Tax" changing={changingTax} />
        {second !== undefined ? (
          <div data-testid="second-year">
            <h4 id="fy2-heading">Second financial year ({second})</h4>
            <p className="step-section__intro">The period straddles 1 April {second}, so its profits are split between two financial years.</p>
            <FormField id="fy2Year" changing={changingTax} />
            <FormField id="fy2Profit" changing={changingTax} />
            <FormField id="fy2Rate" note={rateNote(second, claimed)} changing={changingTax} />
            <FormField id="fy2Tax" changing={changingTax} />
          </div>
        ) : null}
        <h4 id="chargeable-heading">Tax chargeable and payable</h4>
        <FormField id="corporationTax" changing={changingTax} />
        <FormField
          id="marginalRelief"
          changing={changingTax}
          note={
            relief !== undefined ? (
              <span className="field__note" data-testid="marginal-relief-note">
                Profits are between the limits, so marginal relief applies at the 25% rate: 3/200 × (upper limit − profits) = {formatPounds(relief)}, with the associated
                companies above and no franked investment income.{claimed ? '' : ' It needs the claim in box 329.'}
              </span>
            ) : undefined
          }
        />
        <FormField id="netCorporationTaxChargeable" changing={changingTax} />
        <Reliefs />
        <FormField id="totalReliefsAndDeductions" changing={changingTax} />
        <FormField id="netCorporationTaxLiability" changing={changingTax} />
        <FormField id="taxChargeable" changing={changingTax} />
        <FormField id="taxPayable" changing={changingTax} />
        <ChangeComputed section="Tax calculation" shown={changingTax} onToggle={() => setChangingTax((x) => !x)} />
      </section>
    </>
  );
}

export function DeclarationStep() {
  return (
    <>
      <p className="step-section__intro">The declaration is made by someone with authority to sign for the company, such as a director. The return cannot be built until it is accepted.</p>
      <FormField id="declarationName" />
      <FormField id="declarationStatus" />
      <FormField id="declarationAccepted" />
    </>
  );
}
