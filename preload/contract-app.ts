/**
 * The application itself: its version and platform, and the commands of the
 * application menu main sends to the page.
 */
import type { IpcResult } from './contract-ipc.js';

export interface AppInfo {
  version: string;
  platform: string;
}

// ---------------------------------------------------------------------------
// Events main sends to the page (the application menu acts on drafts).

export type MenuCommand = 'new-return' | 'new-package' | 'open' | 'save' | 'save-as';
export const menuCommands = ['new-return', 'new-package', 'open', 'save', 'save-as'] as const satisfies ReadonlyArray<MenuCommand>;
/** The one channel main sends on; the preload passes only a known MenuCommand through. */
export const MENU_COMMAND_CHANNEL = 'menu.command';

export interface AppChannels {
  'app.info': { request: void; response: AppInfo };
}

export const appChannels = ['app.info'] as const satisfies ReadonlyArray<keyof AppChannels>;

export interface AppBridge {
  appInfo(): Promise<IpcResult<AppInfo>>;
  /** Calls the listener for each application menu command; returns the function that stops it. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

export const appBridgeChannels = {
  appInfo: 'app.info',
} as const satisfies { [M in Exclude<keyof AppBridge, 'onMenuCommand'>]: keyof AppChannels };
