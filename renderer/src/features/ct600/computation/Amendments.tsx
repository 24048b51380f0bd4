/**
 * A loss carried back (CTA 2010 s37(3)(b), s39) is an amendment of each
 * earlier return it reaches: shown as that return's boxes as filed and as
 * they become, and its tax before and after, the difference repayable. The
 * amendment itself is made on that return; this one only shows it.
 */
import type { ComputationOutput } from '../../../../../preload/contract.js';
import { formatMoney, ukPeriod } from '../../../format/index.js';

type Amendment = ComputationOutput['losses']['carriedBack']['amendments'][number];

const money = (n: number) => formatMoney(Math.round(n * 100), 'pence');
const boxValue = (v: number | boolean) => (typeof v === 'boolean' ? (v ? 'Yes' : 'No') : money(v));

function AmendmentTable({ a, i }: { a: Amendment; i: number }) {
  const period = ukPeriod(a.period.from, a.period.to) ?? `${a.period.from} to ${a.period.to}`;
  return (
    <div className="computation-amendment" data-testid="amendment">
      <p className="computation-amendment__title">
        The return for {period}: {money(a.lossCarriedBack)} of loss carried back; tax {money(a.tax.was)} becomes {money(a.tax.becomes)}, <strong>{money(a.tax.repayable)} repayable</strong>
      </p>
      <table className="table computation-working">
        <caption className="visually-hidden">Amendment {i + 1}: the return for {period}, each box as filed and as amended</caption>
        <thead>
          <tr>
            <th scope="col">Box</th>
            <th scope="col" className="numeric">
              As filed
            </th>
            <th scope="col" className="numeric">
              As amended
            </th>
          </tr>
        </thead>
        <tbody>
          {a.boxes.map((b) => (
            <tr key={b.box}>
              <th scope="row">Box {b.box}</th>
              <td className="numeric">{boxValue(b.was)}</td>
              <td className="numeric">{boxValue(b.becomes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {a.donationsUnrelieved ? <p className="step-section__intro">Donations that lose their relief on that return: {money(a.donationsUnrelieved)} (CTA 2010 s189).</p> : null}
    </div>
  );
}

export function Amendments({ output }: { output: ComputationOutput }) {
  const amendments = output.losses.carriedBack?.amendments ?? [];
  if (amendments.length === 0) return null;
  return (
    <details className="details computation-section" data-testid="amendments" open>
      <summary className="details__summary">
        Amendments of earlier returns: <span className="computation-section__headline">{money(amendments.reduce((s, a) => s + a.tax.repayable, 0))} repayable in all</span>
      </summary>
      <div className="details__text">
        <p className="step-section__intro">The loss carried back is claimed by amending each of these returns; their figures here are as they become.</p>
        {amendments.map((a, i) => (
          <AmendmentTable key={`${a.period.from}`} a={a} i={i} />
        ))}
      </div>
    </details>
  );
}
