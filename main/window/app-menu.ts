import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu. Electron's default menu has Reload, Force Reload and
 * Toggle Developer Tools (with their shortcuts): in the shipped app those let
 * anyone at the keyboard inspect or rewrite the page that holds clients' tax
 * data, so the packaged menu has only what a user needs: the editing
 * commands (their shortcuts drive copy and paste in text fields), Window, and
 * Quit. A development run adds a View menu with the reload and tools entries.
 */
export interface MenuContext {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  appName: string;
}

export function applicationMenuTemplate({ platform, isPackaged, appName }: MenuContext): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
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
    : { label: '&File', submenu: [{ role: 'quit' }] };
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
  return [appMenu, edit, ...developer, window];
}
