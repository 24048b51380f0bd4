/**
 * The CT600 structure check (validationType 0) over a parsed GovTalk message,
 * against the structure of the schema version the return declares.
 */
import type { Document, Element } from '@xmldom/xmldom';
import type { MessageAttribute, ValidationMessage } from '../../validation-result.js';
import { StructureChecker } from './check-structure.js';
import { govTalkMessageModel } from './envelope-model.js';
import { declaredSchemaVersion, SCHEMA_VERSION_PATH, schemaVersionVerdict } from './schema-versions.js';

export { CT_NS, GOVTALK_NS } from './envelope-model.js';
export { ACCEPTED_SCHEMA_VERSIONS, CURRENT_SCHEMA_VERSION, schemaVersionVerdict, type SchemaEdition } from './schema-versions.js';

function versionMessage(category: 'error' | 'info', code: string, message: string, at: Element): ValidationMessage {
  const attributes: MessageAttribute[] = [{ name: 'path', value: SCHEMA_VERSION_PATH }];
  const line = (at as unknown as { lineNumber?: number }).lineNumber;
  if (typeof line === 'number') attributes.push({ name: 'line', value: String(line) });
  return { category, type: 'schema', code, message: `${SCHEMA_VERSION_PATH}: ${message}`, attributes };
}

export function checkCt600Structure(doc: Document): ValidationMessage[] {
  const root = doc.documentElement!;
  const declared = declaredSchemaVersion(root);
  const verdict = schemaVersionVerdict(declared?.value);
  const messages: ValidationMessage[] = [];
  if (!verdict.accepted) messages.push(versionMessage('error', 'schema-version-not-accepted', verdict.reason, declared!.element));
  else if (verdict.note) messages.push(versionMessage('info', 'schema-version-checked-as', verdict.note, declared!.element));
  return [...messages, ...new StructureChecker(govTalkMessageModel(verdict.edition)).check(root)];
}
