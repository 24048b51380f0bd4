/**
 * Debian's Chromium as the end-to-end tests start it. Without the
 * background-networking switches, Chromium tries to reach Google's hosts at
 * every start, which this closed network refuses many times over.
 */
export const chromiumPath = '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
