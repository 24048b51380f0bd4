/**
 * Native baselines run from a small helper process, never from the bench's
 * own. Starting a child forks the process that starts it, and after a fork
 * every page the parent writes to first costs it a page fault (copy on
 * write). The bench process holds the inputs and ours's working memory
 * (500 MB and more), so a baseline started from it made ours pay for the
 * baseline: here, reading every entry of the 2,000-file package took 27 ms
 * after nothing and 274 ms after `spawnSync('/bin/true')`, and the ratios
 * counted that as ours. The helper is a bare Node process of a few tens of
 * MB; it forks, runs the command, and answers with its output and the CPU
 * time its children used.
 *
 * The bench waits for the answer synchronously (its baselines are
 * synchronous functions): requests and answers go through two named pipes,
 * length-prefixed JSON, and the answer's pipe is polled without blocking so
 * a helper that dies is noticed instead of waited on for ever.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, writeSync, constants as fsConstants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NativeResult {
  status: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** The helper's finished children's CPU time so far (user and system), in ms; null where there is no /proc. */
  childUserMs: number | null;
  childSystemMs: number | null;
}

/** The helper: reads a request, runs it through bash (no start-up files: measure.ts, sh), answers. Plain JavaScript, run with `node -e`. */
const HELPER = String.raw`
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const [dir, requests, answers] = process.argv.slice(1);
const inbox = fs.openSync(requests, 'r');
const outbox = fs.openSync(answers, 'w');
// Both ends are open on both sides now (the bench opened its own first): the pipes need no names, so nothing is left behind however the bench ends.
fs.rmSync(dir, { recursive: true, force: true });
function readExactly(n) {
  const out = Buffer.alloc(n);
  for (let got = 0; got < n; ) {
    const r = fs.readSync(inbox, out, got, n - got, null);
    if (r === 0) process.exit(0);
    got += r;
  }
  return out;
}
function childCpu() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[13]) * 10, system: Number(fields[14]) * 10 };
  } catch {
    // No /proc (macOS): the starved check has no CPU time to go on, as before.
    return { user: null, system: null };
  }
}
for (;;) {
  const length = readExactly(4).readUInt32LE(0);
  const { command } = JSON.parse(readExactly(length).toString('utf8'));
  const r = spawnSync('bash', ['--norc', '--noprofile', '-o', 'pipefail', '-c', command], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const cpu = childCpu();
  const answer = Buffer.from(JSON.stringify({ status: r.status, signal: r.signal, stdout: String(r.stdout ?? ''), stderr: (r.error ? String(r.error) + '\n' : '') + String(r.stderr ?? ''), childUserMs: cpu.user, childSystemMs: cpu.system }));
  const head = Buffer.alloc(4);
  head.writeUInt32LE(answer.length, 0);
  fs.writeSync(outbox, Buffer.concat([head, answer]));
}
`;

/** How long the bench waits between looks at the answer pipe (ms): far below any baseline's time. */
const POLL_MS = 0.1;
/** A baseline that takes this long has hung. */
const GIVE_UP_MS = 10 * 60 * 1000;

class HelperEnded extends Error {}

class NativeRunner {
  private readonly sleeper = new Int32Array(new SharedArrayBuffer(4));

  private constructor(
    private readonly requests: number,
    private readonly answers: number,
    private readonly child: ChildProcess,
  ) {}

  static start(): NativeRunner {
    const dir = mkdtempSync(join(tmpdir(), 'fd-bench-native-'));
    const requests = join(dir, 'requests');
    const answers = join(dir, 'answers');
    // The pipes are made while this process is still small: the one fork it pays for.
    const made = spawnSync('mkfifo', [requests, answers]);
    if (made.status !== 0) throw new Error(`the native baselines' helper needs mkfifo: ${made.stderr}`);
    // Opened here before the helper starts (read-write and non-blocking opens of a named pipe never wait for the other end),
    // so the helper, which opens them after, may remove their names, and a helper that fails to start cannot hang the bench.
    const requestsFd = openSync(requests, fsConstants.O_RDWR);
    const answersFd = openSync(answers, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
    const child = spawn(process.execPath, ['-e', HELPER, dir, requests, answers], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.unref();
    return new NativeRunner(requestsFd, answersFd, child);
  }

  run(command: string): NativeResult {
    const body = Buffer.from(JSON.stringify({ command }));
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length, 0);
    writeSync(this.requests, Buffer.concat([head, body]));
    const length = this.readExactly(4).readUInt32LE(0);
    return JSON.parse(this.readExactly(length).toString('utf8')) as NativeResult;
  }

  close(): void {
    closeSync(this.requests);
    closeSync(this.answers);
    this.child.kill();
  }

  private readExactly(n: number): Buffer {
    const out = Buffer.alloc(n);
    const since = performance.now();
    let lastLook = since;
    for (let got = 0; got < n; ) {
      let r = 0;
      try {
        r = readSync(this.answers, out, got, n - got, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      }
      if (r > 0) {
        got += r;
        continue;
      }
      const now = performance.now();
      if (now - lastLook > 100) {
        lastLook = now;
        if (!this.alive()) throw new HelperEnded('the native baselines\' helper process ended without answering');
        if (now - since > GIVE_UP_MS) throw new Error(`a native baseline ran for over ${GIVE_UP_MS / 60000} minutes`);
      }
      Atomics.wait(this.sleeper, 0, 0, POLL_MS);
    }
    return out;
  }

  /** Whether the helper still runs: this process's event loop is blocked, so an ended helper is a zombie nobody has reaped yet. */
  private alive(): boolean {
    const pid = this.child.pid!;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      // No such process, or no /proc (macOS): there, whether it exists at all (a zombie does, so a dead helper is noticed only at GIVE_UP_MS).
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    }
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  }
}

let runner: NativeRunner | undefined;
let cpuSoFar = { user: 0, system: 0 };
/** One exit handler closes whichever helper is running then (a helper that ended is replaced). */
let closesAtExit = false;

/** Runs `command` (bash, no start-up files) in the helper, started at the first call and ended with the bench. */
export function runNative(command: string): NativeResult {
  if (runner === undefined) {
    runner = NativeRunner.start();
    if (!closesAtExit) process.once('exit', () => runner?.close());
    closesAtExit = true;
  }
  let result: NativeResult;
  try {
    result = runner.run(command);
  } catch (error) {
    // A helper that ended is replaced at the next call; this baseline fails loudly.
    if (error instanceof HelperEnded) {
      runner.close();
      runner = undefined;
    }
    throw error;
  }
  cpuSoFar = { user: result.childUserMs ?? Number.NaN, system: result.childSystemMs ?? Number.NaN };
  return result;
}

/** The CPU time the helper's finished children have used so far, in ms (zero before the first baseline). */
export function nativeChildCpuMs(): { user: number; system: number } {
  return cpuSoFar;
}
