import { createContext, useContext } from 'react';
import type { Draft, FilingDeskBridge, PackagePlan } from '../../../../preload/contract.js';
import type { FormCheck, PackageForm } from './form.js';

export type StepId = 'about' | 'entry-points' | 'files' | 'review';

export const STEPS: ReadonlyArray<{ id: StepId; title: string; summary: string }> = [
  { id: 'about', title: 'About the package', summary: 'What the package is, who publishes it and in which language.' },
  { id: 'entry-points', title: 'Entry points', summary: 'Where software starts reading the taxonomy. Most packages have one.' },
  { id: 'files', title: 'Report and taxonomy files', summary: 'The report itself and the extension taxonomy that goes with it.' },
  { id: 'review', title: 'Check and build', summary: 'Check your answers, build the package, check it and save it.' },
];

/** The plan main sends back: the package as it will be written, and what would be refused. */
export type PlanState = { status: 'waiting' } | { status: 'ready'; plan: PackagePlan } | { status: 'failed'; message: string };

/** What every step needs from the wizard: the form, its check, the plan, and ways to change them. */
export interface PackageWizardContext {
  draftId: string;
  bridge: FilingDeskBridge;
  draft: Draft;
  form: PackageForm;
  check: FormCheck;
  plan: PlanState;
  /** The error shown beside a field: once left, as typed for web addresses and language tags, or after Continue. */
  shownError(fieldId: string): string | undefined;
  touch(fieldId: string): void;
  update(change: (form: PackageForm) => PackageForm): void;
  adoptDraft(draft: Draft): void;
  go(step: StepId, fieldId?: string): void;
  flush(): Promise<boolean>;
}

export const PackageWizardCtx = createContext<PackageWizardContext | null>(null);

export function usePackageWizard(): PackageWizardContext {
  const ctx = useContext(PackageWizardCtx);
  if (!ctx) throw new Error('usePackageWizard outside the report package wizard');
  return ctx;
}
