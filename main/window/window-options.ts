import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The main window's options. The webPreferences are the Electron security
 * checklist: an isolated, sandboxed renderer without Node, with web security
 * on, talking to main only through the preload's bridge.
 */
export function mainWindowOptions(preloadPath: string, { devTools }: { devTools: boolean }): BrowserWindowConstructorOptions {
  return {
    title: 'Filing Desk',
    width: 1120,
    height: 760,
    minWidth: 860,
    minHeight: 560,
    // Shown on ready-to-show so the user never sees an empty white frame.
    show: false,
    backgroundColor: '#f5f6f8',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
      // Only in development: in the shipped app DevTools would let anyone at the
      // keyboard read or change the page holding clients' tax data.
      devTools,
    },
  };
}
