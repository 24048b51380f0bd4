/**
 * Every figure of the computation keeps its working: the inputs it came from,
 * the rule it follows and the rate or limit it used, in words a preparer can
 * check and a printed computation can carry.
 */
export interface WorkingLine {
  /** Stable name of the figure, e.g. "capitalAllowances.mainPool.writingDownAllowance". */
  id: string;
  /** The CT600 box the figure fills, when it fills one. */
  box?: string;
  label: string;
  /** Pounds (with pence where the figure has them). */
  amount: number;
  /** How it was worked out, with the inputs and rates used. */
  how: string;
  /** The law or HMRC manual page it follows. */
  rule?: string;
}

export class Working {
  readonly lines: WorkingLine[] = [];
  add(line: WorkingLine): void {
    this.lines.push(line);
  }
}
