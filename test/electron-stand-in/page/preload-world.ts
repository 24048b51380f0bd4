/**
 * Runs in the page's isolated world (CDP Page.addScriptToEvaluateOnNewDocument
 * with a worldName), before any script of the page, as Electron runs a
 * sandboxed preload: `require('electron')` gives contextBridge and
 * ipcRenderer and nothing else is requirable. Every IPC argument must survive
 * structuredClone() before it leaves (what Electron's IPC does), and
 * contextBridge hands the page structured clones, never the preload's own
 * objects.
 */
import { carry, uncarry, type Carried } from '../carrier.js';
import {
  EXPOSE_EVENT,
  IPC_BINDING,
  IPC_DELIVER,
  isCallbackMarker,
  MAIN_WORLD_READY_EVENT,
  type CallDetail,
  type CallbackDetail,
  type ReturnDetail,
  type SettleDetail,
  type Shape,
} from './world-channel.js';

type Listener = (event: unknown, ...args: unknown[]) => void;
type Delivery =
  | { kind: 'result'; id: number; ok: true; value: Carried }
  | { kind: 'result'; id: number; ok: false; message: string }
  | { kind: 'message'; channel: string; args: Carried };

const world = globalThis as unknown as Record<string, unknown>;
const toMain = world[IPC_BINDING] as ((payload: string) => void) | undefined;

/** Electron's wording when a value cannot cross IPC. */
function cloneForIpc(args: unknown[]): unknown[] {
  try {
    return structuredClone(args);
  } catch {
    throw new Error('An object could not be cloned.');
  }
}

function errorOf(error: unknown): { name: string; message: string } {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

// ---- ipcRenderer -------------------------------------------------------
const listeners = new Map<string, Listener[]>();
const pendingInvokes = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; channel: string }>();
let nextInvoke = 1;

const ipcRenderer = {
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const cloned = cloneForIpc(args);
      if (!toMain) throw new Error('the Electron stand-in did not install its IPC binding');
      const id = nextInvoke++;
      pendingInvokes.set(id, { resolve, reject, channel });
      toMain(JSON.stringify({ kind: 'invoke', id, channel: String(channel), args: carry(cloned) }));
    });
  },
  send(channel: string, ...args: unknown[]): void {
    const cloned = cloneForIpc(args);
    toMain?.(JSON.stringify({ kind: 'send', channel: String(channel), args: carry(cloned) }));
  },
  on(channel: string, listener: Listener) {
    listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    return ipcRenderer;
  },
  once(channel: string, listener: Listener) {
    const once: Listener = (...args) => {
      ipcRenderer.removeListener(channel, once);
      listener(...args);
    };
    return ipcRenderer.on(channel, once);
  },
  removeListener(channel: string, listener: Listener) {
    const list = listeners.get(channel) ?? [];
    const at = list.indexOf(listener);
    if (at !== -1) list.splice(at, 1);
    return ipcRenderer;
  },
  removeAllListeners(channel?: string) {
    if (channel === undefined) listeners.clear();
    else listeners.delete(channel);
    return ipcRenderer;
  },
  listenerCount: (channel: string) => listeners.get(channel)?.length ?? 0,
};
Object.assign(ipcRenderer, { addListener: ipcRenderer.on, off: ipcRenderer.removeListener });

// Main's answers and webContents.send messages arrive here (CDP Runtime.evaluate in this world).
world[IPC_DELIVER] = (payload: string) => {
  const delivery = JSON.parse(payload) as Delivery;
  if (delivery.kind === 'result') {
    const call = pendingInvokes.get(delivery.id);
    if (!call) return;
    pendingInvokes.delete(delivery.id);
    if (delivery.ok) call.resolve(uncarry(delivery.value));
    else call.reject(new Error(`Error invoking remote method '${call.channel}': ${delivery.message}`));
    return;
  }
  const args = uncarry(delivery.args) as unknown[];
  const event = { sender: ipcRenderer, senderId: 0, ports: [] };
  for (const listener of [...(listeners.get(delivery.channel) ?? [])]) listener(event, ...args);
};

