// Preloaded (node --import) by the CLI start-up benchmark into a run of the
// bundled command line: reports each module file it loads, with its size, to
// the bench on the IPC channel when the run ends (stdout is the CLI's own).
import { statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const loaded = [];
registerHooks({
  load(url, context, next) {
    if (url.startsWith('file:')) loaded.push({ file: fileURLToPath(url), bytes: statSync(fileURLToPath(url)).size });
    return next(url, context);
  },
});
process.once('beforeExit', () => process.send?.({ loaded }));
