import { allowedRates, daysInclusive, latestPeriodEnd } from '../../../../main/engine/validation/rules/financial-year.js';
import { FormField } from './FormField.js';
import { effectiveFigures, formatPounds, periodIsoDates, periodYears, type Ct600Form } from './form.js';
import { useWizard } from './wizard-context.js';

/** The rates the engine allows for a financial year (rule 9200), in words. */
function rateNote(fy: number | undefined) {
  if (fy === undefined) return <span className="field__note">Enter the period on the first step to see the rates for its financial year.</span>;
  const rates = allowedRates(fy, true);
  return (
    <span className="field__note" data-testid="rate-note">
      Financial year {fy} (1 April {fy} to 31 March {fy + 1}):{' '}
      {rates ? `the rate is ${rates.words}.` : 'Filing Desk holds no rate table for this year; check the rate with HMRC.'}
      {fy >= 2023 ? ' 19% applies to profits up to £50,000, 25% above £250,000, and 25% less marginal relief in between (limits shared with associated companies and reduced for a short period).' : ''}
    </span>
  );
}

const LOWER = 50_000_00;
const UPPER = 250_000_00;

/**
 * Box 435 for the simple case the wizard can see: one financial year from
 * FY2023, no associated companies, no franked investment income. Marginal
 * relief = 3/200 × (upper limit − profits), the limits reduced for a period
 * shorter than 12 months. The engine checks the figure in full (with associated
 * companies and straddling periods) when the return is checked.
 */
export function marginalReliefHint(form: Ct600Form): { pence: number; upper: number } | null {
  const { first, second } = periodYears(form);
  if (first === undefined || second !== undefined || first < 2023) return null;
  const { from, to } = periodIsoDates(form);
  if (!from || !to) return null;
  const profits = effectiveFigures(form).pence.chargeableProfits;
  if (profits === undefined) return null;
  const fullYear = latestPeriodEnd(from) === to;
  const days = daysInclusive(from, to) ?? 365;
  const scale = (limit: number) => (fullYear ? limit : Math.floor((limit * days) / 365));
  const lower = scale(LOWER);
  const upper = scale(UPPER);
  if (profits <= lower || profits >= upper) return null;
  return { pence: Math.floor(((upper - profits) * 3) / 200), upper };
}

export function ProfitsStep() {
  const ctx = useWizard();
  const { first, second } = periodYears(ctx.form);
  const relief = marginalReliefHint(ctx.form);
  return (
    <>
      <section className="step-section" aria-labelledby="turnover-heading">
        <h3 id="turnover-heading">Turnover and trading profits</h3>
        <FormField id="turnover" />
        <FormField id="netProfits" />
        <FormField id="lossesBroughtForward" />
        <FormField id="tradingProfits" />
        <FormField id="profitsBeforeOtherDeductions" />
        <FormField id="profitsBeforeDonationsAndGroupRelief" />
        <FormField id="chargeableProfits" />
      </section>
      <section className="step-section" aria-labelledby="fy1-heading">
        <h3 id="fy1-heading">{second !== undefined ? `First financial year (${first})` : 'Tax calculation'}</h3>
        <FormField id="financialYear" />
        <FormField id="fy1Profit" />
        <FormField id="fy1Rate" note={rateNote(first)} />
        <FormField id="fy1Tax" />
      </section>
      {second !== undefined ? (
        <section className="step-section" aria-labelledby="fy2-heading" data-testid="second-year">
          <h3 id="fy2-heading">Second financial year ({second})</h3>
          <p className="step-section__intro">The period straddles 1 April {second}, so its profits are split between two financial years.</p>
          <FormField id="fy2Year" />
          <FormField id="fy2Profit" />
          <FormField id="fy2Rate" note={rateNote(second)} />
          <FormField id="fy2Tax" />
        </section>
      ) : null}
      <section className="step-section" aria-labelledby="tax-heading">
        <h3 id="tax-heading">Tax chargeable and payable</h3>
        <FormField id="corporationTax" />
        <FormField
          id="marginalRelief"
          note={
            relief ? (
              <span className="field__note" data-testid="marginal-relief-note">
                Profits are between the limits, so marginal relief applies at the 25% rate: 3/200 × ({formatPounds(relief.upper)} − profits) = {formatPounds(relief.pence)} with no associated companies and no franked investment income.
              </span>
            ) : undefined
          }
        />
        <FormField id="netCorporationTaxChargeable" />
        <FormField id="communityInvestmentRelief" />
        <FormField id="doubleTaxationRelief" />
        <FormField id="advancedCorporationTax" />
        <FormField id="totalReliefsAndDeductions" />
        <FormField id="netCorporationTaxLiability" />
        <FormField id="taxChargeable" />
        <FormField id="taxPayable" />
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
