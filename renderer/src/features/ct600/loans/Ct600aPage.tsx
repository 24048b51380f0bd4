/**
 * What the CT600A page will show, box by box (HMRC's words beside plain
 * English, the repeated lines of Parts 1 to 3 under their boxes), with the
 * engine's working; then what cannot go on the page: s455 tax the law asks
 * beyond what HMRC's forms accept, relief to claim later, relief that
 * belongs to earlier periods' returns; and what is carried to the next
 * period.
 */
import type { ComputationOutput } from '../../../../../preload/contract.js';
import { keepDatesTogether, ukDate } from '../../../format/index.js';
import { pounds } from '../computation-step-parts.js';
import { filledBoxes } from './ct600a-boxes.js';
import { loansWorking, outstandingAtEnd, type LoansOutput } from './loans-output.js';

type ReliefLine = NonNullable<LoansOutput['page']>['A25'][number];

/** A repeated line of Part 2 or Part 3 (A25 / A50): who and when, and the amounts. */
function reliefLine(l: ReliefLine): { who: string; text: string } {
  const parts = [l.repaid ? `${pounds(l.repaid, 'whole-pounds')} repaid` : '', l.releasedOrWrittenOff ? `${pounds(l.releasedOrWrittenOff, 'whole-pounds')} released or written off` : ''].filter(Boolean);
  return { who: `${l.name}, ${keepDatesTogether(ukDate(l.date))}`, text: parts.join(', ') };
}

/** The repeated lines that sit above a total box on the page: the participator (and date) in words, the amounts as the figure. */
function linesBefore(box: string, page: NonNullable<LoansOutput['page']>): { key: string; box: string; who: string; text: string }[] {
  if (box === 'A15') return page.A10.map((l, i) => ({ key: `A10-${i}`, box: 'A10', who: l.name, text: pounds(l.amount, 'whole-pounds') }));
  if (box === 'A30') return page.A25.map((l, i) => ({ key: `A25-${i}`, box: 'A25', ...reliefLine(l) }));
  if (box === 'A55') return page.A50.map((l, i) => ({ key: `A50-${i}`, box: 'A50', ...reliefLine(l) }));
  return [];
}

const LINE_WORDS: Record<string, string> = {
  A10: 'Name of participator / Amount of loan',
  A25: 'Name of participator / Amount repaid / Amount released or written off / Date',
  A50: 'Name of participator / Amount repaid / Amount released or written off / Date',
};

function BoxTable({ output, page }: { output: ComputationOutput; page: NonNullable<LoansOutput['page']> }) {
  return (
    <table className="table ct600a-boxes" data-testid="ct600a-boxes">
      <caption className="visually-hidden">The CT600A page and boxes 480 and 485, box by box</caption>
      <thead>
        <tr>
          <th scope="col">Box</th>
          <th scope="col">HMRC’s words</th>
          <th scope="col">In plain English</th>
          <th scope="col" className="numeric">Figure</th>
        </tr>
      </thead>
      <tbody>
        {filledBoxes(output.boxes).flatMap(({ box, text }) => [
          ...linesBefore(box.box, page).map((l) => (
            <tr key={l.key} data-testid={`ct600a-line-${l.box}`}>
              <th scope="row">{l.box}</th>
              <td>{LINE_WORDS[l.box]}</td>
              <td>{l.who}</td>
              <td className="numeric">{l.text}</td>
            </tr>
          )),
          <tr key={box.box} data-testid={`ct600a-box-${box.box}`}>
            <th scope="row">{box.box}</th>
            <td>{box.hmrc}</td>
            <td>{box.plain}</td>
            <td className="numeric">{text}</td>
          </tr>,
        ])}
      </tbody>
    </table>
  );
}

export function Ct600aPage({ output, loans }: { output: ComputationOutput; loans: LoansOutput }) {
  const working = loansWorking(output);
  const outstanding = outstandingAtEnd(output);
  const underpaid = output.s455Underpaid;
  return (
    <div data-testid="ct600a-page">
      <h4>What the CT600A page will show</h4>
      {loans.page ? (
        <>
          <BoxTable output={output} page={loans.page} />
          <p className="step-section__intro" data-testid="s455-due">
            The s455 tax in box 480 is part of the tax payable (box 525), due with it on {keepDatesTogether(ukDate(loans.taxDue))}, nine months and a day after the period end; interest runs from then on what is unpaid, as on the rest of the tax. Deadlines shows it.
          </p>
        </>
      ) : (
        <p className="step-section__intro" data-testid="no-ct600a">Nothing: no loan was made in this period, so the return needs no CT600A and no box 480.</p>
      )}
      {underpaid ? (
        <p className="loans-notice" data-testid="s455-underpaid">
          The law asks {pounds(underpaid.amount)} more s455 tax ({pounds(underpaid.byLaw)}) than the boxes carry ({pounds(underpaid.onForm)}): HMRC’s forms accept only 33.75%, while a loan made on or after 6 April 2026 is charged at 35.75%. Pay the whole {pounds(underpaid.byLaw)}, and amend this return when HMRC’s forms take the new rate. {underpaid.how}
        </p>
      ) : null}
      {loans.laterRelief.length ? (
        <div data-testid="later-relief">
          <h4>Relief to claim later</h4>
          <ul>
            {loans.laterRelief.map((l, i) => (
              <li key={i}>
                {l.participator}: relief of {pounds(l.relief)}, due {keepDatesTogether(ukDate(l.reliefDue))}, by {l.claim === 'L2P' ? 'form L2P' : 'amending this return'}. {l.how}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {output.earlierPeriodRelief.length ? (
        <div data-testid="earlier-period-relief">
          <h4>Relief that belongs to earlier periods’ returns</h4>
          <p className="step-section__intro">A repayment in this period of a loan made in an earlier one is relieved on that period’s return, never on this one.</p>
          <ul>
            {output.earlierPeriodRelief.map((e, i) => (
              <li key={i}>
                Period ending {keepDatesTogether(ukDate(e.periodEnd))}: {pounds(e.repaid, 'whole-pounds')} repaid, relief of {pounds(e.relief)} due {keepDatesTogether(ukDate(e.reliefDue))}, by {e.claim === 'L2P' ? 'form L2P' : 'amending that return'}. {e.how}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {working.length ? (
        <table className="table computation-working" data-testid="ct600a-working">
          <caption>How the s455 tax and its relief were worked out</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Box</th>
              <th scope="col" className="numeric">Amount</th>
              <th scope="col">How it was worked out</th>
            </tr>
          </thead>
          <tbody>
            {working.map((l, i) => (
              <tr key={`${l.id}-${i}`} data-testid="ct600a-working-line">
                <th scope="row">{l.label}</th>
                <td>{l.box ?? ''}</td>
                <td className="numeric">{pounds(l.amount)}</td>
                <td>
                  {l.how}
                  {l.rule ? <span className="computation-working__rule"> ({l.rule})</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h4>Carried forward to the next period</h4>
      {outstanding.length ? (
        <ul data-testid="loans-carried-forward">
          {outstanding.map((l, i) => (
            <li key={i}>
              {l.participator}: {pounds(l.amount)} still owed of the loan made {keepDatesTogether(ukDate(l.loanDate))}
            </li>
          ))}
        </ul>
      ) : (
        <p className="step-section__intro" data-testid="loans-carried-forward">
          Nothing is still owed at the end of the period.
        </p>
      )}
      <p className="step-section__intro">A return started for this client’s next period brings what is still owed forward, as loans from earlier periods.</p>
    </div>
  );
}
