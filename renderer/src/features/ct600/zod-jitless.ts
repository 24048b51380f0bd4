/**
 * The window's CSP allows no eval and requires Trusted Types. zod compiles
 * object parsers with `new Function` when it can, and probes for that with a
 * caught `new Function("")` the first time an object schema is made: Chromium
 * reports the probe as a CSP violation even though zod swallows the error.
 * Told it runs without a JIT, zod neither probes nor compiles. This module is
 * imported before anything that defines a schema (the engine's request schema
 * the wizard checks answers with), so the setting is in place first.
 */
import { config } from 'zod';

config({ jitless: true });
