import type { IpcError } from '../../../../preload/contract.js';

/** What each field of an attach request is, as the refusal names it: main's field errors start with the rule ("must not be …"). */
const ATTACH_FIELD_WORDS: Record<string, string> = {
  fileName: 'its name',
  role: 'the file',
  bytes: 'the file',
};

/**
 * One sentence for a file main would not attach, with the rule it broke:
 * "CON.xsd was not added: its name must not be "CON.xsd": Windows reserves …".
 * Main's summary alone ("CON.xsd cannot be attached.") would leave the user guessing why.
 */
export function attachRefusal(fileName: string, error: IpcError): string {
  const rules = (error.errors ?? []).map((e) => `${ATTACH_FIELD_WORDS[e.field] ?? 'the file'} ${e.message}`);
  if (rules.length === 0) return `${fileName} was not added: ${error.message}`;
  return `${fileName} was not added: ${rules.join('; ')}.`;
}
