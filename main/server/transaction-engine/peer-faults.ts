/**
 * Ways the Transaction Engine peer misbehaves on purpose, so the client can
 * be tested against each: no acknowledgement, HMRC's 5xx, a slow answer, a
 * lost response, a TransactionID it claims to hold already, a response
 * delivered a second time, another submission's rejection answering a
 * submission; and, as a hostile engine would, any reply of the
 * test's making after the request was handled (an error about the poll, a
 * receipt for another return, a ResponseEndPoint elsewhere, a PollInterval
 * of 0, an HTML page, a password echoed back), or an endless reply.
 */

/** What the peer holds of the submission an exchange concerns, for a test's own reply. */
export interface PeerHeldView {
  transactionId: string;
  correlationId: string;
  messageClass: string;
  irmark: string;
  utr: string;
}

export interface PeerReplyContext {
  /** The submission this exchange concerns (by TransactionID or CorrelationID), once the peer holds it. */
  held: PeerHeldView | undefined;
  /** http://host:port of the peer, as the client reached it. */
  origin: string;
  /** The message the client sent, as text. */
  request: string;
}
export type PeerFault =
  /** The submission is held, but the answer is an empty 202: no acknowledgement arrives. */
  | { kind: 'no-acknowledgement' }
  /** Answered with this HTTP status before anything is done. */
  | { kind: 'server-error'; status: number }
  /** The next polls are answered with acknowledgements again (this many), at this interval. */
  | { kind: 'slow-poll'; polls: number; intervalSeconds?: number }
  /** The request is handled, then the connection drops before the answer: work done, answer lost. */
  | { kind: 'lost-response' }
  /** The submission is held, and answered as a repeat of a TransactionID already held (as if an earlier copy had arrived). */
  | { kind: 'duplicate-transaction-id' }
  /**
   * The submission is held, and answered with another submission's business
   * rejection (3001 with an ErrorResponse): its own CorrelationID, and this
   * submission's TransactionID (or none, with `transactionId: 'none'`), as a
   * mixed-up or hostile engine would. Never HMRC's verdict on this one.
   */
  | { kind: 'rejection-of-another'; transactionId?: 'ours' | 'none' }
  /** The delete request is answered with the submission's response once more, as a late duplicate would arrive. */
  | { kind: 'response-twice' }
  /** The request is handled as usual, then answered with this instead. */
  | { kind: 'reply'; status?: number; contentType?: string; body: (context: PeerReplyContext) => string }
  /** The request is handled as usual, then answered with this many bytes of XML-looking text, streamed without Content-Length. */
  | { kind: 'endless-reply'; bytes: number };

export type PeerRoute = 'submission' | 'poll' | 'list' | 'delete';

export interface PeerFaultRule {
  fault: PeerFault;
  /** Which exchange it applies to; every one when absent. */
  on?: PeerRoute;
  /** How many exchanges it applies to before it switches itself off; unlimited when absent. */
  times?: number;
}

export class PeerFaults {
  private rules: PeerFaultRule[] = [];

  add(rule: PeerFaultRule): this {
    this.rules.push({ ...rule });
    return this;
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for this exchange, if any, counting it against its rule. */
  take(route: PeerRoute, accepts: (fault: PeerFault) => boolean = () => true): PeerFault | undefined {
    const index = this.rules.findIndex((r) => (!r.on || r.on === route) && accepts(r.fault));
    const rule = this.rules[index];
    if (!rule) return undefined;
    if (rule.times !== undefined && --rule.times <= 0) this.rules.splice(index, 1);
    return rule.fault;
  }
}
