import { render } from '@testing-library/react';
import type { FilingDeskBridge } from '../../../preload/contract.js';
import { BridgeProvider } from '../../../renderer/src/bridge/bridge-context.js';
import { Ct600Wizard } from '../../../renderer/src/features/ct600/Ct600Wizard.js';

/** The CT600 wizard on one draft (fakeMain's "d1" unless told), talking to main through `bridge`. */
export function openWizard(bridge: FilingDeskBridge, draftId = 'd1') {
  return render(
    <BridgeProvider bridge={bridge}>
      <Ct600Wizard draftId={draftId} />
    </BridgeProvider>,
  );
}
