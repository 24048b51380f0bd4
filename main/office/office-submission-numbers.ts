/**
 * Companies House submission numbers from the office (docs/office.md): a
 * presenter must never use a number twice, and desks of one firm may file
 * under the same presenter account, so in an office each number's count is
 * the office's (POST /submission-numbers), then taken by this data folder's
 * own file as before. An office that cannot be reached means no number and
 * nothing sent: only the office can say no other desk used it.
 */
import { MAX_OFFICE_SUBMISSION_COUNT, submissionNumberReply } from '../../common/office/protocol.js';
import type { CredentialStore } from '../credentials/credential-store.js';
import { SubmissionNumbersError, type SubmissionNumbersAcrossDesks } from '../filing/companies-house/submission-numbers.js';
import { answerOf, joinedConnectionOf } from './office-claims-link.js';
import type { OfficeConnection } from './office-connection.js';

export function numbersUnreachableWords(url: string): string {
  return `The office at ${url} cannot be reached, so no submission number could be taken and nothing was sent: in an office, submission numbers come from the office so no two desks send the same one. Try again when the office can be reached.`;
}

export function numbersRefusedWords(url: string, why: string): string {
  return `The office at ${url} refused this desk a submission number (${why.slice(0, 300)}), so nothing was sent.`;
}

/** The office's counts over a joined data folder's connection; `office` gives null when the data folder has not joined one. */
export function officeSubmissionNumbers(office: () => Promise<{ connection: OfficeConnection } | null>): SubmissionNumbersAcrossDesks {
  return {
    async forPresenter(presenterKey, what) {
      const joined = await office();
      if (!joined) return null;
      const { connection } = joined;
      return async (atLeast) => {
        if (atLeast > MAX_OFFICE_SUBMISSION_COUNT) throw new SubmissionNumbersError('every submission number Filing Desk writes (FD0001 to FDZZZZ) has been used by this presenter');
        const answer = await answerOf(() => connection.request('POST', '/submission-numbers', { presenterKey, atLeast, for: what }, submissionNumberReply));
        if (answer.ok) return answer.value.count;
        throw new SubmissionNumbersError('unreachable' in answer ? numbersUnreachableWords(connection.url) : numbersRefusedWords(connection.url, answer.refused));
      };
    },
  };
}

/** The office's submission numbers for a data folder, as the command line and the window build them beside its SubmissionNumbers. */
export function officeSubmissionNumbersFor(dataDir: string, options: { keychain: () => Promise<CredentialStore> }): SubmissionNumbersAcrossDesks {
  return officeSubmissionNumbers(joinedConnectionOf(dataDir, options.keychain));
}
