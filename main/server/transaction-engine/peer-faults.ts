/**
 * Ways the Transaction Engine peer misbehaves on purpose, so the client can
 * be tested against each: no acknowledgement, HMRC's 5xx, a slow answer, a
 * lost response, a TransactionID it claims to hold already, and a response
 * delivered a second time.
 */
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
  /** The delete request is answered with the submission's response once more, as a late duplicate would arrive. */
  | { kind: 'response-twice' };

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
