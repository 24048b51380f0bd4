/**
 * Replies an impostor Transaction Engine might send, each filled to a given
 * size (the 4 MiB reply limit in the bench, less in tests), beside a
 * well-formed reply of the same size to compare them with. Each is a real
 * GovTalk acknowledgement or error for the given submission with the hostile
 * part where a server could put it: a comment, the Body, the error list.
 */
import { acknowledgementXml, errorReplyXml } from '../../../main/server/transaction-engine/peer-replies.js';

export interface ReplyFor {
  messageClass: string;
  transactionId: string;
  correlationId: string;
  pollUrl: string;
}

export type HostileShape = 'well-formed' | 'open-comments' | 'authentication-in-comment' | 'empty-elements' | 'business-errors' | 'deep-nesting' | 'references';

export const HOSTILE_SHAPES: readonly Exclude<HostileShape, 'well-formed'>[] = ['open-comments', 'authentication-in-comment', 'empty-elements', 'business-errors', 'deep-nesting', 'references'];

export const SHAPE_NAMES: Record<HostileShape, string> = {
  'well-formed': 'a well-formed acknowledgement (one long Key)',
  'open-comments': 'repeated "<!--", never closed',
  'authentication-in-comment': 'a comment of repeated "<Authentication>"',
  'empty-elements': 'empty elements, one after another',
  'business-errors': 'a business rejection listing ErrorResponse errors',
  'deep-nesting': 'elements nested 100,000 levels deep',
  references: 'character and entity references only',
};

const ack = (r: ReplyFor) => acknowledgementXml({ ...r, pollIntervalSeconds: 2, at: new Date(0) });

/** `head` + `unit` repeated + `tail`, as many units as fit in `bytes` (ASCII units: characters are bytes). */
function filled(head: string, unit: string, tail: string, bytes: number): string {
  return head + unit.repeat(Math.max(1, Math.floor((bytes - head.length - tail.length) / unit.length))) + tail;
}

/** The reply of `shape`, about `bytes` long (never more). */
export function hostileReply(shape: HostileShape, r: ReplyFor, bytes: number): string {
  const reply = ack(r);
  const at = reply.indexOf('</GovTalkMessage>');
  const head = reply.slice(0, at);
  const tail = reply.slice(at);
  switch (shape) {
    case 'well-formed': {
      const keyAt = reply.indexOf('<Keys></Keys>');
      return filled(`${reply.slice(0, keyAt)}<Keys><Key Type="note">`, 'abcdefghij', `</Key></Keys>${reply.slice(keyAt + '<Keys></Keys>'.length)}`, bytes);
    }
    case 'open-comments':
      return filled(head, '<!--', tail, bytes);
    case 'authentication-in-comment':
      return filled(`${head}<!--`, '<Authentication>', `-->${tail}`, bytes);
    case 'empty-elements':
      return filled(`${head}<Extra>`, '<a/>', `</Extra>${tail}`, bytes);
    case 'deep-nesting': {
      const levels = Math.min(100_000, Math.floor((bytes - reply.length) / 7));
      return `${head}${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}${tail}`;
    }
    case 'references':
      return filled(`${head}<Extra>`, '&#x41;&amp;&lt;', `</Extra>${tail}`, bytes);
    case 'business-errors': {
      const one = { raisedBy: 'ChRIS', number: '9200', type: 'business', text: '', location: '' };
      const base = errorReplyXml({ ...r, errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: 'Business validation failed.' }], businessErrors: [one], at: new Date(0) });
      const each = errorReplyXml({ ...r, errors: [], businessErrors: [one, one], at: new Date(0) }).length - errorReplyXml({ ...r, errors: [], businessErrors: [one], at: new Date(0) }).length;
      // Less a little: MessageCount grows by a few digits.
      const count = Math.max(1, 1 + Math.floor((bytes - base.length - 16) / each));
      return errorReplyXml({ ...r, errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: 'Business validation failed.' }], businessErrors: Array.from({ length: count }, () => one), at: new Date(0) });
    }
  }
}
