import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../main/cli/service-settings.js';

describe('the office service default data folder', () => {
  it('is in each operating system\'s application data location, never the working directory', () => {
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\jane\\AppData\\Roaming' }, 'C:\\Users\\jane')).toMatch(/^C:\\Users\\jane\\AppData\\Roaming[\\/]Filing Desk[\\/]service-data$/);
    expect(defaultDataDir('darwin', {}, '/Users/jane')).toBe('/Users/jane/Library/Application Support/Filing Desk/service-data');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data/jane' }, '/home/jane')).toBe('/data/jane/filing-desk/service-data');
    expect(defaultDataDir('linux', {}, '/home/jane')).toBe('/home/jane/.local/share/filing-desk/service-data');
    // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    expect(defaultDataDir('linux', { XDG_DATA_HOME: 'relative' }, '/home/jane')).toBe('/home/jane/.local/share/filing-desk/service-data');
  });
});
