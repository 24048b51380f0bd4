/** The business rules alone on a CT600's bytes: what the rules benchmark times in the engine worker. */
import { decodeUtf8, readXmlText } from '../ct600/xml-dom.js';
import type { ValidationMessage } from '../validation-result.js';
import { runBusinessRules, type BusinessRuleOptions } from './rules/index.js';

export function businessRulesOf(bytes: Uint8Array, options: BusinessRuleOptions = {}): { messages: ValidationMessage[]; parseMs: number; rulesMs: number } {
  const start = performance.now();
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new Error('the file is not UTF-8');
  const read = readXmlText(text);
  if (!read.ok) throw new Error(read.message);
  const parsed = performance.now();
  const messages = runBusinessRules(read.doc, options);
  return { messages, parseMs: parsed - start, rulesMs: performance.now() - parsed };
}
