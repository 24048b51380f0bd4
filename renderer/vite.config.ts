import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contentSecurityPolicyMeta } from '../main/window/content-security-policy.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** One policy, two carriers: the app:// handler sends it as a header, the page repeats it as a meta tag. */
function contentSecurityPolicyMetaTag(): Plugin {
  return {
    name: 'filing-desk-csp-meta',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicyMeta() },
          injectTo: 'head-prepend',
        },
      ],
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
