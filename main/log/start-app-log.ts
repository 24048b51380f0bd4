import type { App } from 'electron';
import { join } from 'node:path';
import { createAppLog, createFileSink, type AppLog } from './app-log.js';

/**
 * The app's log, in the folder the operating system uses for logs
 * (app.getPath('logs'): Windows %APPDATA%\Filing Desk\logs, macOS
 * ~/Library/Logs/Filing Desk, Linux ~/.config/Filing Desk/logs), with main's
 * console captured into it and uncaught errors recorded.
 */
export function startAppLog(app: Pick<App, 'getPath'>): AppLog {
  let directory: string;
  try {
    directory = app.getPath('logs');
  } catch {
    directory = join(app.getPath('userData'), 'logs');
  }
  const { sink, file } = createFileSink(directory);
  const log = createAppLog({ sink, file });
  log.captureConsole();
  // A monitor records the error and leaves Electron's own handling as it is.
  process.on('uncaughtExceptionMonitor', (error, origin) => log.error(`uncaught ${origin === 'unhandledRejection' ? 'promise rejection' : 'exception'}:`, error));
  return log;
}
