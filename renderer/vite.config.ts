import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contentSecurityPolicyMeta } from '../main/window/content-security-policy.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const CSP_PLACEHOLDER = '__FILING_DESK_CSP__';

/** One policy, two carriers: the app:// handler sends it as a header, the page repeats it in a meta tag. */
function contentSecurityPolicyMetaTag(): Plugin {
  return {
    name: 'filing-desk-csp-meta',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!html.includes(CSP_PLACEHOLDER)) throw new Error(`renderer/index.html lost its ${CSP_PLACEHOLDER} meta tag`);
        // The policy has single quotes but never double quotes or angle brackets: safe in a double-quoted attribute.
        return html.replace(CSP_PLACEHOLDER, contentSecurityPolicyMeta());
      },
    },
  };
}

/** The one language of the app's interface; React Aria falls back to it for every other locale. */
const ARIA_LOCALE = 'en-US';
const ARIA_STRINGS = /[\\/]react-aria[\\/]dist[\\/]private[\\/][^\\/]+[\\/]intlStrings\.mjs$/;

/**
 * React Aria's built-in labels ("Show suggestions", "Clear" …) come in 34
 * languages per component, all bundled: about 130 KB of the start screen's
 * JavaScript. The app speaks English only, so only en-US is kept (React Aria
 * uses it for any locale it has no strings for, en-GB included). A change in
 * how the library lays these files out fails the build rather than shipping
 * every language again or none.
 */
export function keepAriaLocale(code: string, id: string): string | undefined {
  if (!ARIA_STRINGS.test(id)) return undefined;
  const lines = code.split('\n');
  const importLine = /^import \S+ from "\.\.\/intl\/[^/"]+\/([A-Za-z-]+)\.mjs";$/;
  const entryLine = /^\s*"([A-Za-z-]+)": \S+?,?$/;
  let imports = 0;
  let entries = 0;
  const kept = lines.filter((line) => {
    const locale = importLine.exec(line)?.[1] ?? entryLine.exec(line)?.[1];
    if (locale === undefined) return true;
    if (locale !== ARIA_LOCALE) return false;
    if (line.startsWith('import')) imports++;
    else entries++;
    return true;
  });
  if (imports !== 1 || entries !== 1) throw new Error(`${id}: expected one ${ARIA_LOCALE} import and entry, found ${imports} and ${entries}`);
  return kept.join('\n');
}

function ariaEnglishOnly(): Plugin {
  return { name: 'filing-desk-aria-english-only', enforce: 'pre', transform: (code, id) => keepAriaLocale(code, id) };
}

export default defineConfig({
  root: here,
  base: './',
  plugins: [react(), contentSecurityPolicyMetaTag(), ariaEnglishOnly()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Inline assets would be data: URLs in script/style, which the CSP refuses.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'chrome140',
  },
});
