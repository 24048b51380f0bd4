/**
 * Where the installed app keeps its data: Electron's userData folder, named
 * after the product, on each platform. The command line reads the client
 * book and keeps its submission records there unless told another folder, so
 * the window's filing history shows what the command line filed.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function appDataFolder(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Filing Desk');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Filing Desk');
  const xdg = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(xdg, 'Filing Desk');
}
