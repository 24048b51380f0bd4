/**
 * Who a process is, well enough to tell whether the owner of a filing claim
 * is still running: its PID alone is not enough, because PIDs are handed out
 * again (quickly on Windows, and from the bottom after every reboot), so a
 * claim left by a killed process may name a PID that another program now
 * has. A process is identified by its PID with its start time, and a claim
 * is given up as stale only when this computer has no process with that PID
 * and that start time.
 *
 * Start times: on Linux the kernel gives every process's start in clock
 * ticks since boot (/proc/<pid>/stat, field 22, "starttime"; proc(5)), and
 * the boot itself a random identifier (/proc/sys/kernel/random/boot_id), so
 * "boot id + ticks" is one process for good, across reboots. The boot id is
 * used rather than the boot time (/proc/stat "btime"), which the kernel works
 * out from the clock and can move by a second when the clock is adjusted: a
 * live owner would then look like another process. On Windows and macOS Node
 * offers no way to read another process's start time (asking `ps` or WMI
 * starts a program and reads text that differs between versions), so there
 * the start time is unknown, and a claim whose PID is alive is treated as
 * alive: the user is told who holds it and how to take it over, which is
 * slower but never files a return twice.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  pid: number;
  /** Opaque and comparable for equality only; null where the platform does not say (see above). */
  startTime: string | null;
  host: string;
}

/** What the checks read of the running system: the real one, or a test's. */
export interface ProcessTable {
  platform: NodeJS.Platform;
  host: () => string;
  /** Whether any process has this PID (of any user). */
  exists: (pid: number) => boolean;
  /** The file's text, or undefined when it cannot be read. */
  readText: (path: string) => string | undefined;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

export const systemProcessTable: ProcessTable = {
  platform: process.platform,
  host: () => hostname(),
  exists: pidExists,
  readText: (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
};

/** A PID as the operating system hands them out: 0 and negatives mean process groups to kill(), never one process. */
export const isProcessId = (pid: unknown): pid is number => typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0;

/** The start time of process `pid`, or null when this platform does not say or the process is gone. */
export function processStartTime(pid: number, table: ProcessTable = systemProcessTable): string | null {
  if (table.platform !== 'linux' || !isProcessId(pid)) return null;
  const stat = table.readText(`/proc/${pid}/stat`);
  const bootId = table.readText('/proc/sys/kernel/random/boot_id')?.trim();
  if (stat === undefined || !bootId) return null;
  // "pid (comm) state ppid …": the command name may hold spaces and parentheses, so fields are counted after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).trim().split(/\s+/);
  // Field 3 (state) is fields[0], so field 22 (starttime) is fields[19].
  const ticks = fields[19];
  return ticks !== undefined && /^\d+$/.test(ticks) ? `linux boot ${bootId} tick ${ticks}` : null;
}

/** This process, as a claim names its owner. */
export function thisProcess(table: ProcessTable = systemProcessTable): ProcessIdentity {
  return { pid: process.pid, startTime: processStartTime(process.pid, table), host: table.host() };
}

/**
 * Whether the process `owner` names is provably gone: it ran on this computer
 * and no process has its PID, or the process with its PID started at another
 * time (its PID was handed out again). A process on another computer, or one
 * whose start time cannot be compared, is never provably gone.
 */
export function isProvablyGone(owner: ProcessIdentity, table: ProcessTable = systemProcessTable): boolean {
  if (owner.host !== table.host() || !isProcessId(owner.pid)) return false;
  if (!table.exists(owner.pid)) return true;
  if (owner.startTime === null) return false;
  const now = processStartTime(owner.pid, table);
  return now !== null && now !== owner.startTime;
}
