/**
 * HMRC's error in a bookkeeper's words, for the column beside HMRC's own
 * number and text: our words for the rule where Filing Desk has them (the same
 * words local validation uses), what to do for a refused sign-in, and
 * otherwise HMRC's own sentence, which is plain English for most rules.
 */
import { OUR_MESSAGES } from '../engine/validation/hmrc/our-messages.js';
import { isAuthenticationError } from './outcomes.js';

const sentence = (words: string) => {
  const trimmed = words.trim().replace(/[.\s]+$/, '');
  return trimmed ? `${trimmed[0]!.toUpperCase()}${trimmed.slice(1)}.` : '';
};

export function plainWordsOfHmrcError(number: string, hmrcText: string): string {
  if (isAuthenticationError(number)) {
    return 'HMRC did not accept the Government Gateway user ID and password: check them in Settings › Government Gateway.';
  }
  const ours = OUR_MESSAGES[number];
  return sentence(ours ? ours.message : hmrcText);
}
