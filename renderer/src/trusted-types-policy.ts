/**
 * The page runs under `require-trusted-types-for 'script'`: a plain string
 * assigned to innerHTML (or any other DOM XSS sink) is refused. React Aria's
 * live announcer, which NumberField, DateField, ComboBox and others use to
 * speak to screen readers, clears its regions with `innerHTML = ''`; without
 * a policy that assignment throws and the field breaks.
 *
 * Emptying an element cannot inject anything, so the default policy (the one
 * Chromium consults for a plain string) lets exactly the empty string through
 * and refuses everything else, and it has no createScript or createScriptURL,
 * so script sinks stay closed. The CSP allows only this one policy name,
 * created once: page code cannot make another to get round it. It must exist
 * before any React Aria code runs, so the entry imports this module first.
 */
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML?: (input: string) => string | null }): unknown;
  readonly defaultPolicy: unknown;
}

export const DEFAULT_POLICY_NAME = 'default';

/** Creates the default policy when the browser has Trusted Types and none exists yet; says which. */
export function installEmptyHtmlPolicy(scope: { trustedTypes?: TrustedTypesFactory } = globalThis as never): 'installed' | 'present' | 'unsupported' {
  const factory = scope.trustedTypes;
  if (!factory) return 'unsupported'; // jsdom, older browsers: nothing enforces sinks there either
  if (factory.defaultPolicy) return 'present';
  factory.createPolicy(DEFAULT_POLICY_NAME, {
    // null refuses the string: the assignment throws and a CSP violation is reported.
    createHTML: (input) => (input === '' ? '' : null),
  });
  return 'installed';
}

installEmptyHtmlPolicy();
