import { useId, useMemo, useState } from 'react';
import type { ValidationJobResult } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ratesInText, wordsForCode } from '../../format/index.js';
import { settle } from '../frame/bridge-call.js';
import { categoryNames, checkVerdictWords, countWords, groupRows, resultRows, toCsv, toPlainText, verdictHeadline, verdictOf, type ResultView, type VerdictKind } from './report.js';
import { BreakableText } from '../../components/BreakableText.js';

interface ValidationResultsProps {
  result: ValidationJobResult;
  /** What was checked, in words ("tpvs-accepted-sample.xml"): the copied text's title and the CSV's suggested name. */
  subject: string;
  /** The level of this component's own heading; categories and checks go one and two below. */
  headingLevel?: 2 | 3;
  /** What the verdict speaks of: "Return" → "Return is valid", "Package" → "Package is not valid". */
  thing: string;
}

type Heading = 'h2' | 'h3' | 'h4' | 'h5';

/** Not checked is neither good nor bad: no colour of either, and a question mark. */
const VERDICT_LOOK: Record<VerdictKind, { className: string; badge: string }> = {
  valid: { className: 'verdict--good', badge: '✓' },
  invalid: { className: 'verdict--bad', badge: '!' },
  notChecked: { className: 'verdict--not-checked', badge: '?' },
};
const CHECK_CLASS: Record<VerdictKind, string> = { valid: 'results__check--good', invalid: 'results__check--bad', notChecked: 'results__check--not-checked' };

/**
 * A validation job's result: the verdict of each check, then the messages
 * by category and check, with a full / filtered switch, Copy and Export as CSV.
 */
export function ValidationResults({ result, subject, thing, headingLevel = 3 }: ValidationResultsProps) {
  const bridge = useBridge();
  const [view, setView] = useState<ResultView>('filtered');
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const verdict = useMemo(() => verdictOf(result), [result]);
  const groups = useMemo(() => groupRows(resultRows(result, view)), [result, view]);
  const switchName = useId();
  const H = `h${headingLevel}` as Heading;
  const H2 = `h${headingLevel + 1}` as Heading;
  const H3 = `h${headingLevel + 2}` as Heading;

  const copy = async () => {
    const text = toPlainText(subject, result, view);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setNotice({ text: 'Copied the results to the clipboard.', tone: 'info' });
    } catch {
      setNotice({
        text: 'The clipboard refused the text. Use Export as CSV instead, or select the messages on screen and copy them.',
        tone: 'error',
      });
    }
  };
  const exportCsv = async () => {
    const saved = await settle(
      () => bridge.saveFile({ kind: 'validation-csv', suggestedName: `${subject.replace(/\.[^.]+$/, '')} validation`, contents: toCsv(result, view) }),
      'save the CSV file',
    );
    if (!saved.ok) return setNotice({ text: `The CSV file was not saved: ${saved.failure.message}`, tone: 'error' });
    if (saved.value.saved) setNotice({ text: `Saved ${saved.value.fileName ?? 'the CSV file'}.`, tone: 'info' });
  };

  return (
    <div className={`verdict results ${VERDICT_LOOK[verdict.kind].className}`} data-verdict={verdict.kind}>
      <H className="verdict__headline">
        <span className="verdict__badge" aria-hidden="true">{VERDICT_LOOK[verdict.kind].badge}</span>
        {verdictHeadline(thing, verdict)}
      </H>
      <p>
        {countWords(verdict.errors, 'error')} and {countWords(verdict.warnings, 'warning')}.
      </p>
      {verdict.checks.length > 0 && (
        <ul className="results__checks" aria-label="Checks">
          {verdict.checks.map((c) => (
            <li key={c.check} className={CHECK_CLASS[c.kind]}>
              {c.check}: {checkVerdictWords[c.kind]}
            </li>
          ))}
        </ul>
      )}
      <div className="results__tools">
        <fieldset className="switch">
          <legend>Show</legend>
          <label>
            <input type="radio" name={switchName} value="filtered" checked={view === 'filtered'} onChange={() => setView('filtered')} />
            Errors and warnings, repeats counted once (filtered)
          </label>
          <label>
            <input type="radio" name={switchName} value="full" checked={view === 'full'} onChange={() => setView('full')} />
            Every message (full)
          </label>
        </fieldset>
        <div className="results__actions">
          <button type="button" className="button" onClick={() => void copy()}>
            Copy
          </button>
          <button type="button" className="button" onClick={() => void exportCsv()}>
            Export as CSV…
          </button>
        </div>
      </div>
      {notice && (
        <p className={`results__notice results__notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {groups.length === 0 && <p>{view === 'filtered' ? 'No errors or warnings.' : 'No messages.'}</p>}
      {groups.map((group) => (
        <section key={group.category} className={`results__category results__category--${group.category}`}>
          <H2>
            {categoryNames[group.category].plural} ({group.count})
          </H2>
          {group.checks.map((check) => (
            <section key={check.check} className="results__group">
              <H3>
                {check.check} ({check.rows.length})
              </H3>
              <table className="messages">
                <caption className="visually-hidden">
                  {categoryNames[group.category].plural} from the {inSentence(check.check)} check
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Rule</th>
                    <th scope="col">Box or entry</th>
                    <th scope="col">Message</th>
                    {view === 'filtered' && <th scope="col" className="messages__count">Times</th>}
                  </tr>
                </thead>
                <tbody>
                  {check.rows.map((r, i) => (
                    <tr key={i} className={`messages__row messages__row--${r.category}`}>
                      <td><CodeInWords code={r.code} /></td>
                      <td className="messages__where">{r.where ? <BreakableText text={r.where} /> : '—'}</td>
                      <td className="messages__message">
                        <BreakableText text={ratesInText(r.message)} />
                      </td>
                      {view === 'filtered' && <td className="messages__count">{r.occurrences}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}

/** The rule's words, with its code beside them for support. */
export function CodeInWords({ code }: { code: string }) {
  const words = wordsForCode(code);
  return (
    <span className="messages__rule">
      {words ? <>{words} </> : null}
      <code className="messages__code">{code}</code>
    </span>
  );
}

/** "Business rules" → "business rules" inside a sentence; "IRmark" keeps its capitals. */
function inSentence(name: string): string {
  return /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
}
