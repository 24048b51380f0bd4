import { create } from 'zustand';

export type Section = 'ct600' | 'package' | 'validate' | 'settings';

export const sections: ReadonlyArray<{ id: Section; label: string; built: boolean }> = [
  { id: 'ct600', label: 'CT600 return', built: false },
  { id: 'package', label: 'Report package', built: false },
  { id: 'validate', label: 'Validate a file', built: true },
  { id: 'settings', label: 'Settings', built: false },
];

interface NavigationState {
  section: Section;
  go(section: Section): void;
}

// Opens on "Validate a file": the one section that works in this version.
export const useNavigation = create<NavigationState>((set) => ({
  section: 'validate',
  go: (section) => set({ section }),
}));
