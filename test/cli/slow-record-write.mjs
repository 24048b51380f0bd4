// Test-only, never part of the product: loaded with `node --import` into a
// command-line process by test/cli/submit-claims.test.ts, it makes the first
// write of a submission record slow, as on a network share or under Windows
// antivirus. The record's atomic write ends in a rename onto
// submissions/<TransactionID>.json; that rename waits
// FILING_DESK_TEST_SLOW_RECORD_WRITE_MS, and before waiting writes the
// process id to the file FILING_DESK_TEST_SLOW_RECORD_WRITE_MARKER, so the
// test knows the record is stamped but not yet on disk. Without the first
// variable it changes nothing.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const slowMs = Number(process.env.FILING_DESK_TEST_SLOW_RECORD_WRITE_MS ?? 0);
const marker = process.env.FILING_DESK_TEST_SLOW_RECORD_WRITE_MARKER;

if (slowMs > 0) {
  const rename = fs.promises.rename;
  let slowed = false;
  fs.promises.rename = async (from, to) => {
    if (!slowed && /submissions[\\/][0-9A-F]{32}\.json$/.test(String(to))) {
      slowed = true;
      if (marker) fs.writeFileSync(marker, String(process.pid));
      await new Promise((resolve) => setTimeout(resolve, slowMs));
    }
    return rename(from, to);
  };
  // The command line's bundle takes node:fs/promises itself (process.getBuiltinModule); an ES import of it is brought in line too.
  syncBuiltinESMExports();
}
