/**
 * Debian's Chromium as the end-to-end tests start it. Without the
 * background-networking switches, Chromium tries to reach Google's hosts at
 * every start, which this closed network refuses many times over.
 */
import { existsSync } from 'node:fs';

/** The full browser: the Electron stand-in's, since Electron is one (a clipboard, permission prompts, a browser process of its own). */
export const chromiumPath = '/usr/bin/chromium';

/**
 * The window's pages in the harness: Debian's headless shell of the same
 * Chromium (package chromium-headless-shell), the same Blink and V8 without
 * the desktop browser around them. The end-to-end suite is bound by the
 * processor, and the full browser's own process took a third of Chromium's
 * time in a run of the CT600 journey (31 of 78 CPU seconds; the shell's 9
 * of 53). Where the shell is not installed the full browser serves.
 */
export const pageChromiumPath = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chromiumPath;

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
