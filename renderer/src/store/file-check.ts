import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  Ct600VerifyResponse,
  FieldError,
  FilingDeskBridge,
  IpcResult,
  ValidationJobResult,
} from '../../../preload/contract.js';
import { fileKindOf, refusalReason } from '../features/validate/file-kind.js';

/** The "Validate a file" screen's state: one file at a time, from drop to verdict. */
export type FileCheckState =
  | { status: 'idle' }
  | { status: 'checking'; fileName: string; size: number }
  | { status: 'irmark'; fileName: string; size: number; result: Ct600VerifyResponse }
  | { status: 'package'; fileName: string; size: number; result: ValidationJobResult }
  | { status: 'error'; fileName: string; message: string; errors?: FieldError[] };

export interface FileCheckStore {
  state: FileCheckState;
  check(file: Blob & { name: string }): Promise<void>;
  reset(): void;
}

export function createFileCheckStore(bridge: FilingDeskBridge): StoreApi<FileCheckStore> {
  // A later drop wins: answers to earlier checks that arrive late are dropped.
  let latest = 0;
  return createStore<FileCheckStore>((set) => {
    const settle = (ticket: number, state: FileCheckState) => {
      if (ticket === latest) set({ state });
    };
    const failed = (ticket: number, fileName: string, result: Extract<IpcResult<unknown>, { ok: false }>) =>
      settle(ticket, {
        status: 'error',
        fileName,
        message: result.error.message,
        ...(result.error.errors ? { errors: result.error.errors } : {}),
      });

    return {
      state: { status: 'idle' },
      reset: () => {
        latest++;
        set({ state: { status: 'idle' } });
      },
      check: async (file) => {
        const ticket = ++latest;
        const fileName = file.name;
        const refusal = refusalReason(fileName, file.size);
        if (refusal) return settle(ticket, { status: 'error', fileName, message: refusal });
        set({ state: { status: 'checking', fileName, size: file.size } });
        try {
          // Read here, as bytes: works the same for a drop, a file chooser, in Electron and in a browser.
          const bytes = new Uint8Array(await file.arrayBuffer());
          if (fileKindOf(fileName) === 'ct600') {
            const result = await bridge.verifyCt600({ fileName, bytes });
            if (!result.ok) return failed(ticket, fileName, result);
            settle(ticket, { status: 'irmark', fileName, size: file.size, result: result.value });
          } else {
            const result = await bridge.validatePackage({ fileName, bytes });
            if (!result.ok) return failed(ticket, fileName, result);
            settle(ticket, { status: 'package', fileName, size: file.size, result: result.value });
          }
        } catch {
          settle(ticket, { status: 'error', fileName, message: `${fileName} could not be read. Check the file is still there and try again.` });
        }
      },
    };
  });
}
