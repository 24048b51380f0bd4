/**
 * The window's screen tests (jsdom) wait for what the screen shows with
 * Testing Library's waitFor and findBy…, which give up after one second by
 * default. Beside Chromium and the child processes of other test files (a
 * second worker on a two-core machine), a screen that settles in 200 ms
 * alone has taken over a second: the wait is for the screen's answer, not a
 * timing check.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
