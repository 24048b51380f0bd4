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

export default defineConfig({
  root: here,
  base: './',
  plugins: [react(), contentSecurityPolicyMetaTag()],
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
