import { useEffect, useState } from 'react';
import type { FilingDeskBridge } from '../../preload/contract.js';
import { BridgeProvider } from './bridge/bridge-context.js';
import { ClientsPage } from './features/clients/ClientsPage.js';
import { AppFrame } from './features/frame/AppFrame.js';
import { ComingLater } from './features/frame/ComingLater.js';
import { DraftView } from './features/frame/DraftView.js';
import { useMenuCommands } from './features/frame/menu-commands.js';
import { useOpenedFiles } from './features/frame/opened-files.js';
import { StartPage } from './features/start/StartPage.js';
import { ValidateFilePage } from './features/validate/ValidateFilePage.js';
import { VerifyFilePage } from './features/verify/VerifyFilePage.js';
import { ClientsContext, createClientsStore } from './store/clients.js';
import { createDraftListStore, DraftListContext } from './store/draft-list.js';
import { useNavigation } from './store/navigation.js';

function Section() {
  const section = useNavigation((s) => s.section);
  const draft = useNavigation((s) => s.draft);
  if (draft) return <DraftView draft={draft} />;
  switch (section) {
    case 'start':
      return <StartPage />;
    case 'clients':
      return <ClientsPage />;
    case 'validate':
      return <ValidateFilePage />;
    case 'verify':
      return <VerifyFilePage />;
    case 'settings':
      return (
        <ComingLater
          title="Settings"
          summary="The filing service connection."
          plans={['connect to the filing service to submit returns online; secrets stay in the system keychain', 'see the queue of submissions waiting to go']}
        />
      );
  }
}

export function App({ bridge }: { bridge: FilingDeskBridge }) {
  const [version, setVersion] = useState<string | null>(null);
  const [drafts] = useState(() => createDraftListStore(bridge));
  const [clients] = useState(() => createClientsStore(bridge));
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
          <AppFrame version={version}>
            <Section />
          </AppFrame>
        </ClientsContext.Provider>
      </DraftListContext.Provider>
    </BridgeProvider>
  );
}