// ---- contextBridge -------------------------------------------------------
const functions = new Map<number, (...args: unknown[]) => unknown>();
const promises = new Map<number, Promise<unknown>>();
let nextId = 1;
let channelElement: HTMLElement | null = null;
const exposed: { key: string; shape: Shape }[] = [];

function shapeOf(value: unknown): Shape {
  if (typeof value === 'function') {
    const id = nextId++;
    functions.set(id, value as (...args: unknown[]) => unknown);
    return { kind: 'function', id };
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return { kind: 'object', entries: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)])) };
  }
  return { kind: 'value', value: structuredClone(value) };
}

function channel(): HTMLElement {
  if (channelElement) return channelElement;
  const element = document.createElement('electron-stand-in-channel');
  element.addEventListener('call', (event) => {
    const { fn, args } = (event as CustomEvent<CallDetail>).detail;
    const reply = (detail: ReturnDetail) => element.dispatchEvent(new CustomEvent('return', { detail }));
    const target = functions.get(fn);
    if (!target) return reply({ ok: false, error: { name: 'Error', message: 'this function is no longer available' } });
    // A function the page passed in (a listener) is called back in the page's world.
    const callArgs = args.map((arg) =>
      isCallbackMarker(arg)
        ? (...callbackArgs: unknown[]) => {
            const detail: CallbackDetail = { id: arg.__electronStandInCallback, args: structuredClone(callbackArgs) };
            element.dispatchEvent(new CustomEvent('callback', { detail }));
          }
        : arg,
    );
    try {
      const result = target(...callArgs);
      if (typeof result === 'function') {
        const id = nextId++;
        functions.set(id, result as (...args: unknown[]) => unknown);
        return reply({ ok: true, result: { kind: 'function', id } });
      }
      if (result instanceof Promise) {
        const id = nextId++;
        promises.set(id, result);
        reply({ ok: true, result: { kind: 'promise', id } });
        const settle = (detail: SettleDetail) => {
          promises.delete(id);
          element.dispatchEvent(new CustomEvent('settle', { detail }));
        };
        result.then(
          (value) => {
            try {
              settle({ id, ok: true, value: structuredClone(value) });
            } catch (error) {
              settle({ id, ok: false, error: errorOf(error) });
            }
          },
          (error: unknown) => settle({ id, ok: false, error: errorOf(error) }),
        );
        return;
      }
      return reply({ ok: true, result: { kind: 'value', value: structuredClone(result) } });
    } catch (error) {
      return reply({ ok: false, error: errorOf(error) });
    }
  });
  channelElement = element;
  return element;
}

function announce(): void {
  if (exposed.length === 0) return;
  const element = channel();
  element.setAttribute('data-exposed', JSON.stringify(exposed.map(({ key, shape }) => ({ key, shape: carry(shape) }))));
  document.dispatchEvent(new FocusEvent(EXPOSE_EVENT, { relatedTarget: element }));
}
// The page's world may start listening after this world ran: it says so, and hears it again.
document.addEventListener(MAIN_WORLD_READY_EVENT, announce);

const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    if (exposed.some((e) => e.key === key)) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
    exposed.push({ key, shape: shapeOf(api) });
    announce();
  },
};

/** Runs the preload bundle as Electron runs a sandboxed preload. */
export function run(preload: (exports: object, require: (id: string) => unknown, module: { exports: object }, filename: string, dirname: string) => void, filename: string): void {
  const module = { exports: {} };
  const requireInSandbox = (id: string) => {
    if (id === 'electron' || id === 'electron/renderer') return { contextBridge, ipcRenderer };
    throw new Error(`module not found: ${id}`);
  };
  preload(module.exports, requireInSandbox, module, filename, filename.replace(/[\\/][^\\/]*$/, ''));
}
