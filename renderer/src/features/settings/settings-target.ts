import { create } from 'zustand';
import { useNavigation } from '../../store/navigation.js';

/**
 * A link from elsewhere ("Enter your Government Gateway user ID") opens
 * Settings with focus on the field it names: the id is kept here until the
 * Settings page has drawn that field and takes it.
 */
interface SettingsTarget {
  fieldId: string | null;
  open(fieldId: string): void;
  take(): string | null;
}

export const useSettingsTarget = create<SettingsTarget>((set, get) => ({
  fieldId: null,
  open: (fieldId) => {
    set({ fieldId });
    useNavigation.getState().go('settings');
  },
  take: () => {
    const id = get().fieldId;
    if (id) set({ fieldId: null });
    return id;
  },
}));
