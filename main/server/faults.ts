/**
 * Fault switches of the contract server, so the remote client can be tested
 * against every way a real service misbehaves: slow or hung responses, 5xx,
 * dropped connections, 429 with Retry-After, 401 for a token the client
 * thinks is fine, and bodies that are not the JSON they claim to be.
 */
export type Fault =
  | { kind: 'delay'; ms: number }
  | { kind: 'hang' }
  | { kind: 'status'; status: number }
  | { kind: 'drop-connection' }
  /** The request is handled, then the connection drops before the answer: work done, answer lost. */
  | { kind: 'drop-response' }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'unauthorized' }
  | { kind: 'malformed-body' };

export interface FaultRule {
  fault: Fault;
  /** Applies when the request path starts with this (no query); every path when absent. */
  path?: string;
  method?: string;
  /** How many requests it applies to before it switches itself off; unlimited when absent. */
  times?: number;
}

export class FaultSwitches {
  private rules: FaultRule[] = [];

  /** Adds a rule; earlier rules win when several match. */
  add(rule: FaultRule): this {
    this.rules.push({ ...rule });
    return this;
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for this request, if any, counting it against its rule. */
  take(method: string, path: string): Fault | undefined {
    const index = this.rules.findIndex(
      (r) => (!r.path || path.startsWith(r.path)) && (!r.method || r.method.toUpperCase() === method.toUpperCase()),
    );
    const rule = this.rules[index];
    if (!rule) return undefined;
    if (rule.times !== undefined) {
      rule.times--;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return rule.fault;
  }
}
