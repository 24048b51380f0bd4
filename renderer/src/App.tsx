import { useEffect, useState } from 'react';
import type { FilingDeskBridge } from '../../preload/contract.js';
import { BridgeProvider } from './bridge/bridge-context.js';
import { AppFrame } from './features/frame/AppFrame.js';
import { ComingLater } from './features/frame/ComingLater.js';
import { ValidateFilePage } from './features/validate/ValidateFilePage.js';
import { useNavigation } from './store/navigation.js';

function Section() {
  const section = useNavigation((s) => s.section);
  switch (section) {
    case 'validate':
      return <ValidateFilePage />;
    case 'ct600':
      return (
        <ComingLater
          title="CT600 return"
          summary="Prepare a company’s corporation tax return and its IRmark."
          plans={[
            'enter the company, period and tax figures with the boxes checked as you type',
            'attach the accounts and computations (iXBRL)',
            'build the GovTalk message with its IRmark and save it',
          ]}
        />
      );
    case 'package':
      return (
        <ComingLater
          title="Report package"
          summary="Bundle a report and its taxonomy into an XBRL report package."
          plans={['describe the package and its entry points', 'add the report and extension taxonomy', 'build, hash and save the .xbri']}
        />
      );
    case 'settings':
      return (
        <ComingLater
          title="Settings"
          summary="Your firm’s details and the filing service connection."
          plans={['set the HMRC vendor details used in returns', 'connect to the filing service; secrets stay in the system keychain']}
        />
      );
  }
}

export function App({ bridge }: { bridge: FilingDeskBridge }) {
  const [version, setVersion] = useState<string | null>(null);
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
      <AppFrame version={version}>
        <Section />
      </AppFrame>
    </BridgeProvider>
  );
}
