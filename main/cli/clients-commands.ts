// PLACEHOLDER: replaced by the helper that owns this command; never committed as done.
import type { CliIo, ParsedArgs } from './io.js';
export async function addClientCommand(_parsed: ParsedArgs, _io: CliIo): Promise<number> { throw new Error('not built yet'); }
export async function editClientCommand(_parsed: ParsedArgs, _io: CliIo): Promise<number> { throw new Error('not built yet'); }
export async function listClientsCommand(_parsed: ParsedArgs, _io: CliIo): Promise<number> { throw new Error('not built yet'); }
