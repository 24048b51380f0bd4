import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bridgeChannels, channels, FILE_OPENED_CHANNEL, FILE_OPENED_SUBSCRIBE_CHANNEL, MENU_COMMAND_CHANNEL } from '../../preload/contract.js';

// The real electron module would try to download its binary: replace it with
// a recorder of what the preload exposes and sends.
const exposed = new Map<string, unknown>();
const invoked: unknown[][] = [];
/** What the preload sent with ipcRenderer.send (no answer expected). */
const sentToMain: unknown[][] = [];
/** Listeners the preload registered with ipcRenderer.on, by channel. */
const onListeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      invoked.push(args);
      return { ok: true, value: `answer from ${String(args[0])}` };
    },
    on: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
      if (!onListeners.has(channel)) onListeners.set(channel, new Set());
      onListeners.get(channel)!.add(listener);
    },
    send: (...args: unknown[]) => void sentToMain.push(args),
    removeListener: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
      onListeners.get(channel)?.delete(listener);
    },
  },
}));

beforeAll(async () => {
  await import('../../preload/index.js');
});

describe('preload bridge', () => {
  it('exposes exactly one object, window.filingDesk', () => {
    expect([...exposed.keys()]).toEqual(['filingDesk']);
  });

  it('has one method per operation of the contract and nothing else (no ipcRenderer, no generic invoke)', () => {
    const bridge = exposed.get('filingDesk') as Record<string, unknown>;
    // The invoke methods, plus the subscriptions to what main pushes (menu commands, online status, opened files).
    expect(Object.keys(bridge).sort()).toEqual([...Object.keys(bridgeChannels), 'onMenuCommand', 'onOnlineStatus', 'onFileOpened'].sort());
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
    expect(new Set(Object.values(bridgeChannels))).toEqual(new Set(channels));
    for (const forbidden of ['invoke', 'send', 'on', 'ipcRenderer', 'sendSync']) expect(bridge).not.toHaveProperty(forbidden);
  });

  it('sends each method on its own channel with the request unchanged', async () => {
    const bridge = exposed.get('filingDesk') as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const file = { fileName: 'a.xml', bytes: new Uint8Array([1, 2]) };
    invoked.length = 0;
    await expect(bridge.verifyCt600!(file)).resolves.toEqual({ ok: true, value: 'answer from ct600.verify' });
    await bridge.validatePackage!({ fileName: 'p.xbri', bytes: new Uint8Array([3]) });
    await bridge.buildCt600!({ companyName: 'Acme' });
    await bridge.buildPackage!({ request: {}, includeHash: true });
    await bridge.saveFile!({ kind: 'ct600-xml', suggestedName: 'a', contents: 'x' });
    await bridge.appInfo!();
    expect(invoked).toEqual([
      ['ct600.verify', file],
      ['package.validate', { fileName: 'p.xbri', bytes: new Uint8Array([3]) }],
      ['ct600.build', { companyName: 'Acme' }],
      ['package.build', { request: {}, includeHash: true }],
      ['file.save', { kind: 'ct600-xml', suggestedName: 'a', contents: 'x' }],
      ['app.info'],
    ]);
  });

  it('lets a page name no channel of its own: extra arguments are not forwarded as a channel', async () => {
    const bridge = exposed.get('filingDesk') as Record<string, (...args: unknown[]) => Promise<unknown>>;
    invoked.length = 0;
    await bridge.appInfo!('credentials.read');
    expect(invoked).toEqual([['app.info']]);
  });

  it('passes only known menu commands to the page, never the IPC event, and stops when asked', () => {
    const bridge = exposed.get('filingDesk') as { onMenuCommand(listener: (command: unknown) => void): () => void };
    const received: unknown[][] = [];
    const stop = bridge.onMenuCommand((...args) => received.push(args));
    const send = (...args: unknown[]) => {
      for (const listener of onListeners.get(MENU_COMMAND_CHANNEL) ?? []) listener({ sender: 'the IPC event' }, ...args);
    };
    send('save');
    send('format-disk');
    send({ toString: () => 'save' });
    send('save-as');
    expect(received).toEqual([['save'], ['save-as']]);
    stop();
    send('open');
    expect(received).toHaveLength(2);
    expect(onListeners.get(MENU_COMMAND_CHANNEL)?.size).toBe(0);
  });

  it('tells main it listens for opened files, and passes only a plain name with a known extension and bytes, never the IPC event', () => {
    const bridge = exposed.get('filingDesk') as { onFileOpened(listener: (file: unknown) => void): () => void };
    const received: unknown[][] = [];
    sentToMain.length = 0;
    const stop = bridge.onFileOpened((...args) => received.push(args));
    expect(sentToMain).toEqual([[FILE_OPENED_SUBSCRIBE_CHANNEL]]);
    const send = (payload: unknown) => {
      for (const listener of onListeners.get(FILE_OPENED_CHANNEL) ?? []) listener({ sender: 'the IPC event' }, payload);
    };
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    send({ fileName: 'ACME.xbri', bytes, path: '/home/jane/ACME.xbri' });
    send({ fileName: '../../etc/passwd.xbri', bytes });
    send({ fileName: 'C:\\Users\\jane\\a.xbr', bytes });
    send({ fileName: 'setup.exe', bytes });
    send({ fileName: 'Draft.fdesk', bytes: 'not bytes' });
    send('ACME.xbri');
    send({ fileName: 'Draft.FDESK', bytes });
    expect(received).toEqual([[{ fileName: 'ACME.xbri', bytes }], [{ fileName: 'Draft.FDESK', bytes }]]);
    stop();
    send({ fileName: 'Late.xbri', bytes });
    expect(received).toHaveLength(2);
    expect(onListeners.get(FILE_OPENED_CHANNEL)?.size).toBe(0);
  });
});
