import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Ct600VerifyResponse, FieldError, FilingDeskBridge, ValidationJobResult } from '../../../preload/contract.js';
import { settle, type Failure } from '../features/frame/bridge-call.js';
import { fileKindOf, refusalReason } from '../features/validate/file-kind.js';

/** One answer from main: the value, or what went wrong in words. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/** The "Validate a file" screen's state: one file at a time, from drop to verdict. */
export type FileCheckState =
  | { status: 'idle' }
  | { status: 'checking'; fileName: string; size: number }
  /** A CT600 return: the full local validation job (schema, business rules, IRmark) and the IRmark summary. */
  | { status: 'ct600'; fileName: string; size: number; job: Outcome<ValidationJobResult>; irmark: Outcome<Ct600VerifyResponse> }
  | { status: 'package'; fileName: string; size: number; result: ValidationJobResult }
  | { status: 'ixbrl'; fileName: string; size: number; result: ValidationJobResult }
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
    const settleState = (ticket: number, state: FileCheckState) => {
      if (ticket === latest) set({ state });
    };
    const failed = (ticket: number, fileName: string, failure: Failure) =>
      settleState(ticket, { status: 'error', fileName, message: failure.message, ...(failure.errors ? { errors: failure.errors } : {}) });

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
        if (refusal) return settleState(ticket, { status: 'error', fileName, message: refusal });
        set({ state: { status: 'checking', fileName, size: file.size } });
        let bytes: Uint8Array;
        try {
          // Read here, as bytes: works the same for a drop, a file chooser, in Electron and in a browser.
          bytes = new Uint8Array(await file.arrayBuffer());
        } catch {
          return settleState(ticket, { status: 'error', fileName, message: `${fileName} could not be read. Check the file is still there and try again.` });
        }
        if (fileKindOf(fileName) === 'ct600') {
          const [job, irmark] = await Promise.all([
            settle(() => bridge.validateCt600({ fileName, bytes }), 'validate the return'),
            settle(() => bridge.verifyCt600({ fileName, bytes }), 'check the IRmark'),
          ]);
          // Both refused (a file main will not take): one error, with main's field errors.
          if (!job.ok && !irmark.ok) return failed(ticket, fileName, job.failure.errors ? job.failure : irmark.failure);
          settleState(ticket, { status: 'ct600', fileName, size: file.size, job, irmark });
        } else if (fileKindOf(fileName) === 'ixbrl') {
          const result = await settle(() => bridge.checkInlineXbrl({ fileName, bytes }), 'check the document against its taxonomy');
          if (!result.ok) return failed(ticket, fileName, result.failure);
          settleState(ticket, { status: 'ixbrl', fileName, size: file.size, result: result.value });
        } else {
          const result = await settle(() => bridge.validatePackage({ fileName, bytes }), 'validate the package');
          if (!result.ok) return failed(ticket, fileName, result.failure);
          settleState(ticket, { status: 'package', fileName, size: file.size, result: result.value });
        }
      },
    };
  });
}
