/**
 * The smallest report package request the builder accepts, and the refusal
 * helper the base64ZipFiles merge tests share: build with a hand-rolled zip
 * of the given entry names and return the one field error it must give.
 */
import { expect } from 'vitest';
import { RequestValidationError, type FieldError } from '../../../main/engine/errors.js';
import { createReportPackage } from '../../../main/engine/package/index.js';
import { rawZip } from '../../fixtures/raw-zip.js';
import { b64, sampleInlineReport } from './package-helpers.js';

/** An inline XBRL report and nothing optional. */
export function minimalPackageRequest() {
  return {
    name: 'ACME',
    identifier: 'http://example.com/acme/package',
    reportPackageName: 'ACME-2024',
    reportName: 'acme.xhtml',
    reportBase64Content: b64(sampleInlineReport()),
  };
}

const bytes = new TextEncoder().encode('x');

/** The single field error for base64ZipFiles holding these entries (names ending "/" are folders). */
export async function mergeRefusalOf(names: string[], request: Record<string, unknown> = {}): Promise<FieldError> {
  const zip = rawZip(names.map((name) => ({ name, data: name.endsWith('/') ? undefined : bytes })));
  try {
    await createReportPackage({ ...minimalPackageRequest(), ...request, base64ZipFiles: zip.toString('base64') }, { includeHash: false });
  } catch (err) {
    expect(err, String(err)).toBeInstanceOf(RequestValidationError);
    const errors = (err as RequestValidationError).errors;
    expect(errors).toHaveLength(1);
    return errors[0]!;
  }
  throw new Error(`accepted ${names.join(', ')}`);
}
