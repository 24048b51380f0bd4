/**
 * The renderer's Content-Security-Policy. Vite emits only external module
 * scripts and stylesheets, so nothing inline is needed and no remote origin is
 * ever contacted from the renderer: all data goes through the preload bridge.
 */
const directives: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  // Images are files of our own (the favicon is an svg file); no data: URLs.
  ['img-src', "'self'"],
  ['font-src', "'self'"],
  ['connect-src', "'none'"],
  ['media-src', "'none'"],
  ['object-src', "'none'"],
  ['worker-src', "'none'"],
  ['manifest-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  // DOM XSS sinks (innerHTML, script.src, eval-like calls) refuse plain
  // strings: React renders through DOM APIs and Vite emits plain module
  // scripts. The one policy allowed is "default", created once by the page
  // (renderer/src/trusted-types-policy.ts): it lets only the empty string
  // through, with which React Aria's live announcer clears itself; no page
  // code can create another policy to get round the rule.
  ['require-trusted-types-for', "'script'"],
  ['trusted-types', 'default'],
  // Only honoured as a response header; browsers ignore (and warn about) it in a meta tag.
  ['frame-ancestors', "'none'"],
];

const headerOnly = new Set(['frame-ancestors']);

/** The policy as the protocol handler sends it in the Content-Security-Policy header. */
export function contentSecurityPolicyHeader(): string {
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** The same policy for `<meta http-equiv="Content-Security-Policy">`, without header-only directives. */
export function contentSecurityPolicyMeta(): string {
  return directives
    .filter(([name]) => !headerOnly.has(name))
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** Parses a policy string into directive → sources, for checks and tests. */
export function parseContentSecurityPolicy(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}
