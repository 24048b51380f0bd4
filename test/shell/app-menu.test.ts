import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { applicationMenuTemplate } from '../../main/window/app-menu.js';

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((i) => [...(i.role ? [i.role] : []), ...(Array.isArray(i.submenu) ? roles(i.submenu) : [])]);
}

const developerRoles = ['reload', 'forceReload', 'toggleDevTools'];

describe('application menu', () => {
  for (const platform of ['darwin', 'win32', 'linux'] as const) {
    it(`packaged on ${platform}: editing commands, Window and Quit; no reload or developer tools`, () => {
      const menu = applicationMenuTemplate({ platform, isPackaged: true, appName: 'Filing Desk', sendCommand: () => undefined });
      const all = roles(menu);
      for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'minimize', 'quit']) expect(all).toContain(role);
      for (const role of developerRoles) expect(all).not.toContain(role);
      expect(menu.map((m) => m.label)).toContain('&Window');
    });

    it(`development on ${platform} adds the reload and developer tools entries`, () => {
      expect(roles(applicationMenuTemplate({ platform, isPackaged: false, appName: 'Filing Desk', sendCommand: () => undefined }))).toEqual(expect.arrayContaining(developerRoles));
    });
  }

  it('on macOS the first menu is the app menu, named after the app, with Quit', () => {
    const [first] = applicationMenuTemplate({ platform: 'darwin', isPackaged: true, appName: 'Filing Desk', sendCommand: () => undefined });
    expect(first!.label).toBe('Filing Desk');
    expect(roles([first!])).toContain('quit');
  });
});
