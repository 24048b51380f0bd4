/**
 * The CT600 build as it was before the message writer streamed: serialise the
 * whole message, canonicalise it through the DOM, insert the mark. Kept here
 * as the oracle the streamed writer must match byte for byte.
 */
import { buildCt600, ct600BuildOptionsSchema, ct600RequestSchema, type Ct600BuildOptions } from '../../../main/engine/ct600/index.js';
import { govTalkMessage, IRMARK_PLACEHOLDER } from '../../../main/engine/ct600/govtalk-message.js';
import { computeIrmarkByDom } from '../../../main/engine/ct600/irmark.js';
import { toReturnModel } from '../../../main/engine/ct600/return-model.js';
import { serialize } from '../../../main/engine/ct600/xml-writer.js';

export function buildByDom(request: unknown, options?: Ct600BuildOptions): { xmlDoc: string; originalXmlDoc: string; irMark: string } {
  const header = ct600BuildOptionsSchema.parse(options ?? {});
  const model = toReturnModel(ct600RequestSchema.parse(request), { schemaVersion: header.schemaVersion });
  if (!model.ok) throw new Error(`the oracle cannot build this request: ${JSON.stringify(model.errors)}`);
  const original = serialize(govTalkMessage(model.ret, header));
  const irMark = computeIrmarkByDom(original).base64;
  const marked = original.replace(IRMARK_PLACEHOLDER, `<IRmark Type="generic">${irMark}</IRmark>`);
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return { xmlDoc: base64(marked), originalXmlDoc: base64(original), irMark };
}

/** True when the build and the oracle agree on every byte of the response; the first difference otherwise. */
export function differenceFromDom(request: unknown, options?: Ct600BuildOptions): string | undefined {
  const ours = buildCt600(request, options);
  const oracle = buildByDom(request, options);
  for (const key of ['irMark', 'originalXmlDoc', 'xmlDoc'] as const) {
    if (ours[key] !== oracle[key]) return `${key} differs (ours ${ours[key].length} characters, the DOM route's ${oracle[key].length})`;
  }
  return undefined;
}
