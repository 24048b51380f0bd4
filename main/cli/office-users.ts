// PLACEHOLDER: replaced by the helper that owns this command; never committed as done.
import type { CliIo, ParsedArgs } from './io.js';
export async function addOfficeUserCommand(_parsed: ParsedArgs, _io: CliIo): Promise<number> { throw new Error('not built yet'); }
