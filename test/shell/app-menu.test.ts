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
      const menu = applicationMenuTemplate({ platform, isPackaged: true, appName: 'Filing Desk', sendCommand: () => undefined, showLogFolder: () => undefined });
      const all = roles(menu);
      for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'minimize', 'quit']) expect(all).toContain(role);
      for (const role of developerRoles) expect(all).not.toContain(role);
      expect(menu.map((m) => m.label)).toContain('&Window');
    });

    it(`development on ${platform} adds the reload and developer tools entries`, () => {
      expect(roles(applicationMenuTemplate({ platform, isPackaged: false, appName: 'Filing Desk', sendCommand: () => undefined, showLogFolder: () => undefined }))).toEqual(expect.arrayContaining(developerRoles));
    });
  }

  it('on macOS the first menu is the app menu, named after the app, with Quit', () => {
    const [first] = applicationMenuTemplate({ platform: 'darwin', isPackaged: true, appName: 'Filing Desk', sendCommand: () => undefined, showLogFolder: () => undefined });
    expect(first!.label).toBe('Filing Desk');
    expect(roles([first!])).toContain('quit');
  });
});

describe('File menu draft commands', () => {
  const fileItems = (platform: NodeJS.Platform, sent: string[]) => {
    const menu = applicationMenuTemplate({ platform, isPackaged: true, appName: 'Filing Desk', sendCommand: (c) => sent.push(c), showLogFolder: () => undefined });
    const file = menu.find((m) => m.label === '&File')!;
    return file.submenu as MenuItemConstructorOptions[];
  };

  for (const platform of ['darwin', 'win32', 'linux'] as const) {
    it(`on ${platform}: New return, New report package, Open, Save and Save As send their command with the usual shortcuts`, () => {
      const sent: string[] = [];
      const items = fileItems(platform, sent).filter((i) => i.label);
      expect(items.map((i) => [i.label, i.accelerator])).toEqual([
        ['&New return', 'CmdOrCtrl+N'],
        ['New report &package', undefined],
        ['&Open…', 'CmdOrCtrl+O'],
        ['&Save', 'CmdOrCtrl+S'],
        ['Save &As…', 'Shift+CmdOrCtrl+S'],
      ]);
      for (const item of items) (item.click as () => void)();
      expect(sent).toEqual(['new-return', 'new-package', 'open', 'save', 'save-as']);
    });
  }

  it('keeps Quit in File on Windows and Linux, and in the app menu on macOS', () => {
    expect(roles(fileItems('win32', []))).toEqual(['quit']);
    expect(roles(fileItems('darwin', []))).toEqual([]);
  });
});

describe('Help menu', () => {
  for (const platform of ['darwin', 'win32', 'linux'] as const) {
    it(`on ${platform}: "Show log folder" opens the log folder, in the packaged app too`, () => {
      let shown = 0;
      const menu = applicationMenuTemplate({ platform, isPackaged: true, appName: 'Filing Desk', sendCommand: () => undefined, showLogFolder: () => void shown++ });
      const help = menu.at(-1)!;
      expect(help).toMatchObject({ label: '&Help', role: 'help' });
      const item = (help.submenu as MenuItemConstructorOptions[]).find((i) => i.label === 'Show &log folder')!;
      (item.click as () => void)();
      expect(shown).toBe(1);
    });
  }
});
