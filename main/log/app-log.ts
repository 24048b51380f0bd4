/**
 * The main process's log file, for whoever supports a firm: start-up,
 * errors, outbox and service outcomes. electron-log writes and rotates the
 * file; everything reaches it through the redactor (main/log/redact.ts) as
 * one finished line of text, so electron-log never sees a raw value.
 *
 * electron-log's Node entry is used, not its Electron one: the Electron entry
 * registers IPC handlers through which any page could write into the log, and
 * main needs none of that. main/index.ts passes the folder Electron names for
 * logs (app.getPath('logs')).
 */
import { join } from 'node:path';
import { format as formatUtil } from 'node:util';
import electronLog from 'electron-log/node';
import { createRedactor, type Redactor } from './redact.js';

export type LogLevel = 'error' | 'warn' | 'info';

export interface AppLog {
  error(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  info(...values: unknown[]): void;
  /** A logger whose lines start with `[name]` (outbox, service, drafts, …). */
  scope(name: string): Pick<AppLog, 'error' | 'warn' | 'info'>;
  /** A value that must never reach the log (a token, a secret read from the keychain). */
  registerSecret(value: string): void;
  /**
   * Sends console.error/warn/info/log of this process through the log (the
   * modules of main report through console), still printing to the terminal.
   * Returns the function that puts the console back.
   */
  captureConsole(target?: Pick<Console, 'error' | 'warn' | 'info' | 'log'>): () => void;
  /** The log file's path. */
  readonly file: string;
}

/** What a module that reports outcomes is handed: one scope of the app's log. */
export type ScopedLog = Pick<AppLog, 'error' | 'warn' | 'info'>;

/** What the online part of main is handed: scopes of its own, and the redactor's list of secrets. */
export type OnlineLog = Pick<AppLog, 'scope' | 'registerSecret'>;

/** Where one finished, redacted line goes. */
export interface LogSink {
  write(level: LogLevel, line: string): void;
}

export const LOG_FILE_NAME = 'main.log';
/** The file is rotated to main.old.log past this size: at most twice this on disk. */
export const LOG_MAX_BYTES = 2 * 1024 * 1024;

/** electron-log's file transport, in `directory`, rotated at LOG_MAX_BYTES, console transport off. */
export function createFileSink(directory: string, logId = 'filing-desk-main'): { sink: LogSink; file: string } {
  const logger = electronLog.create({ logId });
  const file = join(directory, LOG_FILE_NAME);
  logger.transports.console.level = false;
  logger.transports.file.level = 'info';
  logger.transports.file.maxSize = LOG_MAX_BYTES;
  logger.transports.file.resolvePathFn = () => file;
  // Only the owner reads the log (electron-log's default is 0o666).
  logger.transports.file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  logger.transports.file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  return {
    file,
    sink: { write: (level, line) => logger[level](line) },
  };
}

export interface AppLogOptions {
  sink: LogSink;
  file: string;
  redactor?: Redactor;
  /** Where lines are also printed (the terminal of a development run); the real console by default. */
  echo?: Pick<Console, 'error' | 'warn' | 'info'> | null;
}

export function createAppLog({ sink, file, redactor = createRedactor(), echo = console }: AppLogOptions): AppLog {
  // Bound now, so a console captured later never calls back into the log.
  const print = echo ? { error: echo.error.bind(echo), warn: echo.warn.bind(echo), info: echo.info.bind(echo) } : null;
  let writing = false;
  const write = (level: LogLevel, scope: string | null, values: unknown[]) => {
    if (writing) return; // a sink that logs its own failure must not loop
    writing = true;
    try {
      const line = (scope ? `[${scope}] ` : '') + redactor.format(values);
      try {
        sink.write(level, line);
      } catch (error) {
        print?.error('The log file could not be written:', redactor.format([error]));
      }
      print?.[level](line);
    } finally {
      writing = false;
    }
  };
  const scoped = (scope: string | null) => ({
    error: (...values: unknown[]) => write('error', scope, values),
    warn: (...values: unknown[]) => write('warn', scope, values),
    info: (...values: unknown[]) => write('info', scope, values),
  });

  return {
    ...scoped(null),
    scope: (name) => scoped(name),
    registerSecret: (value) => redactor.registerSecret(value),
    file,
    captureConsole(target = console) {
      const saved = { error: target.error, warn: target.warn, info: target.info, log: target.log };
      // A format string ("%s of %d") is filled in first, so its values are redacted in place.
      const values = (args: unknown[]) => (typeof args[0] === 'string' && /%[sdifjoO]/.test(args[0]) ? [formatUtil(...args)] : args);
      const echoOff = (level: LogLevel) => (...args: unknown[]) => {
        const line = redactor.format(values(args));
        writing = true;
        try {
          sink.write(level, line);
        } catch {
          // the terminal copy below still shows it
        } finally {
          writing = false;
        }
        saved[level === 'info' ? 'info' : level].call(target, line);
      };
      target.error = echoOff('error');
      target.warn = echoOff('warn');
      target.info = echoOff('info');
      target.log = echoOff('info');
      return () => Object.assign(target, saved);
    },
  };
}
