import { describe, expect, it } from 'vitest';
import { CRASH_LOOP_WINDOW_MS, createRendererCrashRecovery } from '../../main/window/renderer-crash-recovery.js';

function setup() {
  let now = 1_000_000;
  const events: string[] = [];
  const onGone = createRendererCrashRecovery({
    now: () => now,
    reload: () => void events.push('reload'),
    giveUp: (d) => void events.push(`give up: ${d.reason}`),
    logError: (_m, d) => void events.push(`log: ${d.reason}`),
  });
  return { onGone, events, advance: (ms: number) => void (now += ms) };
}

describe('renderer crash recovery', () => {
  it('reloads after a crash, and gives up when the page dies again within the window', () => {
    const { onGone, events, advance } = setup();
    onGone({ reason: 'crashed', exitCode: 139 });
    advance(CRASH_LOOP_WINDOW_MS - 1);
    onGone({ reason: 'oom', exitCode: 0 });
    expect(events).toEqual(['log: crashed', 'reload', 'log: oom', 'give up: oom']);
    // Once given up, later events change nothing.
    onGone({ reason: 'crashed', exitCode: 1 });
    expect(events).toHaveLength(4);
  });

  it('reloads again when the previous crash was long enough ago', () => {
    const { onGone, events, advance } = setup();
    onGone({ reason: 'crashed', exitCode: 1 });
    advance(CRASH_LOOP_WINDOW_MS);
    onGone({ reason: 'killed', exitCode: 9 });
    expect(events).toEqual(['log: crashed', 'reload', 'log: killed', 'reload']);
  });

  it('ignores a renderer that exited normally', () => {
    const { onGone, events } = setup();
    onGone({ reason: 'clean-exit', exitCode: 0 });
    expect(events).toEqual([]);
  });
});
