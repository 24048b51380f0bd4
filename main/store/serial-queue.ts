/**
 * Runs tasks one after another: a store's read-modify-write steps must not
 * interleave, or two quick changes could each start from the same old state
 * and the second write would undo the first.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    // The next task waits for this one whether it succeeded or not.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
