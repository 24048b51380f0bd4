/**
 * What the Computation step's parts share: the computation's answers with
 * their setter and errors, a money field bound to an answer, and the
 * money format its tables use.
 */
import type { ReactNode } from 'react';
import { MoneyInput } from '../../components/MoneyInput.js';
import { formatMoney } from '../../format/index.js';
import { computationMessage, elementIdOf, emptyComputation, type ComputationForm } from './computation-form.js';
import { useWizard } from './wizard-context.js';

let nextRow = 0;
export const newId = () => `r${Date.now().toString(36)}${(nextRow++).toString(36)}`;
export const pounds = (n: number, kind: 'pence' | 'whole-pounds' = 'pence') => formatMoney(Math.round(n * 100), kind);

export function useComputationForm() {
  const ctx = useWizard();
  const c = ctx.form.computation ?? emptyComputation();
  const set = (change: (c: ComputationForm) => ComputationForm) => ctx.update((f) => ({ ...f, computation: change(f.computation ?? emptyComputation()) }));
  // A missing answer waits for Continue; a wrong one shows at once.
  const error = (path: string) => {
    const m = ctx.computation.errors.get(path);
    return m && (ctx.computationErrorsShown || !/^is required/.test(m)) ? computationMessage(path, m) : undefined;
  };
  return { ctx, c, set, error };
}

export function Money({ path, label, box, hint, notes, value, onChange }: { path: string; label: string; box?: string; hint?: ReactNode; notes?: ReactNode; value: string; onChange(v: string): void }) {
  const { error } = useComputationForm();
  return <MoneyInput id={elementIdOf(path)} label={label} box={box} hint={hint} notes={notes} kind="pence" value={value} error={error(path)} onChange={onChange} />;
}
