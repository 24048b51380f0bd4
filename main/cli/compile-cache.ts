/**
 * Imported first by the command line's entry: turns on Node's on-disk cache
 * of compiled code (node:module enableCompileCache, Node 22.1+), so a run
 * after the first skips compiling the engine code its command loads (the
 * chunks the entry imports on demand). Accountants script the command line
 * over folders of returns, one process per call: start-up is paid each time.
 * The cache lives in the system's temporary folder and Node checks each entry
 * against the file's contents; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import * as nodeModule from 'node:module';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
