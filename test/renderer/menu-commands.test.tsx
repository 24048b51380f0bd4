// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../renderer/src/App.js';
import { useNavigation } from '../../renderer/src/store/navigation.js';
import { fakeMain, ok } from './fake-main.js';
import { resetWindow } from './reset-window.js';

vi.mock('../../renderer/src/features/ct600/Ct600Wizard.js', () => ({
  Ct600Wizard: ({ draftId }: { draftId: string }) => <h2>Wizard for draft {draftId}</h2>,
}));

const emptyList = () => ok({ drafts: [], unreadable: [], trash: [] });

beforeEach(() => {
  resetWindow();
  useNavigation.setState({ section: 'validate' });
});
afterEach(cleanup);

const notices = () => screen.getByRole('region', { name: 'Notices' });

describe('application menu commands', () => {
  it('New return goes to Start with the client chooser open, from any section', async () => {
    const { bridge, menu } = fakeMain({ 'drafts.list': emptyList, 'clients.list': () => ok([]) });
    render(<App bridge={bridge} />);
    act(() => menu.emit('new-return'));
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Client' })).toBeInTheDocument();
  });

  it('New package goes to Start with the report package chooser open, from any section', async () => {
    const { bridge, menu } = fakeMain({ 'drafts.list': emptyList, 'clients.list': () => ok([]) });
    render(<App bridge={bridge} />);
    act(() => menu.emit('new-package'));
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New report package' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Client' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create package' })).toBeInTheDocument();
  });

  it('Open shows main’s dialog and opens the draft it returns', async () => {
    const { bridge, menu, called } = fakeMain({
      'drafts.openFile': () => ok({ draft: { id: 'd-opened', kind: 'ct600' } as never }),
      'drafts.list': emptyList,
    });
    render(<App bridge={bridge} />);
    act(() => menu.emit('open'));
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-opened' })).toBeInTheDocument();
    expect(called('drafts.openFile')).toHaveLength(1);
  });

  it('Save and Save as with no draft open say there is nothing to save; with a draft open they are left to the wizard', async () => {
    const { bridge, menu, calls } = fakeMain({ 'drafts.list': emptyList });
    render(<App bridge={bridge} />);
    act(() => menu.emit('save'));
    expect(within(notices()).getByText('Nothing to save: open a draft first.')).toBeInTheDocument();
    act(() => menu.emit('save-as'));
    expect(within(notices()).getAllByText('Nothing to save: open a draft first.')).toHaveLength(2);

    act(() => useNavigation.getState().openDraft({ id: 'd1', kind: 'ct600' }));
    act(() => within(notices()).getAllByRole('button', { name: /^Dismiss/ }).forEach((b) => b.click()));
    act(() => menu.emit('save'));
    expect(within(notices()).queryByText('Nothing to save: open a draft first.')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.channel)).toEqual(['app.info']));
  });

  it('subscribes once and stops listening when the window goes', () => {
    const { bridge } = fakeMain({});
    const stop = vi.fn();
    const subscribe = vi.spyOn(bridge, 'onMenuCommand').mockReturnValue(stop);
    const { unmount } = render(<App bridge={bridge} />);
    expect(subscribe).toHaveBeenCalledTimes(1);
    unmount();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
