/**
 * The three verdicts a checked document can have, kept apart everywhere the
 * app gives one (the command line, the window, validation jobs):
 * - valid: every check ran and none found an error (warnings may remain:
 *   valid with warnings, as HMRC accepts a document with them);
 * - invalid: a check found an error;
 * - not checked: nothing found an error, but the facts could not be checked
 *   against their taxonomy because a package is not installed, named so the
 *   user can install it. A document that was not checked is not invalid, and
 *   not valid either.
 * An error wins over "not checked": what was found is wrong whatever the
 * unchecked facts turn out to be.
 */
export type Verdict = 'valid' | 'invalid' | 'notChecked';

export interface VerdictInput {
  category: 'error' | 'warning' | 'info';
  /** The packages to install before the facts can be checked (the "concepts not checked" warning carries them). */
  install?: readonly string[];
}

export interface DocumentVerdict {
  verdict: Verdict;
  /** For "not checked": the packages to install, each once; empty otherwise. */
  install: string[];
}

/** The packages named by the findings' "not checked" warnings, each once, in order. */
export function packagesToInstall(findings: readonly VerdictInput[]): string[] {
  return [...new Set(findings.flatMap((f) => f.install ?? []))];
}

export function verdictOf(findings: readonly VerdictInput[]): DocumentVerdict {
  if (findings.some((f) => f.category === 'error')) return { verdict: 'invalid', install: [] };
  const install = packagesToInstall(findings);
  return install.length > 0 ? { verdict: 'notChecked', install } : { verdict: 'valid', install: [] };
}

/** "Not checked: install the FRC taxonomy suite 2025 …": how every surface words the third verdict. */
export function notCheckedWords(install: readonly string[]): string {
  return `Not checked: install ${install.join(' and ')}`;
}
