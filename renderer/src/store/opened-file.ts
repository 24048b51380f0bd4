import { useEffect } from 'react';
import { create } from 'zustand';
import type { OpenedFile } from '../../../preload/contract.js';

/**
 * A report package the operating system opened with the app, waiting for the
 * "Validate a file" page to check it. The page takes it once (take() empties
 * the slot), so a file is checked exactly once however often the page renders.
 */
interface OpenedFileSlot {
  pending: OpenedFile | null;
  put(file: OpenedFile): void;
  take(): OpenedFile | null;
}

export const useOpenedFileForCheck = create<OpenedFileSlot>((set, get) => ({
  pending: null,
  put: (file) => set({ pending: file }),
  take: () => {
    const file = get().pending;
    if (file) set({ pending: null });
    return file;
  },
}));

/** For "Validate a file": checks a file opened from outside the app, now and whenever one arrives. */
export function useOpenedFileCheck(check: (file: File) => unknown): void {
  useEffect(() => {
    const takeOne = () => {
      const file = useOpenedFileForCheck.getState().take();
      if (file) void check(new File([file.bytes as Uint8Array<ArrayBuffer>], file.fileName));
    };
    takeOne();
    return useOpenedFileForCheck.subscribe((state) => {
      if (state.pending) takeOne();
    });
  }, [check]);
}
