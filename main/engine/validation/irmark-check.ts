/** IRmark check (validationType 2) on top of the CT600 module's verifier. */
import type { ValidationMessage } from '../validation-result.js';

export type VerifyIrmark = (xml: Uint8Array | string) => { expected: string; expectedBase32: string; found: string | null; matches: boolean };

const PATH = '/GovTalkMessage/Body/IRenvelope/IRheader/IRmark';

export function irmarkValidation(xml: string, verify: VerifyIrmark): ValidationMessage[] {
  const check = verify(xml);
  const path = { name: 'path', value: PATH };
  if (check.matches) {
    return [
      {
        category: 'info',
        type: 'irmark',
        code: 'irmark-valid',
        message: `The IRmark ${check.expected} matches the content; HMRC's receipt will quote it as ${check.expectedBase32}`,
        attributes: [path, { name: 'irmark', value: check.expected }, { name: 'receipt', value: check.expectedBase32 }],
      },
    ];
  }
  if (check.found === null) {
    return [
      {
        category: 'error',
        type: 'irmark',
        code: 'irmark-missing',
        message: `The IRmark is missing or empty; the content's IRmark is ${check.expected}`,
        attributes: [path, { name: 'expected', value: check.expected }, { name: 'expectedBase32', value: check.expectedBase32 }],
      },
    ];
  }
  return [
    {
      category: 'error',
      type: 'irmark',
      code: 'irmark-mismatch',
      message: `The IRmark ${check.found} does not match the content (expected ${check.expected}): the document was changed after it was marked`,
      attributes: [path, { name: 'expected', value: check.expected }, { name: 'found', value: check.found }, { name: 'expectedBase32', value: check.expectedBase32 }],
    },
  ];
}
