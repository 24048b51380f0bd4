import { useState } from 'react';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { SummaryList } from '../../components/SummaryList.js';
import { settle } from '../frame/bridge-call.js';
import { ukPeriod } from '../../format/index.js';
import { useFilingApi } from './filing-api.js';
import type { SubmissionView } from './filing-types.js';
import { ENVIRONMENT_SHORT, groupedBase32, receiptTime, spacedUtr } from './filing-words.js';

/**
 * HMRC's receipt for an accepted return, laid out to print on its own (the
 * print stylesheet hides everything but `.print-only-this`): when HMRC
 * accepted it, the IRmark in HMRC's base32 form and whether it is the one we
 * built, the correlation ID, and what was filed.
 */
export function FilingReceipt({ submission, headingLevel = 3 }: { submission: SubmissionView; headingLevel?: 2 | 3 }) {
  const api = useFilingApi();
  const [note, setNote] = useState<ActionNoteText | null>(null);
  const receipt = submission.receipt;
  if (!receipt) return null;
  const H = headingLevel === 2 ? 'h2' : 'h3';

  const save = async (what: 'receipt' | 'return') => {
    setNote(null);
    const words = what === 'receipt' ? 'HMRC’s receipt' : 'the return as filed';
    const r = await settle(() => api.save({ transactionId: submission.transactionId, what }), `save ${words}`);
    if (!r.ok) return setNote({ text: `${what === 'receipt' ? 'HMRC’s receipt' : 'The return as filed'} was not saved: ${r.failure.message}`, tone: 'error' });
    if (r.value.saved) setNote({ text: `Saved ${words} as ${r.value.fileName ?? 'the file you chose'}.`, tone: 'info' });
  };

  return (
    <section className="receipt print-only-this" aria-labelledby="receipt-heading" data-testid="filing-receipt">
      <H id="receipt-heading" className="receipt__title" tabIndex={-1}>
        {submission.environment === 'live' ? 'HMRC accepted the return' : 'HMRC accepted the test return'}
      </H>
      {submission.environment !== 'live' ? (
        <p className="receipt__test">This was a test ({ENVIRONMENT_SHORT[submission.environment]}): HMRC checked the return but did not file it. File it live when you are ready.</p>
      ) : null}
      <SummaryList
        rows={[
          { key: 'Accepted', value: <span data-testid="receipt-accepted-at">{receiptTime(receipt.acceptedAt)}</span> },
          { key: 'Company', value: submission.company },
          { key: 'Unique Taxpayer Reference (UTR)', value: spacedUtr(submission.utr) },
          { key: 'Period', value: ukPeriod(submission.periodStart, submission.periodEnd) ?? '' },
          { key: 'Where it was sent', value: ENVIRONMENT_SHORT[submission.environment] },
          {
            key: 'IRmark (HMRC’s receipt)',
            value: (
              <>
                <code className="receipt__irmark" data-testid="receipt-irmark-base32">
                  {groupedBase32(receipt.irmarkBase32)}
                </code>
                <span className={receipt.matchesOurs ? 'receipt__match' : 'receipt__mismatch'} data-testid="receipt-irmark-check">
                  {receipt.matchesOurs
                    ? 'Matches the IRmark of the return Filing Desk built and sent.'
                    : 'Does not match the IRmark of the return Filing Desk built. Keep this receipt and contact HMRC’s Online Services helpdesk.'}
                </span>
              </>
            ),
          },
          { key: 'IRmark (as in the return)', value: <code className="unbroken" data-testid="receipt-irmark-base64">{receipt.irmarkBase64}</code> },
          { key: 'Correlation ID', value: <code data-testid="receipt-correlation-id">{receipt.correlationId}</code> },
          { key: 'Transaction ID', value: <code>{submission.transactionId}</code> },
        ]}
      />
      <div className="button-row no-print">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print or save as PDF
        </button>
        <button type="button" className="button" onClick={() => void save('receipt')}>
          Save HMRC’s receipt (XML)
        </button>
        <button type="button" className="button" onClick={() => void save('return')}>
          Save the return as filed
        </button>
      </div>
      <div className="no-print">
        <ActionNote note={note} testId="receipt-note" />
      </div>
    </section>
  );
}
