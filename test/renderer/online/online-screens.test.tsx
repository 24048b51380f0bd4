// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel, IpcResult, OnlineStatus, OutboxItemView, RequestOf, ResponseOf, SessionStatus } from '../../../preload/contract.js';
import { App } from '../../../renderer/src/App.js';
import { createBrowserBridge, createMenuCommandHub, createOnlineStatusHub } from '../../../renderer/src/bridge/browser-bridge.js';
import { useNavigation } from '../../../renderer/src/store/navigation.js';
import { blankSettings } from '../fake-main.js';
import { resetWindow } from '../reset-window.js';

type Answers = { [C in Channel]?: (request: RequestOf<C>) => IpcResult<ResponseOf<C>> | Promise<IpcResult<ResponseOf<C>>> };
const ok = <T,>(value: T) => ({ ok: true as const, value });
const counts = { queued: 0, sending: 0, done: 0, failed: 0 };
const status = (over: Partial<OnlineStatus>): OnlineStatus => ({ state: 'signed-out', message: 'Signed out of the filing service.', workOffline: false, signedInAs: null, outbox: counts, ...over });
const keychain = { kind: 'os-keychain' as const, description: 'Secrets are kept in the system keychain (Secret Service).' };
const session = (over: Partial<SessionStatus> = {}): SessionStatus => ({ signedIn: false, username: '', clientId: '', service: 'https://api.example.com', reason: null, keychain, ...over });
const configured = { ...blankSettings, baseUrl: 'https://api.example.com', authUrl: 'https://auth.example.com' };

function fake(answers: Answers) {
  const calls: { channel: Channel; request: unknown }[] = [];
  const hub = createOnlineStatusHub();
  const bridge = createBrowserBridge(
    async (channel, request) => {
      calls.push({ channel, request });
      if (channel === 'app.info') return ok({ version: '0.1.0', platform: 'linux' }) as never;
      const answer = answers[channel] as ((r: unknown) => unknown) | undefined;
      if (!answer) throw new Error(`unexpected call to ${channel}`);
      return (await answer(request)) as never;
    },
    createMenuCommandHub(),
    hub,
  );
  return { bridge, calls, push: (s: OnlineStatus) => act(() => hub.emit(s)), callsTo: (c: Channel) => calls.filter((x) => x.channel === c).map((x) => x.request) };
}

beforeEach(resetWindow);
afterEach(cleanup);

describe('the connection status', () => {
  it('is always in the window and follows what main pushes: signed out, online, paused, offline', async () => {
    const f = fake({ 'online.status': () => ok(status({})), 'session.status': () => ok(session()), 'drafts.list': () => ok({ drafts: [], trash: [], unreadable: [] } as never), 'clients.list': () => ok([]) });
    render(<App bridge={f.bridge} />);
    const region = screen.getByRole('region', { name: 'Connection to the filing service' });
    await waitFor(() => expect(region).toHaveTextContent('Signed out'));
    f.push(status({ state: 'online', message: 'Online: signed in as clerk at https://api.example.com.', signedInAs: 'clerk', outbox: { ...counts, queued: 2, failed: 1 } }));
    expect(region).toHaveTextContent('Online: signed in as clerk at https://api.example.com.');
    expect(region).toHaveTextContent('Outbox: 2 waiting, 1 failed');
    f.push(status({ state: 'paused', message: 'Paused: the session ended. Sign in to carry on.' }));
    expect(region).toHaveTextContent('PausedPaused: the session ended. Sign in to carry on.');
    expect(region).not.toHaveTextContent('Outbox:');
    f.push(status({ state: 'offline', message: 'This computer is offline; requests wait in the outbox.' }));
    expect(region).toHaveTextContent('Offline');
  });
});

