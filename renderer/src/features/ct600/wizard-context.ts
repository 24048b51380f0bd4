import { createContext, useContext } from 'react';
import type { Draft, FilingDeskBridge, ValidationMessage } from '../../../../preload/contract.js';
import type { DateParts } from '../../components/DateInput.js';
import type { StepId } from '../../../../common/ct600/fields.js';
import type { Ct600Form } from './form.js';
import type { FormCheck } from './form-request.js';
import type { ComputationState } from './use-computation.js';
import type { GeneratedComputationState } from './use-generated-computation.js';

/** What every step needs from the wizard: the form, its check, and ways to change it. */
export interface WizardContext {
  draftId: string;
  bridge: FilingDeskBridge;
  draft: Draft;
  form: Ct600Form;
  clientId: string | null;
  check: FormCheck;
  /** The error shown beside a field: once the user changed it and left it, or after Continue or on Check. */
  shownError(fieldId: string): string | undefined;
  touch(fieldId: string): void;
  setValue(fieldId: string, value: string): void;
  setDate(fieldId: 'periodFrom' | 'periodTo', value: DateParts): void;
  setAccepted(accepted: boolean): void;
  /** Drops a figure entered in a computed box: the box shows its computed figure again. */
  dropEnteredFigure(fieldId: string): void;
  update(change: (form: Ct600Form) => Ct600Form): void;
  setClientId(clientId: string | null): void;
  adoptDraft(draft: Draft): void;
  /** Business-rule messages from the engine, by the field of their box. */
  warnings: Map<string, ValidationMessage[]>;
  go(step: StepId | 'file', fieldId?: string): void;
  /** Continue: show this step's errors, or move on when there are none. */
  submitStep(step: StepId): void;
  flush(): Promise<boolean>;
  /** The computation's result and the errors the engine names, for the Computation step and Profits and tax. */
  computation: ComputationState;
  /** Whether the computation Filing Desk writes is being attached, or why it could not be. */
  generatedComputation: GeneratedComputationState;
  /** Whether the Computation step's "is required" errors show: after its Continue, or once Check listed them. */
  computationErrorsShown: boolean;
}

export const WizardCtx = createContext<WizardContext | null>(null);

export function useWizard(): WizardContext {
  const ctx = useContext(WizardCtx);
  if (!ctx) throw new Error('useWizard outside the CT600 wizard');
  return ctx;
}
