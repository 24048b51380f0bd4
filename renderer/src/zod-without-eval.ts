/**
 * The engine's request schemas check forms in the page. zod compiles object
 * parsers with the Function constructor when it can; under the CSP and Trusted
 * Types that is refused (a policy violation on every page load), so the page
 * parses without. Imported first by main.tsx: zod decides when each schema is
 * defined, which happens while the modules that import it load.
 */
import { config } from 'zod';

config({ jitless: true });