describe('Settings', () => {
  it('shows main’s refusal beside each field, with the same words in the error summary, and a Test connection result in words', async () => {
    const f = fake({
      'online.status': () => ok(status({ state: 'offline', message: 'The filing service is not set up.' })),
      'session.status': () => ok(session({ service: '' })),
      'settings.get': () => ok(blankSettings),
      'settings.save': () => ({
        ok: false,
        error: { code: 'invalid-request', message: 'The settings were not saved.', field: 'baseUrl', errors: [{ field: 'baseUrl', message: 'must start with https://' }, { field: 'govTalk.vendorId', message: "must be HMRC's 4-digit vendor id for this software" }] },
      }),
      'settings.testConnection': () => ok({ ok: false, problem: 'wrong-client', message: 'The service did not accept the client id or client secret (401).' }),
    });
    useNavigation.getState().go('settings');
    render(<App bridge={f.bridge} />);
    const base = await screen.findByLabelText('Service address');
    fireEvent.change(base, { target: { value: 'http://example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual(['Service address must start with https://', "Vendor id must be HMRC's 4-digit vendor id for this software"]);
    expect(base).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(base.getAttribute('aria-describedby')!.split(' ').at(-1)!)).toHaveTextContent('Service address must start with https://');
    expect(screen.getByLabelText('Vendor id')).toHaveAttribute('aria-invalid', 'true');
    expect(f.callsTo('settings.save')).toEqual([expect.objectContaining({ baseUrl: 'http://example.com' })]);
    fireEvent.click(within(summary).getByRole('link', { name: /Vendor id/ }));
    expect(screen.getByLabelText('Vendor id')).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByTestId('connection-test')).toHaveTextContent('Connection failed. The service did not accept the client id or client secret (401).');
  });
});

describe('Sign-in', () => {
  const SECRET = 'client-secret-marker-19f';
  const PASSWORD = 'password-marker-77c';

  it('sends the secrets straight to main and keeps none of them in the page afterwards', async () => {
    const f = fake({
      'online.status': () => ok(status({})),
      'session.status': () => ok(session({ username: 'clerk@example.co.uk', clientId: 'desk-client' })),
      'settings.get': () => ok(configured),
      'session.signIn': (r) => ok(session({ signedIn: true, username: r.username, clientId: r.clientId })),
    });
    useNavigation.getState().go('settings');
    const { container } = render(<App bridge={f.bridge} />);
    // The names last used are filled in; the secret boxes start empty.
    await waitFor(() => expect(screen.getByLabelText('User name')).toHaveValue('clerk@example.co.uk'));
    expect(screen.getByLabelText('Client id')).toHaveValue('desk-client');
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: SECRET } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
    // Before sending, the scan below does find them (in the boxes): it is looking in the right place.
    expect(pageText(container)).toContain(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('signed-in')).toHaveTextContent('Signed in as clerk@example.co.uk at https://api.example.com.');
    expect(f.callsTo('session.signIn')).toEqual([{ clientId: 'desk-client', clientSecret: SECRET, username: 'clerk@example.co.uk', password: PASSWORD }]);
    const after = pageText(container) + reactState(container) + JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage });
    expect(reactState(container)).toContain('desk-client'); // the state scan sees what the form does keep
    expect(after).not.toContain(SECRET);
    expect(after).not.toContain(PASSWORD);
  });

  it('empties the secret boxes after a refusal too, shows why beside the form, and says plainly when there is no keychain', async () => {
    const f = fake({
      'online.status': () => ok(status({})),
      'session.status': () => ok(session({ keychain: { kind: 'memory-only', description: 'Secrets are kept in memory only until Filing Desk closes: you will sign in again next time.' } })),
      'settings.get': () => ok(configured),
      'session.signIn': () => ({ ok: false, error: { code: 'failed', message: 'The service did not accept the username or password.' } }),
    });
    useNavigation.getState().go('settings');
    const { container } = render(<App bridge={f.bridge} />);
    expect(await screen.findByTestId('keychain-note')).toHaveTextContent('No system keychain is available. Secrets are kept in memory only until Filing Desk closes');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual(['Enter the client id', 'Enter the client secret', 'Enter the user name', 'Enter the password']);
    expect(f.callsTo('session.signIn')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: 'desk-client' } });
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'clerk' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: SECRET } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('error-summary')).toHaveTextContent('The service did not accept the username or password.'));
    expect(screen.getByLabelText('Client secret')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(pageText(container) + reactState(container)).not.toContain(PASSWORD);
  });

  it('brings the form back with the user name filled in when the session ended, keeping the outbox', async () => {
    let current = session({ signedIn: true, username: 'clerk', clientId: 'desk-client' });
    const f = fake({ 'online.status': () => ok(status({ state: 'online', signedInAs: 'clerk' })), 'session.status': () => ok(current), 'settings.get': () => ok(configured) });
    useNavigation.getState().go('settings');
    render(<App bridge={f.bridge} />);
    await screen.findByTestId('signed-in');
    current = session({ username: 'clerk', clientId: 'desk-client', reason: 'The session has ended (the refresh token was refused).' });
    f.push(status({ state: 'paused', message: 'Paused: the session has ended. Sign in to carry on.', outbox: { ...counts, queued: 2 } }));
    expect(await screen.findByTestId('signin-reason')).toHaveTextContent('The session has ended (the refresh token was refused). Sign in again to carry on; requests in the outbox wait for you.');
    expect(screen.getByLabelText('User name')).toHaveValue('clerk');
    expect(screen.getByRole('region', { name: 'Connection to the filing service' })).toHaveTextContent('Outbox: 2 waiting');
  });
});

