import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../preload/contract.js';

/**
 * The application menu. Electron's default menu has Reload, Force Reload and
 * Toggle Developer Tools (with their shortcuts): in the shipped app those let
 * anyone at the keyboard inspect or rewrite the page that holds clients' tax
 * data, so the packaged menu has only what a user needs: the editing
 * commands (their shortcuts drive copy and paste in text fields), Window, and
 * Quit. A development run adds a View menu with the reload and tools entries.
 * The File menu's draft commands are sent to the page, which owns the draft
 * being edited (main only stores it). Help holds "Show log folder".
 */
export interface MenuContext {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  appName: string;
  /** Sends a File menu command to the main window (MENU_COMMAND_CHANNEL). */
  sendCommand: (command: MenuCommand) => void;
  /** Opens the folder holding the log file in the system's file manager (Help → Show log folder). */
  showLogFolder: () => void;
}

/** The File menu's draft commands, in menu order, with their shortcuts. */
export const fileMenuCommands: ReadonlyArray<{ command: MenuCommand; label: string; accelerator?: string }> = [
  { command: 'new-return', label: '&New return', accelerator: 'CmdOrCtrl+N' },
  { command: 'new-package', label: 'New report &package' },
  { command: 'open', label: '&Open…', accelerator: 'CmdOrCtrl+O' },
  { command: 'save', label: '&Save', accelerator: 'CmdOrCtrl+S' },
  { command: 'save-as', label: 'Save &As…', accelerator: 'Shift+CmdOrCtrl+S' },
];

export function applicationMenuTemplate({ platform, isPackaged, appName, sendCommand, showLogFolder }: MenuContext): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const draftItems: MenuItemConstructorOptions[] = fileMenuCommands.map(({ command, label, accelerator }) => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => sendCommand(command),
  }));
  const appMenu: MenuItemConstructorOptions = mac
    ? {
        label: appName,
        submenu: [
          { role: 'about' },
          { type: 'separator' },
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          { type: 'separator' },
          { role: 'quit' },
        ],
      }
    : { label: '&File', submenu: [...draftItems, { type: 'separator' }, { role: 'quit' }] };
  // On macOS Quit lives in the app menu; File holds the draft commands alone.
  const fileMenu: MenuItemConstructorOptions[] = mac ? [{ label: '&File', submenu: draftItems }] : [];
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
  const window: MenuItemConstructorOptions = {
    label: '&Window',
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  };
  const developer: MenuItemConstructorOptions[] = isPackaged
    ? []
    : [{ label: '&View', submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }] }];
  // Whoever supports the firm asks for the log file: this shows where it is.
  const help: MenuItemConstructorOptions = { label: '&Help', role: 'help', submenu: [{ label: 'Show &log folder', click: () => showLogFolder() }] };
  return [appMenu, ...fileMenu, edit, ...developer, window, help];
}
