/** The CT600 structure check (validationType 0) over a parsed GovTalk message. */
import type { Document } from '@xmldom/xmldom';
import type { ValidationMessage } from '../../validation-result.js';
import { StructureChecker } from './check-structure.js';
import { govTalkMessageModel } from './envelope-model.js';

export { CT_NS, GOVTALK_NS } from './envelope-model.js';

export function checkCt600Structure(doc: Document): ValidationMessage[] {
  return new StructureChecker(govTalkMessageModel()).check(doc.documentElement!);
}