describe('Outbox', () => {
  const item = (over: Partial<OutboxItemView> & { id: string; state: OutboxItemView['state'] }): OutboxItemView => ({
    kind: 'ct600-build', draftId: 'd-1', title: 'Acme 2024', attempts: 0, createdAt: '2025-06-01T09:00:00.000Z', nextTryAt: null, reason: null, ...over,
  });
  const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

  it('lists each state with attempts, next try and reason; Retry and Cancel only where they apply; a push refreshes the list', async () => {
    let items = [
      item({ id: ID(1), state: 'queued', attempts: 2, nextTryAt: '2025-06-01T09:05:00.000Z', reason: 'The service could not be reached.' }),
      item({ id: ID(2), state: 'sending', attempts: 1, title: 'Beta 2024' }),
      item({ id: ID(3), state: 'done', attempts: 1, title: 'Gamma 2024', kind: 'package-build' }),
      item({ id: ID(4), state: 'failed', attempts: 10, title: 'Delta 2024', reason: 'Gave up after 10 attempts.' }),
    ];
    const f = fake({
      'online.status': () => ok(status({ state: 'online', signedInAs: 'clerk' })),
      'session.status': () => ok(session({ signedIn: true })),
      'settings.get': () => ok(configured),
      'outbox.list': () => ok(items),
      'outbox.retry': ({ id }) => ok({ ...items.find((i) => i.id === id)!, state: 'queued' as const }),
      'outbox.cancel': ({ id }) => ok({ ...items.find((i) => i.id === id)!, state: 'cancelled' as const }),
    });
    useNavigation.getState().go('outbox');
    render(<App bridge={f.bridge} />);
    const table = await screen.findByRole('table', { name: 'Requests for the filing service' });
    const rows = within(table).getAllByTestId('outbox-row');
    expect(rows.map((r) => r.dataset.state)).toEqual(['failed', 'done', 'sending', 'queued']);
    const row = (title: string) => rows.find((r) => within(r).getByRole('rowheader').textContent!.startsWith(title))!;
    expect(row('Acme 2024')).toHaveTextContent('Waiting');
    expect(row('Acme 2024')).toHaveTextContent('The service could not be reached.');
    expect(row('Acme 2024')).toHaveTextContent('1 June 2025');
    expect(row('Delta 2024')).toHaveTextContent('Gave up after 10 attempts.');
    expect(within(row('Beta 2024')).queryByRole('button', { name: /Retry|Cancel/ })).toBeNull();
    expect(within(row('Gamma 2024')).queryByRole('button', { name: /Retry|Cancel/ })).toBeNull();
    fireEvent.click(within(row('Delta 2024')).getByRole('button', { name: 'Retry Delta 2024' }));
    await screen.findByText('“Delta 2024” will be sent again now, with the same key.');
    fireEvent.click(within(row('Acme 2024')).getByRole('button', { name: 'Cancel Acme 2024' }));
    await screen.findByText('“Acme 2024” was cancelled.');
    expect(f.callsTo('outbox.retry')).toEqual([{ id: ID(4) }]);
    expect(f.callsTo('outbox.cancel')).toEqual([{ id: ID(1) }]);

    items = [item({ id: ID(1), state: 'done', attempts: 3 })];
    f.push(status({ state: 'online', signedInAs: 'clerk', outbox: { ...counts, done: 1 } }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-row').map((r) => r.dataset.state)).toEqual(['done']));

    fireEvent.click(screen.getByRole('button', { name: 'Open the draft Acme 2024' }));
    expect(useNavigation.getState().draft).toEqual({ id: 'd-1', kind: 'ct600' });
  });

  it("says calmly that a request is already on its way when the outbox's own try beat the click", async () => {
    let items = [item({ id: ID(1), state: 'queued', attempts: 1, nextTryAt: '2025-06-01T09:05:00.000Z', reason: 'The service could not be reached.' }), item({ id: ID(2), state: 'queued', title: 'Beta 2024' })];
    const beingSent = { ok: false as const, error: { code: 'invalid-request' as const, message: 'This request is being sent now; wait for the answer. id: names a request that is being sent', field: 'id', errors: [{ field: 'id', message: 'names a request that is being sent' }] } };
    const f = fake({
      'online.status': () => ok(status({ state: 'online', signedInAs: 'clerk' })),
      'session.status': () => ok(session({ signedIn: true })),
      'settings.get': () => ok(configured),
      'outbox.list': () => ok(items),
      // Main started sending both just before the clicks arrived.
      'outbox.retry': () => ((items = items.map((i) => ({ ...i, state: 'sending' as const }))), beingSent),
      'outbox.cancel': () => beingSent,
    });
    useNavigation.getState().go('outbox');
    render(<App bridge={f.bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Acme 2024' }));
    expect(await screen.findByText('“Acme 2024” is being sent now.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('outbox-row').map((r) => r.dataset.state)).toEqual(['sending', 'sending']));

    items = [items[0]!, { ...items[1]!, state: 'queued' }];
    f.push(status({ state: 'online', signedInAs: 'clerk', outbox: { ...counts, queued: 1, sending: 1 } }));
    const cancel = await screen.findByRole('button', { name: 'Cancel Beta 2024' });
    items = [items[0]!, { ...items[1]!, state: 'done' }];
    fireEvent.click(cancel);
    expect(await screen.findByRole('alert')).toHaveTextContent('“Beta 2024” has already been sent, so it can no longer be cancelled.');
  });

  it('offers Cancel but no Retry for a request whose file is missing or changed, since it can never be sent', async () => {
    const items = [item({ id: ID(1), state: 'failed', attempts: 1, title: 'Alpha 2024', reason: 'The request file is missing; this request cannot be sent. Cancel it and queue it again from the draft.', cannotBeSent: true })];
    const f = fake({ 'online.status': () => ok(status({})), 'session.status': () => ok(session()), 'settings.get': () => ok(configured), 'outbox.list': () => ok(items), 'outbox.problems': () => ok([]) });
    useNavigation.getState().go('outbox');
    render(<App bridge={f.bridge} />);
    const row = await screen.findByTestId('outbox-row');
    expect(within(row).queryByRole('button', { name: 'Retry Alpha 2024' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Cancel Alpha 2024' })).toBeInTheDocument();
    expect(row).toHaveTextContent('The request file is missing');
  });

  it('names each outbox file that could not be used, and says nothing in it was sent', async () => {
    const problem = 'An outbox entry could not be read (attempts: must be at most 1000); it was kept as 0b5c.json.unreadable-2025-06-01T09-00-00-000Z.';
    const f = fake({ 'online.status': () => ok(status({})), 'session.status': () => ok(session()), 'settings.get': () => ok(configured), 'outbox.list': () => ok([]), 'outbox.problems': () => ok([problem]) });
    useNavigation.getState().go('outbox');
    render(<App bridge={f.bridge} />);
    const notice = await screen.findByTestId('outbox-unusable');
    expect(within(notice).getByRole('heading', { name: 'Files in the outbox that could not be used' })).toBeInTheDocument();
    expect(within(notice).getByRole('listitem')).toHaveTextContent(problem);
    expect(notice).toHaveTextContent('Nothing in them was sent.');
  });

  it('refuses a job id that is not one beside the field, without asking main', async () => {
    const f = fake({ 'online.status': () => ok(status({})), 'session.status': () => ok(session()), 'settings.get': () => ok(configured), 'outbox.list': () => ok([]) });
    useNavigation.getState().go('outbox');
    render(<App bridge={f.bridge} />);
    fireEvent.change(await screen.findByLabelText('Job id'), { target: { value: 'job 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow the job' }));
    expect(await screen.findByText(/Enter the job id as the service gave it/)).toHaveAttribute('id', 'job-id-error');
    expect(screen.getByLabelText('Job id')).toHaveAttribute('aria-invalid', 'true');
    expect(f.callsTo('jobs.follow')).toEqual([]);
    expect(screen.queryByLabelText('Send a file for validation')).toBeNull(); // not this computer's own service
  });

  it("sends a file for validation with the app's file picker when the service is this computer's own", async () => {
    const local = { ...configured, baseUrl: 'http://127.0.0.1:8787' };
    const f = fake({
      'online.status': () => ok(status({ state: 'online', signedInAs: 'clerk' })),
      'session.status': () => ok(session({ signedIn: true, username: 'clerk' })),
      'settings.get': () => ok(local),
      'outbox.list': () => ok([]),
      'jobs.send': () => ok({ item: item({ id: ID(5), state: 'queued', kind: 'validation-create', draftId: null, title: 'return.xml' }) }),
    });
    useNavigation.getState().go('outbox');
    render(<App bridge={f.bridge} />);
    const send = await screen.findByRole('group', { name: 'Send a file for validation' });
    // The app's picker: a button that opens the system's chooser, not the browser's bare file box.
    const choose = within(send).getByRole('button', { name: 'Choose a file to send…' });
    const picker = send.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker).not.toBeVisible();
    expect(picker.accept).toBe('.xml,.xbri,.xbr,.zip');
    let opened = 0;
    picker.addEventListener('click', () => opened++);
    fireEvent.click(choose);
    expect(opened).toBe(1);
    const bytes = new TextEncoder().encode('<GovTalkMessage/>');
    fireEvent.change(picker, { target: { files: [new File([bytes], 'return.xml')] } });
    expect(await within(send).findByText('return.xml is in the outbox; its job appears below once the service has taken it.')).toBeInTheDocument();
    const sent = f.callsTo('jobs.send') as { draftId: string | null; file: { fileName: string; bytes: Uint8Array } }[];
    expect(sent.map((r) => ({ draftId: r.draftId, fileName: r.file.fileName, bytes: [...r.file.bytes] }))).toEqual([{ draftId: null, fileName: 'return.xml', bytes: [...bytes] }]);
  });
});

/** The page as a person or script could read it: markup plus the live value of every input. */
function pageText(root: HTMLElement): string {
  return root.ownerDocument.documentElement.outerHTML + [...root.ownerDocument.querySelectorAll('input')].map((i) => i.value).join('\n');
}

/** Every piece of React state and props under root, walked through React's fibers. */
function reactState(root: HTMLElement): string {
  const key = Object.keys(root.firstElementChild ?? {}).find((k) => k.startsWith('__reactFiber$'));
  if (!key) throw new Error('no React fiber found: the scan would see nothing');
  let fiber = (root.firstElementChild as unknown as Record<string, { return: unknown }>)[key];
  while (fiber?.return) fiber = fiber.return as typeof fiber;
  const out: string[] = [];
  const seen = new WeakSet<object>();
  const visit = (v: unknown, depth: number): void => {
    if (depth > 8 || v === null || v === undefined) return;
    if (typeof v === 'string') return void out.push(v);
    if (typeof v !== 'object' || seen.has(v) || v instanceof Node) return;
    seen.add(v);
    for (const [k, x] of Object.entries(v)) if (k !== 'return' && k !== '_owner' && k !== 'stateNode') visit(x, depth + 1);
  };
  const walk = (f: Record<string, unknown> | null | undefined): void => {
    for (let node = f; node; node = node.sibling as typeof node) {
      visit(node.memoizedState, 0);
      visit(node.memoizedProps, 0);
      walk(node.child as typeof node);
    }
  };
  walk(fiber as unknown as Record<string, unknown>);
  return out.join('\n');
}
