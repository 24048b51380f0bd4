/**
 * What the office or this desk's office settings refused, in words the
 * window shows as written: a refused address or password beside its field,
 * an office that could not be reached or showed another certificate as one
 * sentence. Anything else stays "internal", so no stack or path reaches the
 * window.
 */
import { OfficeCertificateRefused, OfficeRefused, OfficeUnreachable } from '../office/office-connection.js';
import { OfficeSettingsError } from '../office/office-settings.js';
import { OfficeUrlError, PinnedCertificateMismatch } from '../office/office-transport.js';
import { IpcFailure } from './ipc-errors.js';

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** The same failure as an IpcFailure the window can read, or undefined when it is not one of the office's. */
export function officeFailureOf(error: unknown): IpcFailure | undefined {
  if (error instanceof OfficeUrlError) {
    // "url must start with https://…": the field's own words follow its name.
    const words = error.message.replace(/^url\s+/, '');
    return new IpcFailure('invalid-request', `The office address ${words}`, [{ field: 'url', message: words }]);
  }
  if (error instanceof OfficeRefused) {
    const fields = error.fields.map((f) => ({ field: f.field, message: f.message }));
    return new IpcFailure('failed', `The office refused: ${sentence(error.message)}`, fields.length ? fields : undefined);
  }
  if (error instanceof OfficeUnreachable || error instanceof OfficeCertificateRefused || error instanceof OfficeSettingsError) {
    return new IpcFailure('failed', `${sentence(error.message)} Nothing on this desk was changed.`);
  }
  if (error instanceof PinnedCertificateMismatch) {
    return new IpcFailure('failed', `The office did not present the certificate this desk pinned: ${sentence(error.message)} Nothing was sent.`);
  }
  return undefined;
}

/** Runs an office call, turning the office's refusals into failures the window shows as written. */
export async function inOfficeWords<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw officeFailureOf(error) ?? error;
  }
}
