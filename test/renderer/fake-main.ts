import type { Channel, DraftSummary, IpcResult, RequestOf, ResponseOf, Client } from '../../preload/contract.js';
import { createBrowserBridge, createMenuCommandHub } from '../../renderer/src/bridge/browser-bridge.js';

export type Answers = { [C in Channel]?: (request: RequestOf<C>) => IpcResult<ResponseOf<C>> | Promise<IpcResult<ResponseOf<C>>> };

/** The browser bridge with a transport that records every call and answers from the test's table; unknown calls reject. */
export function fakeMain(answers: Answers) {
  const calls: { channel: Channel; request: unknown }[] = [];
  const menu = createMenuCommandHub();
  const bridge = createBrowserBridge(async (channel, request) => {
    // The window's status line reads the connection state in the background; answered here, kept out of `calls`.
    if (channel === 'online.status') return { ok: true, value: offlineStatus } as never;
    if (channel === 'session.status') return { ok: true, value: noSession } as never;
    // The sidebar's overdue count reads the deadlines in the background: an empty list unless the test answers it.
    if (channel === 'deadlines.list' && !answers['deadlines.list']) return { ok: true, value: { today: '2026-11-24', rows: [] } } as never;
    // Start shows the filing history: none unless the test answers it.
    if (channel === 'filing.list' && !answers['filing.list']) return { ok: true, value: [] } as never;
    // Settings shows the filing settings and the Government Gateway details: none saved unless the test answers.
    if (channel === 'filing.settings.get' && !answers['filing.settings.get']) return { ok: true, value: blankFilingSettings } as never;
    if (channel === 'gateway.credentials.status' && !answers['gateway.credentials.status']) return { ok: true, value: noGatewayCredentials } as never;
    // Settings and a client's page show the Companies House details: none saved, nothing filed, unless the test answers.
    if (channel === 'companiesHouse.credentials' && !answers['companiesHouse.credentials']) return { ok: true, value: { presenter: { test: false, live: false }, where: 'the system keychain' } } as never;
    if (channel === 'companiesHouse.client' && !answers['companiesHouse.client']) return { ok: true, value: { ready: [], filings: [], authCodeSaved: false } } as never;
    // Settings, the Outbox and the draft pages read this desk's place in the office: not joined, nobody else editing, unless the test answers.
    if (channel === 'office.status' && !answers['office.status']) return { ok: true, value: { joined: false } } as never;
    if (channel === 'office.editing' && !answers['office.editing']) return { ok: true, value: { others: [] } } as never;
    calls.push({ channel, request });
    if (channel === 'app.info') return { ok: true, value: { version: '0.1.0', platform: 'linux' } } as never;
    const answer = answers[channel] as ((r: unknown) => unknown) | undefined;
    if (!answer) throw new Error(`unexpected call to ${channel}`);
    return (await answer(request)) as never;
  }, menu);
  return { bridge, calls, menu, called: (channel: Channel) => calls.filter((c) => c.channel === channel).map((c) => c.request) };
}

/** What the status line of the window reads in the background: a service not set up yet. */
export const offlineStatus = { state: 'offline', message: 'The filing service is not set up.', workOffline: false, signedInAs: null, outbox: { queued: 0, sending: 0, done: 0, failed: 0 } } as const;
export const noSession = { signedIn: false, username: '', clientId: '', service: '', reason: null, keychain: { kind: 'os-keychain', description: 'Secrets are kept in the system keychain.' } } as const;

/** Filing with HMRC not set up yet (main's defaults). */
export const blankFilingSettings = { vendorId: '', productName: 'Filing Desk', productVersion: '', liveFiling: false, endpointOverride: null } as const;
export const noGatewayCredentials = { userId: null, passwordSaved: false, where: 'the system keychain' } as const;

/** Settings of a service not set up yet (main's defaults). */
export const blankSettings = {
  baseUrl: '',
  authUrl: '',
  apiVersion: '1.0',
  identification: { applicationName: 'Filing Desk', partnerName: '', partnerId: '', customerName: '', customerId: '' },
  govTalk: { vendorId: '0000', productVersion: '', gatewayTest: false, testInLive: false },
  includeHash: false,
  workOffline: false,
};

export const ok = <T>(value: T) => ({ ok: true as const, value });

/**
 * jsdom does no layout: give scroll containers a height so the virtualized
 * list renders the rows a 560-pixel window would show, as Chromium does.
 */
export function giveElementsLayout(height = 560, width = 900): () => void {
  const proto = HTMLElement.prototype;
  const saved = {
    h: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    w: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
  };
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    if (saved.h) Object.defineProperty(proto, 'clientHeight', saved.h);
    if (saved.w) Object.defineProperty(proto, 'clientWidth', saved.w);
  };
}

export function summary(over: Partial<DraftSummary> & { id: string; title: string }): DraftSummary {
  return {
    kind: 'ct600',
    clientId: null,
    clientName: null,
    periodFrom: null,
    periodTo: null,
    state: 'in-progress',
    changedAt: '2025-05-01T09:30:00.000Z',
    ...over,
  };
}

export function client(over: Partial<Client> & { id: string; companyName: string }): Client {
  return {
    registrationNumber: '',
    utr: '',
    periodEnd: '',
    serviceClientName: '',
    serviceClientId: '',
    associatedCompanies: 0,
    archived: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    changedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}
