/**
 * What every ratio benchmark shares: ours and the native baseline run on the
 * same input, alternately (so a neighbour's load on this shared machine hits
 * both alike), after a warm-up of each, and the medians are compared.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants as fsConstants, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nativeChildCpuMs, runNative } from './native-runner.js';

/** One line of bench-results/summary.json. */
export interface SummaryRow {
  case: string;
  oursMs: number | null;
  baselineMs: number | null;
  /** ours/baseline; for a memory row, the multiple of the input size. */
  ratio: number | null;
  peakRssMB: number | null;
  /** Figures that are not times (bytes, requests per second): printed beside the row. */
  note?: string;
  /** The native baseline's wall time was well over its CPU time: the machine was busy, so the ratio is not judged. */
  starved?: true;
}

export const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The process's peak resident set since the last reset (Linux VmHWM), in MB. */
export function peakRssMB(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 1048576;
}

/** Current resident set (Linux VmRSS), in MB. */
export function rssMB(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 1048576;
}

/** Resets VmHWM to the current RSS, so peakRssMB() measures from here (Linux 4.0+). */
export function resetPeakRss(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux or not permitted: the peak then counts from process start.
  }
}

/**
 * A new directory for the files a native baseline reads, in memory where the
 * machine has a tmpfs (/dev/shm). Ours reads its input from memory; the
 * baseline must too, or the ratio also measures the disk. On the machines
 * these runs are made on, the kernel pages out page cache not touched for a
 * minute (DAMON's proactive reclaim), so a tree written at the start of a
 * case could be read back from disk by unzip and xmllint minutes later. A
 * tmpfs without swap is never paged out. Elsewhere it falls back to the
 * temporary directory.
 */
export function baselineDir(prefix: string): string {
  const shm = '/dev/shm';
  try {
    if (statSync(shm).isDirectory()) {
      accessSync(shm, fsConstants.W_OK);
      return mkdtempSync(join(shm, prefix));
    }
  } catch {
    // No tmpfs here: the disk it is.
  }
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface Pair {
  oursMs: number;
  baselineMs: number;
  ratio: number;
  peakRssMB: number;
  oursRuns: number[];
  baselineRuns: number[];
  /** The baseline's median CPU time (its child processes' user + system), beside its median wall time, and the system part of it. */
  baselineCpuMs: number;
  baselineSystemMs: number;
  /** Whether the baseline waited for the processor more than it used it (see STARVED). */
  starved: boolean;
}

/**
 * A native baseline reads cached files and computes: on a quiet machine its
 * wall time is its CPU time. Once the wall time is half as much again (and
 * 20 ms more, for the shell's start), it waited for a processor or for memory
 * the machine was reclaiming: one run here measured `unzip -t` of a 260 KB
 * package at 1.2 s against 45 ms quiet. A ratio over such a baseline says
 * nothing of ours, so its target is not judged met. The same when a third
 * or more of the baseline's CPU time is system time: these tools compute in
 * user space over cached files (xmllint on the 10 MB report: 120 ms user,
 * 10 ms system), and runs here in which a fresh process's pages cost the
 * machine dear measured xmllint at 709–894 ms against 93 ms quiet, zip -6 of
 * 5 MB at 788 ms (500 ms system) against 55 ms.
 */
export const STARVED = { factor: 1.5, slackMs: 20, systemShare: 1 / 3 };

/**
 * CPU time of the native baselines' processes so far (Linux: cutime and
 * cstime from /proc/<pid>/stat of this process and of the helper that runs
 * the baselines, native-runner.ts), user and system apart, in ms; NaN
 * elsewhere.
 */
export function childCpuMs(): { user: number; system: number } {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces), which ends at the last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line, in clock ticks (100 a second on Linux).
    const native = nativeChildCpuMs();
    return { user: (Number(fields[13]) * 1000) / 100 + native.user, system: (Number(fields[14]) * 1000) / 100 + native.system };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}

/**
 * Runs ours and the baseline alternately `runs` times after one warm-up each
 * and returns the medians. The peak RSS is this process's (ours runs here;
 * the baseline runs in child processes).
 */
export async function interleaved(ours: () => unknown, baseline: () => unknown, runs = RUNS): Promise<Pair> {
  await ours();
  await baseline();
  resetPeakRss();
  const o: number[] = [];
  const b: number[] = [];
  const bCpu: number[] = [];
  const bSystem: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first so neither always runs on a warmer cache.
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const cpu0 = childCpuMs();
      const t0 = performance.now();
      await (which === 0 ? ours() : baseline());
      (which === 0 ? o : b).push(performance.now() - t0);
      if (which === 1) {
        const cpu1 = childCpuMs();
        bCpu.push(cpu1.user + cpu1.system - cpu0.user - cpu0.system);
        bSystem.push(cpu1.system - cpu0.system);
      }
    }
  }
  const oursMs = median(o);
  const baselineMs = median(b);
  const baselineCpuMs = median(bCpu);
  const baselineSystemMs = median(bSystem);
  const starved = Number.isFinite(baselineCpuMs) && (baselineMs > STARVED.factor * baselineCpuMs + STARVED.slackMs || baselineSystemMs > STARVED.systemShare * baselineCpuMs + STARVED.slackMs);
  return { oursMs, baselineMs, ratio: oursMs / baselineMs, peakRssMB: peakRssMB(), oursRuns: o, baselineRuns: b, baselineCpuMs, baselineSystemMs, starved };
}

export function row(name: string, pair: Pair, note?: string): SummaryRow {
  const starvedNote = pair.starved
    ? `baseline starved: ${Math.round(pair.baselineMs)} ms wall against ${Math.round(pair.baselineCpuMs)} ms of CPU, ${Math.round(pair.baselineSystemMs)} ms of it system time; not judged`
    : undefined;
  const notes = [note, starvedNote].filter((n) => n !== undefined).join('; ');
  return {
    case: name,
    oursMs: round(pair.oursMs, 1),
    baselineMs: round(pair.baselineMs, 1),
    ratio: round(pair.ratio, 2),
    peakRssMB: round(pair.peakRssMB, 0),
    ...(notes ? { note: notes } : {}),
    ...(pair.starved ? { starved: true as const } : {}),
  };
}

export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/**
 * Runs a shell pipeline of native tools and fails loudly if it fails: a
 * broken baseline must not look fast. It runs in a small helper process
 * (native-runner.ts), so starting it does not fork this one, whose pages
 * ours would then pay to write again. The shell reads no start-up file:
 * Debian's bash sources ~/.bashrc when its standard input is a socket (its
 * rule for a shell started by a remote-shell daemon) and the shell level is
 * low, and Node gives a child sockets for its standard streams. On a
 * machine whose .bashrc runs `pyenv init`, that added about 470 ms to every
 * baseline of a bench started from a background job (`bash -c true` 467 ms
 * against 10 ms), which the ratios then counted as the native tool's.
 */
export function sh(command: string): string {
  const r = runNative(command);
  if (r.status !== 0) throw new Error(`baseline failed (${r.status ?? r.signal}): ${command}\n${r.stderr}`);
  return r.stdout;
}

/** The native tools the baselines need; a missing one is a setup error with the apt line that fixes it. */
export function requireTools(...tools: string[]): void {
  const missing = tools.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
  if (missing.length > 0) throw new Error(`benchmark baselines need ${missing.join(', ')}: apt-get install -y zip unzip openssl libxml2-utils chromium`);
  // The baselines' helper starts now, while the case's inputs are not yet made and this process is small.
  runNative('true');
}
