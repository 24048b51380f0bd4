/**
 * What someone with write access to the data folder (or a folder the user
 * opens files from) can put where Filing Desk expects an ordinary file, and
 * the generous bounds every answer to it must meet.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, ftruncateSync, openSync } from 'node:fs';

export const MiB = 1024 * 1024;
const fifos: string[] = [];

/** A named pipe with no writer: a blocking read of it never returns. */
export function makeFifo(path: string): string {
  execFileSync('mkfifo', [path]);
  fifos.push(path);
  return path;
}

/**
 * Gives every reader still blocked on one of the pipes made here its end of
 * file, so code that wrongly waits on a pipe fails its test instead of
 * holding Node's file threads for the rest of the run.
 */
export function releaseFifos(): void {
  for (const path of fifos.splice(0)) {
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // no reader is waiting (ENXIO) or the pipe is gone: nothing to release
    }
  }
}

/** A file of `bytes` that takes no disk space: reading it whole is what must not happen. */
export function makeSparse(path: string, bytes: number): string {
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  return path;
}

/** The promise's value, or a failure naming what did not finish in time (instead of a hang). */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Runs `work` and reports how much the JavaScript heap and buffers grew at their peak, sampled as it runs. */
export async function peakGrowth<T>(work: () => Promise<T>): Promise<{ value: T; grewBy: number }> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = used();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 5);
  try {
    const value = await work();
    peak = Math.max(peak, used());
    return { value, grewBy: peak - before };
  } finally {
    clearInterval(sampler);
  }
}
