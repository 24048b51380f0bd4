/** The renderer built as the app ships it, for the harness and the Electron stand-in: scripts/build-renderer.mjs says why. */
// @ts-expect-error: a plain ES module script without type declarations
import { buildRendererAsShipped as build } from '../../scripts/build-renderer.mjs';

export const buildRendererAsShipped: (outDir: string) => Promise<void> = build;
