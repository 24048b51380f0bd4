import { useState } from 'react';
import type { Client } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { useNavigation } from '../../store/navigation.js';
import { settle } from '../frame/bridge-call.js';
import { useNotices } from '../frame/notices.js';

/** Creates a report package draft for the client (or none) and opens it in its wizard. */
export function useNewPackage(refresh: () => Promise<void>): { busy: boolean; create(client: Client | null): Promise<void> } {
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    create: async (client) => {
      setBusy(true);
      const result = await settle(
        () => bridge.createDraft({ kind: 'report-package', clientId: client?.id ?? null, title: client ? `${client.companyName} report package` : 'New report package', form: {} }),
        'create the report package',
      );
      setBusy(false);
      if (!result.ok) return void useNotices.getState().show({ text: `The report package could not be created: ${result.failure.message}`, tone: 'error' });
      useNavigation.getState().openDraft({ id: result.value.id, kind: 'report-package' });
      void refresh();
    },
  };
}
