/**
 * Runs in the page's own world before any of its scripts: receives what the
 * preload exposed through contextBridge and defines it on window, each
 * function a proxy whose arguments and results are structured clones (a
 * value that cannot be cloned throws, as contextBridge does). It also puts
 * the clipboard behind main's session permission handlers, the way Electron's
 * permission manager sits in front of Chromium's.
 */
import { uncarry, type Carried } from '../carrier.js';
import {
  EXPOSE_EVENT,
  MAIN_WORLD_READY_EVENT,
  PERMISSION_ANSWER,
  PERMISSION_BINDING,
  type CallbackDetail,
  type ReturnDetail,
  type SettleDetail,
  type Shape,
} from './world-channel.js';

const page = globalThis as unknown as Record<string, unknown>;
const callbacks = new Map<number, (...args: unknown[]) => unknown>();
const callbackIds = new WeakMap<object, number>();
const promises = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
let nextCallback = 1;
let channel: Element | null = null;

function errorFrom({ name, message }: { name: string; message: string }): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function callAcross(fn: number, args: unknown[]): unknown {
  if (!channel) throw new Error('the preload is not connected');
  const marked = args.map((arg) => {
    if (typeof arg !== 'function') return arg;
    let id = callbackIds.get(arg);
    if (id === undefined) {
      id = nextCallback++;
      callbackIds.set(arg, id);
      callbacks.set(id, arg as (...a: unknown[]) => unknown);
    }
    return { __electronStandInCallback: id };
  });
  let cloned: unknown[];
  try {
    cloned = structuredClone(marked);
  } catch {
    throw new Error('An object could not be cloned.');
  }
  let reply: ReturnDetail | undefined;
  const hear = (event: Event) => (reply = (event as CustomEvent<ReturnDetail>).detail);
  channel.addEventListener('return', hear);
  try {
    channel.dispatchEvent(new CustomEvent('call', { detail: { fn, args: cloned } }));
  } finally {
    channel.removeEventListener('return', hear);
  }
  if (!reply) throw new Error('the preload did not answer');
  if (!reply.ok) throw errorFrom(reply.error);
  const result = reply.result;
  if (result.kind === 'value') return result.value;
  if (result.kind === 'function') return (...more: unknown[]) => callAcross(result.id, more);
  return new Promise((resolve, reject) => promises.set(result.id, { resolve, reject }));
}

function build(shape: Shape): unknown {
  if (shape.kind === 'function') return (...args: unknown[]) => callAcross(shape.id, args);
  if (shape.kind === 'object') return Object.freeze(Object.fromEntries(Object.entries(shape.entries).map(([k, v]) => [k, build(v)])));
  return shape.value;
}

document.addEventListener(EXPOSE_EVENT, (event) => {
  const element = (event as FocusEvent).relatedTarget as Element | null;
  if (!element) return;
  if (channel !== element) {
    channel = element;
    element.addEventListener('settle', (e) => {
      const detail = (e as CustomEvent<SettleDetail>).detail;
      const pending = promises.get(detail.id);
      if (!pending) return;
      promises.delete(detail.id);
      if (detail.ok) pending.resolve(detail.value);
      else pending.reject(errorFrom(detail.error));
    });
    element.addEventListener('callback', (e) => {
      const { id, args } = (e as CustomEvent<CallbackDetail>).detail;
      callbacks.get(id)?.(...args);
    });
  }
  const exposed = JSON.parse(element.getAttribute('data-exposed') ?? '[]') as { key: string; shape: Carried }[];
  for (const { key, shape } of exposed) {
    if (Object.prototype.hasOwnProperty.call(window, key)) continue;
    Object.defineProperty(window, key, { value: build(uncarry(shape) as Shape), enumerable: true, configurable: false, writable: false });
  }
});
document.dispatchEvent(new Event(MAIN_WORLD_READY_EVENT));

// ---- the clipboard behind main's permission handlers ------------------------
const ask = page[PERMISSION_BINDING] as ((payload: string) => void) | undefined;
const answers = new Map<number, (granted: boolean) => void>();
let nextQuestion = 1;
Object.defineProperty(page, PERMISSION_ANSWER, {
  value: (id: number, granted: boolean) => {
    answers.get(id)?.(granted);
    answers.delete(id);
  },
});

/**
 * With a user gesture Chromium asks Electron's permission request handler for
 * clipboard-sanitized-write; without one it only checks (the check handler).
 */
function mayWriteClipboard(): Promise<boolean> {
  if (!ask) return Promise.resolve(true);
  const gesture = navigator.userActivation?.isActive ?? false;
  return new Promise((resolve) => {
    const id = nextQuestion++;
    answers.set(id, resolve);
    ask(JSON.stringify({ id, permission: 'clipboard-sanitized-write', gesture, url: location.href }));
  });
}

if (typeof Clipboard !== 'undefined') {
  const refused = () => new DOMException('Write permission denied.', 'NotAllowedError');
  const realWriteText = Clipboard.prototype.writeText;
  const realWrite = Clipboard.prototype.write;
  Clipboard.prototype.writeText = function writeText(this: Clipboard, text: string) {
    return mayWriteClipboard().then((granted) => (granted ? realWriteText.call(this, text) : Promise.reject(refused())));
  };
  Clipboard.prototype.write = function write(this: Clipboard, items: ClipboardItems) {
    return mayWriteClipboard().then((granted) => (granted ? realWrite.call(this, items) : Promise.reject(refused())));
  };
}
