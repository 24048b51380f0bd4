/**
 * The result of the Computation step: the figures a bookkeeper checks first
 * (trading profits, profits chargeable, tax payable, what is carried
 * forward), always in view, and each section's working folded beneath them
 * (details and summary: a button to the keyboard), with each rule of law or
 * guidance cited once and the other rows that follow it linking to it.
 */
import type { MouseEvent } from 'react';
import type { ComputationOutput } from '../../../../../preload/contract.js';
import { formatMoney } from '../../../format/index.js';
import { fieldWords } from '../computation-form.js';
import { useComputationForm } from '../computation-step-parts.js';
import './computation.css';
import { Amendments } from './Amendments.js';
import { amountText, ruleElementId, ruleNumbers, sectionHeadline, shownLines, workingSections, type WorkingSection } from './working-sections.js';

/** Stocks carried forward that most returns have none of: shown only when there are some. */
const OTHER_STOCKS = [
  ['totalProfitsLosses', 'Trading losses against total profits (s45A)'],
  ['ukPropertyLosses', 'UK property business losses'],
  ['capitalLosses', 'Capital losses'],
] as const;

const whole = (n: number) => formatMoney(Math.round(n * 100), 'whole-pounds');
const money = (n: number) => formatMoney(Math.round(n * 100), 'pence');

/** Goes to a cited rule: its section is unfolded first, so the rule is there to read. */
function goToRule(e: MouseEvent<HTMLAnchorElement>, n: number) {
  const target = document.getElementById(ruleElementId(n));
  if (!target) return;
  e.preventDefault();
  const details = target.closest('details');
  if (details) details.open = true;
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
}

function SectionWorking({ section, numbers, output }: { section: WorkingSection; numbers: Map<string, number>; output: ComputationOutput }) {
  return (
    <details className="details computation-section" data-testid={`working-${section.key}`}>
      <summary className="details__summary">
        {section.title}: <span className="computation-section__headline">{sectionHeadline(section, output)}</span>
      </summary>
      <div className="details__text">
        <table className="table computation-working">
          <caption className="visually-hidden">{section.title}: each figure with its working</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Box</th>
              <th scope="col" className="numeric">
                Amount
              </th>
              <th scope="col">How it was worked out</th>
            </tr>
          </thead>
          <tbody>
            {section.lines.map((l) => {
              const n = l.rule ? numbers.get(l.rule) : undefined;
              return (
                <tr key={l.id} data-testid="working-line">
                  <th scope="row">{l.label}</th>
                  <td>{l.box ?? ''}</td>
                  <td className="numeric">{amountText(l, section.kind)}</td>
                  <td>
                    {l.how}
                    {n !== undefined ? (
                      <>
                        {' '}
                        <a className="computation-working__cite" href={`#${ruleElementId(n)}`} title={l.rule} onClick={(e) => goToRule(e, n)}>
                          [<span className="visually-hidden">law and guidance </span>
                          {n}]
                        </a>
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {section.rules.length ? (
          <>
            <p className="computation-rules__title" id={`computation-rules-${section.key}`}>
              Law and guidance followed
            </p>
            <ol className="computation-rules" aria-labelledby={`computation-rules-${section.key}`}>
              {section.rules.map((r) => (
                <li key={r.n} id={ruleElementId(r.n)} value={r.n} tabIndex={-1} data-testid="working-rule">
                  {r.rule}
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </details>
  );
}

/** What the computation still needs before it can be worked out, in the step's words. */
function Waiting() {
  const { ctx } = useComputationForm();
  const missing = [...ctx.computation.errors].filter(([, m]) => /^is required/.test(m)).map(([path]) => fieldWords(path));
  const wrong = ctx.computation.errors.size - missing.length;
  return (
    <p className="step-section__intro" data-testid="computation-waiting">
      {ctx.computation.busy
        ? 'Working out the computation…'
        : ctx.computation.errors.size
          ? `The computation is worked out once ${[missing.length ? `these are given: ${missing.join(', ')}` : '', wrong ? `the ${wrong === 1 ? 'answer' : `${wrong} answers`} marked above ${wrong === 1 ? 'is' : 'are'} put right` : ''].filter(Boolean).join(', and ')}.`
          : 'Fill in the accounts figures to see the computation.'}
    </p>
  );
}

export function ComputationResults({ output }: { output: ComputationOutput | undefined }) {
  if (!output) return <Waiting />;
  const sections = workingSections(output.working);
  const numbers = ruleNumbers(shownLines(output.working));
  const box = (b: string) => (typeof output.boxes[b] === 'number' ? (output.boxes[b] as number) : 0);
  const loss = box('780');
  return (
    <div data-testid="computation-results">
      <dl className="summary-list computation-result" data-testid="computation-result">
        <div className="summary-list__row">
          <dt>{loss ? 'Trading loss (box 780)' : 'Trading profits (box 155)'}</dt>
          <dd>{whole(loss || box('155'))}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Profits chargeable to corporation tax (box 315)</dt>
          <dd>{whole(box('315'))}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Tax payable (box 525)</dt>
          <dd>{money(box('525'))}</dd>
        </div>
      </dl>
      <p className="step-section__intro">Open a section to see how each figure was worked out, with the law and HMRC’s guidance it follows.</p>
      {sections.map((s) => (
        <SectionWorking key={s.key} section={s} numbers={numbers} output={output} />
      ))}
      <Amendments output={output} />
      <h4>Carried forward to the next period</h4>
      <dl className="summary-list" data-testid="carried-forward">
        <div className="summary-list__row">
          <dt>Main pool written-down value</dt>
          <dd>{money(output.carriedForward.mainPool)}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Special rate pool written-down value</dt>
          <dd>{money(output.carriedForward.specialRatePool)}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Trading losses{output.carriedForward.totalProfitsLosses ? ' against the same trade' : ''}</dt>
          <dd>{money(output.carriedForward.tradingLosses)}</dd>
        </div>
        {OTHER_STOCKS.filter(([k]) => (output.carriedForward[k] ?? 0) !== 0).map(([k, words]) => (
          <div className="summary-list__row" key={k}>
            <dt>{words}</dt>
            <dd>{money(output.carriedForward[k])}</dd>
          </div>
        ))}
      </dl>
      <p className="step-section__intro">A return started for this client’s next period brings these forward. The figures fill in Profits and tax as computed figures.</p>
    </div>
  );
}
