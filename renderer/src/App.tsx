import { lazy, Suspense, useEffect, useState } from 'react';
import type { FilingDeskBridge } from '../../preload/contract.js';
import { BridgeProvider } from './bridge/bridge-context.js';
import { ClientsPage } from './features/clients/ClientsPage.js';
import { DeadlinesPage } from './features/deadlines/DeadlinesPage.js';
import { AppFrame } from './features/frame/AppFrame.js';
import { DraftView } from './features/frame/DraftView.js';
import { useMenuCommands } from './features/frame/menu-commands.js';
import { useOpenedFiles } from './features/frame/opened-files.js';
import { StartPage } from './features/start/StartPage.js';
import { ValidateFilePage } from './features/validate/ValidateFilePage.js';
import { VerifyFilePage } from './features/verify/VerifyFilePage.js';
import { ClientsContext, createClientsStore } from './store/clients.js';
import { createDeadlinesStore, DeadlinesContext } from './store/deadlines.js';
import { createDraftListStore, DraftListContext } from './store/draft-list.js';
import { useNavigation } from './store/navigation.js';
import { createOnlineStore, OnlineContext } from './store/online.js';

const AccountsPage = lazy(() => import('./features/accounts/AccountsPage.js').then((m) => ({ default: m.AccountsPage })));
// Settings and the outbox load when opened, not with the start screen (as the wizards do).
const SettingsPage = lazy(() => import('./features/settings/SettingsPage.js').then((m) => ({ default: m.SettingsPage })));
const OutboxPage = lazy(() => import('./features/outbox/OutboxPage.js').then((m) => ({ default: m.OutboxPage })));

function Section() {
  const section = useNavigation((s) => s.section);
  const draft = useNavigation((s) => s.draft);
  if (draft) return <DraftView draft={draft} />;
  switch (section) {
    case 'start':
      return <StartPage />;
    case 'deadlines':
      return <DeadlinesPage />;
    case 'clients':
      return <ClientsPage />;
    case 'accounts':
      return (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <AccountsPage />
        </Suspense>
      );
    case 'validate':
      return <ValidateFilePage />;
    case 'verify':
      return <VerifyFilePage />;
    case 'settings':
      return (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <SettingsPage />
        </Suspense>
      );
    case 'outbox':
      return (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <OutboxPage />
        </Suspense>
      );
  }
}

export function App({ bridge }: { bridge: FilingDeskBridge }) {
  const [version, setVersion] = useState<string | null>(null);
  const [drafts] = useState(() => createDraftListStore(bridge));
  const [clients] = useState(() => createClientsStore(bridge));
  const [online] = useState(() => createOnlineStore(bridge));
  const [deadlines] = useState(() => createDeadlinesStore(bridge));
  // The overdue count in the sidebar follows the work: recounted on every move between sections and drafts.
  useEffect(() => {
    void deadlines.getState().refresh();
    return useNavigation.subscribe((now, before) => {
      if (now.section !== before.section || now.draft?.id !== before.draft?.id) void deadlines.getState().refresh();
    });
  }, [deadlines]);
  useEffect(() => online.getState().connect(), [online]);
  useMenuCommands(bridge, drafts);
  useOpenedFiles(bridge, drafts);
  useEffect(() => {
    let live = true;
    bridge.appInfo().then(
      (info) => {
        if (live && info.ok) setVersion(info.value.version);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bridge]);
  return (
    <BridgeProvider bridge={bridge}>
      <DraftListContext.Provider value={drafts}>
        <ClientsContext.Provider value={clients}>
          <OnlineContext.Provider value={online}>
            <DeadlinesContext.Provider value={deadlines}>
              <AppFrame version={version}>
                <Section />
              </AppFrame>
            </DeadlinesContext.Provider>
          </OnlineContext.Provider>
        </ClientsContext.Provider>
      </DraftListContext.Provider>
    </BridgeProvider>
  );
}
