/**
 * The names both JavaScript worlds of the page agree on. Electron's
 * contextBridge copies the preload's API from its isolated world into the
 * page's world; here the two worlds share only the DOM, so they talk through
 * a detached element only they hold: events dispatched on it run the other
 * world's listener synchronously, and a CustomEvent's detail is structured-
 * cloned by Chromium when it crosses worlds.
 */
export const ISOLATED_WORLD_NAME = 'Electron Isolated Context';
/** CDP binding in the isolated world: the preload's ipcRenderer → main. */
export const IPC_BINDING = '__electronStandInIpc';
/** Function in the isolated world that main's replies and messages are delivered to. */
export const IPC_DELIVER = '__electronStandInDeliver';
/** CDP binding in the page's world: a permission question for main's session handlers. */
export const PERMISSION_BINDING = '__electronStandInPermission';
export const PERMISSION_ANSWER = '__electronStandInPermissionAnswer';

/** Dispatched on document by the isolated world (relatedTarget: the channel element) and by the page's world when it is listening. */
export const EXPOSE_EVENT = 'electron-stand-in:expose';
export const MAIN_WORLD_READY_EVENT = 'electron-stand-in:main-world-ready';

/** What an exposed value looks like to the other world. */
export type Shape =
  | { kind: 'function'; id: number }
  | { kind: 'object'; entries: Record<string, Shape> }
  | { kind: 'value'; value: unknown };

/** A function passed from the page's world to the preload's (a listener). */
export interface CallbackMarker {
  __electronStandInCallback: number;
}
export const isCallbackMarker = (value: unknown): value is CallbackMarker =>
  typeof value === 'object' && value !== null && typeof (value as CallbackMarker).__electronStandInCallback === 'number';

/** Page world → isolated world: call an exposed function. */
export interface CallDetail {
  fn: number;
  args: unknown[];
}
/** Isolated world → page world: what the call returned. */
export type ReturnDetail =
  | { ok: true; result: { kind: 'value'; value: unknown } | { kind: 'promise'; id: number } | { kind: 'function'; id: number } }
  | { ok: false; error: { name: string; message: string } };
/** Isolated world → page world: a returned promise settled. */
export type SettleDetail = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string } };
/** Isolated world → page world: the preload called a listener the page gave it. */
export interface CallbackDetail {
  id: number;
  args: unknown[];
}
