/**
 * The benchmarks' native baselines run in a helper process, so the bench
 * process (which holds the inputs and ours's memory) is never forked and
 * never pays again for its pages after a baseline.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { childCpuMs, sh } from '../../scripts/bench/lib/measure.js';
import { nativeChildCpuMs } from '../../scripts/bench/lib/native-runner.js';

/** This process's own finished children's CPU time, in clock ticks (cutime + cstime). */
function ownChildTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

describe.runIf(process.platform === 'linux')('native baselines from a helper process', () => {
  it('gives a command its output, and a failing one fails loudly with its status and standard error', () => {
    expect(sh('printf "%s" "$((6 * 7))"')).toBe('42');
    expect(() => sh('echo broken >&2; exit 3')).toThrow(/baseline failed \(3\)[\s\S]*broken/);
  });

  it('fails a baseline whose helper ends without answering, and starts a new helper for the next one', () => {
    // The shell's parent is the helper.
    expect(() => sh('kill -9 $PPID; sleep 5')).toThrow(/helper process ended without answering/);
    expect(sh('echo again')).toBe('again\n');
  });

  it('runs the command in the helper, not in a child of this process, and still counts its CPU time for the starved check', () => {
    sh('true');
    const own = ownChildTicks();
    const before = childCpuMs();
    const helperBefore = nativeChildCpuMs();
    // About a fifth of a second of CPU in the shell: enough clock ticks to see.
    sh('i=0; while [ $i -lt 200000 ]; do i=$((i + 1)); done');
    expect(ownChildTicks()).toBe(own);
    const helperAfter = nativeChildCpuMs();
    const spent = helperAfter.user + helperAfter.system - helperBefore.user - helperBefore.system;
    expect(spent).toBeGreaterThan(0);
    const after = childCpuMs();
    expect(after.user + after.system - before.user - before.system).toBe(spent);
  });
});
